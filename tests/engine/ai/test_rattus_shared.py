"""The strong Rattus player's search remembers the numbers its rules of thumb work out across
the games it draws (``Table.across``): every remembered number is the one a table works out
alone, so the search answers as if it remembered nothing."""

from __future__ import annotations

import random

import pytest

from engine import rattus
from engine.ai.rattus_player import RULES
from engine.ai.rattus_policy import place_value
from engine.ai.rattus_table import Table
from engine.core import Rng
from engine.rattus.game import Game


def _turn(players: int, expansions: tuple[str, ...], seed: int) -> tuple[Game, int]:
    """A seeded random game at a turn decision some way in."""
    g = rattus.new_game(players, expansions=expansions, seed=seed)
    rng = random.Random(seed)
    done = 0
    while True:
        seat = g.actors()[0]
        if done > 20 and g.view(seat)["decision"]["kind"] == "turn":
            return g, seat
        legal = [a for a in g.legal_actions(seat) if a.notation != "back"]
        g = g.apply(seat, rng.choice(legal))
        done += 1


@pytest.mark.parametrize(("players", "expansions"), [(4, ()), (3, ("pied_piper", "africanus"))])
def test_numbers_a_search_remembers_are_those_a_table_works_out_alone(
    players: int, expansions: tuple[str, ...]
) -> None:
    g, seat = _turn(players, expansions, seed=players)
    draw = RULES.sampler(g.view(seat), [a.notation for a in g.legal_actions(seat)])
    assert draw is not None
    rng = Rng(1)
    compared = 0
    for _ in range(12):
        game = draw(rng)
        stop = RULES.horizon(game)
        actor = RULES.actor(game)
        while actor is not None and not stop(game):
            s = game.state
            shared = Table.from_state(s, actor, game.shared)
            for region in s.regions:
                alone = Table.from_state(s, actor)
                assert shared.losses(region) == alone.losses(region)
                for n in (1, 3):
                    assert place_value(shared, region, n) == place_value(alone, region, n)
                compared += 1
            game = RULES.play(game, actor, RULES.policy(game, actor, rng))
            actor = RULES.actor(game)
    assert compared > 500
    assert len(game.shared) < compared  # most were remembered, not worked out again
