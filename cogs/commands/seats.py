"""``/<kind> kick``, ``resign`` and ``back``, and joining a game in progress: who plays a seat.

``SeatCommands`` is mixed into every kind's command group (``GameCommands``), so ``/rattus``
and ``/cartus`` both have them. The service does the work (``host/seats.py``);
``show_seat_change`` tells the game's channel what changed and shows the table as after any
action. The clocks call it too when a computer takes over a seat after missed deadlines.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord
from discord import app_commands

import lang
from cogs.commands.base import GAME_HELP, GameCommandBase
from cogs.table.languages import reader_language, table_language
from cogs.table.presenters import said
from cogs.table.replies import reply
from cogs.table.table import Tables
from host import seats
from host.errors import UserError
from host.models import GameRecord
from host.seats import SeatChange

log = logging.getLogger(__name__)

Taker = Literal["easy", "strong", "open"]
TAKER_HELP = "An easy or strong computer, or open for a person"
NO_MENTIONS = discord.AllowedMentions.none()


def level_of(taker: Taker) -> str | None:
    """The computer level chosen, or None for a seat left open."""
    return None if taker == "open" else taker


async def show_seat_change(tables: Tables, change: SeatChange) -> None:
    """Say in the game's channel who plays the seat now, then show the table (the moves
    computer players made at once, whose turn it is, the notices and secrets owed). Call it
    under ``tables.lock(game_id)`` right after the change; secrets go out after."""
    record = change.update.record
    text = said(change.text, lang.texts(table_language(record)))
    try:
        await tables.channel(record, record.channel_id).send(text, allowed_mentions=NO_MENTIONS)
    except discord.HTTPException:
        log.warning("Could not announce a seat change in game #%s", record.id)
    await tables.publish(change.update)


class SeatCommands(GameCommandBase):
    """The seat commands of ``GameCommands`` (which provides what is declared here); never
    loaded on its own."""

    seat = app_commands.Group(
        name="seat", description="Resign, remove a player, take your seat back"
    )

    async def _changed(
        self,
        interaction: discord.Interaction[Any],
        game_id: int,
        change: Callable[[], Awaitable[SeatChange]],
    ) -> SeatChange:
        """Run a seat change for an interaction and show it; returns it."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tables = self.bot.tables
        async with tables.lock(game_id):
            done = await change()
            await show_seat_change(tables, done)
        await tables.send_secrets(done.update)
        return done

    @seat.command(
        name="kick", description="Remove a player: a computer or a newcomer takes their seat"
    )
    @app_commands.describe(
        player="Who to remove (host or Manage Channels)",
        level=TAKER_HELP,
        game=GAME_HELP,
    )
    async def kick(
        self,
        interaction: discord.Interaction[Any],
        player: str,
        level: Taker = "easy",
        game: int | None = None,
    ) -> None:
        record = await self.resolve(interaction, game)
        seat = seats.find_person(record, player)
        manage = interaction.guild is not None and interaction.permissions.manage_channels
        done = await self._changed(
            interaction,
            record.id,
            lambda: seats.kick(
                self.service,
                record.id,
                interaction.user.id,
                seat,
                can_manage=manage,
                level=level_of(level),
            ),
        )
        await reply(interaction, said(done.text, lang.texts(await reader_language(interaction))))

    @kick.autocomplete("player")
    async def kick_players(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The people seated in the game, by name (their seats are public)."""
        try:
            record = await self.resolve(interaction, interaction.namespace.game)
        except UserError:
            return []
        typed = current.strip().casefold()
        return [
            app_commands.Choice(name=s.name[:100], value=str(s.user_id))
            for s in seats.people(record)
            if typed in s.name.casefold()
        ][:25]

    @seat.command(name="resign", description="Hand over your seat and leave the game")
    @app_commands.describe(level=TAKER_HELP, game=GAME_HELP)
    async def resign(
        self,
        interaction: discord.Interaction[Any],
        level: Taker = "easy",
        game: int | None = None,
    ) -> None:
        record = await self.resolve(interaction, game, anywhere=True)
        done = await self._changed(
            interaction,
            record.id,
            lambda: seats.resign(self.service, record.id, interaction.user.id, level_of(level)),
        )
        tr = lang.texts(await reader_language(interaction))
        left = tr("You left game #{number}.", number=record.id)
        await reply(interaction, f"{left}\n{said(done.text, tr)}")

    @seat.command(name="back", description="Take back your seat from the computer playing it")
    @app_commands.describe(game=GAME_HELP)
    async def back(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        record = await self.resolve(interaction, game, anywhere=True)
        await self._changed(
            interaction, record.id, lambda: seats.back(self.service, record.id, interaction.user.id)
        )
        tr = lang.texts(await reader_language(interaction))
        text = tr("Welcome back: you play your seat in game #{number} again.", number=record.id)
        await reply(interaction, text)

    async def take_seat(self, interaction: discord.Interaction[Any], record: GameRecord) -> None:
        """``join`` in a game in progress: take a seat whose player left."""
        user = interaction.user
        self.bot.tables.remember_user(user)
        await self._changed(
            interaction,
            record.id,
            lambda: seats.take_seat(self.service, record.id, user.id, user.display_name),
        )
        tr = lang.texts(await reader_language(interaction))
        await reply(
            interaction,
            tr(
                "You joined game #{number}. Your seat's secrets: {command}.",
                number=record.id,
                command=f"`/{self.kind} hand`",
            ),
        )
