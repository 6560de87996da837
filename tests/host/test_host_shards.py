"""Which process owns which game: Discord's shard of the game's server."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from host.service import GameService
from host.sharding import Shards, parse_shard_ids, shard_of
from host.store import Store


def guild_on(shard: int, count: int, n: int = 1) -> int:
    """A server id (a snowflake) whose events go to ``shard`` of ``count``."""
    return ((1_000_000 + n * count + shard) << 22) | 12345


def test_the_shard_of_a_server_is_discords_formula() -> None:
    assert shard_of(None, 4) == 0
    assert shard_of(41771983423143937, 1) == 0
    assert shard_of(41771983423143937, 4) == (41771983423143937 >> 22) % 4
    for shard in range(4):
        assert shard_of(guild_on(shard, 4), 4) == shard


def test_shard_ids_parse_lists_and_ranges() -> None:
    assert parse_shard_ids("0-2, 5", 8) == (0, 1, 2, 5)
    assert parse_shard_ids("3,1,1", 4) == (1, 3)
    with pytest.raises(ValueError, match="does not exist"):
        parse_shard_ids("2-4", 4)
    assert Shards.all_of(3).is_all and not Shards(3, (1,)).is_all
    assert Shards(2, (0,)).owns(None) and not Shards(2, (1,)).owns(None)


async def test_each_process_repairs_only_the_games_of_its_shards(
    store: Store, make_service: Callable[[Store], GameService]
) -> None:
    everyone = make_service(store)
    games: dict[int, int] = {}
    for channel, guild in enumerate(
        [guild_on(0, 2), guild_on(1, 2), guild_on(1, 2, n=7), None], start=10
    ):
        record = await everyone.open_lobby(
            kind="count", guild_id=guild, channel_id=channel, host_id=1, host_name="A", options={}
        )
        await everyone.join(record.id, 2, "B")
        await everyone.start(record.id, 1)
        games[channel] = record.id
    lobby = await everyone.open_lobby(
        kind="count", guild_id=guild_on(1, 2), channel_id=20, host_id=1, host_name="A", options={}
    )

    first = GameService(store, kinds=everyone.kinds, shards=Shards(2, (0,)))
    second = GameService(store, kinds=everyone.kinds, shards=Shards(2, (1,)))
    both = GameService(store, kinds=everyone.kinds, shards=Shards.all_of(2))
    assert [r.id for r in await first.running_games()] == [games[10], games[13]]
    assert [r.id for r in await second.running_games()] == [games[11], games[12]]
    assert [r.id for r in await both.running_games()] == sorted(games.values())
    assert [r.id for r in await everyone.running_games()] == sorted(games.values())
    assert lobby.id not in games.values()
