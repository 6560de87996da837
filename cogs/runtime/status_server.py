"""``/healthz`` and ``/metrics`` over HTTP, served from the bot's own event loop.

Off unless ``RATTUS_HTTP_PORT`` is set; it binds to 127.0.0.1 unless ``RATTUS_HTTP_HOST``
says otherwise. ``/healthz`` answers 200 "ok" only when the gateway is connected, the database
answers and the clock scheduler ticked recently; otherwise 503 with the reasons, one a line.
``/metrics`` is Prometheus' text format (host/metrics.py), with the games running and the
private messages owed read from the database at each scrape.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import Protocol

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from cogs.runtime.games import game_kinds
from host import metrics
from host.clock_scheduler import Scheduler
from host.service import GameService

log = logging.getLogger(__name__)

DATABASE_SECONDS = 3.0
"""How long /healthz waits for the database to answer."""
STALE_CLOCKS_SECONDS = 60.0
"""A clock scheduler that has not ticked for this long (real seconds) is unhealthy."""


class Watched(Protocol):
    """What the endpoints read of the bot (``cogs.runtime.client.GameBot``)."""

    gateway_up: bool
    service: GameService
    scheduler: Scheduler

    @property
    def latency(self) -> float: ...

    def is_closed(self) -> bool: ...


async def problems(bot: Watched) -> list[str]:
    """Why the bot is not healthy now; empty when it is."""
    found: list[str] = []
    if bot.is_closed() or not bot.gateway_up or not math.isfinite(bot.latency):
        found.append("gateway: not connected to Discord")
    try:
        await asyncio.wait_for(bot.service.store.ping(), DATABASE_SECONDS)
    except Exception as error:  # any failure means the database does not answer
        found.append(f"database: not answering ({type(error).__name__})")
    age = bot.scheduler.heartbeat_age()
    limit = max(STALE_CLOCKS_SECONDS, 4 * bot.scheduler.poll)
    if age is None:
        found.append("clocks: not started yet")
    elif age > limit:
        found.append(f"clocks: last tick {age:.0f} s ago")
    return found


class StatusServer:
    """The HTTP endpoints; ``start`` and ``stop`` with the bot."""

    def __init__(self, bot: Watched, host: str, port: int) -> None:
        self.bot = bot
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None
        app = web.Application()
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/metrics", self.metrics)
        self._app = app

    async def start(self) -> None:
        self._runner = web.AppRunner(self._app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        log.info("Health and metrics on http://%s:%d/healthz and /metrics", self.host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def healthz(self, request: web.Request) -> web.Response:
        found = await problems(self.bot)
        if found:
            return web.Response(status=503, text="\n".join(found) + "\n")
        return web.Response(text="ok\n")

    async def metrics(self, request: web.Request) -> web.Response:
        store = self.bot.service.store
        try:
            metrics.set_games_running(await store.running_counts(), tuple(game_kinds()))
            metrics.OWED_DMS.set(await store.owed_dm_count())
        except Exception as error:
            log.warning("Metrics: the database did not answer (%s)", type(error).__name__)
        body = metrics.exposition()
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})
