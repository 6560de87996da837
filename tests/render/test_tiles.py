"""The tile grid agrees with the engine's map: every region has a tile, tiles never overlap,
every border and sea crossing between two regions in use is drawn between their tiles and
through no other tile, and every name fits its tile."""

from __future__ import annotations

from itertools import combinations, pairwise

import pytest

from engine import rattus
from render.common.canvas import text_width
from render.rattus.board import board_grid, seats_of
from render.rattus.map import LABEL_SIZE
from render.rattus.tiles import Box, grid_spec
from tests.render.helpers import EN
from tests.render.views import AFRICA_EDGES, EDGES, base_view, expansion_view

VIEWS = {
    2: base_view(2),
    3: base_view(3),
    4: base_view(4),
    5: expansion_view(5),
    6: expansion_view(6),
}


def test_every_engine_region_has_a_cell() -> None:
    view = rattus.new_game(players=6, expansions={"africanus"}, class_cards=None, seed=1).view(None)
    assert set(view["regions"]) <= set(grid_spec().cells)


def _touches(point: tuple[float, float], box: Box) -> bool:
    x, y = point
    on_x = box[0] - 0.5 <= x <= box[2] + 0.5
    on_y = box[1] - 0.5 <= y <= box[3] + 0.5
    edge = min(abs(x - box[0]), abs(x - box[2]), abs(y - box[1]), abs(y - box[3]))
    return on_x and on_y and edge <= 0.5


@pytest.mark.parametrize("players", list(VIEWS))
def test_tiles_apart_and_every_link_joins_its_two_tiles(players: int) -> None:
    view = VIEWS[players]
    where = board_grid(view, seats_of(view, EN), EN)
    used = {n for n, r in view["regions"].items() if r["in_use"]}
    assert set(where.tiles) == used
    for (_, a), (_, b) in combinations(where.tiles.items(), 2):
        assert min(a[2], b[2]) <= max(a[0], b[0]) or min(a[3], b[3]) <= max(a[1], b[1])
    wanted = {frozenset((a, b)) for a, b, _ in EDGES + AFRICA_EDGES if {a, b} <= used}
    assert {frozenset((link.a, link.b)) for link in where.links} == wanted
    for link in where.links:
        assert _touches(link.points[0], where.tiles[link.a]) or _touches(
            link.points[0], where.tiles[link.b]
        )
        assert _touches(link.points[-1], where.tiles[link.a]) or _touches(
            link.points[-1], where.tiles[link.b]
        )
        for name, box in where.tiles.items():
            if name in (link.a, link.b):
                continue
            for (x0, y0), (x1, y1) in pairwise(link.points):
                for i in range(1, 20):
                    x, y = x0 + (x1 - x0) * i / 20, y0 + (y1 - y0) * i / 20
                    assert not (box[0] < x < box[2] and box[1] < y < box[3]), (
                        f"the link {link.a}-{link.b} runs through {name}"
                    )


@pytest.mark.parametrize("players", list(VIEWS))
def test_every_name_fits_its_tile(players: int) -> None:
    view = VIEWS[players]
    where = board_grid(view, seats_of(view, EN), EN)
    for name, box in where.tiles.items():
        label = view["regions"][name]["name"]
        assert text_width(label, LABEL_SIZE, bold=True, condensed=True) <= box[2] - box[0] - 4
