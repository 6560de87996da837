"""Africanus region cards: the deck, the hands (secret), the discard pile, the public table.

State lives in ``State.ext["africanus"]``. A hand is seen only by its owner; everybody sees how
many cards each player holds and the cards played face up on class cards.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache
from typing import Any

from ...core import Rng
from ...saved import frozen
from .. import data
from ..state import Ctx, State
from ..view_types import RattusView

KEY = "africanus"
HAND = 3


def table(s: State) -> dict[str, Any]:
    found: dict[str, Any] = s.ext[KEY]
    return found


def on(s: State) -> bool:
    return KEY in s.ext


def card(card_id: str) -> data.RegionCard:
    return _by_id()[card_id]


@cache
def _by_id() -> dict[str, data.RegionCard]:
    return {c.id: c for c in data.region_cards()}


def setup(s: State, rng: Rng) -> None:
    """Cards of regions not in use leave the game; the rest are shuffled; 3 to each player."""
    in_use = set(s.regions)
    deck = [c.id for c in data.region_cards() if c.region in in_use]
    rng.shuffle(deck)
    s.ext[KEY] = {
        "deck": deck,  # face down, top last
        "discard": [],
        "hands": [[deck.pop() for _ in range(HAND)] for _ in range(s.players)],
        "played": [],  # [seat, card id, class card it protects] face up this ravage
        "diplomats": {},  # region -> [seats with a diplomat there]
        "caravan": None,
    }


def draw(ctx: Ctx, n: int) -> list[str]:
    """Draw up to n cards, shuffling the discard pile into a new deck when it runs out."""
    t = table(ctx.s)
    out: list[str] = []
    for _ in range(n):
        if not t["deck"] and t["discard"]:
            from ..plague import rand_below

            pile = list(t["discard"])
            t["discard"] = []
            for i in range(len(pile) - 1, 0, -1):
                j = rand_below(ctx.s, i + 1)
                pile[i], pile[j] = pile[j], pile[i]
            t["deck"] = pile
            ctx.say("deck", "The region card deck ran out: the discard pile is shuffled.")
        if not t["deck"]:
            break
        out.append(t["deck"].pop())
    return out


def describe(card_id: str) -> str:
    c = card(card_id)
    names = data.cards_classes()
    symbols = (
        "any class" if c.symbols == ("any",) else " / ".join(names.get(x, x) for x in c.symbols)
    )
    return f"{data.board_map().names[c.region]} ({symbols})"


def view_hook(s: State, seat: int | None, view: RattusView) -> None:
    if not on(s):
        return
    t = table(s)
    for player in view["players"]:
        p = player["seat"]
        player["hand_count"] = len(t["hands"][p])
        if seat == p:
            player["hand"] = [
                {"id": cid, "region": card(cid).region, "symbols": list(card(cid).symbols)}
                for cid in t["hands"][p]
            ]
    view["region_cards_played"] = [
        {"seat": who, "id": cid, "region": card(cid).region, "protects": what}
        for who, cid, what in t["played"]
    ]
    view["region_deck"] = len(t["deck"])


def disclosure_hook(s: State) -> tuple[Hashable, Hashable]:
    """Drawing region cards is chance; a card changing hands or shown is knowledge."""
    if not on(s):
        return (), ()
    t = table(s)
    knowledge = (frozen(t["hands"]), frozen(t["played"]), tuple(t["discard"]))
    return len(t["deck"]), knowledge


def register_hooks() -> None:
    from .. import views
    from ..disclosure import DISCLOSURE_HOOKS

    views.VIEW_HOOKS.add("africanus_cards", view_hook)
    DISCLOSURE_HOOKS.add("africanus_cards", disclosure_hook)
