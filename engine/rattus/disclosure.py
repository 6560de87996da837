"""What chance has dealt and who has seen what in a game of Rattus (``Game.disclosure``).

Chance: the Rng's state and how many rats are left face down in the supply (its order was
fixed by chance at setup, so taking one is a draw). Knowledge: which face-down rats each seat
has seen, the rats face up or out of the game, the latest plague's tokens. An expansion with
hidden pieces of its own adds its part through ``DISCLOSURE_HOOKS`` (each returns a chance part
and a knowledge part, both comparable values). An action that changes neither drew nothing and
showed nothing, so its player may take it back (``engine.contract.irreversible``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from ..contract import Disclosure
from ..saved import frozen
from .hooks import Hooks
from .state import State

DisclosurePart = Callable[[State], tuple[Hashable, Hashable]]
DISCLOSURE_HOOKS: Hooks[DisclosurePart] = Hooks("disclosure", unordered=True)  # kept apart


def disclosure(s: State) -> Disclosure:
    parts = [hook(s) for hook in DISCLOSURE_HOOKS]
    chance = (s.rng, len(s.rat_supply), tuple(part[0] for part in parts))
    knowledge = (
        frozen(s.known),
        tuple(sorted(s.face_up)),
        tuple(s.gone),
        frozen(s.revealed),
        tuple(part[1] for part in parts),
    )
    return Disclosure(chance, knowledge)
