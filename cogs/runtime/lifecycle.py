"""Starting and stopping like a service.

- ``serve`` runs the bot until SIGTERM or SIGINT, then stops cleanly: the ``Gate`` stops
  taking new clicks and commands (each is answered "restarting, try again"), the ones in
  flight finish saving, editing their table and sending what they owe, the clocks finish
  the deadline they are firing, the database is closed, and ``serve`` returns 0.
- Start-up failures that a person must fix (a token Discord refuses, intents it does not
  allow) end in one ``Cannot start: ...`` line (``StartError``); a network that is down at
  start is tried again with backoff, one log line per try.
- The gate is ``cogs.runtime.gate``; the one line per outage, ``cogs.runtime.outages``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from collections.abc import Awaitable, Callable

import aiohttp
import discord

from cogs.runtime.client import GameBot
from cogs.runtime.gate import DRAIN_SECONDS
from cogs.runtime.outages import reason

log = logging.getLogger(__name__)

FIRST_RETRY_SECONDS = 1.0
LONGEST_RETRY_SECONDS = 60.0
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class StartError(Exception):
    """The bot cannot start until a person fixes something; the message says what."""


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
