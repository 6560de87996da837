"""A fast path for look-ahead: the same steps as ``Game.apply``, in place on a private state.

A search plays thousands of actions on games nobody else holds. ``Game.apply`` copies the whole
state, checks the action against the legal list and writes every event; here the state is
changed in place, the action is one ``options`` gave (or an answer its pick allows), and no
event or log line is written. Only use it on a state made for the purpose (a sampled state or
a clone).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic

from ..core import Action
from .game import CT, ST, actors
from .steps import Steps


class Simulation(Generic[ST, CT]):
    """One game's quiet apply: ``actor``, ``options`` and ``play`` on a private state."""

    def __init__(self, steps: Steps[ST, CT], quiet: Callable[[ST], CT]) -> None:
        self.steps = steps
        self.quiet = quiet
        """A new apply on a state that keeps no events and no log."""
        self.last: tuple[ST | None, int, int, list[Action]] = (None, -1, -1, [])
        """The state ``play`` last changed, its version after it, the seat deciding then and
        what it offers (``advance`` lists it to check that the game waits on a real choice):
        a look-ahead asks ``options`` for that very state next. One tuple, swapped whole, so a
        search in another thread never reads half of another's."""

    def actor(self, s: ST) -> int | None:
        """The first seat that must decide now, or None when the game is over."""
        acting = actors(s)
        return acting[0] if acting else None

    def options(self, s: ST, seat: int) -> list[Action]:
        """What ``seat`` (one of the actors) may do now (unsorted: the order options gave)."""
        last, version, offered_to, offered = self.last
        if last is s and version == s.version and offered_to == seat:
            return list(offered)
        return self.steps.offers(s, s.stack[-1], seat)

    def play(self, s: ST, seat: int, action: Action) -> None:
        """Apply an action of ``seat`` (one of ``options(s, seat)``, or any answer its pick
        allows), changing ``s`` in place."""
        ctx = self.quiet(s)
        self.steps.answer(ctx, seat, action)
        offered = self.steps.advance(ctx)
        ctx.finish()
        s.version += 1
        self.last = (s, s.version, *offered) if offered is not None else (s, s.version, -1, [])
