"""`make demo`: a whole computer game offline, every table board and a readable log written."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import demo


def test_the_demo_writes_boards_and_a_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "game"
    argv = ["demo.py", "--out", str(out), "--players", "2", "--levels", "easy", "--seed", "3"]
    monkeypatch.setattr(sys, "argv", argv)
    demo.main()
    boards = sorted(out.glob("board-*.png"))
    assert len(boards) > 10
    assert all(b.read_bytes().startswith(b"\x89PNG") for b in boards)
    log = (out / "log.txt").read_text(encoding="utf-8")
    assert "Computer 1 (easy)" in log and "Scores: " in log
    assert f"[board: {boards[-1].name}]" in log
