"""Build Rattus positions from literals, so a test states exactly the board it is about."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from engine import rattus
from engine.rattus.game import Game
from engine.rattus.state import CUBES_PER_PLAYER

BLANK = {"limit": 99, "classes": [], "majority": 0, "all": 0}


def token(limit: int, *classes: str, m: int = 0, a: int = 0) -> dict[str, Any]:
    return {"limit": limit, "classes": list(classes), "majority": m, "all": a}


def after_placement(players: int = 3, seed: int = 1) -> Game:
    """A game past its start placement (Africanus on for 5 or 6 players, as it must be)."""
    g = rattus.new_game(players, expansions={"africanus"} if players > 4 else (), seed=seed)
    while g.state.stack[-1]["kind"] == "start_place":
        seat = g.actors()[0]
        g = g.apply(seat, g.legal_actions(seat)[0])
    return g


def position(
    players: int = 3,
    *,
    seed: int = 1,
    cubes: dict[str, dict[int, int]] | None = None,
    rats: dict[str, list[dict[str, Any] | str]] | None = None,
    hands: dict[int, list[str]] | None = None,
    plague: str = "gallia",
    palace: dict[int, int] | None = None,
    supply_rats: int | None = None,
    active: int = 0,
) -> Game:
    """A game at the start of ``active``'s turn with exactly these pieces on the board.

    ``rats`` maps a region to its face-down tokens, each a front (made with ``token``) or an
    id of a token already in the game. Unlisted regions have no rats and no cubes.
    """
    g = after_placement(players, seed)
    s = g.state
    pool = [*s.rat_supply, *(t for r in s.regions for t in s.rats[r])]
    for r in s.regions:
        s.cubes[r] = [0] * players
        s.rats[r] = []
    s.palace = [0] * players
    s.known = {}
    made = 0
    for region, listed in (rats or {}).items():
        for item in listed:
            if isinstance(item, str):
                tid = item
                pool.remove(tid)
            else:
                made += 1
                tid = f"T{made}"
                s.tokens[tid] = dict(item)
            s.rats[region].append(tid)
    if supply_rats is not None:
        extra = len(pool) - supply_rats
        s.removed.extend(pool[:extra])
        pool = pool[extra:]
    s.rat_supply = pool
    on_board = [0] * players
    for region, per_seat in (cubes or {}).items():
        for seat, n in per_seat.items():
            s.cubes[region][seat] = n
            on_board[seat] += n
    for seat, n in (palace or {}).items():
        s.palace[seat] = n
        on_board[seat] += n
    s.supply = [CUBES_PER_PLAYER - on_board[p] for p in range(players)]
    s.hands = [list((hands or {}).get(p, [])) for p in range(players)]
    s.plague = plague
    s.active = active
    s.used, s.took, s.placed, s.revealed = [], False, False, []
    s.stack = [{"kind": "turn", "seat": active}]
    return g


def play(g: Game, *notations: str) -> Game:
    """Apply notations in order, each by whoever must decide now."""
    for n in notations:
        g = g.apply(g.actors()[0], n)
    return g


def notations(g: Game) -> list[str]:
    return [a.notation for a in g.legal_actions(g.actors()[0])]


def random_playout(
    players: int,
    seed: int,
    *,
    expansions: Iterable[str] = (),
    class_cards: str | list[str] | None = None,
    check: Callable[[Game], None] | None = None,
    max_actions: int = 6000,
) -> tuple[Game, list[tuple[int, str]]]:
    """Play random legal actions until the game ends, calling ``check`` after each one;
    returns the end and the action log."""
    rng = random.Random(seed * 7919 + players)
    g = rattus.new_game(players, expansions=expansions, class_cards=class_cards, seed=seed)
    log: list[tuple[int, str]] = []
    while not g.is_over:
        seat = g.actors()[0]
        action = rng.choice(g.legal_actions(seat))
        g = g.apply(seat, action)
        log.append((seat, action.notation))
        if check is not None:
            check(g)
        if len(log) > max_actions:
            raise AssertionError(f"{players}p seed {seed} {sorted(expansions)} did not end")
    return g, log
