"""The look-ahead fast path plays by exactly the same rules as ``Game.apply``."""

from __future__ import annotations

import random

import pytest

from engine import rattus
from engine.rattus import simulate

from .helpers import COMBOS, player_counts


@pytest.mark.parametrize("expansions", COMBOS, ids=lambda c: "+".join(c) or "base")
def test_playing_in_place_matches_apply(expansions: tuple[str, ...]) -> None:
    players = player_counts(expansions)[-1]
    g = rattus.new_game(players, expansions=expansions, seed=3)
    fast = g.state.clone()
    rng = random.Random(3)
    while not g.is_over:
        seat = g.actors()[0]
        assert simulate.actor(fast) == seat
        legal = g.legal_actions(seat)
        assert sorted(simulate.options(fast, seat)) == legal
        action = rng.choice([a for a in legal if a.notation != "back"] or legal)
        g = g.apply(seat, action)
        simulate.play(fast, seat, action)
        slow = g.to_dict()
        quick = fast.to_dict()
        assert {**quick, "log": slow["log"]} == slow
    assert simulate.actor(fast) is None
