"""Random playouts per second and median actions per game: Rattus for 2, 3 and 4 players,
in the base game and with the expansions, and Rattus Cartus for 2 to 5 players.

Usage: python bench/playouts.py [games per row] [rattus | cartus] [--against COMMIT]
       [--rows NAME,NAME...] [--slices N]

Both games by default. ``--against COMMIT`` checks that commit out into a temporary git
worktree and plays the same seeded games with its engine too, side by side in one run: each
row is played in four alternating chunks in fresh processes (this engine and that one the
first half of the seeds, then that one and this one the second half), so a machine whose load
drifts slows both alike (``--slices N`` cuts the seeds into N slices instead of two, each
played by both, the first alternating: more slices average more processes and follow the
load more closely); it prints both figures, their ratio, and whether both engines played
every seeded game to the same number of actions. ``--rows`` keeps only the named rows ("4p
base", "4p Rattus Cartus", ...).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from checkout import ENGINE_ROOT, HERE, alternating, engine_root, in_process, other_tree

sys.path.insert(0, str(engine_root()))

from engine import cartus, rattus

NAMES = {"pied_piper": "Pied Piper", "mercatus": "Mercatus", "africanus": "Africanus"}
RATTUS_ROWS = [
    (frozenset(), (2, 3, 4)),
    (frozenset({"pied_piper"}), (2, 3, 4)),
    (frozenset({"mercatus"}), (2, 3, 4)),
    (frozenset({"mercatus", "pied_piper"}), (2, 3, 4)),
    (frozenset({"africanus"}), (4, 5, 6)),
    (frozenset({"africanus", "mercatus", "pied_piper"}), (6,)),
]


def playout(players: int, seed: int, expansions: frozenset[str] = frozenset()) -> list[str]:
    """The notations of one random game, in the order taken."""
    rng = random.Random(seed)
    game = rattus.new_game(players, expansions=expansions, seed=seed)
    taken: list[str] = []
    while not game.is_over:
        seat = game.actors()[0]
        action = rng.choice(game.legal_actions(seat))
        game = game.apply(seat, action)
        taken.append(action.notation)
    return taken


def cartus_playout(players: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    game = cartus.new_game(players, buildings="random", seed=seed)
    taken: list[str] = []
    while not game.is_over:
        seat = rng.choice(game.actors())
        action = rng.choice(game.legal_actions(seat))
        game = game.apply(seat, action)
        taken.append(action.notation)
    return taken


def _rattus_seed(players: int, expansions: frozenset[str], seed: int) -> list[str]:
    return playout(players, seed, expansions)


def _cartus_seed(players: int, seed: int) -> list[str]:
    return cartus_playout(players, seed)


def rows(only: str | None) -> dict[str, Callable[[int], list[str]]]:
    """Row name -> one seeded playout of it, in the table's order."""
    out: dict[str, Callable[[int], list[str]]] = {}
    for expansions, counts_of_players in RATTUS_ROWS if only != "cartus" else []:
        for players in counts_of_players:
            name = f"{players}p " + (" + ".join(NAMES[e] for e in sorted(expansions)) or "base")
            out[name] = partial(_rattus_seed, players, expansions)
    for players in (2, 3, 4, 5) if only != "rattus" else ():
        out[f"{players}p Rattus Cartus"] = partial(_cartus_seed, players)
    return out


def timed(play: Callable[[int], list[str]], seeds: range) -> dict[str, Any]:
    """Play these seeds; the CPU seconds taken, the actions of each game and a digest of the
    actions taken in each (two engines that agree on the rules take the same ones). CPU time,
    not the clock: on a shared machine a process waits for a core, and that is not the
    engine's."""
    start = time.process_time()
    games = [play(seed) for seed in seeds]
    seconds = time.process_time() - start
    digests = [hashlib.sha256(" ".join(g).encode()).hexdigest()[:16] for g in games]
    return {"seconds": seconds, "counts": [len(g) for g in games], "digests": digests}


def _chunk_in_process(root: Path, row: str, seeds: range) -> dict[str, Any]:
    """One chunk of a row played by the engine at ``root``, in a fresh process."""
    chunk = f"{row}|{seeds.start}|{seeds.stop}"
    result: dict[str, Any] = in_process(Path(__file__).resolve(), root, ["--chunk", chunk])
    return result


def side_by_side(games: int, names: list[str], commit: str, slices: int) -> None:
    with other_tree(commit) as (other, label):
        print(f"{games} random games per row; this checkout against {commit} ({label});")
        print(
            f"each row in {2 * slices} alternating chunks (this, that, that, this...), a process each;"
        )
        print("games and actions per CPU second; same games: every seeded game took the same")
        print("actions in both (a digest of each game's notations)")
        print(
            f"{'game':>24} {'this games/s':>13} {'that games/s':>13} {'ratio':>6}"
            f" {'this actions/s':>15} {'that actions/s':>15} {'same games':>11}"
        )
        plan = alternating(HERE, other, games, slices)
        for row in names:
            done: dict[Path, list[dict[str, Any]]] = {HERE: [], other: []}
            for root, seeds in plan:
                done[root].append(_chunk_in_process(root, row, seeds))
            mine, theirs = done[HERE], done[other]
            mine_s = sum(c["seconds"] for c in mine)
            theirs_s = sum(c["seconds"] for c in theirs)
            mine_counts = [n for c in mine for n in c["counts"]]
            theirs_counts = [n for c in theirs for n in c["counts"]]
            same = [d for c in mine for d in c["digests"]] == [
                d for c in theirs for d in c["digests"]
            ]
            print(
                f"{row:>24} {games / mine_s:>13.1f} {games / theirs_s:>13.1f}"
                f" {theirs_s / mine_s:>5.2f}x"
                f" {sum(mine_counts) / mine_s:>15.0f} {sum(theirs_counts) / theirs_s:>15.0f}"
                f" {'yes' if same else 'NO':>11}",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=200)
    parser.add_argument("only", nargs="?", choices=("rattus", "cartus"))
    parser.add_argument("--against", metavar="COMMIT")
    parser.add_argument("--rows", help="comma-separated row names, e.g. '4p base'")
    parser.add_argument("--slices", type=int, default=2, help="seed slices (--against)")
    parser.add_argument(ENGINE_ROOT, help=argparse.SUPPRESS)
    parser.add_argument("--chunk", help=argparse.SUPPRESS)
    args = parser.parse_args()
    every = rows(args.only)
    if args.chunk:
        row, start, stop = args.chunk.split("|")
        print(json.dumps(timed(every[row], range(int(start), int(stop)))))
        return
    names = list(every)
    if args.rows:
        names = [n.strip() for n in args.rows.split(",")]
        unknown = [n for n in names if n not in every]
        if unknown:
            parser.error(f"no such row: {', '.join(unknown)} (rows: {', '.join(every)})")
    if args.against:
        side_by_side(args.games, names, args.against, args.slices)
        return
    print(f"{args.games} random games per row (one process; per CPU second)")
    print(f"{'game':>38} {'games/s':>9} {'actions/s':>10} {'median actions':>15}")
    for name in names:
        result = timed(every[name], range(args.games))
        counts, elapsed = result["counts"], result["seconds"]
        print(
            f"{name:>38} {args.games / elapsed:>9.1f} {sum(counts) / elapsed:>10.0f} "
            f"{statistics.median(counts):>15.0f}"
        )


if __name__ == "__main__":
    main()
