"""What an undo and a replay cost: rebuilding a whole game from its seed and actions.

python bench/replay.py [games]     # per game kind: actions, CPU ms to rebuild, file size

An undo rebuilds the game from its action log (``host/undo.py``), and a replay file is
rebuilt the same way (``engine.replay``), so both cost about one rebuild of the game so far.
Figures are CPU time (the machine may be shared), the median over seeded random games.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import replay

SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("rattus", 4, {}),
    ("rattus", 6, {"expansions": ["africanus", "mercatus", "pied_piper"]}),
    ("cartus", 5, {}),
]


def one(kind: str, players: int, options: dict[str, Any], seed: int) -> tuple[int, float, int]:
    rng = random.Random(seed)
    h = replay.History(replay.start(kind, players, options, seed))
    while not h.game.is_over:
        seat = h.game.actors()[0]
        h.apply(seat, rng.choice(h.game.legal_actions(seat)).notation)
    data = replay.replay_file(
        kind=kind,
        seed=seed,
        options=options,
        players=[{"seat": s, "name": f"P{s + 1}"} for s in range(players)],
        entries=h.entries,
        final=h.game,
    )
    text = json.dumps(data)
    start = time.process_time()
    again = replay.replay(json.loads(text))
    spent = time.process_time() - start
    assert replay.matches(again, data)
    return len(h.entries), spent * 1000, len(text)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    for kind, players, options in SETUPS:
        runs = [one(kind, players, options, seed) for seed in range(games)]
        what = f"{kind} {players}p" + (" with all expansions" if options else "")
        print(
            f"{what}: median {statistics.median(r[0] for r in runs):.0f} actions, "
            f"rebuild {statistics.median(r[1] for r in runs):.1f} ms CPU, "
            f"replay file {statistics.median(r[2] for r in runs) / 1024:.1f} KiB"
        )


if __name__ == "__main__":
    main()
