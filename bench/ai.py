"""How well the computer players play, and how long they think.

Each match is a series of seeded games; the seats of the players being measured rotate from
game to game so no one keeps the start player's seat. A "random" player picks uniformly among
the legal actions except "back" (which returns to an earlier choice and could go on forever).
Thinking time is the CPU time of each decision with a choice (on a shared machine the wall
clock also counts other people's work).

Usage: python bench/ai.py [games per match] [strong simulations | default] [match ...]
Matches: rattus-4p (strong vs three easy), rattus-2p (strong vs easy), rattus-easy (easy vs
random, 2 players), cartus-easy (easy vs random, 2 players), cartus-4p (easy vs three random),
cartus-strong-4p (strong vs three easy), cartus-strong-2p (strong vs easy). With no match
named, all of them run. "default" (or no number) gives each game's strong player its own
default budget.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import cartus, computers, rattus
from engine import games as registry
from engine.core import Action

Chooser = Callable[[dict[str, object], list[Action]], str]
TIMES: dict[str, list[float]] = {}


def random_player(seed: int) -> Chooser:
    rng = random.Random(seed)

    def choose(view: dict[str, object], legal: list[Action]) -> str:
        options = [a.notation for a in legal if a.notation != "back"] or [legal[0].notation]
        return rng.choice(options)

    return choose


def timed(level: str, player: computers.Computer) -> Chooser:
    def choose(view: dict[str, object], legal: list[Action]) -> str:
        start = time.process_time()
        answer = player.choose(view, legal)
        if len(legal) > 1:
            TIMES.setdefault(level, []).append(time.process_time() - start)
        return answer

    return choose


def make(game: str, level: str, seed: int, simulations: int | None) -> Chooser:
    if level == "random":
        return random_player(seed)
    player = computers.computer(game, level=level, seed=seed, simulations=simulations)
    return timed(f"{game} {level}", player)


def match(game: str, levels: list[str], games: int, simulations: int | None) -> float:
    """Share of games won by the player of ``levels[0]`` (its seat rotates)."""
    players = len(levels)
    wins = 0
    for seed in range(games):
        first = seed % players
        seats = levels[players - first :] + levels[: players - first]
        bots = [make(game, level, seed * 10 + i, simulations) for i, level in enumerate(seats)]
        state = NEW_GAME[game](players, 1000 + seed)
        while not state.is_over:
            seat = state.actors()[0]
            state = state.apply(seat, bots[seat](state.view(seat), state.legal_actions(seat)))
        outcome = state.outcome
        assert outcome is not None
        wins += outcome["ranking"][0] == first
    return wins / games


NEW_GAME: dict[str, Callable[[int, int], Any]] = {
    "rattus": lambda players, seed: rattus.new_game(players, seed=seed),
    "cartus": lambda players, seed: cartus.new_game(players=players, seed=seed),
}
MATCHES = {
    "rattus-4p": ("rattus", ["strong", "easy", "easy", "easy"], "strong vs three easy, 4 players"),
    "rattus-2p": ("rattus", ["strong", "easy"], "strong vs easy, 2 players"),
    "rattus-easy": ("rattus", ["easy", "random"], "easy vs random, 2 players"),
    "cartus-easy": ("cartus", ["easy", "random"], "easy vs random, 2 players"),
    "cartus-4p": ("cartus", ["easy", "random", "random", "random"], "easy vs three random, 4p"),
    "cartus-strong-4p": (
        "cartus",
        ["strong", "easy", "easy", "easy"],
        "Cartus strong vs three easy, 4 players",
    ),
    "cartus-strong-2p": ("cartus", ["strong", "easy"], "Cartus strong vs easy, 2 players"),
}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    budget = sys.argv[2] if len(sys.argv) > 2 else "default"
    simulations = None if budget == "default" else int(budget)
    chosen = sys.argv[3:] or list(MATCHES)
    for name in chosen:
        if name not in MATCHES:
            sys.exit(f"unknown match '{name}' (known: {', '.join(MATCHES)})")
    budgets = ", ".join(
        f"{s.name} {s.strong.simulations}" for s in registry.specs() if s.strong is not None
    )
    said = f"{simulations}" if simulations is not None else f"the default ({budgets})"
    print(f"{games} seeded games per match; strong player: {said} simulations a decision")
    for name in chosen:
        game, levels, title = MATCHES[name]
        start = time.perf_counter()
        share = match(game, levels, games, simulations)
        took = time.perf_counter() - start
        fair = f"fair share {1 / len(levels):.0%}"
        print(
            f"{name:>16}: {title} ({fair}): wins {share:.0%} "
            f"({took:.0f} s, {took / games:.1f} s a game)",
            flush=True,
        )
    for level, times in sorted(TIMES.items()):
        ms = sorted(t * 1000 for t in times)
        print(
            f"{level:>14}: {len(ms)} decisions, CPU time median {statistics.median(ms):.1f} ms, "
            f"p95 {ms[int(len(ms) * 0.95)]:.1f} ms, worst {ms[-1]:.1f} ms"
        )


if __name__ == "__main__":
    main()
