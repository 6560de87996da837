"""Channels the bot cannot post in, and table messages someone deleted."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from cogs.runtime.games import game_kinds
from host.service import GameService
from host.store import Store
from tests.e2e.conftest import World
from tests.e2e.table import delete_message, is_play, make_bot, text_of
from tests.e2e.test_full_game import open_game
from tests.fakediscord import ADMIN_PERMISSIONS


def has_table(message: dict[str, Any]) -> bool:
    return is_play(message)


async def test_no_lobby_or_spectating_where_the_bot_cannot_post(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    fake.forbid_bot(world.other_channel)
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        refused = await fake.slash(world.anna, world.other_channel, "rattus", "new")
        answer = text_of(await refused.wait_reply())
        assert refused.ephemeral
        assert "I can't host a game here" in answer and "Send Messages" in answer
        assert await client.service.game_in_channel(world.other_channel.id) is None

        table = await open_game(world, client)
        follow = await fake.slash(
            world.dave, world.other_channel, "rattus", "spectate", options={"game": table.game_id}
        )
        answer = text_of(await follow.wait_reply())
        assert "I can't show a game here" in answer and "Attach Files" in answer
        assert await client.service.channels.spectator_channels(table.game_id) == []
        assert fake.rejected == []


async def test_a_spectator_channel_the_bot_lost_stops_following_and_the_game_goes_on(
    world: World, tmp_path: Any, caplog: pytest.LogCaptureFixture
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        follow = await fake.slash(
            world.dave, world.other_channel, "rattus", "spectate", options={"game": table.game_id}
        )
        await follow.wait_reply()
        fake.forbid_bot(world.other_channel)

        await table.step()
        await table.step()
        assert (await table.record()).version == 2
        assert await client.service.channels.spectator_channels(table.game_id) == []
        assert "Move 2" in text_of(table.table_message())
        lost = [r for r in caplog.records if "stops following" in r.getMessage()]
        assert len(lost) == 1 and lost[0].levelno == logging.WARNING
        assert [r.status for r in fake.rejected] == [403]


async def test_a_deleted_table_message_is_posted_again_at_once(world: World, tmp_path: Any) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        await table.step()
        deleted = table.table_message()
        delete_message(fake, deleted)

        again = await fake.wait_for_message(world.channel, has_table)
        assert again["id"] != deleted["id"]
        assert f"Move {(await table.record()).version}" in text_of(again)
        await table.step()
        assert (await table.record()).version == 2

        finished_lobby = fake.messages(world.channel)[0]
        delete_message(fake, finished_lobby)
        await table.step()
        assert len([m for m in fake.messages(world.channel) if has_table(m)]) == 1
        assert fake.rejected == [] and fake.unhandled == []


async def test_start_up_repair_in_a_channel_it_lost_is_a_calm_warning(
    world: World, tmp_path: Any, caplog: pytest.LogCaptureFixture
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        table = await open_game(world, client)

    async with await Store.open(db) as store:
        service = GameService(store, kinds=game_kinds())
        record = await service.get(table.game_id)
        seat = record.game.actors()[0]
        notation = record.game.legal_actions(seat)[0].notation
        await service.act(table.game_id, record.user_of(seat), notation)
    fake.forbid_bot(world.channel)

    restarted = make_bot(fake, db, world.guild)
    async with fake.running(restarted):
        await fake.wait_for(restarted.repaired.is_set, what="start-up repair")
    warned = [r for r in caplog.records if "Could not repair" in r.getMessage()]
    assert len(warned) == 1 and warned[0].exc_info is None
    assert f"game #{table.game_id}" in warned[0].getMessage()


async def test_an_abandoned_game_tells_its_spectators_and_pings_nobody(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    prankster = fake.add_user(f"<@{world.ben.id}> @everyone", permissions=ADMIN_PERMISSIONS)
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        follow = await fake.slash(
            world.dave, world.other_channel, "rattus", "spectate", options={"game": table.game_id}
        )
        await follow.wait_reply()
        ended = await fake.slash(prankster, world.channel, "rattus", "abandon")
        await ended.wait_reply()

        home = fake.last_message(world.channel)
        watched = fake.last_message(world.other_channel)
        assert home is not None and watched is not None
        assert f"Game #{table.game_id} was abandoned" in home["content"]
        assert "no longer follows it" in watched["content"]
        assert home["mentions"] == [] and watched["mentions"] == []
        assert await client.service.channels.spectator_channels(table.game_id) == []
