"""Starting and stopping like a service.

- ``serve`` runs the bot until SIGTERM or SIGINT, then stops cleanly: the ``Gate`` stops
  taking new clicks and commands (each is answered "restarting, try again"), the ones in
  flight finish saving, editing their table and sending what they owe, the clocks finish
  the deadline they are firing, the database is closed, and ``serve`` returns 0.
- Start-up failures that a person must fix (a token Discord refuses, intents it does not
  allow) end in one ``Cannot start: ...`` line (``StartError``); a network that is down at
  start is tried again with backoff, one log line per try.
- ``OutageLog`` turns discord.py's reconnect tracebacks into one line per outage, and one
  more when the connection is back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import signal
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import aiohttp
import discord

import lang
from cogs.table.languages import reader_language
from engine.text import N_
from host import metrics

if TYPE_CHECKING:
    from cogs.runtime.client import GameBot

log = logging.getLogger(__name__)

RESTARTING = N_("The bot is restarting right now; try again in a moment.")
DRAIN_SECONDS = 8.0
"""How long a stop waits for the clicks in flight (the whole stop stays within 10 s)."""
FIRST_RETRY_SECONDS = 1.0
LONGEST_RETRY_SECONDS = 60.0
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class StartError(Exception):
    """The bot cannot start until a person fixes something; the message says what."""


@dataclass(frozen=True)
class Handling:
    """One interaction being handled, as the logs and metrics tell it (nothing secret: a
    command's name or a control's kind, never the values chosen)."""

    kind: str
    what: str
    server: int | None
    game: int | None
    started: float = field(default_factory=time.perf_counter)


class Gate:
    """Every click and command passes here. Open, it notes the task that handles it (so a
    stop can wait for it, and its time is measured and logged); closed, it turns them away."""

    def __init__(self) -> None:
        self.closed = False
        self._in_flight: dict[asyncio.Task[Any], Handling] = {}

    def admit(self, handling: Handling | None = None) -> bool:
        """True if the current interaction may go on; False once the bot is stopping."""
        if self.closed:
            metrics.TURNED_AWAY.inc()
            return False
        task = asyncio.current_task()
        if task is not None and task not in self._in_flight:
            self._in_flight[task] = handling or Handling("internal", "-", None, None)
            task.add_done_callback(self._finished)
        return True

    def _finished(self, task: asyncio.Task[Any]) -> None:
        handling = self._in_flight.pop(task, None)
        if handling is None or handling.kind == "internal":
            return
        seconds = time.perf_counter() - handling.started
        metrics.CLICKS.labels(handling.kind).inc()
        metrics.CLICK_SECONDS.labels(handling.kind).observe(seconds)
        log.info(
            "%s %s handled in %.0f ms",
            handling.kind,
            handling.what,
            seconds * 1000,
            extra={
                "game": handling.game,
                "server": handling.server,
                "action": handling.what,
                "latency_ms": round(seconds * 1000, 1),
            },
        )

    @property
    def in_flight(self) -> int:
        return sum(1 for task in self._in_flight if not task.done())

    async def close(self, timeout: float) -> int:
        """Turn new interactions away and wait up to ``timeout`` seconds for those in flight;
        how many were still running then."""
        self.closed = True
        me = asyncio.current_task()
        running = {task for task in self._in_flight if not task.done() and task is not me}
        if not running:
            return 0
        _, pending = await asyncio.wait(running, timeout=timeout)
        return len(pending)


GAME_IN_ID = re.compile(r"^[a-z]+:g:([0-9]+):")


def handling_of(interaction: discord.Interaction[Any]) -> Handling:
    """What an interaction is, in words safe for a log line."""
    data: dict[str, Any] = dict(cast("dict[str, Any]", interaction.data or {}))
    game: int | None = None
    if interaction.type is discord.InteractionType.component:
        custom_id = str(data.get("custom_id", ""))
        found = GAME_IN_ID.match(custom_id)
        game = int(found[1]) if found else None
        parts = custom_id.split(":")
        # kind:g:id:lobby:join, kind:g:id:v:version:group..., kind:g:id:undo:version
        what = parts[3] if len(parts) > 3 else "component"
        if what == "v" and len(parts) > 5:
            what = "choice"
        kind = "component"
    else:
        command = interaction.command
        what = "/" + command.qualified_name if command is not None else str(data.get("name", "?"))
        kind = (
            "autocomplete"
            if interaction.type is discord.InteractionType.autocomplete
            else "command"
        )
    return Handling(kind, what, interaction.guild_id, game)


async def admit(interaction: discord.Interaction[Any]) -> bool:
    """The gate's answer for this interaction; a turned-away one is told why."""
    gate: Gate | None = getattr(interaction.client, "gate", None)
    if gate is None or gate.admit(handling_of(interaction)):
        return True
    with contextlib.suppress(discord.HTTPException):
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        elif not interaction.response.is_done():
            language = await reader_language(interaction)
            await interaction.response.send_message(lang.say(RESTARTING, language), ephemeral=True)
    return False


