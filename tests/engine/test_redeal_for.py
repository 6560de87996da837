"""What ``redeal_for`` keeps and what it deals again, in Rattus and Rattus Cartus.

The contract suite checks that a seat's view is the same after ``redeal_for(seat)``; here the
other half: what the seat knows stays exactly as it was in the game itself, and what only the
others know (their hands, the tokens only they looked at, their face-down cards and victory
point tokens) really is dealt again, so the suite's check is not passed by dealing nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.cartus import spec as cartus_spec
from engine.cartus.game import Game as CartusGame
from engine.contract import Game
from engine.core import Rng
from engine.rattus import spec as rattus_spec
from engine.rattus.africanus import regions
from engine.rattus.game import Game as RattusGame

EVERY = 4
"""The moments looked at: every this many actions of a seeded random game."""
TRIES = 3
"""The re-deals tried at each moment and seat."""


def moments(game: Game, seed: int) -> Iterator[Game]:
    rng = Rng.from_seed(seed)
    step = 0
    while not game.is_over:
        if step % EVERY == 0:
            yield game
        seat = game.actors()[0]
        game = game.apply(seat, rng.choice(game.legal_actions(seat)).notation)
        step += 1


def cartus_own(saved: dict[str, Any], seat: int) -> Any:
    """What ``seat`` knows of the hidden parts of a saved Cartus game."""
    return (
        saved["hands"][seat],
        saved["vp"][seat],
        [saved["nun_row"][i] for i, seats in enumerate(saved["seen"]) if seat in seats],
        [
            e["cards"]
            for place in saved["row"]
            for e in place["entries"]
            if e["seat"] == seat or place["revealed"]
        ],
        saved["supply_chosen"][seat] if saved["supply_chosen"] else None,
    )


def cartus_others(saved: dict[str, Any], seat: int) -> Any:
    """What only the others know."""
    others = [p for p in range(len(saved["hands"])) if p != seat]
    return (
        [saved["hands"][p] for p in others],
        [saved["vp"][p] for p in others],
        [
            e["cards"]
            for place in saved["row"]
            if not place["revealed"]
            for e in place["entries"]
            if e["seat"] != seat
        ],
    )


def test_cartus_redeal_for_keeps_the_seats_knowledge_and_deals_the_others_again() -> None:
    dealt_again = [0, 0, 0]  # the others' hands, victory point tokens, face-down cards
    for players, options in ((3, {"buildings": "first_game"}), (4, {"buildings": "random"})):
        start = cartus_spec.SPEC.start(players, options, 5)
        for n, game in enumerate(moments(start, 5)):
            assert isinstance(game, CartusGame)
            saved = game.to_dict()
            for seat in range(players):
                for k in range(TRIES):
                    other = cartus_spec.redeal_for(game, Rng.from_seed(n * 10 + k), seat)
                    again = other.to_dict()
                    assert cartus_own(again, seat) == cartus_own(saved, seat)
                    assert again["rats"] == saved["rats"] and again["discard"] == saved["discard"]
                    now, was = cartus_others(again, seat), cartus_others(saved, seat)
                    for i, (part, before) in enumerate(zip(now, was, strict=True)):
                        dealt_again[i] += part != before
    assert all(dealt_again), dealt_again


def rattus_own(game: RattusGame, seat: int) -> Any:
    """The fronts of the tokens ``seat`` looked at, and its own region cards."""
    s = game.state
    known = {t: s.tokens[t] for t, seats in s.known.items() if seat in seats}
    hand = regions.table(s)["hands"][seat] if regions.KEY in s.ext else None
    return known, hand


def rattus_others(game: RattusGame, seat: int) -> Any:
    """The fronts of the face-down tokens the seat has not looked at, the others' hands."""
    s = game.state
    hidden = [t for t in rattus_spec.face_down(game) if seat not in s.known.get(t, [])]
    hands = (
        [h for p, h in enumerate(regions.table(s)["hands"]) if p != seat]
        if regions.KEY in s.ext
        else None
    )
    return [s.tokens[t] for t in hidden], hands


def test_rattus_redeal_for_keeps_the_seats_knowledge_and_deals_the_others_again() -> None:
    looked_at = tokens_dealt = hands_dealt = 0
    everything = {"expansions": ["africanus", "mercatus", "pied_piper"]}
    for players, options in ((3, {}), (4, everything)):
        start = rattus_spec.SPEC.start(players, options, 5)
        for n, game in enumerate(moments(start, 5)):
            assert isinstance(game, RattusGame)
            for seat in range(players):
                looked_at += bool(rattus_own(game, seat)[0])
                for k in range(TRIES):
                    other = rattus_spec.redeal_for(game, Rng.from_seed(n * 10 + k), seat)
                    assert isinstance(other, RattusGame)
                    assert rattus_own(other, seat) == rattus_own(game, seat)
                    fronts, hands = rattus_others(other, seat)
                    was_fronts, was_hands = rattus_others(game, seat)
                    tokens_dealt += fronts != was_fronts
                    hands_dealt += hands != was_hands
    assert looked_at > 0 and tokens_dealt > 0 and hands_dealt > 0
