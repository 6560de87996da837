"""Several bot processes on one PostgreSQL database, each running some of Discord's shards:
a game belongs to the process of its server's shard, and a process started in its place
repairs its tables; a process of another shard leaves them alone."""

from __future__ import annotations

import bot
from cogs.runtime.client import ShardedGameBot
from cogs.runtime.games import game_kinds
from host.service import GameService
from host.sharding import Shards, shard_of
from host.store import Store
from tests.e2e.conftest import World
from tests.e2e.table import SEED, controls_of, text_of
from tests.e2e.test_full_game import open_game
from tests.fakediscord import FakeDiscord


def shard_process(fake: FakeDiscord, url: str, world: World, shard: int) -> ShardedGameBot:
    """The real bot from bot.py as the process that runs ``shard`` of 2."""
    settings = bot.Settings(
        token=fake.token, db_path=url, dev_guild=world.guild.id, shards=Shards(2, (shard,))
    )
    client = bot.build_bot(settings, seed_source=lambda: SEED)
    assert isinstance(client, ShardedGameBot)
    return client


async def test_only_the_owning_shards_process_repairs_a_game(
    world: World, postgres_url: str
) -> None:
    fake = world.fake
    home = shard_of(world.guild.id, 2)
    owner = shard_process(fake, postgres_url, world, home)
    async with fake.running(owner):
        assert (owner.shard_count, owner.shard_ids) == (2, [home])
        table = await open_game(world, owner)
        await table.step()
        old_table = table.table_message()

    # The owner died between saving an action and posting the table.
    async with await Store.open(postgres_url) as store:
        service = GameService(store, kinds=game_kinds())
        record = await service.get(table.game_id)
        seat = record.game.actors()[0]
        await service.act(
            table.game_id, record.user_of(seat), record.game.legal_actions(seat)[0].notation
        )

    other = shard_process(fake, postgres_url, world, 1 - home)
    async with fake.running(other):
        await fake.wait_for(other.repaired.is_set, what="start-up repair")
        assert table.table_message()["id"] == old_table["id"], "another shard's game was touched"
        assert await other.service.running_games() == []

    replacement = shard_process(fake, postgres_url, world, home)
    async with fake.running(replacement):
        await fake.wait_for(replacement.repaired.is_set, what="start-up repair")
        table.client = replacement
        current = table.table_message()
        assert current["id"] != old_table["id"]
        assert f"Move {record.version + 1}" in text_of(current)
        assert controls_of(fake.message(old_table)) == []
        await table.step()
        assert (await table.record()).version > record.version + 1
