"""Literal Pied Piper positions: the base helper plus walls, nuns, bishops, potions, Baker."""

from __future__ import annotations

from typing import Any

from engine.core import Rng
from engine.rattus.game import Game
from engine.rattus.pied_piper import pieces
from tests.engine.helpers import position


def pp_position(
    players: int = 3,
    *,
    walls: list[tuple[str, str]] | None = None,
    nuns: list[str] | None = None,
    bishops: list[str] | None = None,
    potions: dict[str, dict[int, int]] | None = None,
    baker: dict[int, int] | None = None,
    **base: Any,
) -> Game:
    """``position`` with the Pied Piper expansion on and its pieces where the test says.

    Class cards named in ``hands`` are put in play (replacing base cards nobody holds)."""
    g = position(players, expansions={"pied_piper"}, **base)
    s = g.state
    pieces.setup(s, Rng.from_seed(1))
    p = pieces.pieces(s)
    for i, (a, b) in enumerate(walls or []):
        p["walls"][i] = pieces.edge(a, b)
    for i, r in enumerate(nuns or []):
        p["nuns"][i] = r
    for i, r in enumerate(bishops or []):
        p["bishops"][i] = r
    for region, per_seat in (potions or {}).items():
        for seat, n in per_seat.items():
            pieces.add_potion(s, seat, region, n)
    for seat, n in (baker or {}).items():
        p["baker"][seat] = n
        s.supply[seat] -= n
    held = [c for hand in s.hands for c in hand]
    spare = [c for c in s.cards_in_play if c not in held]
    for card in held:
        if card not in s.cards_in_play:
            s.cards_in_play.remove(spare.pop())
            s.cards_in_play.append(card)
    return g
