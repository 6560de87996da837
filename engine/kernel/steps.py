"""The step machine: every decision of a game is a frame on its state's stack.

A frame is a plain dict saved with the state: ``{"kind": ..., "seat": ...}`` (or ``"seats"``
when several seats answer at once), plus whatever its step keeps. Each game has one registry of
step kinds (``Steps``); a ``Step`` says what a seat may answer (``options``), what an answer
does (``act``), how the question reads (``prompt``), and for a step the rules settle alone, how
to move on without asking (``auto``). A step whose answer may settle several pieces at once has
a ``pick`` (``engine.core.Pick``): any answer it allows is legal besides the ``options``.
``Steps.advance`` runs the automatic steps until some seat has to decide.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from ..core import Action, Pick
from ..saved import BadState
from ..text import Text

Frame = dict[str, Any]
"""A pending step: {"kind": ..., "seat": ..., ...}. The top of the stack acts next."""


class Stacked(Protocol):
    """A state with a stack of pending steps."""

    stack: list[Frame]


S = TypeVar("S", bound=Stacked)
S_co = TypeVar("S_co", covariant=True)


class Context(Protocol[S_co]):
    """One apply in progress, as the step machine sees it: the state it changes."""

    @property
    def s(self) -> S_co: ...


C = TypeVar("C", bound=Context[Any])

Options = Callable[[S, Frame, int], list[Action]]
"""(state, frame, seat) -> what the seat may answer (unsorted)."""
Act = Callable[[C, Frame, int, Action], None]
"""(apply, frame, seat, answer): what the answer does; it pops the frame when it is settled."""
Prompt = Callable[[S, Frame, int], Text]
"""(state, frame, seat) -> the question in words (seats as ``Seat`` values)."""
Auto = Callable[[C, Frame], bool]
"""(apply, frame) -> True when it settled the frame (or moved the game on) without asking,
False when the frame waits for its seat after all."""
PickOf = Callable[[S, Frame, int], Pick | None]
"""(state, frame, seat) -> the several-at-once answer the seat may give, if any."""
SecretKinds = Callable[[S, Frame, int], tuple[str, ...]]
"""(state, frame, seat) -> the kinds of answer the seat may have from what it alone holds
(``Decision.secret_kinds``), named from public facts alone."""


@dataclass(frozen=True)
class Step(Generic[S, C]):
    kind: str
    options: Options[S] | None = None
    act: Act[C] | None = None
    prompt: Prompt[S] | None = None
    auto: Auto[C] | None = None
    private: bool = False
    pick: PickOf[S] | None = None
    secret_kinds: SecretKinds[S] | None = None


def deciders(frame: Frame) -> list[int]:
    """The seats that answer a frame."""
    seats = frame.get("seats")
    return list(seats) if seats is not None else [int(frame["seat"])]


def push(s: Stacked, kind: str, **params: object) -> Frame:
    frame: Frame = {"kind": kind, **params}
    s.stack.append(frame)
    return frame


def push_all(s: Stacked, frames: list[Frame]) -> None:
    """Push frames so that the first of the list acts first."""
    s.stack.extend(reversed(frames))


def pop(s: Stacked, frame: Frame) -> None:
    if not s.stack or s.stack[-1] is not frame:
        raise RuntimeError("a step tried to end while it was not on top")
    s.stack.pop()


def top(s: Stacked) -> Frame | None:
    return s.stack[-1] if s.stack else None


Offered = tuple[int, list[Action]]
"""The first decider of the frame that waits, and what it offers (unsorted)."""

SETTLE_LIMIT = 100_000
"""The most automatic steps one apply may run before the game is judged not to settle."""


class Steps(dict[str, Step[S, C]]):
    """One game's step kinds, by name (a dict: kind -> ``Step``), filled by ``register``."""

    def register(self, step: Step[S, C]) -> Step[S, C]:
        if step.kind in self:
            raise ValueError(f"step kind '{step.kind}' registered twice")
        if step.auto is None and step.options is None:
            raise ValueError(f"step '{step.kind}' must decide alone or offer options")
        if step.options is not None and (step.act is None or step.prompt is None):
            raise ValueError(f"step '{step.kind}' offers options but cannot take or ask them")
        self[step.kind] = step
        return step

    def offers(self, s: S, frame: Frame, seat: int) -> list[Action]:
        """What ``seat`` may answer to ``frame`` (unsorted)."""
        options = self[frame["kind"]].options
        return options(s, frame, seat) if options is not None else []

    def answer(self, ctx: C, seat: int, action: Action) -> None:
        """Apply ``seat``'s answer to the frame on top of the stack."""
        frame = ctx.s.stack[-1]
        act = self[frame["kind"]].act
        if act is None:
            raise RuntimeError(f"step '{frame['kind']}' takes no answers")
        act(ctx, frame, seat, action)

    def unaskable(self, s: S) -> list[str]:
        """Why the decision on top of ``s``'s stack cannot be asked of its seats: for each
        seat whose options or prompt fail, what failed (nothing when it can be asked)."""
        if not s.stack:
            return []
        frame = s.stack[-1]
        step = self[frame["kind"]]
        if step.options is None:
            return []
        problems = []
        for seat in deciders(frame):
            try:
                step.options(s, frame, seat)
                if step.prompt is not None:
                    step.prompt(s, frame, seat)
            except BadState:
                raise
            except Exception as error:
                problems.append(
                    f"stack[{len(s.stack) - 1}] ({frame['kind']}) cannot be asked of seat "
                    f"{seat} ({type(error).__name__}: {error})"
                )
        return problems

    def advance(self, ctx: C) -> Offered | None:
        """Resolve automatic steps until a frame waits for a decision or the stack is empty.
        Returns what the waiting frame offers its first seat (listed to check that the game
        waits on a real choice; the caller may keep it), None once the stack is empty."""
        stack = ctx.s.stack
        for _ in range(SETTLE_LIMIT):
            if not stack:
                return None
            frame = stack[-1]
            step = self[frame["kind"]]
            if step.auto is not None and step.auto(ctx, frame):
                continue
            seats = frame.get("seats")  # the first of ``deciders``, without listing them
            seat = seats[0] if seats is not None else int(frame["seat"])
            offered = step.options(ctx.s, frame, seat) if step.options is not None else []
            if not offered:
                raise RuntimeError(f"step '{frame['kind']}' waits but offers nothing")
            return seat, offered
        raise RuntimeError("the game did not settle on a decision")
