"""A fast path for look-ahead: the same steps as ``Game.apply``, in place on a private state.

A search plays thousands of actions on games nobody else holds. ``Game.apply`` copies the whole
state, checks the action against the legal list and writes every event; here the state is
changed in place, the action is one ``options`` gave, and no event or log line is written.
Only use it on a state made for the purpose (``sampling.sample_game(...).state`` or a clone).
"""

from __future__ import annotations

from typing import Any

from ..core import Action
from . import steps, views
from .state import Ctx, State


class _Quiet(Ctx):
    """An apply that keeps no events and no log (nobody reads them in a look-ahead)."""

    def say(self, kind: str, template: str, **data: Any) -> None:
        return None

    def tell(self, seats: tuple[int, ...], kind: str, template: str, **data: Any) -> None:
        return None


def actor(s: State) -> int | None:
    """The first seat that must decide now, or None when the game is over."""
    acting = views.actors(s)
    return acting[0] if acting else None


_last: tuple[State | None, int, list[Action]] = (None, -1, [])
"""The state ``play`` last changed, its version after it and what it offers then (``advance``
lists it to check that the game waits on a real choice): a look-ahead asks ``options`` for
that very state next. One tuple, swapped whole, so a search in another thread never reads
half of another's."""


def options(s: State) -> list[Action]:
    """What the seat on top of the stack may do (unsorted: the order options gave)."""
    last, version, offered = _last
    if last is s and version == s.version:
        return list(offered)
    frame = s.stack[-1]
    return steps.STEPS[frame["kind"]].options(s, frame)


def play(s: State, action: Action) -> None:
    """Apply one of ``options(s)`` for the seat deciding now, changing ``s`` in place."""
    global _last
    ctx = _Quiet(s)
    frame = s.stack[-1]
    steps.STEPS[frame["kind"]].act(ctx, frame, action)
    offered = steps.advance(ctx)
    s.version += 1
    _last = (s, s.version, offered)
