"""Computer players' moves on Discord: made after the person's own result is shown, each
shown as it is made, with nothing waiting on them that need not.

A person's action is saved and shown on its own (the table, then their private panel); then
``wake`` starts the game's computer turns in the background. Each decision is thought out with
no lock held (a click meanwhile is answered at once: "Computer 2 (strong) is still thinking"),
then saved under the game's locks if the game is still where it was (``GameService
.computer_move``; otherwise it is thought out again) and shown on the table. While computers
decide, the table says "Computer 2 (strong) is thinking…"; it is replaced when a person must
decide again.

Decisions made in quick succession (an easy player's, or a strong one's under a small budget)
are shown together: a saved move is shown at once when a person decides next or the game
ended, and otherwise when the table last changed ``SHOW_EVERY`` seconds ago or more. So a
strong player's slow decisions appear one by one and a burst of instant ones costs one edit.

Restart-safe: a decision is saved like anyone's, one version per saved state; a restart before
it leaves it owed, and start-up repair (``cogs.table.repair``) wakes the game's computers again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Protocol

from engine.core import Event
from host import computers
from host.errors import StaleAction, UserError
from host.models import GameRecord, Update
from host.service import GameService

log = logging.getLogger(__name__)

Followed = Callable[[list[Update]], Awaitable[None]]
"""Told of the computer moves made after a wake, once they are done."""

SHOW_EVERY = 1.0
"""Seconds: a computer's move is shown at once when the table last changed this long ago (or
when a person decides next); quicker ones are shown together with the next."""


def merged(updates: Sequence[Update]) -> Update:
    """Several saved moves as one update to show: the latest record, every event."""
    last = updates[-1]
    private: dict[int, list[Event]] = {}
    for update in updates:
        for user, events in update.private.items():
            private.setdefault(user, []).extend(events)
    return Update(
        record=last.record,
        events=[e for u in updates for e in u.events],
        public_events=[e for u in updates for e in u.public_events],
        private=private,
        new_turn=any(u.new_turn for u in updates),
        finished=last.finished,
    )


class Shown(Protocol):
    """Where computer moves are saved and shown: the tables of ``cogs.table.table.Tables``,
    which hold a ``ComputerTurns`` each."""

    service: GameService

    def lock(self, game_id: int) -> asyncio.Lock: ...

    async def publish(
        self, update: Update, acted_by: int | None = None, *, wake: bool = True
    ) -> None: ...

    async def send_secrets(self, update: Update) -> None: ...


class ComputerTurns:
    """The background computer turns of the games of one ``Tables``."""

    def __init__(self, tables: Shown) -> None:
        self.tables = tables
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._made: dict[int, list[Update]] = {}
        self._then: dict[int, list[tuple[Followed, int]]] = {}
        self.shown = 0
        """How many table updates showed computer moves (tests and the bench read it)."""

    def wake(
        self, game_id: int, record: GameRecord | None = None, *, then: Followed | None = None
    ) -> None:
        """Let the game's computer seats that must decide move (in the background), if they
        are not moving already; with ``record`` (the game as just saved), only if a computer
        seat decides in it. ``then`` is called with the moves they made from now on, once
        they are done (none: not called): a person's panel adds them."""
        if record is not None and (
            record.game is None or computers.deciding(record, record.game) is None
        ):
            return
        made = self._made.setdefault(game_id, [])
        if then is not None:
            self._then.setdefault(game_id, []).append((then, len(made)))
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            self._again.add(game_id)  # it looks again before it stops
            return
        self._tasks[game_id] = asyncio.create_task(self._run(game_id), name=f"computers-{game_id}")

    def busy(self, game_id: int) -> bool:
        """Whether the game's computers are moving now."""
        task = self._tasks.get(game_id)
        return task is not None and not task.done()

    async def settle(self, game_ids: Iterable[int] | None = None) -> None:
        """Wait until the computers of these games (default: every game) are done moving."""
        while True:
            wanted = set(self._tasks) if game_ids is None else set(game_ids)
            running = [t for g, t in self._tasks.items() if g in wanted and not t.done()]
            if not running:
                return
            await asyncio.gather(*running, return_exceptions=True)

    async def stop(self) -> None:
        """Cancel every computer turn (the bot is closing: a restart resumes them)."""
        tasks = [t for t in self._tasks.values() if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def _run(self, game_id: int) -> None:
        try:
            while True:
                try:
                    await self._moves(game_id)
                except Exception:
                    log.exception("The computer players of game #%s could not move", game_id)
                    return
                made = self._made.pop(game_id, [])
                for then, since in self._then.pop(game_id, []):
                    if made[since:]:
                        try:
                            await then(made[since:])
                        except Exception:
                            log.exception("Telling of game #%s's computer moves failed", game_id)
                if game_id not in self._again:  # no wake came while they were told
                    return
        finally:
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]
            self._again.discard(game_id)
            self._made.pop(game_id, None)
            self._then.pop(game_id, None)

    async def _moves(self, game_id: int) -> None:
        service = self.tables.service
        unshown: list[Update] = []
        last_shown = time.monotonic()
        while True:
            self._again.discard(game_id)
            try:
                record = await service.get(game_id)
            except UserError:
                return  # gone, or set aside as damaged
            choice = await computers.think(record)
            if choice is None:
                if game_id in self._again:
                    continue
                return
            shown: Update | None = None
            async with self.tables.lock(game_id):
                try:
                    update = await service.computer_move(game_id, choice)
                except StaleAction:
                    # The game moved on while it thought (someone else's change, shown by
                    # whoever made it): think again on the game as it is now.
                    unshown.clear()
                    continue
                unshown.append(update)
                self._made.setdefault(game_id, []).append(update)
                saved = update.record
                person_next = saved.status != "running" or (
                    saved.game is not None and computers.deciding(saved, saved.game) is None
                )
                if person_next or time.monotonic() - last_shown >= SHOW_EVERY:
                    shown = merged(unshown)
                    unshown.clear()
                    await self.tables.publish(shown, wake=False)
                    self.shown += 1
                    last_shown = time.monotonic()
            if shown is not None:
                await self.tables.send_secrets(shown)
