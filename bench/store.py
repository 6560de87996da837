"""Store writes per second on a file database, and whole service actions per second.

    .venv/bin/python bench/store.py [writes]

The first figure is ``Store.save_action`` alone (one transaction: the new state of a real
mid-game Rattus position plus one action row). The second is ``GameService.act`` over whole
random 3-player games: load, engine apply, save, build the update.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

from host.rattus_kind import RattusKind
from host.service import GameService
from host.store import NewAction, Store

USERS = (1, 2, 3)


async def mid_game_state() -> dict[str, object]:
    kind = RattusKind()
    game = kind.new_game(3, kind.validate_options({}), seed=11)
    rng = random.Random(11)
    for _ in range(60):
        seat = game.actors()[0]
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game.to_dict()


async def bench_save_action(path: Path, writes: int) -> float:
    state = await mid_game_state()
    async with await Store.open(path) as store:
        game_id = await store.create_game(
            kind="rattus",
            guild_id=1,
            channel_id=1,
            host_user_id=1,
            host_name="Anna",
            options={},
            now=0.0,
        )
        lobby = await store.load(game_id)
        assert lobby is not None
        await store.start_game(game_id, seats=lobby.seats, seed=1, state=state, version=0, now=0.0)
        started = time.perf_counter()
        for version in range(writes):
            action = NewAction(seat=0, user_id=1, notation="place:gallia", label=None, at=0.0)
            await store.save_action(game_id, version, version + 1, state, action)
        return writes / (time.perf_counter() - started)


async def bench_act(path: Path, actions: int) -> float:
    async with await Store.open(path) as store:
        service = GameService(store, kinds={"rattus": RattusKind()})
        rng = random.Random(5)
        done = 0
        elapsed = 0.0
        channel = 100
        while done < actions:
            channel += 1
            lobby = await service.open_lobby(
                kind="rattus",
                guild_id=1,
                channel_id=channel,
                host_id=USERS[0],
                host_name="Anna",
                options={},
            )
            for user in USERS[1:]:
                await service.join(lobby.id, user, f"Player {user}")
            record = (await service.start(lobby.id, USERS[0])).record
            while record.status == "running" and done < actions:
                game = record.game
                assert game is not None
                seat = game.actors()[0]
                actor = record.user_of(seat)
                assert actor is not None
                notation = rng.choice(game.legal_actions(seat)).notation
                started = time.perf_counter()
                record = (
                    await service.act(record.id, actor, notation, version=record.version)
                ).record
                elapsed += time.perf_counter() - started
                done += 1
        return done / elapsed


async def main() -> None:
    writes = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    with tempfile.TemporaryDirectory() as tmp:
        per_second = await bench_save_action(Path(tmp) / "bench-save.sqlite3", writes)
        print(f"store writes (save_action, file db, WAL): {per_second:,.0f} per second")
        acts = await bench_act(Path(tmp) / "bench-act.sqlite3", writes // 2)
        print(f"service actions (act: load, apply, save):  {acts:,.0f} per second")


if __name__ == "__main__":
    asyncio.run(main())
