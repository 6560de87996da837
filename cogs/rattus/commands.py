"""``/rattus``: the shared game commands plus Rattus's own ``new`` and ``rules``."""

from __future__ import annotations

from itertools import combinations
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

import lang
from cogs.commands.clocks import TIMER_HELP, suggest_timers
from cogs.commands.server import SETTINGS_HELP, Level
from cogs.commands.shared import GameCommands, filtered
from cogs.table.embeds import clip
from cogs.table.languages import language_choices, reader_language
from cogs.table.presenters import said
from engine import rattus
from engine.rattus import data as rattus_data
from engine.rattus import rules_help
from engine.text import N_
from host.servers import HOSTS_LANGUAGE

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


async def suggest_expansions(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The ``expansions`` option of ``new`` and ``settings`` as it is typed."""
    tr = lang.texts(await reader_language(interaction))
    return filtered(expansion_choices(tr), current, tr)


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


class RattusCog(GameCommands, group_name="rattus", group_description="Play Rattus, the board game"):
    kind = "rattus"

    @app_commands.autocomplete(timer=suggest_timers, expansions=suggest_expansions)
    @app_commands.command(name="new", description="Open a Rattus lobby in this channel")
    @app_commands.describe(
        expansions="Which expansions to play with",
        class_cards="How the class cards are chosen, or a list such as king,knight,witch",
        seat_order="Seats in random order or in the order players joined",
        players="The most players the lobby takes (4, or 6 with Africanus, if not given)",
        chivalry="Below 4 players, make sure a random draw includes a Chivalry card",
        timer=TIMER_HELP,
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        expansions: str | None = None,
        class_cards: str | None = None,
        seat_order: Literal["random", "joined"] = "random",
        players: app_commands.Range[int, MIN_PLAYERS, MOST_PLAYERS] | None = None,
        chivalry: bool = True,
        timer: str | None = None,
    ) -> None:
        options: dict[str, Any] = {"ensure_chivalry": chivalry, "seat_order": seat_order}
        if expansions is not None:  # else the server's default (/rattus settings), or none
            options["expansions"] = parse_expansions(expansions)
        if players is not None:
            options["players"] = players
        cards = parse_class_cards(class_cards)
        if cards is not None:
            options["class_cards"] = cards
        await self.open_lobby(interaction, options, timer=timer)

    @new.autocomplete("class_cards")
    async def new_class_cards(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        typed = getattr(interaction.namespace, "expansions", None)
        tr = lang.texts(await reader_language(interaction))
        return filtered(card_choices(typed if isinstance(typed, str) else None), current, tr)

    @app_commands.autocomplete(timer=suggest_timers, expansions=suggest_expansions)
    @app_commands.choices(language=language_choices(("Each host's", HOSTS_LANGUAGE)))
    @app_commands.command(name="settings", description="This server's settings for Rattus")
    @app_commands.describe(**SETTINGS_HELP, expansions="Default expansions, or none")
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        channels: str | None = None,
        opener: discord.Role | None = None,
        everyone: bool = False,
        manager: discord.Role | None = None,
        timer: str | None = None,
        stand_in: Level | None = None,
        expansions: str | None = None,
        language: str | None = None,
    ) -> None:
        defaults = None if expansions is None else {"expansions": parse_expansions(expansions)}
        await self.change_settings(
            interaction,
            channels=channels,
            opener=opener,
            everyone=everyone,
            manager=manager,
            timer=timer,
            stand_in=stand_in,
            defaults=defaults,
            language=language,
        )

    @app_commands.command(
        name="rules", description="How Rattus is played, a rule of an expansion, or one card"
    )
    @app_commands.describe(card="A class card, or a rule such as walls, goods or region cards")
    async def rules(self, interaction: discord.Interaction[Any], card: str | None = None) -> None:
        tr = lang.texts(await reader_language(interaction))
        embed = rules_embed(card, tr)
        if embed is None:
            known = ", ".join([t.id for t in rules_help.TOPICS] + sorted(rattus_data.cards()))
            await interaction.response.send_message(
                tr(
                    "There is no class card called '{card}', nor a rule of that name. Known "
                    "rules and cards: {known}.",
                    card=clip(card or "", 40),
                    known=clip(known, 1800),
                ),
                ephemeral=True,
            )
            return
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @rules.autocomplete("card")
    async def rules_cards(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        tr = lang.texts(await reader_language(interaction))
        return filtered(rules_choices(), current, tr)


def rules_choices() -> list[tuple[Any, str]]:
    """Every rules topic, then every class card, as (name shown, value) pairs."""
    cards = sorted(rattus_data.cards().values(), key=lambda c: c.name)
    return [*rules_help.topics(), *[(c.name, c.id) for c in cards]]


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


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RattusCog(bot))  # type: ignore[arg-type]
