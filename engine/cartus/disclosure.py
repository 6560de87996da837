"""What chance has dealt and who has seen what in a game of Rattus Cartus
(``Game.disclosure``).

Chance: the Rng's state and the size of every face-down pile whose order chance fixed (the
population deck and its discard pile, the victory point tokens, the building deck and its
replacements). Knowledge: who looked at which Nun-row card, the Nun-row itself, the cards
turned over in the round's buildings, and the supplies chosen in secret once shown. Cards
that pass from one hand to another (a Sword, a Guard Tower) go as private answers, which are
never taken back (``engine.replay``). An action that changes neither drew nothing and showed
nothing, so its player may take it back (``engine.contract.irreversible``).
"""

from __future__ import annotations

from ..contract import Disclosure
from ..saved import frozen
from .state import State


def disclosure(s: State) -> Disclosure:
    chance = (
        s.rng,
        len(s.deck),
        len(s.discard),
        len(s.vp_pile),
        len(s.building_deck),
        len(s.replacement),
    )
    turned = tuple(
        (
            place["card"],
            place["revealed"],
            frozen([entry["cards"] for entry in place["entries"]]) if place["revealed"] else (),
            tuple(frozen(e["shown"]) for e in place["entries"] if e["shown"] is not None),
        )
        for place in s.row
    )
    shown_supplies = frozen(s.supply_chosen) if None not in s.supply_chosen else ()
    knowledge = (frozen(s.seen), tuple(s.nun_row), turned, shown_supplies)
    return Disclosure(chance, knowledge)
