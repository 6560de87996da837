"""Golden transcripts: seeded games recorded once, replayed on every run.

If a rule changes on purpose, regenerate with `python -m tests.engine.test_golden` and review
the difference in the scores and action counts before committing it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from engine import rattus
from tests.engine.helpers import random_playout

GOLDEN = Path(__file__).with_name("golden.json")
CASES = [(2, 101), (3, 202), (4, 303)]


def digest(state: dict[str, object]) -> str:
    """The rules' outcome: the whole saved state except what only tells of it (the log's
    wording, the round's ravages kept to be shown)."""
    ruled = {k: v for k, v in state.items() if k not in ("log", "ravages")}
    return hashlib.sha256(json.dumps(ruled, sort_keys=True).encode()).hexdigest()


def record() -> list[dict[str, object]]:
    out = []
    for players, seed in CASES:
        end, log = random_playout(players, seed)
        out.append(
            {
                "players": players,
                "seed": seed,
                "actions": [f"{seat} {notation}" for seat, notation in log],
                "scores": end.outcome["scores"] if end.outcome else None,
                "state_sha256": digest(end.to_dict()),
            }
        )
    return out


@pytest.mark.parametrize("case", range(len(CASES)))
def test_golden_transcript_replays_exactly(case: int) -> None:
    golden = json.loads(GOLDEN.read_text())[case]
    g = rattus.new_game(golden["players"], seed=golden["seed"])
    for line in golden["actions"]:
        seat, notation = line.split(" ", 1)
        g = g.apply(int(seat), notation)
    assert g.is_over and g.outcome is not None
    assert g.outcome["scores"] == golden["scores"]
    assert digest(g.to_dict()) == golden["state_sha256"]


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(record(), indent=1) + "\n")
    print(f"wrote {GOLDEN}")
