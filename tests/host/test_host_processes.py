"""Two services on one PostgreSQL database, as two bot processes would be: one game, many
clicks at once from both, and every action is applied exactly once."""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from host.errors import NotYourTurn, StaleAction
from host.service import GameService
from host.store import Store

ANNA, BEN = 1, 2
USERS = {0: ANNA, 1: BEN}


@pytest.fixture
async def two(
    postgres_url: str, make_service: Callable[[Store], GameService]
) -> AsyncIterator[tuple[GameService, GameService]]:
    first, second = await Store.open(postgres_url), await Store.open(postgres_url)
    try:
        yield make_service(first), make_service(second)
    finally:
        await first.close()
        await second.close()


async def started(service: GameService, target: int, channel_id: int = 10) -> int:
    record = await service.open_lobby(
        kind="count",
        guild_id=5,
        channel_id=channel_id,
        host_id=ANNA,
        host_name="Anna",
        options={"target": target},
    )
    await service.join(record.id, BEN, "Ben")
    await service.start(record.id, ANNA)
    return record.id


async def test_many_clicks_at_once_from_two_processes_apply_each_action_once(
    two: tuple[GameService, GameService],
) -> None:
    first, second = two
    game_id = await started(first, target=15)
    rng = random.Random(5)
    applied = 0
    record = await second.get(game_id)
    while record.status == "running":
        assert record.game is not None
        [seat] = record.game.actors()
        user = USERS[seat]
        legal = [a.notation for a in await first.legal_actions(game_id, user)]
        clicks = [
            service.act(game_id, user, rng.choice(legal), version=record.version)
            for _ in range(8)
            for service in (first, second)
        ]
        outcomes = await asyncio.gather(*clicks, return_exceptions=True)
        wins = [o for o in outcomes if not isinstance(o, BaseException)]
        assert len(wins) == 1, outcomes
        assert all(isinstance(o, StaleAction) for o in outcomes if o not in wins)
        applied += 1
        record = await (first if applied % 2 else second).get(game_id)
        assert record.version == wins[0].record.version == applied

    log = await first.action_log(game_id, limit=1000)
    assert [entry.version for entry in log] == list(range(1, applied + 1))
    assert (await second.replay(game_id)).to_dict() == record.game.to_dict()  # type: ignore[union-attr]
    assert len(await first.store.stats.results(game_id)) == 2


async def test_typed_actions_from_two_processes_wait_for_each_other(
    two: tuple[GameService, GameService],
) -> None:
    """Without a version each action is checked against the state when it runs: the other
    process's action is never lost to a stale read, only refused by the rules."""
    first, second = two
    game_id = await started(first, target=40)
    for _ in range(12):
        record = await first.get(game_id)
        assert record.game is not None
        user = USERS[record.game.actors()[0]]
        outcomes = await asyncio.gather(
            first.act(game_id, user, "add:1"),
            second.act(game_id, user, "done"),
            return_exceptions=True,
        )
        assert not any(isinstance(o, StaleAction) for o in outcomes), outcomes
        done_first = isinstance(outcomes[0], NotYourTurn)
        expected = 1 if done_first else 2
        assert sum(not isinstance(o, BaseException) for o in outcomes) == expected
        after = await second.get(game_id)
        assert after.version == record.version + expected
    log = await second.action_log(game_id, limit=1000)
    assert [entry.version for entry in log] == list(range(1, len(log) + 1))


async def test_a_game_held_by_one_process_waits_for_it(
    two: tuple[GameService, GameService],
) -> None:
    first, second = two
    game_id = await started(first, target=10)
    other = await started(first, target=10, channel_id=11)
    async with first.store.game_lock(game_id):
        blocked = asyncio.create_task(second.act(game_id, ANNA, "add:1", version=0))
        # The lock is per game: the other process plays another game meanwhile.
        assert (await second.act(other, ANNA, "add:1", version=0)).record.version == 1
        await asyncio.sleep(0.3)
        assert not blocked.done(), "the other process acted on a game this one holds"
    update = await blocked
    assert update.record.version == 1


HOLD_AND_HANG = """
import asyncio, sys
from host.store import Store

async def main(url, game_id):
    store = await Store.open(url)
    async with store.game_lock(game_id):
        await store.set_status(game_id, "abandoned", now=2.0, only_from=("lobby",))
        print("held", flush=True)
        await asyncio.sleep(3600)

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


async def test_a_process_killed_holding_a_game_loses_nothing_and_frees_it(
    postgres_url: str,
) -> None:
    """SIGKILL mid-action: PostgreSQL rolls back what was not committed and frees the game."""
    store = await Store.open(postgres_url)
    game_id = await store.create_game(
        kind="count",
        guild_id=5,
        channel_id=10,
        host_user_id=ANNA,
        host_name="Anna",
        options={"target": 5},
        now=1.0,
    )
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        HOLD_AND_HANG,
        postgres_url,
        str(game_id),
        stdout=asyncio.subprocess.PIPE,
        cwd=Path(__file__).parents[2],
    )
    try:
        assert process.stdout is not None
        assert await asyncio.wait_for(process.stdout.readline(), 60) == b"held\n"

        async def load_when_free() -> str:
            async with store.game_lock(game_id):
                loaded = await store.load(game_id)
            assert loaded is not None
            return loaded.status

        waiting = asyncio.create_task(load_when_free())
        await asyncio.sleep(0.3)
        assert not waiting.done(), "the game was free while the other process held it"
        process.kill()
        await process.wait()
        assert await asyncio.wait_for(waiting, 60) == "lobby"
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
        await store.close()
