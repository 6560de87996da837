"""Loading games: each game's stored row read from the store as a ``GameRecord``, its engine
game built once and kept while its state is unchanged, and a game whose data cannot be read
set aside once (its channel told) instead of breaking whoever asked for it."""

from __future__ import annotations

import contextlib
import contextvars
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping
from contextlib import asynccontextmanager
from typing import Any

from engine.contract import Game
from engine.text import msg
from host.acting import off_loop
from host.errors import DamagedGame, NotFound, UserError
from host.kinds import GameKind
from host.models import GameRecord
from host.state_cache import Games
from host.store import Store, StoredGame

log = logging.getLogger("host.service")


class Records:
    """The games of one Store as records: ``load`` one, ``load_each`` of many; the game kinds
    hosted (``kind``) say how each is built."""

    def __init__(
        self, store: Store, kinds: Mapping[str, GameKind], *, clock: Callable[[], float]
    ) -> None:
        self.store = store
        self.kinds: dict[str, GameKind] = dict(kinds)
        self.clock = clock
        self.set_aside_listeners: list[Callable[[StoredGame], Awaitable[None]]] = []
        """Called once for each game found damaged (the Discord side tells its channel)."""
        self.games: Games[Game] = Games()
        """The engine game built from each game's kept state (``host/state_cache.py``)."""
        self._found_damaged: contextvars.ContextVar[list[tuple[StoredGame, Exception]] | None]
        self._found_damaged = contextvars.ContextVar(f"found_damaged_{id(self)}", default=None)
        """Damaged games this task found while holding a game, to set aside after the hold."""

    def kind(self, name: str) -> GameKind:
        try:
            return self.kinds[name]
        except KeyError:
            raise UserError(
                msg("This bot does not host games of the kind '{kind}'.", kind=name)
            ) from None

    async def load(self, game_id: int) -> GameRecord:
        """The game as stored now; NotFound, or DamagedGame (set aside) if it cannot be read."""
        stored = await self.store.load(game_id)
        if stored is None:
            raise NotFound(msg("There is no game #{number}.", number=game_id))
        return await self._record_or_set_aside(stored)

    async def load_each(self, game_ids: Iterable[int]) -> list[GameRecord]:
        """These games, leaving out any that cannot be loaded (they are set aside)."""
        records = []
        for game_id in game_ids:
            with contextlib.suppress(DamagedGame, NotFound):
                records.append(await self.load(game_id))
        return records

    def keep(self, game_id: int, state: dict[str, Any], game: Game) -> None:
        """``game`` was saved as ``state``: the next load of that state reuses it."""
        self.games.saved(game_id, state, game)

    @asynccontextmanager
    async def setting_aside_after(self) -> AsyncIterator[None]:
        """Around a hold: damaged games found inside it are set aside when it has ended (on
        PostgreSQL the hold's transaction rolls back with the error, and would take the mark
        with it)."""
        if self._found_damaged.get() is not None:  # inside another hold: it sets them aside
            yield
            return
        found: list[tuple[StoredGame, Exception]] = []
        token = self._found_damaged.set(found)
        try:
            yield
        finally:
            self._found_damaged.reset(token)
            for stored, error in found:
                await self._set_aside(stored, error)

    async def _record_or_set_aside(self, stored: StoredGame) -> GameRecord:
        """The record, or (data that cannot be read) the game set aside and DamagedGame;
        found inside ``setting_aside_after``, it is set aside as that ends."""
        try:
            if stored.damage is not None:
                raise ValueError(stored.damage)
            return await off_loop(self._record, stored)
        except Exception as error:
            found = self._found_damaged.get()
            if found is None:
                await self._set_aside(stored, error)
            else:
                found.append((stored, error))
            raise DamagedGame(
                msg(
                    "Game #{number} could not be loaded: its saved data is damaged. It has been "
                    "set aside and kept for repair; its channel is free for a new game.",
                    number=stored.id,
                )
            ) from None

    async def _set_aside(self, stored: StoredGame, error: Exception) -> None:
        first = await self.store.set_aside(
            stored.id, f"{type(error).__name__}: {error}"[:2000], now=self.clock()
        )
        if first:
            log.error("Game #%s cannot be loaded; it is set aside", stored.id, exc_info=error)
            for listener in self.set_aside_listeners:
                await listener(stored)

    def _record(self, stored: StoredGame) -> GameRecord:
        make = self.kind(stored.kind).from_dict
        game = None if stored.state is None else self.games.build(stored.id, stored.state, make)
        check_playable(stored.status, game)
        return GameRecord(**stored.row_fields(), game=game)


def check_playable(status: str, game: Game | None) -> None:
    """ValueError when a game said to be dealt has no state (NULL), or a running one waits
    for nobody (its state lost its pending decisions): either would hang or mislead every
    surface, so loading sets it aside as damaged."""
    if status in ("running", "finished") and game is None:
        raise ValueError(f"a {status} game has no saved state")
    if status == "running" and game is not None and not game.is_over and not game.actors():
        raise ValueError("a running game whose saved state has nobody to decide")
