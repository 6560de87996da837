"""Boards are drawn in worker threads, several at once: the shared cache of drawn pieces must
hold up when threads add, reuse and evict pieces together."""

from __future__ import annotations

import sys
import threading
from typing import Any

import pytest

from render.common import canvas
from render.common.canvas import Canvas


def _square(canvas_: Canvas, at: Any) -> None:
    canvas_.rect((at[0], at[1], at[0] + 6, at[1] + 6), fill=(200, 30, 30))


def test_pieces_are_drawn_and_kept_safely_from_many_threads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(canvas, "_SPRITES", type(canvas._SPRITES)())
    monkeypatch.setattr(canvas, "_kept", [0], raising=False)
    monkeypatch.setattr(canvas, "_SPRITE_PIXELS", 40 * 18 * 18)  # forty pieces: constant churn
    failures: list[BaseException] = []

    def work(offset: int) -> None:
        try:
            target = Canvas.blank(64, 64, (0, 0, 0), scale=1)
            for n in range(400):
                target.stamp((10, 10), (6, 6), ("square", (n * 7 + offset) % 97), _square)
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns as often as they can
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(switch)
    assert failures == []
    kept = sum(s.width * s.height for s in canvas._SPRITES.values())
    assert kept == canvas._kept[0] <= canvas._SPRITE_PIXELS
