"""Exact positions for rules tests: ``position`` sets up a real game, plays its start
placement, then puts exactly the pieces asked for on the board and checks the result
(``validate.check``), so a test states the board it is about without writing the state's
internals (stack frames, piles, conservation) by hand.

    g = rattus.position(3, cubes={"gallia": {0: 2, 1: 1}}, rats={"gallia": ["T1"]},
                        hands={0: ["king"]}, plague="gallia", active=0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from . import validate
from .game import Game, new_game
from .state import CUBES_PER_PLAYER

Front = dict[str, Any]


def token(limit: int, *classes: str, majority: int = 0, every: int = 0) -> Front:
    """A rat token's front: its population limit, the classes it strikes, the cubes lost by
    the majority and by every player."""
    return {"limit": limit, "classes": list(classes), "majority": majority, "all": every}


def after_placement(players: int = 3, expansions: Iterable[str] = (), seed: int = 1) -> Game:
    """A game past its start placement (each seat's first choice, in order)."""
    g = new_game(players, expansions=expansions, seed=seed)
    while g.state.stack and g.state.stack[-1]["kind"] == "start_place":
        seat = g.actors()[0]
        g = g.apply(seat, g.legal_actions(seat)[0])
    return g


def position(
    players: int = 3,
    expansions: Iterable[str] = (),
    *,
    seed: int = 1,
    cubes: Mapping[str, Mapping[int, int]] | None = None,
    rats: Mapping[str, Sequence[Front | str]] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
    plague: str = "gallia",
    palace: Mapping[int, int] | None = None,
    supply_rats: int | None = None,
    active: int = 0,
    turn: int | None = None,
) -> Game:
    """A game at the start of ``active``'s turn with exactly these pieces (``turn``: its
    number, when it matters; else the first after the placement).

    ``cubes`` (region -> seat -> count) and ``palace`` (seat -> count) place cubes; the rest
    of each colour's 20 wait in its supply. ``rats`` maps a region to its face-down tokens,
    each a front (made with ``token``, given the id T1, T2, ...) or the id of a token of the
    game; the others stay in the draw pile, of which ``supply_rats`` are kept (the rest leave
    the game unseen). ``hands`` gives each seat its class cards (one the deal left out is put
    in play instead of a card nobody holds). Regions not named hold nothing. Expansions keep the pieces their setup gave.
    BadState (``engine.saved``) if the position is impossible: more than 20 cubes of a
    colour, four rats in a region, a card in two hands, an unknown region or card.
    """
    g = after_placement(players, expansions, seed)
    s = g.state
    pool = [*s.rat_supply, *(t for r in s.regions for t in s.rats[r])]
    for r in s.regions:
        s.cubes[r] = [0] * players
        s.rats[r] = []
    s.palace = [0] * players
    s.known = {}
    made = 0
    for region, listed in (rats or {}).items():
        s.rats.setdefault(region, [])
        for item in listed:
            if isinstance(item, str):
                tid = item
                if tid in pool:
                    pool.remove(tid)
            else:
                made += 1
                tid = f"T{made}"
                s.tokens[tid] = dict(item)
            s.rats[region].append(tid)
    if supply_rats is not None:
        extra = max(len(pool) - supply_rats, 0)
        s.removed = [*s.removed, *pool[:extra]]  # a new list: copies share the old one
        pool = pool[extra:]
    s.rat_supply = pool
    on_board = [0] * players
    for region, per_seat in (cubes or {}).items():
        s.cubes.setdefault(region, [0] * players)
        for seat, n in per_seat.items():
            s.cubes_at(region)[seat] = n
            on_board[seat] += n
    for seat, n in (palace or {}).items():
        s.palace[seat] = n
        on_board[seat] += n
    s.supply = [max(CUBES_PER_PLAYER - on_board[p], 0) for p in range(players)]
    s.hands = [list((hands or {}).get(p, [])) for p in range(players)]
    held = [c for hand in s.hands for c in hand]
    spare = [c for c in s.cards_in_play if c not in held]
    s.cards_in_play = list(s.cards_in_play)  # a new list: copies share the old one
    for card in dict.fromkeys(held):
        if card not in s.cards_in_play:  # in play instead of a card nobody holds
            if spare:
                s.cards_in_play.remove(spare.pop())
            s.cards_in_play.append(card)
    s.plague = plague
    s.active = active
    if turn is not None:
        s.turn = turn
    s.used, s.took, s.placed, s.revealed = [], False, False, []
    s.stack = [{"kind": "turn", "seat": active}]
    validate.check(s)
    return g
