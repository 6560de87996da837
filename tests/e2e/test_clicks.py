"""Clicks by the wrong people, on old components, or at the same moment change nothing."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.e2e.conftest import World
from tests.e2e.table import (
    choose,
    click_as_seen,
    make_bot,
    past_placement,
    press,
    selects_of,
    text_of,
)
from tests.e2e.test_full_game import open_game


async def test_a_non_player_and_a_waiting_player_are_told_and_nothing_changes(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        before = await table.record()
        message = table.table_message()
        select = selects_of(message)[0]
        place = [select["options"][0]["value"]]

        stranger = await fake.select(world.dave, message, select["custom_id"], place)
        assert text_of(await stranger.wait_reply()) == "You are not in this game."
        assert stranger.ephemeral

        waiting = await fake.select(world.cleo, message, select["custom_id"], place)
        assert text_of(await waiting.wait_reply()) == "It's not your turn: waiting for Anna."
        assert waiting.ephemeral

        typed = await fake.slash(
            world.ben, world.channel, "rattus", "play", options={"action": "place:gallia"}
        )
        assert "not your turn" in text_of(await typed.wait_reply())

        after = await table.record()
        assert after.version == before.version
        assert fake.message(message) == message
        assert await client.service.action_log(table.game_id) == []


async def test_a_stale_select_answers_with_the_current_state(world: World, tmp_path: Any) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        await past_placement(table)
        anna = world.anna
        # Her first choice on the table opens her private panel; it goes stale when she
        # plays on by typing.
        old_panel = await choose(fake, anna, table.table_message(), "take:witch")
        played = await fake.slash(
            world.anna, world.channel, "rattus", "play", options={"action": "place:gallia"}
        )
        assert "✅" in text_of(await played.wait_reply())
        version = (await table.record()).version

        select = next(s for s in selects_of(old_panel) if s["custom_id"].endswith(":plague:s0"))
        option = select["options"][0]["value"]
        stale = await fake.select(anna, old_panel, select["custom_id"], [option])
        answer = text_of(await stale.wait_reply())
        assert "older moment of the game" in answer
        assert "Anna" in answer and "to decide" in answer
        assert (await table.record()).version == version


async def test_two_clicks_at_the_same_moment_only_one_wins(world: World, tmp_path: Any) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        await past_placement(table)
        anna = world.anna
        first = await press(fake, anna, table.table_message(), "take")
        second = await press(fake, anna, table.table_message(), "take")
        version = (await table.record()).version

        select = selects_of(first)[0]["custom_id"]
        clicks = [
            await click_as_seen(fake, anna, first, select, ["take:witch"]),
            await click_as_seen(fake, anna, second, select, ["take:king"]),
        ]
        replies = await asyncio.gather(*(click.wait_reply() for click in clicks))
        texts = [text_of(reply) for reply in replies]
        assert sum("✅" in text for text in texts) == 1
        assert sum("older moment of the game" in text for text in texts) == 1
        record = await table.record()
        assert record.version == version + 1
        assert len(await client.service.action_log(table.game_id, limit=100)) == version + 1
