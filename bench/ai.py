"""How well the computer players play, and how long they think.

Each match is a series of seeded games; the seats of the players being measured rotate from
game to game so no one keeps the start player's seat. A "random" player picks uniformly among
the legal actions except "back" (which returns to an earlier choice and could go on forever).

Usage: python bench/ai.py [games per match] [strong simulations] [match ...]
Matches: rattus-4p (strong vs three easy), rattus-2p (strong vs easy), rattus-easy (easy vs
random, 2 players). With no match named, all of them run.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import ai, rattus
from engine.core import Action

Chooser = Callable[[dict[str, object], list[Action]], str]
TIMES: dict[str, list[float]] = {}


def random_player(seed: int) -> Chooser:
    rng = random.Random(seed)

    def choose(view: dict[str, object], legal: list[Action]) -> str:
        options = [a.notation for a in legal if a.notation != "back"] or [legal[0].notation]
        return rng.choice(options)

    return choose


def timed(level: str, player: ai.Computer) -> Chooser:
    def choose(view: dict[str, object], legal: list[Action]) -> str:
        start = time.perf_counter()
        answer = player.choose(view, legal)
        if len(legal) > 1:
            TIMES.setdefault(level, []).append(time.perf_counter() - start)
        return answer

    return choose


def make(level: str, seed: int, simulations: int) -> Chooser:
    if level == "random":
        return random_player(seed)
    return timed(level, ai.computer("rattus", level=level, seed=seed, simulations=simulations))


def match(levels: list[str], games: int, simulations: int) -> float:
    """Share of games won by the player of ``levels[0]`` (its seat rotates)."""
    players = len(levels)
    wins = 0
    for seed in range(games):
        first = seed % players
        seats = levels[players - first :] + levels[: players - first]
        bots = [make(level, seed * 10 + i, simulations) for i, level in enumerate(seats)]
        game = rattus.new_game(players, seed=1000 + seed)
        while not game.is_over:
            seat = game.actors()[0]
            game = game.apply(seat, bots[seat](game.view(seat), game.legal_actions(seat)))
        outcome = game.outcome
        assert outcome is not None
        wins += outcome["ranking"][0] == first
    return wins / games


MATCHES = {
    "rattus-4p": (["strong", "easy", "easy", "easy"], "strong vs three easy, 4 players (fair 25%)"),
    "rattus-2p": (["strong", "easy"], "strong vs easy, 2 players (fair 50%)"),
    "rattus-easy": (["easy", "random"], "easy vs random, 2 players (fair 50%)"),
}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    simulations = int(sys.argv[2]) if len(sys.argv) > 2 else ai.GAMES["rattus"].simulations
    chosen = sys.argv[3:] or list(MATCHES)
    print(f"{games} seeded games per match; strong player: {simulations} simulations a decision")
    for name in chosen:
        levels, title = MATCHES[name]
        start = time.perf_counter()
        share = match(levels, games, simulations)
        took = time.perf_counter() - start
        print(f"{name:>12}: {title}: wins {share:.0%} ({took:.0f} s)", flush=True)
    for level, times in sorted(TIMES.items()):
        ms = sorted(t * 1000 for t in times)
        print(
            f"{level:>12}: {len(ms)} decisions, median {statistics.median(ms):.1f} ms, "
            f"p95 {ms[int(len(ms) * 0.95)]:.1f} ms, worst {ms[-1]:.1f} ms"
        )


if __name__ == "__main__":
    main()
