"""/healthz and /metrics, served by the real bot against the fake Discord."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import socket
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

import bot
from cogs.runtime.client import GameBot
from host import logs
from tests.e2e.conftest import World
from tests.e2e.table import SEED
from tests.e2e.test_full_game import open_game


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def serving_bot(world: World, db: str, port: int) -> GameBot:
    settings = bot.Settings(
        token=world.fake.token, db_path=db, dev_guild=world.guild.id, http_port=port
    )
    return bot.build_bot(settings, seed_source=lambda: SEED)


async def get(port: int, path: str) -> tuple[int, str]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}{path}") as response,
    ):
        return response.status, await response.text()


def samples(text: str, name: str) -> dict[tuple[tuple[str, str], ...], float]:
    """Each sample of one metric family: its labels -> value."""
    found: dict[tuple[tuple[str, str], ...], float] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == name:
                found[tuple(sorted(sample.labels.items()))] = sample.value
    return found


async def healthy(port: int) -> bool:
    status, _ = await get(port, "/healthz")
    return status == 200


async def wait_healthy(port: int) -> None:
    for _ in range(400):
        if await healthy(port):
            return
        await asyncio.sleep(0.05)
    status, text = await get(port, "/healthz")
    raise AssertionError(f"never healthy: {status} {text}")


async def test_healthz_is_200_when_all_is_well_and_503_with_the_reason_when_the_database_goes(
    world: World, bot_db: str
) -> None:
    port = free_port()
    client = serving_bot(world, bot_db, port)
    async with world.fake.running(client):
        await world.fake.wait_for(client.repaired.is_set, what="start-up repair")
        await wait_healthy(port)
        assert await get(port, "/healthz") == (200, "ok\n")
        await client.service.store.close()  # the database goes away
        status, text = await get(port, "/healthz")
        assert status == 503
        assert text.startswith("database: not answering"), text
        assert "gateway" not in text and "clocks" not in text


async def test_metrics_count_a_played_games_actions_and_its_clicks(
    world: World, tmp_path: Path
) -> None:
    port = free_port()
    client = serving_bot(world, str(tmp_path / "games.sqlite3"), port)
    fake = world.fake
    async with fake.running(client):
        await fake.wait_for(client.repaired.is_set, what="start-up repair")
        _, before = await get(port, "/metrics")
        actions_before = samples(before, "rattus_actions_total").get((("game", "rattus"),), 0.0)
        table = await open_game(world, client, players=2)
        for _ in range(6):
            record = await client.service.get(table.game_id)
            assert record.game is not None
            seat = record.game.actors()[0]
            user = next(u for u in (world.anna, world.ben) if u.id == record.user_of(seat))
            choices = await fake.autocomplete(
                user, world.channel, "rattus", "play", focused="action", value=""
            )
            done = await fake.slash(
                user, world.channel, "rattus", "play", options={"action": choices[0]["value"]}
            )
            await done.wait_reply(timeout=30)
        status, text = await get(port, "/metrics")
        assert status == 200
        log = await client.service.action_log(table.game_id, limit=1000)
        actions = samples(text, "rattus_actions_total")[(("game", "rattus"),)] - actions_before
        assert actions == len(log) == 6
        assert samples(text, "rattus_games_running")[(("game", "rattus"),)] == 1
        assert samples(text, "rattus_games_running")[(("game", "cartus"),)] == 0
        commands = samples(text, "rattus_interactions_answered_total")[(("kind", "command"),)]
        assert commands >= 6 + 1  # the moves and /rattus new
        assert samples(text, "rattus_interaction_seconds_count")[(("kind", "command"),)] == commands
        assert samples(text, "rattus_owed_dms") == {(): 0.0}
        queries = samples(text, "rattus_db_query_seconds_count")
        assert sum(v for k, v in queries.items() if ("backend", "sqlite") in k) > 0


async def test_a_click_is_one_json_log_line_with_its_game_server_and_latency(
    world: World, tmp_path: Path
) -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.JsonLines())
    root, gate = logging.getLogger(), logging.getLogger("cogs.runtime.gate")
    root.addHandler(handler)
    gate.setLevel(logging.INFO)
    try:
        client = serving_bot(world, str(tmp_path / "games.sqlite3"), free_port())
        async with world.fake.running(client):
            await world.fake.wait_for(client.repaired.is_set, what="start-up repair")
            await open_game(world, client, players=2)
    finally:
        root.removeHandler(handler)
        gate.setLevel(logging.NOTSET)
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert all({"time", "level", "logger", "message"} <= set(line) for line in lines)
    handled = [line for line in lines if line["message"].startswith("component ")]
    joins = [line for line in handled if line.get("action") == "lobby"]
    assert joins, lines
    join: dict[str, Any] = joins[0]
    assert join["server"] == world.guild.id and isinstance(join["game"], int)
    assert join["latency_ms"] >= 0


@pytest.mark.parametrize("value", ["http", "0", "70000"])
def test_a_bad_http_port_is_refused_in_one_line(value: str, tmp_path: Path) -> None:
    with pytest.raises(bot.SettingsError, match="RATTUS_HTTP_PORT"):
        bot.load_settings({"DISCORD_TOKEN": "t", "RATTUS_HTTP_PORT": value}, tmp_path / "x")


def test_the_log_format_is_plain_or_json(tmp_path: Path) -> None:
    with pytest.raises(bot.SettingsError, match="RATTUS_LOG_FORMAT"):
        bot.load_settings({"DISCORD_TOKEN": "t", "RATTUS_LOG_FORMAT": "xml"}, tmp_path / "x")
    settings = bot.load_settings(
        {"DISCORD_TOKEN": "t", "RATTUS_LOG_FORMAT": "JSON", "RATTUS_HTTP_PORT": "9300"},
        tmp_path / "x",
    )
    assert (settings.log_format, settings.http_port, settings.http_host) == (
        "json",
        9300,
        "127.0.0.1",
    )
