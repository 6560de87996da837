"""Pending steps: every decision of a Cartus game is a frame on the state's stack.

A frame names its step kind and who decides (``seat``, or ``seats`` when several answer at
once). Automatic steps (drawing buildings, resolving one, ending a round) run inside
``advance`` until some seat has to decide. A step whose answer chooses several cards has a
``pick``: any answer the pick allows is legal, its ``options`` list ready-made ones.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core import Action, Pick
from ..text import Text
from .state import Ctx, Frame, State

Options = Callable[[State, Frame, int], list[Action]]
Act = Callable[[Ctx, Frame, int, Action], None]
Prompt = Callable[[State, Frame, int], Text]
Auto = Callable[[Ctx, Frame], None]
PickOf = Callable[[State, Frame, int], Pick]
SecretKinds = Callable[[State, Frame, int], tuple[str, ...]]


@dataclass(frozen=True)
class Step:
    kind: str
    options: Options | None = None
    act: Act | None = None
    prompt: Prompt | None = None
    auto: Auto | None = None
    private: bool = False
    pick: PickOf | None = None
    secret_kinds: SecretKinds | None = None
    """The kinds of answer the seat may have from its hidden hand (``Decision.secret_kinds``),
    from public facts alone."""


STEPS: dict[str, Step] = {}


def register(step: Step) -> Step:
    if step.kind in STEPS:
        raise ValueError(f"step kind '{step.kind}' registered twice")
    if (step.auto is None) == (step.options is None):
        raise ValueError(f"step '{step.kind}' must either decide alone or offer options")
    STEPS[step.kind] = step
    return step


def push(s: State, kind: str, **params: object) -> Frame:
    frame: Frame = {"kind": kind, **params}
    s.stack.append(frame)
    return frame


def push_all(s: State, frames: list[Frame]) -> None:
    """Push frames so that the first of the list acts first."""
    s.stack.extend(reversed(frames))


def pop(s: State, frame: Frame) -> None:
    if not s.stack or s.stack[-1] is not frame:
        raise RuntimeError("a step tried to end while it was not on top")
    s.stack.pop()


def deciders(frame: Frame) -> list[int]:
    seats = frame.get("seats")
    return list(seats) if seats is not None else [int(frame["seat"])]


def advance(ctx: Ctx) -> None:
    """Run automatic steps until a frame waits for a decision or the stack is empty."""
    s = ctx.s
    for _ in range(100_000):
        if not s.stack:
            return
        frame = s.stack[-1]
        step = STEPS[frame["kind"]]
        if step.auto is None:
            return
        step.auto(ctx, frame)
    raise RuntimeError("the game did not settle on a decision")
