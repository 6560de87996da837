"""Exact positions for rules tests: ``position`` deals a real game, then sets the round's row
of buildings, the hands (by card type) and the rats asked for, and checks the result
(``validate.check``), so a test states the position it is about without writing stack frames
or moving cards between piles by hand.

    g = cartus.position(3, ["monastery", "farm"], hands={0: ["church", "joker"]},
                        rats={1: 4}, round=2, start=1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..saved import BadState
from . import data, validate
from .game import Game, new_game
from .state import State


def _pool(s: State, card_type: str) -> list[str]:
    """Where spare cards of a type wait: the deck (population) or their supply (to change)."""
    pool: list[str] = s.mine("deck") if card_type in data.CLASSES else s.mine("supplies")[card_type]
    return pool


def give_cards(s: State, seat: int, types: Iterable[str]) -> None:
    """Move cards of these types from the deck or their supplies into the seat's hand;
    BadState when none of a type is left there."""
    for kind in types:
        if kind not in data.CLASSES and kind not in s.supplies:
            raise BadState(f"there is no card type {kind!r}")
        pool = _pool(s, kind)
        card = next((c for c in reversed(pool) if s.type_of(c) == kind), None)
        if card is None:
            raise BadState(f"no {kind} card is left to give to seat {seat}")
        pool.remove(card)
        s.mine("hands")[seat].append(card)


def set_hand(s: State, seat: int, types: Iterable[str]) -> None:
    """Replace the seat's hand by cards of exactly these types (the old hand goes back)."""
    for c in s.hands[seat]:
        _pool(s, s.type_of(c)).insert(0, c)
    s.mine("hands")[seat] = []
    give_cards(s, seat, types)


def position(
    players: int = 3,
    row: Sequence[str] | None = None,
    *,
    hands: Mapping[int, Iterable[str]] | None = None,
    rats: Mapping[int, int] | None = None,
    round: int = 1,
    start: int = 0,
    seed: int = 1,
) -> Game:
    """A game at the start of phase C (entering buildings), round ``round``, ``start``
    entering first, with exactly this row of buildings (names; the row's n-th building is its
    n-th printed copy), these hands (card types per seat: ``"church"``, ``"joker"``,
    ``"sword"``...) and these rats per seat. The other seats keep the hands they were dealt.
    BadState (``engine.saved``) for an unknown building or card type, or a position no game
    could reach."""
    g = new_game(players, buildings="random", seed=seed, guard_tower=True)
    s = g.state
    s.mine("building_deck").extend(b["card"] for b in s.row)
    s.row = []
    known = data.buildings()
    for i, b in enumerate(row or ["monastery", "farm"]):
        if b not in known:
            raise BadState(f"there is no building {b!r}")
        card = f"{b}-{i + 1}"
        for pile in (s.mine(p) for p in ("building_deck", "replacement", "building_discard")):
            if card in pile:
                pile.remove(card)
        s.building_cards = {
            **s.building_cards,
            card: {
                "building": b,
                "class": data.building_class(b),
                "supply": dict(known[b].supplies[i]),
            },
        }
        s.mine("row").append({"card": card, "entries": [], "revealed": False})
    s.in_play = sorted({*s.in_play, *(row or [])})
    for seat, types in (hands or {}).items():
        set_hand(s, seat, types)
    for seat, n in (rats or {}).items():
        s.mine("rats")[seat] = n
    s.round = round
    s.start_player = start
    s.status = "enter"
    order = s.seat_order(start)
    s.stack = [
        {"kind": "end_round"},
        {"kind": "resolve"},
        {"kind": "enter", "seat": order[0], "queue": order},
    ]
    validate.check(s)
    return g
