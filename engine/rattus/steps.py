"""Pending steps: every decision in the game is a frame on the state's stack, run by the
kernel's step machine (``engine.kernel.steps``).

A step kind says what the seat on top of the stack may do (``options``), what an answer does
(``act``), how to ask (``prompt``) and, for steps the rules resolve alone, how to move on
without asking (``auto``). A step whose answer may settle several pieces at once has a
``pick`` (``engine.core.Pick``): any answer it allows is legal besides the ``options``.
Modules register their steps here; ``advance`` runs the automatic ones until someone has to
decide.

Every Rattus decision belongs to one seat, the frame's own (``frame["seat"]``), so a Rattus
step's functions read the frame alone: ``step`` makes a kernel step of them.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core import Action, Pick
from ..kernel.steps import Auto, Step, Steps, pop, push, top
from ..text import Msg
from .state import Ctx, Frame, State

Options = Callable[[State, Frame], list[Action]]
Act = Callable[[Ctx, Frame, Action], None]
Prompt = Callable[[State, Frame], Msg]
PickOf = Callable[[State, Frame], Pick | None]

STEPS: Steps[State, Ctx] = Steps()
"""Every step kind of the game, registered by the modules that play them."""

register = STEPS.register
advance = STEPS.advance


def step(
    kind: str,
    options: Options,
    act: Act,
    prompt: Prompt,
    auto: Auto[Ctx] | None = None,
    private: bool = False,
    pick: PickOf | None = None,
) -> Step[State, Ctx]:
    """A step whose functions take the frame alone (its seat is the frame's)."""

    def offered(s: State, f: Frame, seat: int) -> list[Action]:
        return options(s, f)

    def answered(ctx: Ctx, f: Frame, seat: int, a: Action) -> None:
        act(ctx, f, a)

    def asked(s: State, f: Frame, seat: int) -> Msg:
        return prompt(s, f)

    def picked(s: State, f: Frame, seat: int) -> Pick | None:
        return pick(s, f) if pick is not None else None

    return Step(kind, offered, answered, asked, auto, private, picked if pick else None)


def auto_only(kind: str, auto: Auto[Ctx]) -> Step[State, Ctx]:
    """A step the rules always resolve alone (it never waits for anyone)."""
    return register(Step(kind, auto=auto))


__all__ = ["STEPS", "PickOf", "advance", "auto_only", "pop", "push", "register", "step", "top"]
