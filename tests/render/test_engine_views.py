"""Boards drawn from the views of real seeded games, at every point of a random playout."""

from typing import Any

import pytest

from engine import rattus
from engine.core import Rng
from render import board_size
from render.rattus.board import board_grid, seats_of
from render.rattus.map import label_box
from tests.render.helpers import EN, board, dark_pixels


def _playout(players: int, seed: int, steps: int) -> list[Any]:
    """Games after every 10th random legal action, ending with the last one reached."""
    game = rattus.new_game(players=players, expansions=set(), class_cards=None, seed=seed)
    rng = Rng.from_seed(seed)
    games = [game]
    for step in range(steps):
        if game.is_over:
            break
        seat = game.actors()[0]
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
        if step % 10 == 9:
            games.append(game)
    games.append(game)
    return games


@pytest.mark.parametrize("players", [2, 3, 4])
def test_boards_from_a_seeded_playout(players: int) -> None:
    for game in _playout(players, seed=11 * players, steps=400):
        view = game.view(None)
        image = board(view)
        assert image.size == board_size(view)
        where = board_grid(view, seats_of(view, EN), EN)
        for name, region in view["regions"].items():
            if region["in_use"]:
                assert dark_pixels(image, label_box(where, name)) > 40


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_view_renders(players: int) -> None:
    games = _playout(players, seed=5 + players, steps=60)
    for game in games[-2:]:
        for seat in range(players):
            view = game.view(seat)
            assert board(view).size == board_size(view)


def test_a_finished_game_shows_scores() -> None:
    game = _playout(4, seed=3, steps=2000)[-1]
    assert game.is_over
    view = game.view(None)
    view["players"][0]["name"] = "Anna"
    assert board(view).size == board_size(view)
