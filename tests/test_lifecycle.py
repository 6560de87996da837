"""cogs/runtime/gate.py, lifecycle.py and outages.py on their own: the gate, the login
retries, the outage log."""

from __future__ import annotations

import asyncio
import logging
import sys
from typing import Any, cast

import aiohttp
import discord
import pytest

from cogs.commands.history import UndoButton
from cogs.runtime.client import GameBot
from cogs.runtime.gate import Gate, Gated
from cogs.runtime.lifecycle import StartError, log_in
from cogs.runtime.outages import OutageLog
from cogs.table.components import DYNAMIC_ITEMS


class FlakyLogin:
    """A bot whose login fails with a network error ``failures`` times, then goes through."""

    def __init__(self, failures: int, error: Exception | None = None) -> None:
        self.failures = failures
        self.error = error or aiohttp.ClientConnectionError("Cannot connect to host discord.com")
        self.logins = 0
        self.set_up = False

    async def login(self, token: str) -> None:
        self.logins += 1
        if self.logins <= self.failures:
            raise self.error
        self.set_up = True


async def test_login_is_tried_again_with_backoff_until_the_network_is_back(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, "cogs.runtime.lifecycle")
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    bot = FlakyLogin(failures=8)
    await log_in(cast(GameBot, bot), "token", sleep=sleep)
    assert bot.logins == 9
    assert slept == [1, 2, 4, 8, 16, 32, 60, 60]
    lines = [r.getMessage() for r in caplog.records if "Cannot reach Discord" in r.getMessage()]
    assert len(lines) == 8
    assert lines[0] == (
        "Cannot reach Discord (ClientConnectionError: Cannot connect to host discord.com); "
        "try 1, trying again in 1 s"
    )
    assert all(r.exc_info is None for r in caplog.records)


async def test_a_refused_token_is_not_tried_again() -> None:
    bot = FlakyLogin(failures=1, error=discord.LoginFailure("Improper token has been passed."))
    with pytest.raises(StartError, match="401 Unauthorized"):
        await log_in(cast(GameBot, bot), "token")
    assert bot.logins == 1


async def test_the_gate_waits_for_what_is_in_flight_and_then_turns_everything_away() -> None:
    gate = Gate()
    release = asyncio.Event()
    finished: list[str] = []

    async def click(name: str) -> None:
        assert gate.admit()
        await release.wait()
        finished.append(name)

    clicks = [asyncio.create_task(click(n)) for n in ("a", "b")]
    await asyncio.sleep(0)
    assert gate.in_flight == 2
    closing = asyncio.create_task(gate.close(timeout=30))
    await asyncio.sleep(0)
    assert not gate.admit()  # a new click while the others finish
    release.set()
    assert await closing == 0
    assert finished == ["a", "b"] and all(c.done() for c in clicks)


async def test_the_gate_gives_up_on_a_click_that_never_ends() -> None:
    gate = Gate()

    async def stuck() -> None:
        gate.admit()
        await asyncio.Event().wait()

    task = asyncio.create_task(stuck())
    await asyncio.sleep(0)
    assert await gate.close(timeout=0.01) == 1
    task.cancel()


def test_every_button_and_select_passes_the_gate() -> None:
    for item in (*DYNAMIC_ITEMS, UndoButton):
        assert issubclass(item, Gated), item.__name__


def test_a_button_that_does_not_pass_the_gate_cannot_be_registered() -> None:
    class Loose(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"loose:(?P<x>.)"):
        """A button that forgot to derive from Gated."""

    bot = GameBot(db_path=":memory:", extensions=())
    with pytest.raises(TypeError, match="Gated"):
        bot.add_dynamic_items(Loose)


def reconnect_record(error: BaseException) -> logging.LogRecord:
    try:
        raise error
    except BaseException:
        exc_info = sys.exc_info()
    return logging.LogRecord(
        "discord.client",
        logging.ERROR,
        __file__,
        1,
        "Attempting a reconnect in %.2fs",
        (1.5,),
        exc_info,
    )


def test_an_outage_is_one_line_however_many_reconnects_it_takes(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    outages = OutageLog()
    error = OSError("Network is unreachable")
    records = [reconnect_record(error) for _ in range(5)]
    kept = [r for r in records if outages.filter(r)]
    assert len(kept) == 1
    line = kept[0]
    assert (
        line.getMessage()
        == "Lost the connection to Discord (OSError: Network is unreachable); reconnecting"
    )
    assert line.exc_info is None and line.levelname == "WARNING"
    outages.back()
    assert any("Connected to Discord again" in r.getMessage() for r in caplog.records)
    outages.back()  # said once
    assert sum("Connected to Discord again" in r.getMessage() for r in caplog.records) == 1
    # the next outage is told again
    assert outages.filter(reconnect_record(error))
