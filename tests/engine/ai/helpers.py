"""Whole games played by computer players, and every expansion combination to play them in."""

from __future__ import annotations

from itertools import combinations

from engine import computers, rattus
from engine.rattus.game import Game

EXPANSIONS = ("pied_piper", "mercatus", "africanus")
COMBOS: list[tuple[str, ...]] = [c for n in range(4) for c in combinations(EXPANSIONS, n)]


def player_counts(expansions: tuple[str, ...]) -> range:
    low, high = rattus.player_limits(expansions)
    return range(low, high + 1)


def computer_game(
    players: int,
    expansions: tuple[str, ...],
    seed: int,
    levels: list[str],
    simulations: int = 3,
    max_actions: int = 3000,
) -> tuple[Game, int]:
    """Play a game where seat i is a computer player of ``levels[i]``; every choice is checked
    against the legal actions. Returns the end and the number of actions."""
    g = rattus.new_game(players, expansions=expansions, seed=seed)
    bots = [
        computers.computer("rattus", level=levels[i], seed=seed * 31 + i, simulations=simulations)
        for i in range(players)
    ]
    actions = 0
    while not g.is_over:
        seat = g.actors()[0]
        legal = g.legal_actions(seat)
        choice = bots[seat].choose(g.view(seat), legal)
        assert choice in {a.notation for a in legal}, (seat, choice)
        g = g.apply(seat, choice)
        actions += 1
        assert actions <= max_actions, f"{players}p {expansions} seed {seed} did not end"
    return g, actions
