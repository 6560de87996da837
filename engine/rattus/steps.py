"""Pending steps: every decision in the game is a frame on the state's stack.

A step kind says what the seat on top of the stack may do (``options``), what an answer does
(``act``), how to ask (``prompt``) and, for steps the rules resolve alone, how to move on
without asking (``auto``). A step whose answer may settle several pieces at once has a
``pick`` (``engine.core.Pick``): any answer it allows is legal besides the ``options``. Modules register their steps here; ``advance`` runs the automatic
ones until someone has to decide.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core import Action, Pick
from .state import Ctx, Frame, State

Options = Callable[[State, Frame], list[Action]]
Act = Callable[[Ctx, Frame, Action], None]
Prompt = Callable[[State, Frame], str]
Auto = Callable[[Ctx, Frame], bool]
PickOf = Callable[[State, Frame], Pick | None]


@dataclass(frozen=True)
class Step:
    kind: str
    options: Options
    act: Act
    prompt: Prompt
    auto: Auto | None = None
    private: bool = False
    pick: PickOf | None = None


STEPS: dict[str, Step] = {}


def register(step: Step) -> Step:
    if step.kind in STEPS:
        raise ValueError(f"step kind '{step.kind}' registered twice")
    STEPS[step.kind] = step
    return step


def auto_only(kind: str, auto: Auto) -> Step:
    """A step the rules always resolve alone (it never waits for anyone)."""

    def no_options(s: State, f: Frame) -> list[Action]:
        return []

    def no_act(ctx: Ctx, f: Frame, a: Action) -> None:
        raise RuntimeError(f"step '{kind}' takes no answers")

    return register(Step(kind, no_options, no_act, lambda s, f: "", auto))


def push(s: State, kind: str, **params: object) -> Frame:
    frame: Frame = {"kind": kind, **params}
    s.stack.append(frame)
    return frame


def pop(s: State, frame: Frame) -> None:
    if not s.stack or s.stack[-1] is not frame:
        raise RuntimeError("a step tried to end while it was not on top")
    s.stack.pop()


def advance(ctx: Ctx) -> list[Action]:
    """Resolve automatic steps until a frame waits for a decision or the stack is empty.
    Returns what the waiting frame offers (unsorted; none once the stack is empty): it was
    listed to check that the game waits on a real choice, and the caller may keep it."""
    s = ctx.s
    guard = 0
    while s.stack:
        guard += 1
        if guard > 100_000:
            raise RuntimeError("the game did not settle on a decision")
        frame = s.stack[-1]
        step = STEPS[frame["kind"]]
        if step.auto is not None and step.auto(ctx, frame):
            continue
        offered = step.options(s, frame)
        if not offered:
            raise RuntimeError(f"step '{frame['kind']}' waits but offers nothing")
        return offered
    return []


def top(s: State) -> Frame | None:
    return s.stack[-1] if s.stack else None
