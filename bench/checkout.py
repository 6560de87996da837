"""Another commit's engine beside this one, for the side-by-side benches (``--against``).

``other_tree(commit)`` checks the commit out into a temporary git worktree for the length of a
``with`` block; ``in_process(script, root, args)`` runs a bench script in a fresh process with
the engine at ``root`` first on its path and returns the JSON its last line prints.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
ENGINE_ROOT = "--engine-root"


def engine_root() -> Path:
    """The checkout whose engine is played: this one, or the one ``--engine-root`` names
    (read before ``engine`` is imported)."""
    if ENGINE_ROOT in sys.argv:
        return Path(sys.argv[sys.argv.index(ENGINE_ROOT) + 1])
    return HERE


@contextmanager
def other_tree(commit: str) -> Iterator[tuple[Path, str]]:
    """(path, "hash date") of ``commit`` checked out in a temporary worktree."""
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        other = Path(tmp) / "tree"
        subprocess.run(
            ["git", "-C", str(HERE), "worktree", "add", "--detach", "--quiet", str(other), commit],
            check=True,
        )
        try:
            label = subprocess.run(
                ["git", "-C", str(other), "log", "-1", "--format=%h %cs"],
                check=True,
                capture_output=True,
                text=True,
            ).stdout.strip()
            yield other, label
        finally:
            subprocess.run(
                ["git", "-C", str(HERE), "worktree", "remove", "--force", str(other)], check=True
            )


def alternating(this: Path, that: Path, count: int, slices: int = 2) -> list[tuple[Path, range]]:
    """The plan of a side-by-side run: ``range(count)`` cut into ``slices`` equal slices, each
    played by both engines in a fresh process each, the one going first alternating (this,
    that, that, this, ...). More slices follow a machine whose load drifts more closely, and
    average more processes; the same seeds are played by both either way."""
    bounds = [count * i // slices for i in range(slices + 1)]
    plan: list[tuple[Path, range]] = []
    for i in range(slices):
        seeds = range(bounds[i], bounds[i + 1])
        first, second = (this, that) if i % 2 == 0 else (that, this)
        plan += [(first, seeds), (second, seeds)]
    return plan


def in_process(script: Path, root: Path, args: list[str]) -> Any:
    """The JSON that ``script`` prints last, run with the engine at ``root``."""
    done = subprocess.run(
        [sys.executable, str(script), ENGINE_ROOT, str(root), *args],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    return json.loads(done.stdout.strip().splitlines()[-1])
