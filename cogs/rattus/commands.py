"""``/rattus``: the shared game commands plus Rattus's own ``new`` and ``rules``."""

from __future__ import annotations

import dataclasses
from itertools import combinations
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import lang
from cogs.commands.declared import (
    Option,
    Values,
    filtered,
    most_players,
    seat_order,
    suggesting,
)
from cogs.commands.server import settings_command
from cogs.commands.shared import GameCommands, lobby_command, rules_command
from cogs.table.embeds import clip
from cogs.table.languages import reader_language
from cogs.table.presenters import said
from engine import rattus
from engine.rattus import data as rattus_data
from engine.rattus import rules_help
from engine.text import N_

MIN_PLAYERS, MOST_PLAYERS = rattus.player_limits(rattus.EXPANSIONS)
COLOUR = 0x8B1E1E

OVERVIEW = N_(
    "Rattus is a game of spreading your people across Europe while the plague moves among "
    "them. On your turn you may take one class card from the side of the board or from "
    "another player, place cubes in one region (as many as it has rats), and use each of "
    "your cards' powers once. Then you must move the plague one step: it leaves new rats "
    "next door, and if your people share its region with rats, its tokens are turned over "
    "one by one. A token whose limit is reached by the people there breaks out and costs "
    "cubes: the majority loses some, holders of the cards of its classes lose some, and "
    "sometimes everyone there does. Class cards are powerful but make you a target. The game "
    "ends when the rats run out or a player has placed all their cubes; after a last round "
    "the plague strikes everywhere, and whoever has the most cubes left on the board and in "
    "the palace wins."
)

HOW_TO_PLAY = N_(
    "The table message shows the board and buttons for whoever must decide. A button opens "
    "a private list of choices; {play} takes an action by name instead. Your secrets (what "
    "the Witch saw) come by direct message, or with {hand}."
)


def expansion_choices(tr: lang.Texts) -> list[tuple[str, str]]:
    """Every combination of the expansions the engine plays, as (name, value) pairs."""
    ids = sorted(rattus.EXPANSIONS)
    pairs = [(tr("Base game"), "base")]
    for size in range(1, len(ids) + 1):
        for combo in combinations(ids, size):
            names = " + ".join(said(rattus.EXPANSIONS[e], tr) for e in combo)
            pairs.append((tr("Base game with {expansions}", expansions=names), ",".join(combo)))
    return pairs


suggest_expansions = suggesting(expansion_choices)
"""The ``expansions`` option of ``new`` and ``settings`` as it is typed."""


def card_choices(expansions_text: str | None) -> list[tuple[str, str]]:
    """The ways to choose class cards that the expansions typed so far can play, in words
    (the value stays the id the lobby stores)."""
    chosen = [_expansion_id(e) for e in parse_expansions(expansions_text)]
    return rattus.class_cards.choices(e for e in chosen if e in rattus.EXPANSIONS)


def _expansion_id(text: str) -> str:
    return text.strip().lower().replace("-", "_").replace(" ", "_")


def parse_expansions(text: str | None) -> list[str]:
    if not text or text.strip().lower() in {"base", "none", "base game"}:
        return []
    return [part.strip() for part in text.replace("+", ",").split(",") if part.strip()]


def parse_class_cards(text: str | None) -> str | list[str] | None:
    if not text:
        return None
    cleaned = text.strip().lower()
    if "," in cleaned or " " in cleaned:
        return [part for part in cleaned.replace(",", " ").split() if part]
    return cleaned


