"""The scheduler that runs the clocks: it claims the clock jobs that are due and fires them.

It lives in the host, not in discord.py callbacks: the bot runs ``run()`` as a background
task and is told what to show through a ``ClockNotices`` (one call per fired job, inside
``guard(game_id)`` so the bot can order it with the game's other table edits). Jobs are
claimed with a lease (``store.jobs.claim_due``: ``FOR UPDATE SKIP LOCKED`` on PostgreSQL,
only the games of this process's shards), so several processes can share the work.

Time while the clocks were not running is not counted against anyone: every ``tick`` notes
the time (per group of shards), and ``resume`` moves every clock job later by however long
that note is older than now before the first tick.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, Protocol

from host.clocks import KINDS, Clocks, Fired

log = logging.getLogger(__name__)

POLL_SECONDS = 5.0
"""How often the scheduler looks for due jobs (seconds of the service's clock, real time)."""
LEASE_SECONDS = 120.0
"""How long a claimed job is this process's alone; a process that dies lets it go after this."""
RETRY_SECONDS = 60.0
"""How long a job that failed waits before it is tried again."""
ATTEMPTS = 5
"""How many times a failing job is tried before it is set aside as damaged (``damaged_jobs``,
kept for repair, logged once), so that it stops no other clock and fills no log."""


class ClockNotices(Protocol):
    """What the Discord side shows when a clock job fires."""

    async def stood_in(self, fired: Fired) -> None:
        """A stand-in decided for a seat (``fired.update`` holds what changed)."""

    async def remind(self, fired: Fired) -> None:
        """A person's time for a decision is running out."""

    async def ended_idle(self, fired: Fired) -> None:
        """Nobody played the game for too long: it is abandoned."""

    async def back(self, fired: Fired) -> None:
        """A person is back from being away: the game's clocks run again for them."""


@asynccontextmanager
async def _no_guard(game_id: int) -> AsyncIterator[None]:
    yield


class Scheduler:
    """Claims due clock jobs and fires them; ``tick`` once, or ``run`` until cancelled."""

    def __init__(
        self,
        clocks: Clocks,
        notices: ClockNotices,
        *,
        poll: float = POLL_SECONDS,
        lease: float = LEASE_SECONDS,
        owner: str | None = None,
        guard: Callable[[int], AbstractAsyncContextManager[Any]] | None = None,
    ) -> None:
        self.clocks = clocks
        self.notices = notices
        self.poll = poll
        self.lease = lease
        self.owner = owner or f"{socket.gethostname()}:{os.getpid()}:{id(self):x}"
        self.guard = guard or _no_guard
        shards = clocks.service.shards
        self.key = "shards:" + ("*" if shards is None else ",".join(map(str, shards.ids)))
        """Whose heartbeat this is: the group of shards this process runs."""
        self._stopping = asyncio.Event()
        self._last_tick: float | None = None

    async def resume(self) -> float:
        """Before the first tick: move every clock job later by the time the clocks were
        stopped (how many seconds), and give every running game the deadlines it lacks."""
        now = self.clocks.now()
        last = await self.clocks.rows.last_seen(self.key)
        stopped = 0.0
        if last is not None and now - last > self.poll:
            stopped = now - last
            moved = await self.clocks.jobs.postpone(
                stopped, kinds=KINDS, shards=self.clocks.service.shards
            )
            log.info("Clocks were stopped %.0f s; %d deadlines moved later", stopped, moved)
        await self.clocks.rows.seen(self.key, now)
        for record in await self.clocks.service.running_games():
            async with self.guard(record.id), self.clocks.service.holds.hold(record.id):
                current = await self.clocks.service.get(record.id)
                await self.clocks.sync(current)
        return stopped

    async def tick(self) -> int:
        """Fire every clock job due now; how many did something."""
        self._last_tick = time.monotonic()
        now = self.clocks.now()
        await self.clocks.rows.seen(self.key, now)
        jobs = await self.clocks.jobs.claim_due(
            self.owner, now, lease=self.lease, shards=self.clocks.service.shards, kinds=KINDS
        )
        fired = 0
        for job in jobs:
            assert job.game_id is not None
            try:
                async with self.guard(job.game_id):
                    done = await self.clocks.fire(job, self.owner)
                    if done is not None:
                        fired += 1
                        await self._tell(done)
            except Exception as error:
                log.exception("Clock job %s (%s) of game #%s failed", job.id, job.kind, job.game_id)
                if job.attempts >= ATTEMPTS:  # it will fail again: set it aside, tell once
                    why = f"failed {job.attempts} times, last: {type(error).__name__}: {error}"
                    await self.clocks.jobs.set_aside(job, why)
                    continue
                retry = self.clocks.now() + self.clocks.scaled(RETRY_SECONDS)
                await self.clocks.jobs.retry(job.id, self.owner, retry)
        return fired

    async def _tell(self, fired: Fired) -> None:
        if fired.what == "stand_in":
            await self.notices.stood_in(fired)
        elif fired.what == "reminder":
            await self.notices.remind(fired)
        elif fired.what == "back":
            await self.notices.back(fired)
        else:
            await self.notices.ended_idle(fired)

    def heartbeat_age(self) -> float | None:
        """Real seconds since the last tick began (None: no tick yet), for the health check."""
        return None if self._last_tick is None else time.monotonic() - self._last_tick

    def request_stop(self) -> None:
        """Let ``run`` end after the deadline it is firing, if any (a clean stop)."""
        self._stopping.set()

    async def stop(self) -> None:
        """Note the time the clocks stopped (a clean shutdown)."""
        await self.clocks.rows.seen(self.key, self.clocks.now())

    async def run(self) -> None:
        """Resume, then tick every ``poll`` seconds until cancelled or ``request_stop``."""
        await self.resume()
        try:
            while not self._stopping.is_set():
                try:
                    await self.tick()
                except Exception:
                    log.exception("The clocks could not look for due deadlines")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stopping.wait(), self.poll)
        finally:
            with contextlib.suppress(Exception):
                await self.stop()
