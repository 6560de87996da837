"""``/cartus``: the shared game commands plus Rattus Cartus's own ``new`` and ``rules``."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

import lang
from cogs.cartus.presenter import CARTUS
from cogs.commands.clocks import TIMER_HELP, suggest_timers
from cogs.commands.server import SETTINGS_HELP, Level
from cogs.commands.shared import GameCommands, filtered
from cogs.table.embeds import clip
from cogs.table.languages import language_choices, reader_language
from cogs.table.presenters import said
from engine import cartus
from engine.cartus import data as cartus_data
from engine.cartus import rules_help
from engine.text import N_
from host.servers import HOSTS_LANGUAGE

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


class CartusCog(
    GameCommands, group_name="cartus", group_description="Play Rattus Cartus, the card game"
):
    kind = "cartus"

    @app_commands.autocomplete(timer=suggest_timers)
    @app_commands.command(name="new", description="Open a Rattus Cartus lobby in this channel")
    @app_commands.describe(
        buildings="How buildings are chosen, or six names (one a class)",
        simultaneous_supply="Everyone chooses their supply action at once, in secret",
        seat_order="Seats at random, or as joined",
        players="The most players (default 5)",
        everyone_dead="If the plague takes everyone: all lose, or the fewest rats survive",
        guard_tower="With 2 players, random choices may take the Guard Tower",
        timer=TIMER_HELP,
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        buildings: str | None = None,
        simultaneous_supply: bool = False,
        seat_order: Literal["random", "joined"] = "random",
        players: app_commands.Range[int, cartus.MIN_PLAYERS, cartus.MAX_PLAYERS] | None = None,
        everyone_dead: Literal["no_winner", "spare_fewest_rats"] = "no_winner",
        guard_tower: bool = False,
        timer: str | None = None,
    ) -> None:
        options: dict[str, Any] = {
            "simultaneous_supply": simultaneous_supply,
            "seat_order": seat_order,
            "everyone_dead": everyone_dead,
            "guard_tower": guard_tower,
        }
        if buildings:
            options["buildings"] = buildings
        if players is not None:
            options["players"] = players
        await self.open_lobby(interaction, options, timer=timer)

    @new.autocomplete("buildings")
    async def new_buildings(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        tr = lang.texts(await reader_language(interaction))
        return filtered(building_choices(tr), current, tr)

    @app_commands.autocomplete(timer=suggest_timers)
    @app_commands.choices(language=language_choices(("Each host's", HOSTS_LANGUAGE)))
    @app_commands.command(name="settings", description="This server's settings for Cartus")
    @app_commands.describe(**SETTINGS_HELP)
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        channels: str | None = None,
        opener: discord.Role | None = None,
        everyone: bool = False,
        manager: discord.Role | None = None,
        timer: str | None = None,
        stand_in: Level | None = None,
        language: str | None = None,
    ) -> None:
        await self.change_settings(
            interaction,
            channels=channels,
            opener=opener,
            everyone=everyone,
            manager=manager,
            timer=timer,
            stand_in=stand_in,
            language=language,
        )

    @app_commands.command(
        name="rules", description="How Rattus Cartus is played, or what a building or card does"
    )
    @app_commands.describe(topic="A building or a special card to explain")
    async def rules(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        tr = lang.texts(await reader_language(interaction))
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
        else:
            found = rules_help.explain(topic)
            if found is None:
                known = ", ".join(said(name, tr) for name, _ in rules_help.topics())
                await interaction.response.send_message(
                    clip(
                        tr(
                            "There is no building or card called '{topic}'. Known: {known}.",
                            topic=clip(topic, 40),
                            known=known,
                        ),
                        2000,
                    ),
                    ephemeral=True,
                )
                return
            title, text = found
            embed = discord.Embed(
                title=said(title, tr), description=said(text, tr), colour=CARTUS.colour
            )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @rules.autocomplete("topic")
    async def rules_topics(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        tr = lang.texts(await reader_language(interaction))
        return filtered(rules_help.topics(), current, tr)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CartusCog(bot))  # type: ignore[arg-type]
