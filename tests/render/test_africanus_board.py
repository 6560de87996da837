"""Africanus boards for 5 and 6 players: Africa's regions, every player in the panel."""

from __future__ import annotations

import pytest

from engine import rattus
from render import board_size
from tests.render.helpers import board


@pytest.mark.parametrize("players", [5, 6])
def test_a_five_or_six_player_africanus_board(players: int) -> None:
    game = rattus.new_game(players, expansions={"africanus"}, seed=players)
    view = game.view(0)
    assert [p["hand_count"] for p in view["players"]] == [3] * players
    assert {"numidia", "aegyptus"} <= set(view["regions"])
    image = board(view)
    assert image.size == board_size(view)
    hidden = board({**view, "players": view["players"][:1]})
    assert image.tobytes() != hidden.tobytes()
