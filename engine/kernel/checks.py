"""The checks every kernel game's loaded state passes after its own (``from_dict``): its stack
of pending steps is well formed, the decision on top can be asked, and the spectator's view
can be built."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..saved import Checker
from .game import ST, GameState
from .steps import Steps

Check = Callable[[Checker, ST], None]
"""One of a game's own checks of a loaded state: it reports each problem to the Checker."""


def check_stack(c: Checker, steps: Steps[Any, Any], s: GameState) -> None:
    """Each frame of a known kind, its seats in range, a frame that waits for answers naming
    who gives them; a game not over waits for somebody."""
    for i, frame in enumerate(s.stack):
        kind = frame.get("kind")
        known = isinstance(kind, str) and kind in steps
        if not known:
            c.bad(f"stack[{i}] is a decision of unknown kind {kind!r}")
        if "seat" in frame:
            c.is_int(f"stack[{i}].seat", frame["seat"], 0, s.players - 1)
        if "seats" in frame:
            c.ints(f"stack[{i}].seats", frame["seats"], None, 0, s.players - 1)
        if known and steps[str(kind)].options is not None:
            c.that("seat" in frame or "seats" in frame, f"stack[{i}] ({kind}) names no seat")
    if s.status != "over":
        c.that(bool(s.stack), "the game is not over but nobody has a decision to make")


def check_decision(c: Checker, steps: Steps[Any, Any], s: GameState) -> None:
    """The decision waited for can be asked of each of its seats."""
    if s.status != "over":
        for problem in steps.unaskable(s):
            c.bad(problem)


def validate(
    what: str,
    s: ST,
    steps: Steps[ST, Any],
    view: Callable[[ST, int | None, list[str] | None], object],
    stages: Sequence[Sequence[Check[ST]]],
) -> None:
    """Check a loaded state of the game ``what``: its own checks stage by stage
    (``Checker.in_stages``: a later stage relies on what the earlier ones checked), then the
    kernel's: the stack, then the decision waited for and what everyone sees. BadState naming
    every problem of the first stage that found any."""
    c = Checker(what)
    c.in_stages(
        *([lambda check=check: check(c, s) for check in stage] for stage in stages),
        [lambda: check_stack(c, steps, s)],
        [lambda: check_decision(c, steps, s), lambda: view(s, None, None)],
    )
