"""A fast path for look-ahead: the same steps as ``Game.apply``, in place on a private state.

A search plays thousands of actions on games nobody else holds. ``Game.apply`` copies the whole
state, checks the action against the legal list and writes every event; here the state is
changed in place, the action is one ``options`` gave (or a pick answer built for it), and no
event or log line is written. Only use it on a state made for the purpose
(``sampling.sample_state(...)`` or a clone).
"""

from __future__ import annotations

from typing import Any

from ..core import Action
from ..text import Msg
from . import steps, views
from .state import Ctx, State


class _Quiet(Ctx):
    """An apply that keeps no events and no log (nobody reads them in a look-ahead)."""

    def say(self, kind: str, text: Msg, **data: Any) -> None:
        return None

    def tell(self, seats: tuple[int, ...], kind: str, text: Msg, **data: Any) -> None:
        return None


def actor(s: State) -> int | None:
    """The first seat that must decide now, or None when the game is over."""
    acting = views.actors(s)
    return acting[0] if acting else None


def options(s: State, seat: int) -> list[Action]:
    """What ``seat`` (one of the actors) may do now (unsorted: the order options gave)."""
    frame = s.stack[-1]
    offered = steps.STEPS[frame["kind"]].options
    assert offered is not None
    return offered(s, frame, seat)


def play(s: State, seat: int, action: Action) -> None:
    """Apply an action of ``seat`` (one of ``options(s, seat)``, or any answer its pick
    allows), changing ``s`` in place."""
    ctx = _Quiet(s)
    frame = s.stack[-1]
    act = steps.STEPS[frame["kind"]].act
    assert act is not None
    act(ctx, frame, seat, action)
    steps.advance(ctx)
    ctx.finish()
    s.version += 1
