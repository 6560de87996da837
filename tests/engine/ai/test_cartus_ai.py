"""Rattus Cartus computer players: legal at every player count and deterministic."""

from __future__ import annotations

import pytest

from engine import ai, cartus


def cartus_game(players: int, seed: int) -> int:
    g = cartus.new_game(players=players, seed=seed)
    bots = [ai.computer("cartus", level="easy", seed=seed * 7 + i) for i in range(players)]
    actions = 0
    while not g.is_over:
        for seat in g.actors():
            legal = g.legal_actions(seat)
            choice = bots[seat].choose(g.view(seat), legal)
            assert choice in {a.notation for a in legal}
            g = g.apply(seat, choice)
            actions += 1
            break
        assert actions < 5000
    assert g.outcome is not None
    return actions


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_computer_players_finish_cartus_games(players: int) -> None:
    assert cartus_game(players, seed=players) > 20


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_computer_players_never_choose_an_illegal_cartus_action(players: int) -> None:
    for seed in range(25):
        cartus_game(players, seed)


def test_a_cartus_choice_is_the_same_for_the_same_seed_view_and_legal_list() -> None:
    g = cartus.new_game(players=3, seed=5)
    for _ in range(12):
        seat = g.actors()[0]
        g = g.apply(seat, g.legal_actions(seat)[0])
    seat = g.actors()[0]
    view, legal = g.view(seat), g.legal_actions(seat)
    first = ai.computer("cartus", seed=4).choose(view, legal)
    assert all(ai.computer("cartus", seed=4).choose(view, legal) == first for _ in range(3))


def test_cartus_has_only_the_easy_level_so_far() -> None:
    assert ai.levels("cartus") == ("easy",)
    with pytest.raises(ValueError, match="easy"):
        ai.computer("cartus", level="strong")
