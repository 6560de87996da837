"""Holding a game and saving its changes: the one way any module changes a game.

``hold`` gives the game to one caller: the asyncio lock against this process's other
coroutines, then the store's game lock against other processes (PostgreSQL). Inside it the
caller loads the game (``GameService.get``) and saves its change with one of the ``save_*``
methods, the only callers of the store's writes of a game, each refused unless the game is
held. What a hold saved is told, as the hold ends (still holding the game, inside its
transaction on PostgreSQL), to the ``change_listeners`` (the clocks), once, with the game as
it is then and who caused the change; a game the hold ended is passed to ``on_ended`` (its
statistics) once the hold has committed. An action, a computer's move, an undo, a seat change,
a start, an abandon: none can save without them being told.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import Any

from engine.contract import Game
from engine.text import Text
from host import stats
from host.acting import owed_dms
from host.models import GameRecord, Seat, Status
from host.records import Records
from host.store import NewAction, Store

ChangeListener = Callable[[GameRecord, int | None, int | None], Awaitable[None]]


@dataclass
class Changes:
    """What one hold of a game saved: the game as it is now, who caused the change (the first
    action or change that was not a computer's own move), and whether the game ended."""

    record: GameRecord | None = None
    seat: int | None = None
    user_id: int | None = None
    caused: bool = False
    ended: bool = False


class Holds:
    """Each game held by one caller at a time, and every change to it saved through here."""

    def __init__(
        self,
        store: Store,
        records: Records,
        *,
        clock: Callable[[], float],
        on_ended: Callable[[int], Awaitable[None]],
    ) -> None:
        self.store = store
        self.records = records
        self.clock = clock
        self.on_ended = on_ended
        """Called with a game the hold ended, once the hold has committed."""
        self.change_listeners: list[ChangeListener] = []
        """Told, holding the game, of each change: (record, seat that acted, who chose it)."""
        self._locks: dict[int, asyncio.Lock] = {}
        self._held: dict[int, Changes] = {}
        """What each game held now has saved."""

    @asynccontextmanager
    async def hold(self, game_id: int) -> AsyncIterator[None]:
        """The game for this caller alone (see the module); the change listeners are told of
        what the block saved as it ends."""
        changes = Changes()
        async with (
            self.records.setting_aside_after(),
            self._locks.setdefault(game_id, asyncio.Lock()),
            self.store.game_lock(game_id),
        ):
            self._held[game_id] = changes
            try:
                yield
                if changes.record is not None:
                    for listener in self.change_listeners:
                        await listener(changes.record, changes.seat, changes.user_id)
            finally:
                del self._held[game_id]
        if changes.ended:  # it ended in the block, which has committed
            await self.on_ended(game_id)

    def _changes(self, game_id: int) -> Changes:
        changes = self._held.get(game_id)
        if changes is None:
            raise RuntimeError(f"game #{game_id} was to be saved without being held")
        return changes

    def _saved(
        self,
        record: GameRecord,
        *,
        seat: int | None = None,
        user_id: int | None = None,
        cause: bool = True,
    ) -> GameRecord:
        changes = self._changes(record.id)
        changes.record = record
        if cause and not changes.caused:
            changes.caused, changes.seat, changes.user_id = True, seat, user_id
        changes.ended = changes.ended or record.status in ("finished", "abandoned")
        return record

    async def save_action(
        self,
        record: GameRecord,
        after: Game,
        action: NewAction,
        *,
        state: dict[str, Any] | None = None,
        dms: Mapping[int, Sequence[str]] = {},
        cause: bool = True,
    ) -> GameRecord:
        """Save the game ``after`` an action on ``record`` (held), with the action in the log
        and the private messages it owes; the record saved. ``cause`` False: a computer's own
        move, which follows the change that let it move (listeners hear of that one)."""
        self._changes(record.id)
        saved_state = after.to_dict() if state is None else state
        await self.store.save_action(
            record.id,
            record.version,
            after.version,
            saved_state,
            action,
            results=stats.result_rows(record, after, action.at) if after.is_over else [],
            dms=dms,
        )
        self.records.keep(record.id, saved_state, after)
        saved = replace(
            record,
            game=after,
            version=after.version,
            status="finished" if after.is_over else "running",
            updated_at=action.at,
        )
        return self._saved(saved, seat=action.seat, user_id=action.user_id, cause=cause)

    async def save_seat(
        self,
        record: GameRecord,
        changed: Seat,
        *,
        text: Text,
        concerns: int | None,
        host: int | None = None,
    ) -> GameRecord:
        """Save a change of who plays a seat of a running game (held), logged with ``text``;
        with ``host`` the game gets that host. The record saved."""
        self._changes(record.id)
        now = self.clock()
        await self.store.seats.change(
            record.id,
            record.version,
            changed,
            text=text,
            at=now,
            concerns=concerns,
            host_user_id=host,
            name_before=record.name_of(changed.seat),
        )
        seats = [changed if s.seat == changed.seat else s for s in record.seats]
        saved = replace(
            record,
            seats=seats,
            updated_at=now,
            host_user_id=record.host_user_id if host is None else host,
        )
        return self._saved(saved)

    async def save_lobby(
        self, record: GameRecord, *, seats: Sequence[Seat], host: int, status: Status = "lobby"
    ) -> GameRecord:
        """Save a lobby's (held) seats and host; ``abandoned``: the last one left it."""
        self._changes(record.id)
        await self.store.update_lobby(
            record.id,
            host_user_id=host,
            options=record.options,
            seats=seats,
            status=status,
            now=self.clock(),
        )
        return self._saved(await self.records.load(record.id))

    async def save_language(self, record: GameRecord, language: str) -> GameRecord:
        """Save the language the table of a lobby (held) speaks."""
        self._changes(record.id)
        await self.store.set_game_language(record.id, language, now=self.clock())
        return self._saved(await self.records.load(record.id))

    async def save_start(
        self, record: GameRecord, seats: Sequence[Seat], seed: int, game: Game
    ) -> GameRecord:
        """Save a lobby (held) dealt as ``game`` with these seats, from ``seed``."""
        self._changes(record.id)
        await self.store.start_game(
            record.id,
            seats=seats,
            seed=seed,
            state=game.to_dict(),
            version=game.version,
            now=self.clock(),
            dms=owed_dms(seats, game.events, everyone=True),
        )
        return self._saved(await self.records.load(record.id))

    async def save_status(
        self, game_id: int, status: Status, *, only_from: Sequence[Status]
    ) -> GameRecord | None:
        """Set the status of a game (held) that has one of ``only_from``; the game saved, or
        None if its status was another."""
        self._changes(game_id)
        if not await self.store.set_status(game_id, status, now=self.clock(), only_from=only_from):
            return None
        return self._saved(await self.records.load(game_id))
