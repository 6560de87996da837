"""``/cartus``: the shared game commands plus Rattus Cartus's own ``new`` and ``rules``."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord.ext import commands

import lang
from cogs.cartus.presenter import CARTUS
from cogs.commands.declared import Option, Values, most_players, seat_order, suggesting
from cogs.commands.server import settings_command
from cogs.commands.shared import GameCommands, lobby_command, rules_command
from cogs.table.embeds import clip
from cogs.table.presenters import said
from engine import cartus
from engine.cartus import data as cartus_data
from engine.cartus import rules_help
from engine.text import N_

MODES = {
    "first_game": N_("The first-game buildings"),
    "per_class": N_("One random building of each class"),
    "random": N_("Random building cards, five of each class"),
}

HOW_TO_PLAY = N_(
    "The table message shows the buildings, the influence tracks and the Nun-row, with buttons "
    "for whoever must decide. Choosing cards (which to play in a building, which to give after "
    "a Sword) is one menu where you tick several cards at once. Your hand comes by direct "
    "message once a round, with any question someone else's move puts to you; {hand} shows "
    "it any time. {play} takes an action by name."
)


def building_choices(tr: lang.Texts) -> list[tuple[str, str]]:
    """The ways to choose buildings, and one example of six named buildings (one per class)."""
    pairs = [(tr.say(name), value) for value, name in MODES.items()]
    table = cartus_data.buildings()
    example = [
        min((b for b in table.values() if b.cls == cls), key=lambda b: b.name)
        for cls in cartus_data.CLASSES
    ]
    names = ", ".join(said(b.name, tr) for b in example)
    pairs.append(
        (
            tr("Six, one per class, e.g. {buildings}", buildings=names),
            ",".join(b.id for b in example),
        )
    )
    return pairs


NEW = (
    Option(
        "buildings",
        str | None,
        "How buildings are chosen, or six names (one a class)",
        suggest=suggesting(building_choices),
    ),
    Option(
        "simultaneous_supply",
        bool,
        "Everyone chooses their supply action at once, in secret",
        False,
    ),
    seat_order("Seats at random, or as joined"),
    most_players(cartus.MIN_PLAYERS, cartus.MAX_PLAYERS, "The most players (default 5)"),
    Option(
        "everyone_dead",
        Literal["no_winner", "spare_fewest_rats"],
        "If the plague takes everyone: all lose, or the fewest rats survive",
        "no_winner",
    ),
    Option("guard_tower", bool, "With 2 players, random choices may take the Guard Tower", False),
)
"""The options of ``/cartus new`` before the timer."""


def lobby_options(values: Values) -> dict[str, Any]:
    """The lobby's options from what ``new`` was given."""
    options: dict[str, Any] = {
        name: values[name]
        for name in ("simultaneous_supply", "seat_order", "everyone_dead", "guard_tower")
    }
    if values["buildings"]:
        options["buildings"] = values["buildings"]
    if values["players"] is not None:
        options["players"] = values["players"]
    return options


def rules_page(topic: str | None, tr: lang.Texts) -> discord.Embed | str:
    """How Rattus Cartus plays, or what a building or a special card does; the refusal for
    an unknown topic."""
    if topic is None:
        embed = discord.Embed(
            title=tr("Rattus Cartus: how it plays"),
            description=said(rules_help.OVERVIEW, tr),
            colour=CARTUS.colour,
        )
        how = tr.say(lang.msg(HOW_TO_PLAY, hand="`/cartus hand`", play="`/cartus play`"))
        embed.add_field(name=tr("On Discord"), value=how, inline=False)
        names = ", ".join(said(name, tr) for name, _ in rules_help.topics())
        embed.add_field(name=tr("Buildings and cards"), value=clip(names, 1024), inline=False)
        embed.set_footer(
            text=tr(
                "{command} explains a building or a card.",
                command="/cartus rules topic:<name>",
            )
        )
        return embed
    found = rules_help.explain(topic)
    if found is None:
        known = ", ".join(said(name, tr) for name, _ in rules_help.topics())
        return clip(
            tr(
                "There is no building or card called '{topic}'. Known: {known}.",
                topic=clip(topic, 40),
                known=known,
            ),
            2000,
        )
    title, text = found
    return discord.Embed(title=said(title, tr), description=said(text, tr), colour=CARTUS.colour)


class CartusCog(
    GameCommands, group_name="cartus", group_description="Play Rattus Cartus, the card game"
):
    kind = "cartus"

    new = lobby_command("Open a Rattus Cartus lobby in this channel", NEW, lobby_options)
    settings = settings_command("This server's settings for Cartus")
    rules = rules_command(
        "How Rattus Cartus is played, or what a building or card does",
        Option(
            "topic",
            str | None,
            "A building or a special card to explain",
            suggest=suggesting(lambda tr: rules_help.topics()),
        ),
        rules_page,
    )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CartusCog(bot))  # type: ignore[arg-type]
