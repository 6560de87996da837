"""Soak: a thousand games at once over two bot processes on PostgreSQL, one of them killed.

    .venv/bin/python bench/soak.py [--games 1000] [--target 30] [--think 0]
                                   [--url postgresql://...] [--postgres-only]

PostgreSQL run: the games' servers are split over two shards; two worker processes (each a
GameService with ``Shards(2, (i,))`` on its own connection pool, as two bot processes would
be) play every game of their shard at once, each game one asyncio task clicking with the
version it saw. When half the actions are in, worker 1 gets SIGKILL; a new worker 1 starts in
its place, finds its running games (``running_games()``, as the start-up repair does) and
plays them on. SQLite run: the same games in one worker process, killed and restarted the same
way. Without ``--url`` a temporary PostgreSQL server is started (tests/pgserver.py).

The game is the host tests' counting game (add 1-3 to a total, then "done"), so the figures
are the host's (load, lock, apply, version-checked save) rather than the engine's. Each action
is a pure function of (game id, version), so the whole log of every game is known in advance.
Checked at the end: every game finished; every game's action log is exactly the expected one
(nothing lost, nothing applied twice, no gap); every action a worker was told was saved is in
the log; replaying the log gives the saved state. Printed: actions per second over the whole
run (the kill and restart included) and act()'s median and p95 latency. Without ``--think``
every player clicks again as soon as answered, so the latency is mostly waiting in line behind
the other games' clicks; with ``--think 5`` each pauses 0-10 s before a click, as people do.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from host.errors import StaleAction  # noqa: E402
from host.service import GameService  # noqa: E402
from host.sharding import Shards  # noqa: E402
from host.store import Store  # noqa: E402
from tests.host.counting_game import CountingGame, CountingKind  # noqa: E402
from tests.pgserver import PostgresServer  # noqa: E402

SHARDS = 2
USERS = (101, 102)


def kinds() -> dict[str, CountingKind]:
    return {"count": CountingKind()}


def choose(game_id: int, game: CountingGame) -> str:
    """The action for this game at this version: the same in every process, every run."""
    if game.added:
        return "done"
    return f"add:{(game_id * 7 + game.version) % 3 + 1}"


def guild_for(index: int) -> int:
    """Server ids that alternate between shard 0 and shard 1."""
    return ((10_000 + index) << 22) | 1


# -- a worker process --------------------------------------------------------------------


async def play(  # type: ignore[no-untyped-def]
    service: GameService, game_id: int, acks, latencies: list[float], think: float
) -> None:
    pause = random.Random(game_id)
    record = await service.get(game_id)
    while record.status == "running":
        if think:
            await asyncio.sleep(pause.uniform(0, 2 * think))
        game = record.game
        assert isinstance(game, CountingGame)
        user = USERS[game.actors()[0]]
        started = time.perf_counter()
        try:
            update = await service.act(game_id, user, choose(game_id, game), version=record.version)
        except StaleAction:
            record = await service.get(game_id)
            continue
        latencies.append(time.perf_counter() - started)
        acks.write(f"{game_id} {update.record.version}\n")
        record = update.record


async def worker(
    target: str, shard: int | None, acks_path: str, stats_path: str, think: float
) -> None:
    store = await Store.open(target)
    shards = None if shard is None else Shards(SHARDS, (shard,))
    service = GameService(store, kinds=kinds(), shards=shards)
    latencies: list[float] = []
    with open(acks_path, "a", buffering=1, encoding="utf-8") as acks:
        games = await service.running_games()
        print(json.dumps({"picked_up": len(games)}), flush=True)
        await asyncio.gather(*(play(service, r.id, acks, latencies, think) for r in games))
    await store.close()
    Path(stats_path).write_text(json.dumps(latencies), encoding="utf-8")


# -- the coordinator ---------------------------------------------------------------------


@dataclass
class Outcome:
    label: str
    games: int
    actions: int
    seconds: float
    latencies: list[float]
    picked_up: int

    def line(self) -> str:
        ms = sorted(x * 1000 for x in self.latencies)
        p95 = ms[int(0.95 * (len(ms) - 1))]
        return (
            f"{self.label}: {self.games} games, {self.actions} actions in {self.seconds:.1f} s"
            f" = {self.actions / self.seconds:.0f} actions/s; act() median"
            f" {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms; the restarted worker picked up"
            f" {self.picked_up} running games"
        )


def expected_log(game_id: int, players: int, target: int, seed: int) -> list[str]:
    game = CountingKind().new_game(players, {"target": target, "seat_order": "joined"}, seed)
    log = []
    while not game.is_over:
        notation = choose(game_id, game)
        log.append(notation)
        game = game.apply(game.actors()[0], notation)
    return log


async def create_games(target: str, games: int, goal: int) -> dict[int, int]:
    """Started games, half on each shard; game id -> seed."""
    seeds: dict[int, int] = {}
    async with await Store.open(target) as store:
        service = GameService(store, kinds=kinds(), seed_source=lambda: len(seeds) + 1)
        for i in range(games):
            record = await service.open_lobby(
                kind="count",
                guild_id=guild_for(i),
                channel_id=1_000_000 + i,
                host_id=USERS[0],
                host_name="Anna",
                options={"target": goal, "seat_order": "joined"},
            )
            await service.join(record.id, USERS[1], "Ben")
            started = await service.start(record.id, USERS[0])
            assert started.record.seed is not None
            seeds[record.id] = started.record.seed
    return seeds


async def spawn(
    target: str, shard: int | None, folder: Path, name: str, think: float
) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "worker",
        target,
        "" if shard is None else str(shard),
        str(folder / f"acks-{name}.txt"),
        str(folder / f"stats-{name}.json"),
        str(think),
        stdout=asyncio.subprocess.PIPE,
    )


async def picked_up(process: asyncio.subprocess.Process) -> int:
    assert process.stdout is not None
    line = await process.stdout.readline()
    return int(json.loads(line)["picked_up"])


async def actions_saved(store: Store) -> int:
    row = await store._fetchone("SELECT COUNT(*) AS n FROM actions")
    return 0 if row is None else int(row["n"])


async def run(
    label: str, target: str, games: int, goal: int, two_processes: bool, think: float
) -> Outcome:
    seeds = await create_games(target, games, goal)
    expected = {g: expected_log(g, 2, goal, seed) for g, seed in seeds.items()}
    total = sum(len(log) for log in expected.values())
    folder = Path(tempfile.mkdtemp(prefix="rattus-soak-"))
    shards: list[int | None] = [0, 1] if two_processes else [None]
    started = time.perf_counter()
    workers = [await spawn(target, s, folder, f"w{i}", think) for i, s in enumerate(shards)]
    for process in workers:
        await picked_up(process)
    async with await Store.open(target) as watcher:
        while await actions_saved(watcher) < total // 2:
            await asyncio.sleep(0.25)
    victim = workers[-1]
    os.kill(victim.pid, signal.SIGKILL)
    await victim.wait()
    assert victim.returncode == -signal.SIGKILL
    workers[-1] = await spawn(target, shards[-1], folder, "restarted", think)
    resumed = await picked_up(workers[-1])
    for process in workers:
        await process.communicate()
        assert process.returncode == 0, f"a worker failed ({process.returncode})"
    seconds = time.perf_counter() - started

    acked: set[tuple[int, int]] = set()
    for path in folder.glob("acks-*.txt"):
        for line in path.read_text(encoding="utf-8").splitlines():
            parts = line.split()
            if len(parts) == 2:  # the killed worker may have left half a line
                acked.add((int(parts[0]), int(parts[1])))
    latencies: list[float] = []
    for path in folder.glob("stats-*.json"):
        latencies += json.loads(path.read_text(encoding="utf-8"))
    shutil.rmtree(folder, ignore_errors=True)

    async with await Store.open(target) as store:
        service = GameService(store, kinds=kinds())
        for game_id, log in expected.items():
            record = await service.get(game_id)
            assert record.status == "finished", f"game {game_id} did not finish"
            saved = await service.action_log(game_id, limit=10_000)
            assert [e.notation for e in saved] == log, f"game {game_id}: log differs"
            assert [e.version for e in saved] == list(range(1, len(log) + 1))
            assert {(game_id, e.version) for e in saved} >= {a for a in acked if a[0] == game_id}
            assert (await service.replay(game_id)).to_dict() == record.game.to_dict()  # type: ignore[union-attr]
    assert {g for g, _ in acked} <= set(expected), "an acknowledged action of an unknown game"
    return Outcome(label, games, total, seconds, latencies, resumed)


async def main_async(args: argparse.Namespace) -> None:
    server = None
    url = args.url
    if url is None:
        server = PostgresServer.start()
        url = server.create_database()
    try:
        postgres = await run(
            "PostgreSQL, 2 processes",
            url,
            args.games,
            args.target,
            two_processes=True,
            think=args.think,
        )
        print(postgres.line(), flush=True)
        if args.postgres_only:
            return
        with tempfile.TemporaryDirectory() as folder:
            sqlite = await run(
                "SQLite, 1 process",
                str(Path(folder) / "soak.sqlite3"),
                args.games,
                args.target,
                two_processes=False,
                think=args.think,
            )
        print(sqlite.line(), flush=True)
        print("every game finished; every log complete, in order, without repeats; replays match")
    finally:
        if server is not None:
            server.stop()


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "worker":
        target, shard, acks, stats, think = sys.argv[2:7]
        asyncio.run(worker(target, int(shard) if shard else None, acks, stats, float(think)))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--target", type=int, default=30, help="each game's total to reach")
    parser.add_argument("--url", help="an empty PostgreSQL database (default: a temporary server)")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="each player pauses 0 to 2x this many seconds before a click (default: none)",
    )
    parser.add_argument("--postgres-only", action="store_true", help="skip the SQLite run")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
