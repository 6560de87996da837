"""Start-up repair: after a restart (or a crash), every game's channel is brought back in
line with the saved games, and a deleted table message is posted again.

What repair does for each kind of game: a lobby saved but never posted is posted; a running
game's table missing or behind the game is
posted again (its nonce makes a repeat the same message), stray live tables lose their
buttons, spectator channels catch up, and deciders not yet told are told; then its computer
players that were due to move move (``cogs.table.thinking``, every game at once); a game that ended
just before the crash shows its final scores. Owed DMs go out first.
"""

from __future__ import annotations

import contextlib
import logging

import discord

from cogs.table.table import LOBBY_VERSION, Tables
from host.errors import UserError
from host.models import GameRecord

log = logging.getLogger(__name__)

STRAY_SCAN = 50
"""How many recent messages start-up repair looks through for table messages left live."""
FINAL_REPAIR_SECONDS = 7 * 24 * 3600
"""Start-up repair shows the final scores of games that ended up to this long ago and never
showed them (a crash at the very end); older ones are left as they are."""


class Repair:
    """Start-up repair and re-posting deleted tables, for the ``Tables`` of one bot."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.service = tables.service

    async def repair_all(self) -> int:
        """Re-post every running game's table that is missing or behind. Returns how many."""
        repaired = 0
        try:
            await self.tables.send_owed()
        except discord.HTTPException as error:
            log.warning("Could not send the owed DMs: %s", error)
        for lobby in await self.service.channels.lobbies():
            try:
                if await self.service.channels.lobby_message(lobby.id) is not None:
                    continue
                older = [
                    m
                    for m in await self.service.channels.table_messages(lobby.id)
                    if m.is_home and m.version == LOBBY_VERSION
                ]
                if older:  # posted by a bot from before lobby messages were kept apart
                    await self.tables.post_lobby(lobby, older[0].message_id)
                    continue
                log.info("Posting the lobby of game #%s, saved but never posted", lobby.id)
                await self.tables.repost_lobby(lobby)
                repaired += 1
            except discord.HTTPException as error:
                log.warning("Could not post the lobby of game #%s: %s", lobby.id, error)
        running = await self.service.running_games()
        for record in running:
            try:
                if await self.repair(record):
                    repaired += 1
                lobby_shown = await self.service.channels.lobby_message(record.id)
                if lobby_shown is not None and lobby_shown[2] != record.status:
                    await self.tables.show_lobby(record)
            except (discord.HTTPException, UserError) as error:
                log.warning("Could not repair the table of game #%s: %s", record.id, error)
            except Exception:
                log.exception("Start-up repair of game #%s failed; the others go on", record.id)
        # The computers woken above move in the background, all games at once: repair is done
        # when they have made the moves a restart cut short.
        await self.tables.computers.settle(record.id for record in running)
        for record in await self.service.recently_finished_games(FINAL_REPAIR_SECONDS):
            try:
                if await self.repair_final(record):
                    repaired += 1
            except discord.HTTPException as error:
                log.warning("Could not show the end of game #%s: %s", record.id, error)
            except Exception:
                log.exception("Start-up repair of game #%s failed; the others go on", record.id)
        return repaired

    async def repair_final(self, record: GameRecord) -> bool:
        """A game that ended just before a crash, before its final scores were shown (or
        recorded as shown): show them now. Their nonce makes a repeat the same message."""
        async with self.tables.lock(record.id):
            home = [m for m in await self.service.channels.table_messages(record.id) if m.is_home]
            if home and home[0].version == record.version:
                return False
            log.info("Showing the final scores of game #%s, ended before a restart", record.id)
            await self.tables.show_final(record)
            await self.tables.show_lobby(record)
            return True

    async def table_deleted(self, channel_id: int, message_id: int) -> bool:
        """A running game's current table message was deleted: post the table there again."""
        stored = await self.service.channels.table_message_at(channel_id, message_id)
        if stored is None or stored.version == LOBBY_VERSION:
            return False
        async with self.tables.lock(stored.game_id):
            record = await self.service.get(stored.game_id)
            still = await self.service.channels.table_message_at(channel_id, message_id)
            if record.status != "running" or still is None:
                return False
            log.info(
                "The table of game #%s in channel %s was deleted; posting it again",
                record.id,
                channel_id,
            )
            await self.tables.show_table(record, new_message=True, only=channel_id)
            return True

    async def _fetch(
        self, record: GameRecord, channel_id: int, message_id: int
    ) -> discord.Message | None:
        try:
            return await self.tables.channel(record, channel_id).fetch_message(message_id)
        except discord.NotFound:
            return None

    async def _retire_strays(self, record: GameRecord, keep: int | None) -> None:
        """Take the buttons off every recent table message of this game in its channel but
        ``keep``: a crash between posting a table and recording it leaves one behind."""
        me = self.tables.client.user
        prefix = f"{record.kind}:g:{record.id}:v:"
        channel = self.tables.channel(record, record.channel_id)
        try:
            async for message in channel.history(limit=STRAY_SCAN):
                if me is None or message.author.id != me.id or message.id == keep:
                    continue
                ids = [
                    str(getattr(child, "custom_id", "") or "")
                    for row in message.components
                    for child in getattr(row, "children", [])
                ]
                if any(custom_id.startswith(prefix) for custom_id in ids):
                    log.info("Retiring a stray table message of game #%s", record.id)
                    await message.edit(content=None, view=None)
        except discord.HTTPException as error:
            log.warning("Could not look for stray tables of game #%s: %s", record.id, error)

    async def repair(self, record: GameRecord) -> bool:
        """Bring the game's table in line with the saved game, then let the computer seats
        that must decide move (a restart cut their thinking short)."""
        try:
            return await self._repair_table(record)
        finally:
            with contextlib.suppress(UserError):
                self.tables.computers.wake(record.id, await self.service.get(record.id))

    async def _repair_table(self, record: GameRecord) -> bool:
        async with self.tables.lock(record.id):
            record = await self.service.get(record.id)
            if record.status != "running":
                return False
            home = next(
                (m for m in await self.service.channels.table_messages(record.id) if m.is_home),
                None,
            )
            shown = None
            if home is not None and home.version == record.version:
                shown = await self._fetch(record, home.channel_id, home.message_id)
            if shown is not None:
                await self._retire_strays(record, shown.id)
                await self.tables.catch_up_spectators(record)
                # Whoever the current table mentions was notified by it, if it was not edited
                # since (a crash may have come before they were remembered as told): no
                # second notice for them.
                fresh = shown.edited_at is None
                mentioned = {user.id for user in shown.mentions} if fresh else set()
                pinged = [s for s in record.public_actors() if record.user_of(s) in mentioned]
                await self.tables.tell_deciders(record, pinged)
                return False
            log.info("Re-posting the table of game #%s at version %s", record.id, record.version)
            gone = home is not None and home.version == record.version
            pinged = await self.tables.show_table(
                record, new_message=True, only=record.channel_id if gone else None
            )
            current = [
                m for m in await self.service.channels.table_messages(record.id) if m.is_home
            ]
            await self._retire_strays(record, current[0].message_id if current else None)
            await self.tables.catch_up_spectators(record)
            await self.tables.tell_deciders(record, pinged)
            return True
