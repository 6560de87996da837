"""Statistics and ratings: the cost of recording an ended game, and of reading the stats.

    .venv/bin/python bench/stats.py [games]

Plays ``games`` short 3-player games of the host tests' counting game among 60 people in one
server (SQLite file), each recorded when it ends; then times ``/rattus stats player`` and
``/rattus stats leaderboard``'s reads, and ``catch_up`` recording the same number of games that
ended without the hook (as after a crash, or for a database from before statistics).
"""

from __future__ import annotations

import asyncio
import itertools
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from host import stats
from host.service import GameService
from host.store import Store
from tests.host.counting_game import CountingKind

PEOPLE = 60
GUILD = 5


def service_for(store: Store) -> GameService:
    seeds = itertools.count(1)
    return GameService(store, kinds={"count": CountingKind()}, seed_source=lambda: next(seeds))


async def play(service: GameService, games: int, rng: random.Random) -> list[float]:
    """Games that end on their first action; the time of each ending action (ms)."""
    times = []
    for n in range(games):
        a, b, c = rng.sample(range(1, PEOPLE + 1), 3)
        record = await service.open_lobby(
            kind="count",
            guild_id=GUILD,
            channel_id=n + 1,
            host_id=a,
            host_name=f"P{a}",
            options={"target": 3},
        )
        await service.join(record.id, b, f"P{b}")
        await service.join(record.id, c, f"P{c}")
        await service.start(record.id, a)
        started = time.perf_counter()
        await service.act(record.id, a, "add:3")
        times.append((time.perf_counter() - started) * 1000)
    return times


async def timed(label: str, work: object, repeat: int = 20) -> None:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        await work()  # type: ignore[operator]
        samples.append((time.perf_counter() - started) * 1000)
    print(f"{label}: median {statistics.median(samples):.1f} ms")


async def main(games: int) -> None:
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        async with await Store.open(Path(folder) / "stats.sqlite3") as store:
            service = service_for(store)
            with_hook = await play(service, games, rng)
            print(
                f"{games} games: the ending action, recording included: median "
                f"{statistics.median(with_hook):.1f} ms"
            )
            await timed(
                "stats of one player",
                lambda: stats.player_stats(service, kind="count", user_id=1, guild_id=GUILD),
            )
            await timed(
                "server totals",
                lambda: stats.server_stats(service, kind="count", guild_id=GUILD),
            )
            await timed(
                "leaderboard (one pool)",
                lambda: stats.leaderboard(service, kind="count", guild_id=GUILD, pool="people"),
            )
        async with await Store.open(Path(folder) / "later.sqlite3") as store:
            service = service_for(store)
            hook = stats.game_ended

            async def skip(service: GameService, game_id: int) -> None:
                return None

            stats.game_ended = skip  # type: ignore[assignment]
            without = await play(service, games, rng)
            stats.game_ended = hook  # type: ignore[assignment]
            print(
                f"the ending action without recording: median {statistics.median(without):.1f} ms"
            )
            started = time.perf_counter()
            done = await stats.catch_up(service)
            spent = time.perf_counter() - started
            print(f"catch_up of {done} games: {spent:.2f} s ({spent / done * 1000:.1f} ms a game)")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 300))
