"""The strong computer players' CPU per decision, and their answers, on the same positions.

Usage: python bench/decisions.py [positions per game] [rattus | cartus] [--against COMMIT]

The positions are drawn from seeded 4-player random games (the random player of
``bench/playouts.py``): for seed k, the first moment at or after a seeded point of the game
where the seat deciding has more than one legal action. Each position is asked of the strong
player (its default budget) with the seat's view and legal actions, and the CPU time of that
one answer is counted.

The strong player is asked as ``engine.computers.Computer.choose`` asks it (the view copied
through JSON, the search, the rules of thumb when the search cannot rebuild the game), with one
difference: its random numbers come from the seed k and the legal actions alone, not from the
view's text as the computer draws them. Two engines whose views read differently (issue 21 made
the prompt a text with a key; the kernel added the ``pick`` key) would otherwise draw different
numbers for the same position and answer differently by luck alone.

``--against COMMIT`` asks the same positions of that commit's engine too (checked out into a
temporary git worktree), in alternating chunks of fresh processes (this, that, that, this; with
``--slices N`` the positions are cut into N slices instead of two), and
prints both medians and totals, their ratio, and whether both engines gave the same answer at
every position: the same answers from the same seeds mean the same games, so the strong
players win exactly as often as before.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from checkout import ENGINE_ROOT, HERE, alternating, engine_root, in_process, other_tree

sys.path.insert(0, str(engine_root()))

from engine import cartus, rattus
from engine.ai.search import search
from engine.core import Rng

PLAYERS = 4


def _start(game: str, seed: int) -> Any:
    if game == "rattus":
        return rattus.new_game(PLAYERS, seed=seed)
    return cartus.new_game(PLAYERS, buildings="random", seed=seed)


def position(game: str, seed: int) -> tuple[Any, int]:
    """(the game at the seed's position, the seat deciding there)."""
    rng = random.Random(seed)
    at = random.Random(seed * 7919 + 1).randrange(5, 90)
    state = _start(game, seed)
    done = 0
    while not state.is_over:
        actors = state.actors()
        seat = actors[0] if game == "rattus" else rng.choice(actors)
        legal = state.legal_actions(seat)
        if done >= at and len(legal) > 1:
            return state, seat
        state = state.apply(seat, rng.choice(legal))
        done += 1
    raise ValueError(f"seed {seed}: the game ended before a position was found")


def strong(game: str) -> tuple[Any, int, Any]:
    """(search rules, budget, rules of thumb) of the game's strong player, in this engine or in
    an older one (``engine.ai.player.GAMES`` before games were declared once)."""
    try:
        from engine import games
    except ImportError:  # pragma: no cover - older engines
        from engine.ai.player import GAMES

        ai = GAMES[game]
        return ai.rules, ai.simulations, ai.easy
    spec = games.spec(game)
    return spec.strong.rules, spec.strong.simulations, spec.easy


def choose(game: str, seed: int, view: Any, legal: list[Any]) -> str:
    """``Computer.choose`` at the strong level, its random numbers drawn from the seed and the
    legal actions (see the module's text)."""
    notations = [a.notation for a in legal]
    seen = json.loads(json.dumps(view, sort_keys=True, separators=(",", ":")))
    if len(notations) == 1:
        return str(notations[0])
    digest = hashlib.sha256("\n".join([game, "strong", str(seed), *notations]).encode()).digest()
    rng = Rng(int.from_bytes(digest[:8], "big"))
    rules, simulations, easy = strong(game)
    found = search(rules, seen, notations, rng, simulations)
    return str(found if found is not None else easy(seen, notations, rng))


def ask(game: str, seeds: range) -> list[dict[str, Any]]:
    """Each seed's position asked of the strong player: its answer and CPU seconds."""
    out = []
    for seed in seeds:
        state, seat = position(game, seed)
        view, legal = state.view(seat), state.legal_actions(seat)
        start = time.process_time()
        answer = choose(game, seed, view, legal)
        seconds = time.process_time() - start
        out.append({"seed": seed, "legal": len(legal), "answer": answer, "seconds": seconds})
    return out


def _chunk(root: Path, game: str, seeds: range) -> list[dict[str, Any]]:
    args = ["--chunk", f"{game}|{seeds.start}|{seeds.stop}"]
    result: list[dict[str, Any]] = in_process(Path(__file__).resolve(), root, args)
    return result


def _line(game: str, mine: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> str:
    ms = [d["seconds"] * 1000 for d in mine]
    their_ms = [d["seconds"] * 1000 for d in theirs]
    same = sum(a["answer"] == b["answer"] for a, b in zip(mine, theirs, strict=True))
    return (
        f"{game:>8} {len(ms):>9} {statistics.median(ms):>12.0f} {statistics.median(their_ms):>12.0f}"
        f" {statistics.median(their_ms) / statistics.median(ms):>6.2f}x"
        f" {sum(their_ms) / sum(ms):>6.2f}x {same:>5}/{len(ms)}"
    )


def side_by_side(positions: int, games: list[str], commit: str, slices: int) -> None:
    with other_tree(commit) as (other, label):
        print(
            f"{positions} positions per game, 4 players; this checkout against {commit} ({label})"
        )
        print(
            f"in {2 * slices} alternating chunks (this, that, that, this...);"
            " CPU ms per strong decision"
        )
        print(
            f"{'game':>8} {'positions':>9} {'this median':>12} {'that median':>12}"
            f" {'ratio':>7} {'total':>7} {'same answers':>12}"
        )
        plan = alternating(HERE, other, positions, slices)
        for game in games:
            done: dict[Path, list[dict[str, Any]]] = {HERE: [], other: []}
            for root, seeds in plan:
                done[root] += _chunk(root, game, seeds)
            mine = sorted(done[HERE], key=lambda d: d["seed"])
            theirs = sorted(done[other], key=lambda d: d["seed"])
            print(_line(game, mine, theirs), flush=True)
            for a, b in zip(mine, theirs, strict=True):
                if a["answer"] != b["answer"]:
                    print(f"  seed {a['seed']}: this {a['answer']}, that {b['answer']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("positions", nargs="?", type=int, default=12)
    parser.add_argument("only", nargs="?", choices=("rattus", "cartus"))
    parser.add_argument("--against", metavar="COMMIT")
    parser.add_argument("--slices", type=int, default=2, help="position slices (--against)")
    parser.add_argument(ENGINE_ROOT, help=argparse.SUPPRESS)
    parser.add_argument("--chunk", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.chunk:
        game, start, stop = args.chunk.split("|")
        print(json.dumps(ask(game, range(int(start), int(stop)))))
        return
    games = [args.only] if args.only else ["rattus", "cartus"]
    if args.against:
        side_by_side(args.positions, games, args.against, args.slices)
        return
    print(f"{args.positions} positions per game, 4 players; CPU ms per strong decision")
    for game in games:
        found = ask(game, range(args.positions))
        ms = sorted(d["seconds"] * 1000 for d in found)
        print(
            f"{game:>8}: median {statistics.median(ms):.0f} ms, worst {ms[-1]:.0f} ms, "
            f"total {sum(ms):.0f} ms; answers {' '.join(d['answer'] for d in found)}"
        )


if __name__ == "__main__":
    main()
