"""The lobby message follows its game: a link to the table once it starts, to the result once
it ends; a lobby saved but never posted (a crash in between) is posted at start-up."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.runtime.games import game_kinds
from host.service import GameService
from host.store import Store
from tests.e2e.conftest import World
from tests.e2e.seeded import play_seeded
from tests.e2e.table import buttons_of, make_bot, restart, text_of
from tests.e2e.test_deciders import open_seated


def lobby_of(fake: Any, world: World) -> dict[str, Any]:
    return next(m for m in fake.messages(world.channel) if "lobby" in text_of(m))


@pytest.mark.slow
async def test_the_lobby_links_to_the_table_and_then_to_the_result(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_seated(world, client, [world.anna, world.ben])
        lobby = lobby_of(fake, world)
        first_table = table.table_message()
        assert "has started" in text_of(lobby)
        assert f"/{first_table['id']})" in text_of(lobby)
        assert buttons_of(lobby) == []

        await play_seeded(client, table.game_id, 3, lambda r: r.status == "finished", limit=800)
        final = fake.last_message(world.channel)
        assert final is not None and "Final scores" in text_of(final)
        lobby = fake.message(lobby)
        assert "finished" in text_of(lobby) and f"/{final['id']})" in text_of(lobby)


async def test_a_lobby_saved_but_never_posted_is_posted_at_start(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    async with await Store.open(db) as store:
        lobby = await GameService(store, kinds=game_kinds()).open_lobby(
            kind="rattus",
            guild_id=world.guild.id,
            channel_id=world.channel.id,
            host_id=world.anna.id,
            host_name="Anna",
            options={},
        )

    async with restart(fake, db, world.guild):
        posted = [m for m in fake.messages(world.channel) if f"game #{lobby.id}" in text_of(m)]
        assert len(posted) == 1
        joined = await fake.click(world.ben, posted[0], label="Join")
        await joined.wait_reply()
        assert "Ben" in text_of(fake.message(posted[0]))

    async with restart(fake, db, world.guild):
        assert len([m for m in fake.messages(world.channel) if buttons_of(m)]) == 1


async def test_secrets_owed_when_the_bot_stopped_are_sent_once_at_start(
    world: World, tmp_path: Any
) -> None:
    """The game started (region card hands dealt) while the bot was down before its DMs."""
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    async with await Store.open(db) as store:
        service = GameService(store, kinds=game_kinds(), seed_source=lambda: 7)
        lobby = await service.open_lobby(
            kind="rattus",
            guild_id=world.guild.id,
            channel_id=world.channel.id,
            host_id=world.anna.id,
            host_name="Anna",
            options={"expansions": ["africanus"]},
        )
        await service.join(lobby.id, world.ben.id, "Ben")
        await service.start(lobby.id, world.anna.id)
        assert len(await service.channels.pending_dms(lobby.id)) == 2

    async with restart(fake, db, world.guild) as client:
        for person in (world.anna, world.ben):
            dms = fake.dms(person)
            assert len(dms) == 1 and "Your region cards" in text_of(dms[0])
        assert await client.service.channels.pending_dms() == []

    async with restart(fake, db, world.guild):
        assert len(fake.dms(world.anna)) == 1 and len(fake.dms(world.ben)) == 1