async def suggest_class_cards(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The ``class_cards`` option of ``new`` as it is typed: the ways to choose them that the
    expansions typed so far can play."""
    typed = getattr(interaction.namespace, "expansions", None)
    tr = lang.texts(await reader_language(interaction))
    return filtered(card_choices(typed if isinstance(typed, str) else None), current, tr)


EXPANSIONS = Option(
    "expansions", str | None, "Which expansions to play with", suggest=suggest_expansions
)
NEW = (
    EXPANSIONS,
    Option(
        "class_cards",
        str | None,
        "How the class cards are chosen, or a list such as king,knight,witch",
        suggest=suggest_class_cards,
    ),
    seat_order("Seats in random order or in the order players joined"),
    most_players(
        MIN_PLAYERS,
        MOST_PLAYERS,
        "The most players the lobby takes (4, or 6 with Africanus, if not given)",
    ),
    Option(
        "chivalry", bool, "Below 4 players, make sure a random draw includes a Chivalry card", True
    ),
)
"""The options of ``/rattus new`` before the timer."""


def lobby_options(values: Values) -> dict[str, Any]:
    """The lobby's options from what ``new`` was given."""
    options: dict[str, Any] = {
        "ensure_chivalry": values["chivalry"],
        "seat_order": values["seat_order"],
    }
    if values["expansions"] is not None:  # else the server's default (/rattus settings), or none
        options["expansions"] = parse_expansions(values["expansions"])
    if values["players"] is not None:
        options["players"] = values["players"]
    cards = parse_class_cards(values["class_cards"])
    if cards is not None:
        options["class_cards"] = cards
    return options


def default_expansions(values: Values) -> dict[str, Any] | None:
    """The server's default expansions from what ``settings`` was given (None: unchanged)."""
    expansions = values["expansions"]
    return None if expansions is None else {"expansions": parse_expansions(expansions)}


def rules_choices() -> list[tuple[Any, str]]:
    """Every rules topic, then every class card, as (name shown, value) pairs."""
    cards = sorted(rattus_data.cards().values(), key=lambda c: c.name)
    return [*rules_help.topics(), *[(c.name, c.id) for c in cards]]


def rules_page(topic: str | None, tr: lang.Texts) -> discord.Embed | str:
    """``rules_embed``, or the refusal for an unknown topic."""
    embed = rules_embed(topic, tr)
    if embed is not None:
        return embed
    known = ", ".join([t.id for t in rules_help.TOPICS] + sorted(rattus_data.cards()))
    return tr(
        "There is no class card called '{card}', nor a rule of that name. Known "
        "rules and cards: {known}.",
        card=clip(topic or "", 40),
        known=clip(known, 1800),
    )


def rules_embed(topic: str | None, tr: lang.Texts) -> discord.Embed | None:
    """The help for a topic or class card (by id or name), or the overview, in ``tr``'s
    language; None if unknown."""
    cards = rattus_data.cards()
    if topic is None:
        embed = discord.Embed(
            title=tr("Rattus: how it plays"), description=tr.say(OVERVIEW), colour=COLOUR
        )
        how = tr.say(lang.msg(HOW_TO_PLAY, play="`/rattus play`", hand="`/rattus hand`"))
        embed.add_field(name=tr("On Discord"), value=how, inline=False)
        for part in ("Rattus", "Pied Piper", "Africanus", "Mercatus"):
            names = ", ".join(said(t.name, tr) for t in rules_help.TOPICS if t.part == part)
            embed.add_field(
                name=tr("Rules: {part}", part=said(part, tr)), value=names, inline=False
            )
        names = ", ".join(said(c.name, tr) for c in sorted(cards.values(), key=lambda c: c.name))
        embed.add_field(name=tr("Class cards"), value=clip(names, 1024), inline=False)
        embed.set_footer(
            text=tr(
                "The map's borders and the rat tokens follow the house defaults where the "
                "published components are not known. {command} explains a rule or a card.",
                command="/rattus rules card:<name>",
            )
        )
        return embed
    found = rules_help.explain(topic)
    if found is not None:
        return discord.Embed(
            title=tr("{topic} ({part})", topic=said(found.name, tr), part=said(found.part, tr)),
            description=said(found.text, tr),
            colour=COLOUR,
        )
    wanted = topic.strip().lower()
    card = cards.get(wanted) or next((c for c in cards.values() if c.name.lower() == wanted), None)
    if card is None:
        return None
    classes = rattus_data.cards_classes()
    return discord.Embed(
        title=tr(
            "{card} ({cls})",
            card=said(card.name, tr),
            cls=said(classes.get(card.cls, card.cls), tr),
        ),
        description=said(card.said(None), tr) if card.text else tr("No text yet."),
        colour=COLOUR,
    )


class RattusCog(GameCommands, group_name="rattus", group_description="Play Rattus, the board game"):
    kind = "rattus"

    new = lobby_command("Open a Rattus lobby in this channel", NEW, lobby_options)
    settings = settings_command(
        "This server's settings for Rattus",
        [dataclasses.replace(EXPANSIONS, description="Default expansions, or none")],
        default_expansions,
    )
    rules = rules_command(
        "How Rattus is played, a rule of an expansion, or one card",
        Option(
            "card",
            str | None,
            "A class card, or a rule such as walls, goods or region cards",
            suggest=suggesting(lambda tr: rules_choices()),
        ),
        rules_page,
    )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RattusCog(bot))  # type: ignore[arg-type]
