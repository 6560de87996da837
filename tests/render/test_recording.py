"""``recording`` hears every text a picture shows, even when the picture, its map or its
pieces were drawn before and kept: the tests that read pictures as a person does (the
pseudo-language scan, the German game) must not depend on which test drew a view first."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from engine import cartus
from render import cartus_table, rattus_board
from render.common.canvas import recording
from render.rattus.board import board_grid, seats_of
from render.rattus.panel import region_label
from tests.render.helpers import EN
from tests.render.views import base_view


def _cartus_view() -> dict[str, Any]:
    game = cartus.new_game(3, seed=5)
    view: dict[str, Any] = json.loads(json.dumps(game.view(0, names=["Ada", "Bo", "Cy"])))
    return view


@pytest.mark.parametrize(
    ("draw", "view"),
    [(rattus_board, base_view(4)), (cartus_table, _cartus_view())],
    ids=["rattus", "cartus"],
)
def test_a_picture_drawn_before_is_heard_again(
    draw: Callable[[Any], bytes], view: dict[str, Any]
) -> None:
    view["turn"] = 8123  # a view no other test draws
    with recording() as first:
        kept = draw(view)
    with recording() as again:
        drawn = draw(copy.deepcopy(view))
    assert first
    assert again == first
    assert drawn == kept  # drawn anew, the same picture
    assert draw(view) == kept  # and kept again once no one is listening


def test_the_map_and_pieces_kept_from_another_view_are_heard() -> None:
    view = base_view(4)
    view["turn"] = 8124
    rattus_board(view)  # keeps this grid's map and every piece
    other = copy.deepcopy(view)
    other["turn"] = 8125
    with recording() as heard:
        rattus_board(other)
    where = board_grid(other, seats_of(other, EN), EN)
    labels = {region_label(other, name, EN) for name in where.tiles}
    assert labels and labels <= set(heard)
