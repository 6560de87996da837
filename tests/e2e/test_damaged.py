"""A saved game that cannot be read is set aside; every other game and command goes on."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from typing import Any

import pytest

from tests.e2e.conftest import World
from tests.e2e.table import make_bot, restart, text_of
from tests.e2e.test_deciders import open_seated

TOLD = "could not be loaded"


@pytest.mark.parametrize(
    "damage",
    ["substr(state, 1, 200)", "'{\"players\": 3}'"],
    ids=["truncated JSON", "not a game's state"],
)
async def test_a_damaged_game_is_set_aside_and_the_others_go_on(
    world: World, tmp_path: Any, caplog: pytest.LogCaptureFixture, damage: str
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    people = [world.anna, world.ben]
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        broken = await open_seated(world, client, people)
        healthy = await open_seated(world, client, people, channel=world.other_channel)
        # the secrets dealt at the start go out after the table: let them all be sent before
        # the bot stops, or the stop cuts a send short and logs an error of its own
        for game in (broken, healthy):
            for _ in range(1000):
                if not await client.service.channels.pending_dms(game.game_id):
                    break
                await asyncio.sleep(0.01)

    with sqlite3.connect(db) as conn:
        conn.execute(f"UPDATE games SET state = {damage} WHERE id = ?", (broken.game_id,))

    async with restart(fake, db, world.guild) as restarted:
        healthy.client = restarted
        broken.client = restarted
        await healthy.step()
        assert (await healthy.record()).version > 0

        games = await fake.slash(world.anna, world.other_channel, "rattus", "games")
        listed = text_of(await games.wait_reply())
        assert f"Game #{healthy.game_id}" in listed and "Something went wrong" not in listed

        for command in ("status", "board", "log", "hand", "play"):
            options = {"action": "done"} if command == "play" else {}
            answer = await fake.slash(world.ben, world.channel, "rattus", command, options=options)
            text = text_of(await answer.wait_reply())
            assert "Something went wrong" not in text, (command, text)
        named = await fake.slash(
            world.ben, world.other_channel, "rattus", "status", options={"game": broken.game_id}
        )
        assert TOLD in text_of(await named.wait_reply())

        opened = await fake.slash(world.ben, world.channel, "rattus", "new")
        assert "lobby" in text_of(await opened.wait_reply())
        lobby = await restarted.service.game_in_channel(world.channel.id)
        for _ in range(200):
            if await restarted.service.channels.table_messages(lobby.id):
                break
            await asyncio.sleep(0.01)

        told = [m for m in fake.messages(world.channel) if TOLD in text_of(m)]
        assert len(told) == 1
        with sqlite3.connect(db) as conn:
            kept = conn.execute(
                "SELECT state FROM games WHERE id = ?", (broken.game_id,)
            ).fetchone()
            marked = conn.execute("SELECT count(*) FROM damaged_games").fetchone()
        assert kept[0] is not None and marked == (1,)

    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and f"Game #{broken.game_id}" in errors[0].getMessage()
    assert errors[0].exc_info is not None
    caplog.clear()
