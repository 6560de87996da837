"""Build Rattus Cartus positions from literals, and play seeded random games."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine import cartus
from engine.cartus import positions
from engine.cartus.game import Game
from engine.cartus.state import State


def give_cards(s: State, seat: int, types: Iterable[str]) -> None:
    """Move cards of these types from the deck or their supplies into the seat's hand."""
    positions.give_cards(s, seat, types)


def set_hand(s: State, seat: int, types: Iterable[str]) -> None:
    """Replace the seat's hand by cards of exactly these types (the old hand goes back)."""
    positions.set_hand(s, seat, types)


def set_supply(s: State, place: int, supply: dict[str, int]) -> None:
    """Give the building at ``place`` of the row this supply action, in this game alone: the
    game gets an entry of its own for the card (every game shares the entries it was dealt,
    which never change)."""
    card = s.row[place]["card"]
    s.building_cards = {**s.building_cards, card: {**s.building_cards[card], "supply": supply}}


def position(
    players: int = 3,
    row: list[str] | None = None,
    *,
    hands: Mapping[int, Iterable[str]] | None = None,
    rats: Mapping[int, int] | None = None,
    round: int = 1,
    start: int = 0,
    seed: int = 1,
) -> Game:
    """``cartus.position``: the engine's builder of exact positions (checked like a loaded
    game)."""
    return cartus.position(
        players, row, hands=hands, rats=rats, round=round, start=start, seed=seed
    )


def play(g: Game, *notations: str) -> Game:
    """Apply notations in order, each by the first seat that must decide now."""
    for n in notations:
        g = g.apply(g.actors()[0], n)
    return g


def notations(g: Game, seat: int | None = None) -> list[str]:
    return [a.notation for a in g.legal_actions(g.actors()[0] if seat is None else seat)]


def random_answer(g: Game, seat: int, rng: random.Random) -> str:
    """A random legal answer; for a pick, often a random selection of its menu entries."""
    decision = g.decision(seat)
    assert decision is not None
    pick = decision.pick
    if pick is not None and rng.random() < 0.7:
        options = pick.options()
        k = rng.randint(min(pick.least, len(options)), min(pick.most, len(options)))
        return pick.notation(v for v, _ in rng.sample(options, k))
    return rng.choice(g.legal_actions(seat)).notation


def random_playout(
    players: int,
    seed: int,
    *,
    check: Callable[[Game], None] | None = None,
    reload: bool = False,
    **options: Any,
) -> tuple[Game, list[tuple[int, str]]]:
    """Play random answers (by a random one of the deciding seats) until the game ends,
    calling ``check`` after each; returns the end and the action log. With ``reload`` every
    action is also applied to the game saved to JSON and loaded again, which must give the
    same saved game and the same events."""
    rng = random.Random(seed * 7919 + players)
    g = cartus.new_game(players, seed=seed, **options)
    log: list[tuple[int, str]] = []
    while not g.is_over:
        seat = rng.choice(g.actors())
        notation = random_answer(g, seat, rng)
        before = g
        g = g.apply(seat, notation)
        if reload:
            again = cartus.from_dict(json.loads(json.dumps(before.to_dict()))).apply(seat, notation)
            assert again.to_dict() == g.to_dict()
            assert [e.to_dict() for e in again.events] == [e.to_dict() for e in g.events]
        log.append((seat, notation))
        if check is not None:
            check(g)
        if len(log) > 2000:
            raise AssertionError(f"{players}p seed {seed} did not end")
    return g, log
