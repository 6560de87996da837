"""What checking a saved state costs when it is loaded: ``from_dict`` with its checks
(``validate.check``, run on every state read from a save) beside the bare read it replaced
(``State.from_dict``), over every state of seeded random games, and beside the JSON parse the
host does first.

    .venv/bin/python bench/load.py [games]

Prints microseconds per load for Rattus (4 players, base and all expansions at 5) and Rattus
Cartus (4 players).
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from engine import cartus, rattus
from engine.cartus.state import State as CartusState
from engine.rattus.state import State as RattusState


def _states(start: Callable[[int], Any], games: int) -> list[str]:
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        g = start(seed)
        while not g.is_over:
            out.append(json.dumps(g.to_dict()))
            seat = rng.choice(g.actors())
            g = g.apply(seat, rng.choice(g.legal_actions(seat)))
    return out


def _per_load(texts: list[str], load: Callable[[dict[str, Any]], Any]) -> float:
    raws = [json.loads(t) for t in texts]
    best = float("inf")
    for _ in range(3):
        began = time.perf_counter()
        for raw in raws:
            load(raw)
        best = min(best, time.perf_counter() - began)
    return best / len(raws) * 1e6


def _parse(texts: list[str]) -> float:
    began = time.perf_counter()
    for t in texts:
        json.loads(t)
    return (time.perf_counter() - began) / len(texts) * 1e6


def main(games: int) -> None:
    cases = [
        ("Rattus 4p base", lambda s: rattus.new_game(4, seed=s), RattusState),
        (
            "Rattus 5p all expansions",
            lambda s: rattus.new_game(5, {"africanus", "mercatus", "pied_piper"}, seed=s),
            RattusState,
        ),
        ("Cartus 4p", lambda s: cartus.new_game(4, seed=s), CartusState),
    ]
    print(f"{'game':26} {'states':>7} {'JSON parse':>11} {'bare read':>10} {'checked':>9}")
    for name, start, state in cases:
        texts = _states(start, games)
        load = rattus.from_dict if state is RattusState else cartus.from_dict
        bare = _per_load(texts, state.from_dict)
        checked = _per_load(texts, load)
        print(f"{name:26} {len(texts):7} {_parse(texts):9.0f}us {bare:8.0f}us {checked:7.0f}us")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
