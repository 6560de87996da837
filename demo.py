"""A whole game between computer players, offline: no Discord, no token, no database.

Writes every board the table message would show (one per turn, and the last) and a readable
log of everything that happened to a folder.

Usage: python demo.py [--out demo-game] [--players 4] [--expansions pied_piper,mercatus]
                      [--levels strong,easy] [--seed 1] [--simulations 80]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from engine import computers, rattus
from engine.text import from_json
from render import rattus_board


def names_for(levels: list[str]) -> list[str]:
    return [f"Computer {i + 1} ({level})" for i, level in enumerate(levels)]


def _named(view: dict[str, Any], names: list[str]) -> dict[str, Any]:
    for player in view["players"]:
        player["name"] = names[player["seat"]]
    return view


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="demo-game", help="folder for the boards and the log")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--expansions", default="", help="comma-separated expansion ids")
    parser.add_argument("--levels", default="strong,easy", help="levels, repeated over the seats")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--simulations", type=int, default=80, help="the strong players' search budget"
    )
    args = parser.parse_args()

    expansions = [e for e in args.expansions.split(",") if e]
    cycle = [x for x in args.levels.split(",") if x]
    levels = [cycle[i % len(cycle)] for i in range(args.players)]
    names = names_for(levels)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("board-*.png"):
        old.unlink()

    game = rattus.new_game(args.players, expansions=expansions, seed=args.seed)
    players = [
        computers.computer("rattus", level=level, seed=args.seed * 10 + i)
        for i, level in enumerate(levels)
    ]
    lines = [
        f"Rattus, {args.players} players, {from_json(game.view()['ruleset'])}, seed {args.seed}"
    ]
    lines += [f"Seat {i + 1}: {name}" for i, name in enumerate(names)]
    lines += [e.text_for(names) for e in game.events if e.public]
    boards = 0
    thinking: dict[str, float] = {}
    marker = None
    started = time.perf_counter()
    while True:
        view = game.view(None)
        now = (view["status"], view["turn"], view["active"])
        if now != marker or game.is_over:
            boards += 1
            path = out / f"board-{boards:03d}.png"
            path.write_bytes(rattus_board(_named(view, names)))
            lines.append(f"  [board: {path.name}]")
            marker = now
        if game.is_over:
            break
        seat = game.actors()[0]
        tick = time.perf_counter()
        notation = players[seat].choose(game.view(seat), game.legal_actions(seat))
        thinking[levels[seat]] = thinking.get(levels[seat], 0.0) + time.perf_counter() - tick
        game = game.apply(seat, notation)
        lines += [e.text_for(names) for e in game.events if e.public]
    outcome = game.outcome
    assert outcome is not None
    lines.append(
        "Scores: " + ", ".join(f"{names[p]} {outcome['scores'][p]}" for p in outcome["ranking"])
    )
    (out / "log.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    took = time.perf_counter() - started
    print(f"{boards} boards and log.txt written to {out}/ in {took:.0f} s")
    for level, seconds in sorted(thinking.items()):
        print(f"  {level} players thought for {seconds:.1f} s in all")
    print(f"Winner: {names[outcome['ranking'][0]]}")


if __name__ == "__main__":
    main()
