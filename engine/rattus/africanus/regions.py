"""Africanus region cards: the deck, the hands (secret), the discard pile, the public table.

State lives in ``State.ext["africanus"]``. A hand is seen only by its owner; everybody sees how
many cards each player holds and the cards played face up on class cards.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache
from typing import Any

from ...core import Rng
from ...saved import Checker, frozen
from ...text import Msg, msg
from .. import board, data
from ..state import Ctx, State, expansion_part
from ..texts import listed
from ..view_types import RattusView

KEY = "africanus"
HAND = 3


table, on = expansion_part(KEY)


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
            ctx.say("deck", msg("The region card deck ran out: the discard pile is shuffled."))
        if not t["deck"]:
            break
        out.append(t["deck"].pop())
    return out


def describe(card_id: str) -> Msg:
    """A region card in words: its region and the classes it shows ("Gallia (Church /
    Magic)", "Aegyptus (any class)")."""
    c = card(card_id)
    names = data.cards_classes()
    if c.symbols == ("any",):
        symbols = msg("any class")
    else:
        shown = [names.get(x, x) for x in c.symbols]  # data-file texts (the classes' names)
        symbols = msg(shown[0])
        for name in shown[1:]:
            # i18n: the classes a region card shows, one after another
            symbols = msg("{classes} / {cls}", classes=symbols, cls=msg(name))
    return msg("{region} ({symbols})", region=board.said(c.region), symbols=symbols)


def described(card_ids: list[str]) -> Msg:
    """Region cards in words, one after another (there is at least one)."""
    return listed([describe(c) for c in card_ids])


def view_hook(s: State, seat: int | None, view: RattusView) -> None:
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


def check(c: Checker, s: State, t: Any) -> None:
    """Each region card of the regions in use in one place at most (deck, discard, a hand,
    played on a class card), hands and diplomats by seat, the caravan in a region."""
    if not c.is_type("africanus", t, dict, "a table"):
        return
    in_use = set(s.regions)
    ids = {card.id for card in data.region_cards() if card.region in in_use}
    places: dict[str, list[Any]] = {}
    for name in ("deck", "discard"):
        if c.strs(f"africanus.{name}", t.get(name)):
            places[f"africanus.{name}"] = t[name]
    hands = t.get("hands")
    if c.is_type("africanus.hands", hands, list, "a list") and c.that(
        len(hands) == s.players, f"africanus.hands has {len(hands)} entries, not {s.players}"
    ):
        for seat, hand in enumerate(hands):
            if c.strs(f"africanus.hands[{seat}]", hand):
                places[f"africanus.hands[{seat}]"] = hand
    played = t.get("played")
    if c.is_type("africanus.played", played, list, "a list"):
        for i, entry in enumerate(played):
            ok = isinstance(entry, list) and len(entry) == 3 and isinstance(entry[1], str)
            if c.that(ok, f"africanus.played[{i}] is not [seat, region card, class card]"):
                c.is_int(f"africanus.played[{i}] seat", entry[0], 0, s.players - 1)
                places[f"africanus.played[{i}]"] = [entry[1]]
    c.once_each(places, ids, "region card", complete=False)
    diplomats = t.get("diplomats")
    if c.is_type("africanus.diplomats", diplomats, dict, "a table by region"):
        for where, seats in diplomats.items():
            spot = f"africanus.diplomats[{where!r}]"
            c.that(where in in_use or where == board.PALACE, f"{spot} names an unknown place")
            c.ints(spot, seats, None, 0, s.players - 1)
    caravan = t.get("caravan")
    c.that(caravan is None or caravan in in_use, f"africanus.caravan in unknown {caravan!r}")
