"""Timed work claimed by one process at a time, on both backends; on PostgreSQL two stores
claiming at once never get the same job."""

from __future__ import annotations

import asyncio

from host.jobs import Job
from host.sharding import Shards
from host.store import Store
from tests.host.test_host_shards import guild_on


async def game_in(store: Store, guild_id: int | None, channel_id: int) -> int:
    return await store.create_game(
        kind="count",
        guild_id=guild_id,
        channel_id=channel_id,
        host_user_id=1,
        host_name="Anna",
        options={},
        now=1.0,
    )


async def test_due_jobs_are_claimed_once_until_the_lease_runs_out(store: Store) -> None:
    game_id = await game_in(store, 5, 10)
    late = await store.jobs.schedule("reminder", 200.0, game_id=game_id, payload={"seat": 1})
    early = await store.jobs.schedule("turn_timer", 100.0, game_id=game_id)
    await store.jobs.schedule("turn_timer", 999.0, game_id=game_id)

    assert await store.jobs.claim_due("a", 50.0, lease=30.0) == []
    claimed = await store.jobs.claim_due("a", 250.0, lease=30.0)
    assert [j.id for j in claimed] == [early, late]
    assert claimed[1] == Job(late, "reminder", game_id, 200.0, {"seat": 1}, "a", 280.0, 1)
    assert await store.jobs.claim_due("b", 260.0, lease=30.0) == []

    # "a" died: when its lease runs out, "b" gets the jobs; "a" can no longer end them.
    again = await store.jobs.claim_due("b", 280.0, lease=30.0, limit=1)
    assert [(j.id, j.claimed_by, j.attempts) for j in again] == [(early, "b", 2)]
    assert not await store.jobs.finish(early, "a")
    assert await store.jobs.finish(early, "b")
    assert not await store.jobs.finish(early, "b")

    [taken] = await store.jobs.claim_due("b", 281.0, lease=30.0)
    assert taken.id == late
    assert await store.jobs.retry(late, "b", 500.0)
    assert await store.jobs.claim_due("c", 400.0, lease=30.0) == []
    assert [j.id for j in await store.jobs.claim_due("c", 500.0, lease=30.0)] == [late]

    assert len(await store.jobs.pending(game_id)) == 2
    assert await store.jobs.cancel_for_game(game_id, "turn_timer") == 1
    assert [j.kind for j in await store.jobs.pending()] == ["reminder"]


async def test_a_process_claims_only_the_jobs_of_its_shards(store: Store) -> None:
    on_0 = await game_in(store, guild_on(0, 2), 10)
    on_1 = await game_in(store, guild_on(1, 2), 11)
    jobs = {
        "zero": await store.jobs.schedule("t", 1.0, game_id=on_0),
        "one": await store.jobs.schedule("t", 1.0, game_id=on_1),
        "none": await store.jobs.schedule("t", 1.0),
    }
    first = await store.jobs.claim_due("p0", 5.0, lease=9.0, shards=Shards(2, (0,)))
    second = await store.jobs.claim_due("p1", 5.0, lease=9.0, shards=Shards(2, (1,)))
    assert {j.id for j in first} == {jobs["zero"], jobs["none"]}
    assert {j.id for j in second} == {jobs["one"]}


async def test_jobs_go_with_their_game(store: Store) -> None:
    game_id = await game_in(store, 5, 10)
    await store.jobs.schedule("t", 1.0, game_id=game_id)
    async with store.backend.transaction() as db:
        await db.execute("DELETE FROM games WHERE id = ?", (game_id,))
    assert await store.jobs.pending() == []


async def test_two_processes_claiming_at_once_split_the_jobs(postgres_url: str) -> None:
    stores = [await Store.open(postgres_url) for _ in range(2)]
    try:
        ids = {await stores[0].jobs.schedule("t", float(i)) for i in range(120)}

        async def drain(store: Store, owner: str) -> list[int]:
            got: list[int] = []
            while batch := await store.jobs.claim_due(owner, 1000.0, lease=60.0, limit=7):
                got += [j.id for j in batch]
                await asyncio.sleep(0)
            return got

        outcomes = await asyncio.gather(*(drain(stores[n % 2], f"p{n}") for n in range(6)))
        claimed = [job for got in outcomes for job in got]
        assert sorted(claimed) == sorted(ids), "a job claimed twice, or one left behind"
        assert sum(1 for got in outcomes if got) > 1
    finally:
        for store in stores:
            await store.close()
