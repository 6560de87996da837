"""Literal Mercatus positions: the base helper plus goods on regions, goods held and coins."""

from __future__ import annotations

from typing import Any

from engine.core import Rng
from engine.rattus.game import Game
from engine.rattus.mercatus import goods
from tests.engine.helpers import position


def m_position(
    players: int = 3,
    *,
    region_goods: dict[str, str] | None = None,
    held: dict[int, dict[str, int]] | None = None,
    coins: dict[int, int] | None = None,
    up: dict[str, int] | None = None,
    down: dict[str, int] | None = None,
    on_card: dict[str, str] | None = None,
    pied_piper: bool = False,
    **base: Any,
) -> Game:
    """``position`` with Mercatus on. Unlisted regions show no goods unless ``region_goods`` is
    None (then the seeded setup's goods stay). Class cards named in ``hands`` are put in play."""
    g = position(players, expansions={"mercatus", *(["pied_piper"] if pied_piper else [])}, **base)
    s = g.state
    goods.setup(s, Rng.from_seed(2))
    if pied_piper:
        from engine.rattus.pied_piper import pieces

        pieces.setup(s, Rng.from_seed(1))
    m = goods.market(s)
    if region_goods is not None:
        m["regions"] = dict(region_goods)
    for seat, per_type in (held or {}).items():
        for kind, n in per_type.items():
            m["held"][seat][kind] = n
    for seat, n in (coins or {}).items():
        m["coins"][seat] = n
    for kind, n in (up or {}).items():
        m["up"][kind] = n
    for kind, n in (down or {}).items():
        m["down"][kind] = n
    m["on_card"] = dict(on_card or {})
    held_cards = [c for hand in s.hands for c in hand]
    spare = [c for c in s.cards_in_play if c not in held_cards]
    for card in held_cards:
        if card not in s.cards_in_play:
            s.cards_in_play.remove(spare.pop())
            s.cards_in_play.append(card)
    return g
