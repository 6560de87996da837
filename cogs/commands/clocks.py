"""``/<game> timer`` and ``/<game> reminders``: a game's clock, shared by every game's command
group (``GameCommands`` takes them in as a mixin). The ``timer`` option of ``new`` is read
with ``lobby_clock``."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

import lang
from cogs.commands.base import GAME_HELP, GameCommandBase
from cogs.table.languages import reader_language, table_language
from cogs.table.presenters import said
from cogs.table.replies import reply
from engine.text import msg
from host.clock_settings import ClockSettings, timer_suggestions
from host.clocks import AWAY_DAYS_A_YEAR, AWAY_MOST_DAYS
from host.errors import UserError
from host.models import GameRecord

TIMER_HELP = "none, 5m, 24h or 2/day (suggested as you type)"
CLOCK_HELP = {
    "timer": TIMER_HELP,
    "stand_in": "Who decides when time runs out",
    "missed": "Misses in a row before a computer plays the seat (default 3)",
    "idle_days": "Days without a move before the game ends (default 14)",
    "game": GAME_HELP,
}
"""The options of ``/<game> clock timer``, described."""


def lobby_clock(timer: str | None) -> ClockSettings:
    """The clock a new lobby asks for (UserError for a timer that can't be read)."""
    return ClockSettings() if timer is None else ClockSettings().with_timer(timer)


async def suggest_timers(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """What to offer for a ``timer`` option as it is typed (``timer_suggestions``): every
    command with one names this with ``app_commands.autocomplete(timer=suggest_timers)``."""
    language = await reader_language(interaction)
    return [
        app_commands.Choice(name=name, value=value)
        for name, value in timer_suggestions(current, language)
    ]


def timer_changed(record: GameRecord, settings: lang.Msg | str) -> str:
    """What the game's channel is told when its timer changes, in the table's language."""
    tr = lang.texts(table_language(record))
    return tr(
        "The timer of game #{number} has changed. {settings}",
        number=record.id,
        settings=said(settings, tr),
    )


class ClockCommands(GameCommandBase):
    """The clock commands of a game's command group (``GameCommands`` is one), in its
    subcommand group ``clock``: ``/<game> clock timer``, ``clock reminders``, ``clock away``."""

    clock = app_commands.Group(name="clock", description="Timers, reminders and time away")

    @clock.command(name="timer", description="Show or change the timer (host or moderator)")
    @app_commands.describe(**CLOCK_HELP)
    @app_commands.autocomplete(timer=suggest_timers)
    async def timer(
        self,
        interaction: discord.Interaction[Any],
        timer: str | None = None,
        stand_in: Literal["easy", "strong"] | None = None,
        missed: app_commands.Range[int, 1, 20] | None = None,
        idle_days: app_commands.Range[int, 1, 365] | None = None,
        game: int | None = None,
    ) -> None:
        record = await self.resolve(interaction, game, anywhere=True)
        command = f"/{record.kind}"
        clocks = self.bot.clocks
        tr = lang.texts(await reader_language(interaction))
        if (timer, stand_in, missed, idle_days) == (None, None, None, None):
            settings = await clocks.settings(record.id)
            said_settings = said(settings.describe(command), tr)
            await reply(
                interaction,
                tr("Game #{number}: {settings}", number=record.id, settings=said_settings),
            )
            return
        manage = interaction.guild is not None and interaction.permissions.manage_channels
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.bot.tables.lock(record.id):
            record, settings = await clocks.configure(
                record.id,
                interaction.user.id,
                can_manage=manage,
                timer=timer,
                stand_in=stand_in,
                missed=missed,
                idle_days=idle_days,
            )
        channel = self.bot.tables.channel(record, record.channel_id)
        try:
            await channel.send(
                timer_changed(record, settings.describe(command)),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as error:
            raise UserError(
                msg(
                    "The timer changed, but I could not say so in the game's channel ({error}).",
                    error=error.text or str(error.status),
                )
            ) from None
        said_settings = said(settings.describe(command), tr)
        await reply(
            interaction, tr("Game #{number}: {settings}", number=record.id, settings=said_settings)
        )

    @clock.command(name="away", description="Stop your clocks in all your games for some days")
    @app_commands.describe(days=f"1 to {AWAY_MOST_DAYS} ({AWAY_DAYS_A_YEAR} a year); 0: back now")
    async def away(
        self,
        interaction: discord.Interaction[Any],
        days: app_commands.Range[int, 0, AWAY_MOST_DAYS],
    ) -> None:
        """Away: every running game of the user, of every kind, stops their clocks and
        reminders (``Clocks.go_away``) and its table says so, until they are back."""
        tr = lang.texts(await reader_language(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        absence = await self.bot.clocks.go_away(interaction.user.id, days)
        for record in absence.games:
            async with self.bot.tables.lock(record.id):
                current = await self.service.get(record.id)
                if current.status == "running":
                    await self.bot.tables.show_table(current, new_message=False)
        games = len(absence.games)
        left = tr(
            "Days of absence left in the past year: {left} of {most}.",
            left=int(absence.days_left),
            most=AWAY_DAYS_A_YEAR,
        )
        if absence.until is None:
            text = tr.plural(
                "Welcome back: your clocks run again in your {n} running game.",
                "Welcome back: your clocks run again in your {n} running games.",
                games,
            )
        else:
            until = int(absence.until)
            text = tr.plural(
                "You are away until {until} ({when}): your clocks and reminders are stopped in "
                "your {n} running game, and its table says so. A move in any game, or "
                "{command}, brings you back early.",
                "You are away until {until} ({when}): your clocks and reminders are stopped in "
                "your {n} running games, and their tables say so. A move in any game, or "
                "{command}, brings you back early.",
                games,
                until=f"<t:{until}:f>",
                when=f"<t:{until}:R>",
                command=f"`/{self.kind} clock away days:0`",
            )
        await reply(interaction, f"{text} {left}")

    @clock.command(name="reminders", description="Turn your reminders for a game on or off")
    @app_commands.describe(
        setting="on: remind me before my time runs out; off: don't", game=GAME_HELP
    )
    async def reminders(
        self,
        interaction: discord.Interaction[Any],
        setting: Literal["on", "off"],
        game: int | None = None,
    ) -> None:
        record = await self.resolve(interaction, game, anywhere=True)
        await self.bot.clocks.set_reminders(record.id, interaction.user.id, setting == "on")
        tr = lang.texts(await reader_language(interaction))
        if setting == "on":
            text = tr(
                "You will be reminded before your time runs out in game #{number}.",
                number=record.id,
            )
        else:
            text = tr("No more reminders for you in game #{number}.", number=record.id)
        await reply(interaction, text)