class Gated:
    """For every button and select the bot registers: it passes the gate first."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        return await admit(interaction)


def reason(error: BaseException) -> str:
    """An error in one short line."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


NETWORK_ERRORS = (aiohttp.ClientError, OSError, asyncio.TimeoutError, discord.DiscordServerError)


async def log_in(
    bot: GameBot, token: str, *, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
) -> None:
    """Log in; while Discord cannot be reached, try again with backoff (one line a try)."""
    delay = FIRST_RETRY_SECONDS
    tries = 0
    while True:
        try:
            await bot.login(token)
            return
        except discord.LoginFailure:
            raise StartError(
                "Discord refused the bot's token (401 Unauthorized). Copy the token again "
                "from the Developer Portal (your application, then Bot, then Reset Token) "
                "into DISCORD_TOKEN."
            ) from None
        except NETWORK_ERRORS as error:
            if bot.set_up:
                # the login itself went through; what failed came after (registering commands)
                raise StartError(
                    f"lost Discord while registering the slash commands ({reason(error)}). "
                    "Start the bot again once the network is back."
                ) from None
            tries += 1
            log.warning(
                "Cannot reach Discord (%s); try %d, trying again in %.0f s",
                reason(error),
                tries,
                delay,
            )
            await sleep(delay)
            delay = min(delay * 2, LONGEST_RETRY_SECONDS)


async def connect(bot: GameBot) -> None:
    """Run the gateway connection (discord.py reconnects by itself after an outage)."""
    try:
        await bot.connect(reconnect=True)
    except discord.PrivilegedIntentsRequired:
        raise StartError(
            "Discord refused the gateway intents the bot asked for (close code 4014). The bot "
            "needs no privileged intent: check that nothing turned one on, or enable it for "
            "the application in the Developer Portal (Bot, Privileged Gateway Intents)."
        ) from None
    except discord.LoginFailure:
        raise StartError(
            "Discord refused the bot's token on the gateway (4004 Authentication failed). "
            "Check DISCORD_TOKEN."
        ) from None


async def serve(bot: GameBot, token: str, *, signals: tuple[int, ...] = STOP_SIGNALS) -> int:
    """Run the bot until a stop signal; 0 after a clean stop. A ``StartError`` goes up."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for number in signals:
        loop.add_signal_handler(number, stop.set)
    try:
        async with bot:
            running = asyncio.create_task(run(bot, token), name="rattus-bot")
            stopping = asyncio.create_task(stop.wait(), name="rattus-stop-signal")
            await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if running.done():
                stopping.cancel()
                running.result()  # a StartError, or a crash, goes up from here
                return 0
            await stop_cleanly(bot)
            running.cancel()
            with contextlib.suppress(asyncio.CancelledError, StartError):
                await running
            return 0
    finally:
        for number in signals:
            loop.remove_signal_handler(number)


async def run(bot: GameBot, token: str) -> None:
    await log_in(bot, token)
    await connect(bot)


async def stop_cleanly(bot: GameBot, drain: float = DRAIN_SECONDS) -> None:
    """Stop taking interactions, let those in flight finish, stop the clocks between two
    deadlines, close the connection and the database."""
    started = time.monotonic()
    in_flight = bot.gate.in_flight
    log.info("Stopping: no new clicks; waiting for %d in flight", in_flight)
    left = await bot.gate.close(drain)
    if left:
        log.warning("Stopping with %d clicks still running; start-up repair will finish them", left)
    await bot.close()
    log.info("Stopped cleanly in %.1f s", time.monotonic() - started)


class OutageLog(logging.Filter):
    """On discord.py's client logger: its reconnect traceback becomes one line per outage."""

    def __init__(self) -> None:
        super().__init__()
        self.down_since: float | None = None

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith("Attempting a reconnect"):
            return True
        if self.down_since is not None:
            return False
        self.down_since = time.monotonic()
        error = record.exc_info[1] if record.exc_info else None
        record.msg = "Lost the connection to Discord (%s); reconnecting"
        record.args = (reason(error) if error is not None else "no reason given",)
        record.exc_info = None
        record.exc_text = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True

    def back(self) -> None:
        """The gateway is connected again: say so once, with how long it was down."""
        if self.down_since is None:
            return
        log.info("Connected to Discord again after %.0f s", time.monotonic() - self.down_since)
        self.down_since = None


OUTAGES = OutageLog()


def install_outage_log() -> None:
    logger = logging.getLogger("discord.client")
    if OUTAGES not in logger.filters:
        logger.addFilter(OUTAGES)
