"""``apply`` trusts only the very action objects the moment itself listed.

A game's ``apply`` skips checking an action that is one of the objects its own
``legal_actions`` gave out (the moment never changes, so it is legal). Anything else is
checked as before: an action made by hand, one listed by another moment of the same game, or
one listed for another seat. Along random games of both, every moment is asked with such
actions and must refuse the illegal ones exactly as it refuses their notations.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import cartus, rattus
from engine.core import Action, IllegalAction


def _refusal(game: Any, seat: int, action: Action | str) -> str | None:
    try:
        game.apply(seat, action)
    except IllegalAction as e:
        return str(e)
    return None


def _check_moment(game: Any, earlier: list[Action], rng: random.Random) -> None:
    actors = game.actors()
    seat = rng.choice(actors)
    listed = {a.notation for a in game.legal_actions(seat)}
    stale = [a for a in earlier if a.notation not in listed]
    if stale:  # listed by an earlier moment, not listed now: checked like its notation
        action = rng.choice(stale)
        assert _refusal(game, seat, action) == _refusal(game, seat, action.notation)
    forged = Action("place:nowhere", "A place that is not on the board")
    assert _refusal(game, seat, forged) is not None
    others = [p for p in range(game.players) if p not in actors]
    if others and listed:  # this moment's own object, answered by a seat not deciding
        mine = game.legal_actions(seat)[0]
        assert _refusal(game, others[0], mine) is not None


def _walk(game: Any, seed: int) -> None:
    rng = random.Random(seed)
    earlier: list[Action] = []
    while not game.is_over:
        _check_moment(game, earlier, rng)
        seat = rng.choice(game.actors())
        legal = game.legal_actions(seat)
        action = rng.choice(legal)
        after = game.apply(seat, action)
        # the same object again, trusted, makes the same next moment
        assert game.apply(seat, action).to_dict() == after.to_dict()
        earlier, game = legal, after


@pytest.mark.parametrize("seed", [1, 2])
def test_rattus_trusts_only_its_own_listed_actions(seed: int) -> None:
    _walk(rattus.new_game(3, seed=seed), seed)


@pytest.mark.parametrize("seed", [1, 2])
def test_cartus_trusts_only_its_own_listed_actions(seed: int) -> None:
    _walk(cartus.new_game(3, buildings="random", seed=seed), seed)
