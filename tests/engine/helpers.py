"""Build Rattus positions from literals, so a test states exactly the board it is about."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from engine import rattus
from engine.rattus.game import Game

BLANK = {"limit": 99, "classes": [], "majority": 0, "all": 0}


def token(limit: int, *classes: str, m: int = 0, a: int = 0) -> dict[str, Any]:
    return {"limit": limit, "classes": list(classes), "majority": m, "all": a}


def after_placement(players: int = 3, seed: int = 1) -> Game:
    """A game past its start placement (Africanus on for 5 or 6 players, as it must be)."""
    return rattus.positions.after_placement(players, _exps(players), seed)


def _exps(players: int) -> set[str]:
    return {"africanus"} if players > 4 else set()


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
    expansions: set[str] | None = None,
) -> Game:
    """``rattus.position`` (the engine's builder of exact positions, checked like a loaded
    game), with Africanus on for 5 or 6 players."""
    return rattus.position(
        players,
        _exps(players) | (expansions or set()),
        seed=seed,
        cubes=cubes,
        rats=rats,
        hands=hands,
        plague=plague,
        palace=palace,
        supply_rats=supply_rats,
        active=active,
    )


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
