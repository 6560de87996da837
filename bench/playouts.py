"""Random playouts per second and median actions per game: Rattus for 2, 3 and 4 players,
in the base game and with the expansions, and Rattus Cartus for 2 to 5 players.

Usage: python bench/playouts.py [games per row] [rattus | cartus]   (both games by default)
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import cartus, rattus


def playout(players: int, seed: int, expansions: frozenset[str] = frozenset()) -> int:
    rng = random.Random(seed)
    game = rattus.new_game(players, expansions=expansions, seed=seed)
    actions = 0
    while not game.is_over:
        seat = game.actors()[0]
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
        actions += 1
    return actions


def cartus_playout(players: int, seed: int) -> int:
    rng = random.Random(seed)
    game = cartus.new_game(players, buildings="random", seed=seed)
    actions = 0
    while not game.is_over:
        seat = rng.choice(game.actors())
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
        actions += 1
    return actions


def _row(name: str, games: int, play: Callable[[int], int]) -> None:
    counts = []
    start = time.perf_counter()
    for seed in range(games):
        counts.append(play(seed))
    elapsed = time.perf_counter() - start
    print(
        f"{name:>38} {games / elapsed:>9.1f} {sum(counts) / elapsed:>10.0f} "
        f"{statistics.median(counts):>15.0f}"
    )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    only = sys.argv[2] if len(sys.argv) > 2 else None
    print(f"{games} random games per row (one process, one core)")
    print(f"{'game':>38} {'games/s':>9} {'actions/s':>10} {'median actions':>15}")
    rows = [
        (frozenset(), (2, 3, 4)),
        (frozenset({"pied_piper"}), (2, 3, 4)),
        (frozenset({"mercatus"}), (2, 3, 4)),
        (frozenset({"mercatus", "pied_piper"}), (2, 3, 4)),
        (frozenset({"africanus"}), (4, 5, 6)),
        (frozenset({"africanus", "mercatus", "pied_piper"}), (6,)),
    ]
    names = {"pied_piper": "Pied Piper", "mercatus": "Mercatus", "africanus": "Africanus"}
    for expansions, counts_of_players in rows if only != "cartus" else []:
        for players in counts_of_players:
            name = f"{players}p " + (" + ".join(names[e] for e in sorted(expansions)) or "base")
            _row(name, games, lambda seed: playout(players, seed, expansions))  # noqa: B023
    for players in (2, 3, 4, 5) if only != "rattus" else ():
        _row(f"{players}p Rattus Cartus", games, lambda seed: cartus_playout(players, seed))  # noqa: B023


if __name__ == "__main__":
    main()
