"""Every region's pieces stay inside the picture and apart, at every player count and with
every expansion, over seeded random games (the views the engine really produces)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from engine.rattus.game import Game
from render.rattus.board import board_grid, board_size, pieces, seats_of
from tests.engine.helpers import random_playout
from tests.render.helpers import EN, board

EXPANSIONS = [
    (),
    ("pied_piper",),
    ("africanus",),
    ("mercatus",),
    ("africanus", "mercatus", "pied_piper"),
]
CASES = [
    (players, expansions)
    for expansions in EXPANSIONS
    for players in ((2, 3, 4, 5, 6) if "africanus" in expansions else (2, 3, 4))
]


def _apart_and_inside(view: dict[str, Any]) -> None:
    seats = seats_of(view, EN)
    where = board_grid(view, seats, EN)
    width, height = board_size(view)
    placed = pieces(view, seats, where, EN)
    for piece in placed:
        x0, y0, x1, y1 = piece.box
        tx0, ty0, tx1, ty1 = where.tiles[piece.region]
        assert tx0 <= x0 and x1 <= tx1 and ty0 <= y0 and y1 <= ty1, (
            f"a {piece.kind} leaves the tile of {piece.region}"
        )
        assert x0 >= 0 and x1 <= width and y0 >= 0 and y1 <= height
    for a, b in combinations(placed, 2):
        overlap = (
            min(a.box[2], b.box[2]) - max(a.box[0], b.box[0]),
            min(a.box[3], b.box[3]) - max(a.box[1], b.box[1]),
        )
        assert overlap[0] <= 0 or overlap[1] <= 0, (
            f"a {a.kind} and a {b.kind} overlap in {a.region}"
        )
    for a, b in combinations(where.tiles.items(), 2):
        (_, p), (_, q) = a, b
        assert min(p[2], q[2]) <= max(p[0], q[0]) or min(p[3], q[3]) <= max(p[1], q[1])


@pytest.mark.parametrize(("players", "expansions"), CASES)
def test_pieces_stay_inside_and_apart_in_seeded_games(
    players: int, expansions: tuple[str, ...]
) -> None:
    seen = 0

    def check(game: Game) -> None:
        nonlocal seen
        seen += 1
        if seen % 7 == 0:
            _apart_and_inside(game.view(None))

    end, _ = random_playout(
        players, seed=players * 31 + len(expansions), expansions=expansions, check=check
    )
    view = end.view(None)
    _apart_and_inside(view)
    assert board(view).size == board_size(view)


def test_a_crowded_region_grows_its_row_and_stays_apart() -> None:
    from tests.render.views import expansion_view

    view = expansion_view(6)
    libya = view["regions"]["libya"]
    libya["cubes"] = {str(seat): 10 + seat for seat in range(6)}
    libya["potions"] = {str(seat): 1 for seat in range(6)}
    libya["diplomats"] = {str(seat): 2 for seat in range(6)}
    libya["nuns"] = 2
    libya["bishops"] = 1
    view["plague"] = "libya"
    _apart_and_inside(view)
    assert board(view).size == board_size(view)
