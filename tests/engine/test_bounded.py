"""Every chain of decisions is finite: no player can keep a turn going for ever.

A "stalling" player always prefers an action that does not move the game on (never the plague
move, "done", "pass" or "no rat" while anything else is offered; "back" and "later" are fair
game). If any decision could be repeated without bound (a card used and backed out of again and
again, rats shuffled back and forth), this player would find the loop. Every stretch of play by
one active player (a turn, one player's final turn, the final plague) must end within
``TURN_BOUND`` actions, in every expansion combination and at every player count.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from engine import rattus
from engine.core import Action
from engine.rattus.game import Game

TURN_BOUND = 150
MAX_OPTIONS_PER_KIND = 25
MOVES_ON = {"plague", "end", "done", "pass", "norat"}

COMBINATIONS = [
    frozenset(c)
    for n in range(len(rattus.EXPANSIONS) + 1)
    for c in itertools.combinations(sorted(rattus.EXPANSIONS), n)
]
GAMES = [
    (combo, players)
    for combo in COMBINATIONS
    for players in range(rattus.player_limits(combo)[0], rattus.player_limits(combo)[1] + 1)
]


def stalling(rng: random.Random, legal: list[Action]) -> Action:
    stalls = [a for a in legal if a.kind not in MOVES_ON]
    return rng.choice(stalls or legal)


def longest_stretch(g: Game, rng: random.Random, pick: str) -> int:
    """Play to the end; the most actions in one stretch of one active player."""
    longest, count, stretch = 0, 0, None
    while not g.is_over:
        seat = g.actors()[0]
        legal = g.legal_actions(seat)
        kinds = Counter(a.kind for a in legal)
        assert max(kinds.values()) <= MAX_OPTIONS_PER_KIND, kinds.most_common(1)
        action = stalling(rng, legal) if pick == "stall" else rng.choice(legal)
        g = g.apply(seat, action)
        now = (g.state.turn, g.state.active, g.state.status)
        count = count + 1 if now == stretch else 1
        stretch = now
        longest = max(longest, count)
        assert count <= TURN_BOUND, (
            f"{count} actions in one stretch ({now}); the last choice was {action.notation}"
        )
    return longest


@pytest.mark.parametrize(
    ("combo", "players"),
    GAMES,
    ids=lambda v: str(sorted(v)) if isinstance(v, frozenset) else str(v),
)
def test_a_stalling_player_cannot_keep_a_turn_going(combo: frozenset[str], players: int) -> None:
    g = rattus.new_game(players, expansions=combo, class_cards="random", seed=players)
    assert longest_stretch(g, random.Random(players), "stall") > 1


@pytest.mark.slow
@pytest.mark.parametrize(
    ("combo", "players"),
    GAMES,
    ids=lambda v: str(sorted(v)) if isinstance(v, frozenset) else str(v),
)
def test_many_seeded_games_stay_within_the_turn_bound(combo: frozenset[str], players: int) -> None:
    for seed in range(1, 6):
        for pick in ("stall", "random"):
            g = rattus.new_game(players, expansions=combo, class_cards="random", seed=seed * 17)
            longest_stretch(g, random.Random(seed), pick)
