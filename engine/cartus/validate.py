"""Is a state one a game of Rattus Cartus could have reached? ``check`` raises ``BadState``
naming every problem it finds: a value of the wrong type, an unknown id (card, building, step
kind, seat, row place), a card in two places or missing (counted against the game's deck),
buildings and victory point tokens not conserved, a malformed pending decision.

``from_dict`` runs it on every state read from outside (a save, a replay, a test's literal);
copies made while the rules run are never checked again.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .. import kernel
from ..saved import Checker
from ..text import Msg
from . import data, steps, views
from .setup import EVERYONE_DEAD, deal_cards
from .state import State

STATUSES = ("supply", "enter", "resolve", "over")
MAX_SEATS = 5


@cache
def _deck() -> dict[str, dict[str, Any]]:
    return deal_cards()


def check(s: State) -> None:
    """BadState unless ``s`` could be a moment of a real game (see the module's text)."""
    kernel.validate("Rattus Cartus", s, steps.STEPS, views.view, STAGES)


def _fields(c: Checker, s: State) -> None:
    c.is_int("players", s.players, 2, MAX_SEATS)
    c.is_type("seed", s.seed, (int, str), "a number or a text")
    for name in ("rng", "rounds", "round", "start_player", "moves", "version"):
        c.is_int(name, getattr(s, name), 0)
    for name in ("options", "cards", "building_cards", "supplies", "influence", "arrived"):
        c.is_type(name, getattr(s, name), dict, "a table")
    c.is_type("premium", s.premium, dict, "a table")
    for name in ("in_play", "deck", "discard", "nun_row", "building_deck", "replacement"):
        c.strs(name, getattr(s, name))
    c.strs("building_discard", s.building_discard)
    if c.is_type("log", s.log, list, "a list"):
        for i, line in enumerate(s.log):  # a loaded game's are strings, a live one's texts
            c.is_type(f"log[{i}]", line, (str, Msg), "a text")
    for name in ("hands", "seen", "vp", "rats", "vp_pile", "entered", "gained"):
        c.is_type(name, getattr(s, name), list, "a list")
    c.is_type("supply_chosen", s.supply_chosen, list, "a list")
    for name in ("row", "stack"):
        if c.is_type(name, getattr(s, name), list, "a list"):
            for i, item in enumerate(getattr(s, name)):
                c.is_type(f"{name}[{i}]", item, dict, "a table")
    c.that(s.status in STATUSES, f"status {s.status!r} is not one of {', '.join(STATUSES)}")
    if s.outcome is not None:
        c.is_type("outcome", s.outcome, dict, "a table or null")


def _shapes(c: Checker, s: State) -> None:
    n, seats = s.players, s.players - 1
    dead = s.options.get("everyone_dead", EVERYONE_DEAD[0])
    c.that(dead in EVERYONE_DEAD, f"options.everyone_dead names unknown rule {dead!r}")
    c.that(len(s.hands) == n, f"hands has {len(s.hands)} entries, not {n}")
    for seat, hand in enumerate(s.hands):
        c.strs(f"hands[{seat}]", hand)
    c.ints("rats", s.rats, n, 0, 10_000)
    c.ints("vp_pile", s.vp_pile, None, 0, 100)
    if c.that(len(s.vp) == n, f"vp has {len(s.vp)} entries, not {n}"):
        for seat, tokens in enumerate(s.vp):
            c.ints(f"vp[{seat}]", tokens, None, 0, 100)
    if c.that(len(s.seen) == len(s.nun_row), "seen: not one entry per Nun-row card"):
        for i, who in enumerate(s.seen):
            c.ints(f"seen[{i}]", who, None, 0, seats)
    for name in ("influence", "arrived"):
        table = getattr(s, name)
        c.that(set(table) == set(data.CLASSES), f"{name} does not count each class")
        for cls, per_seat in table.items():
            c.ints(f"{name}[{cls!r}]", per_seat, n, 0 if name == "influence" else -(10**6))
    c.ints("entered", s.entered, None, 0, seats)
    if s.gained:
        c.ints("gained", s.gained, n, -1000)
    if s.supply_chosen and c.that(len(s.supply_chosen) == n, "supply_chosen: not one per seat"):
        for seat, choice in enumerate(s.supply_chosen):
            if choice is not None:
                c.is_int(f"supply_chosen[{seat}]", choice, 0, 20)
    for place, seat in s.premium.items():
        c.that(place.isdigit(), f"premium names row place {place!r}")
        c.is_int(f"premium[{place!r}]", seat, 0, seats)
    c.is_int("round", s.round, 0, s.rounds)
    c.is_int("start_player", s.start_player, 0, seats)
    for i, building in enumerate(s.row):
        c.is_type(f"row[{i}].card", building.get("card"), str, "a building card")
        c.is_type(f"row[{i}].revealed", building.get("revealed"), bool, "true or false")
        entries: Any = building.get("entries")
        if c.is_type(f"row[{i}].entries", entries, list, "a list"):
            for j, entry in enumerate(entries):
                spot = f"row[{i}].entries[{j}]"
                if c.is_type(spot, entry, dict, "a table"):
                    c.is_int(f"{spot}.seat", entry.get("seat"), 0, seats)
                    c.strs(f"{spot}.cards", entry.get("cards"))
    for kind, pile in s.supplies.items():
        c.strs(f"supplies[{kind!r}]", pile)


def _pieces(c: Checker, s: State) -> None:
    deck = _deck()
    for cid, card in s.cards.items():
        c.that(deck.get(cid) == card, f"cards[{cid!r}] is not a card of the game's deck")
    c.that(set(s.cards) == set(deck), "cards do not list the game's whole deck")
    places: dict[str, list[Any]] = {"deck": s.deck, "discard": s.discard, "nun_row": s.nun_row}
    places |= {f"supplies[{k!r}]": pile for k, pile in s.supplies.items()}
    places |= {f"hands[{p}]": hand for p, hand in enumerate(s.hands)}
    for i, b in enumerate(s.row):
        for j, entry in enumerate(b["entries"]):
            places[f"row[{i}].entries[{j}]"] = entry["cards"]
    c.once_each(places, s.cards, "card")
    buildings = {
        "building_deck": s.building_deck,
        "replacement": s.replacement,
        "building_discard": s.building_discard,
        "row": [b["card"] for b in s.row],
    }
    c.once_each(buildings, s.building_cards, "building card")
    known = data.buildings()
    for cid, b in s.building_cards.items():
        ok = isinstance(b, dict) and b.get("building") in known
        if c.that(ok, f"building_cards[{cid!r}] is not a known building"):
            c.that(b["building"] in s.in_play, f"building_cards[{cid!r}] is not in play")
    tokens = sorted([*s.vp_pile, *(v for seat in s.vp for v in seat)])
    c.that(
        tokens == sorted(data.table().vp_tokens),
        "victory point tokens are not the game's set (one missing, added or changed)",
    )


def _places(c: Checker, s: State) -> None:
    """A frame about a place of the round's row names one that is there."""
    for i, frame in enumerate(s.stack):
        if "place" in frame:
            c.is_int(f"stack[{i}].place", frame["place"], 0, max(len(s.row) - 1, 0))


STAGES: tuple[tuple[kernel.Check[State], ...], ...] = ((_fields,), (_shapes,), (_pieces, _places))
"""The checks, stage by stage, the types first (see ``kernel.validate``)."""
