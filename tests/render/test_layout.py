"""The board geometry agrees with the engine's map."""

from itertools import combinations, pairwise

import pytest

from engine import rattus
from render.layout import Polygon, board_layout
from render.pieces import CHIP_H, CHIP_W, PLAGUE_R, RAT_R
from render.rattus_map import label_box
from render.rattus_pieces import GAP, ROW_GAP
from tests.render.views import AFRICA_EDGES


def _segments(shapes: tuple[Polygon, ...]) -> set[frozenset[tuple[float, float]]]:
    out = set()
    for shape in shapes:
        for a, b in pairwise((*shape, shape[0])):
            out.add(frozenset((a, b)))
    return out


def _inside(point: tuple[float, float], shape: Polygon) -> bool:
    x, y = point
    hit = False
    for (x1, y1), (x2, y2) in pairwise((*shape, shape[0])):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def _engine_edges() -> list[tuple[str, str, str]]:
    view = rattus.new_game(players=4, expansions=set(), class_cards=None, seed=1).view(None)
    edges = [(str(a), str(b), str(kind)) for a, b, kind in view["edges"]]
    return edges + [(a, b, kind) for a, b, kind in AFRICA_EDGES]


def test_every_engine_region_has_a_shape() -> None:
    view = rattus.new_game(players=4, expansions=set(), class_cards=None, seed=1).view(None)
    assert set(view["regions"]) <= set(board_layout().regions)


@pytest.mark.parametrize(("a", "b", "kind"), _engine_edges())
def test_land_neighbours_share_a_border_and_sea_neighbours_have_an_arrow(
    a: str, b: str, kind: str
) -> None:
    layout = board_layout()
    if kind == "land":
        shared = _segments(layout.regions[a].shapes) & _segments(layout.regions[b].shapes)
        assert shared, f"{a} and {b} are neighbours by land but share no border"
    else:
        edge = layout.edge(a, b)
        assert edge is not None and edge.kind == "arrow" and edge.start is not None


def test_regions_that_are_not_neighbours_share_no_border() -> None:
    layout = board_layout()
    neighbours = {frozenset((a, b)) for a, b, kind in _engine_edges() if kind == "land"}
    for a, b in combinations(layout.regions, 2):
        if frozenset((a, b)) in neighbours:
            continue
        shared = _segments(layout.regions[a].shapes) & _segments(layout.regions[b].shapes)
        assert not shared, f"{a} and {b} touch along a border but are not neighbours"


def test_every_edge_of_the_map_has_a_place_for_a_wall() -> None:
    layout = board_layout()
    for a, b, _ in _engine_edges():
        edge = layout.edge(a, b)
        assert edge is not None
        assert 0 <= edge.at[0] <= layout.width and 0 <= edge.at[1] <= layout.height


@pytest.mark.parametrize("name", sorted(board_layout().regions))
def test_label_and_pieces_sit_inside_their_region(name: str) -> None:
    region = board_layout().regions[name]
    assert any(_inside(region.label, shape) for shape in region.shapes)
    assert any(_inside(region.pieces, shape) for shape in region.shapes)


def _first_rows(name: str) -> tuple[float, float, float, float]:
    """The box of a region's widest rat row (three rats and the plague) and first row of cubes."""
    region = board_layout().regions[name]
    x, y = region.pieces
    rats = 3 * 2 * RAT_R + 2 * GAP + 2 * PLAGUE_R + 2 * GAP
    half = max(rats, region.cols * (CHIP_W + GAP)) / 2
    return (x - half, y, x + half, y + 2 * PLAGUE_R + ROW_GAP + CHIP_H)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("name", sorted(board_layout().regions))
def test_pieces_and_labels_leave_other_labels_clear(name: str) -> None:
    for other in board_layout().regions:
        if other != name:
            assert not _overlap(label_box(name), label_box(other)), f"{name} label on {other} label"
            assert not _overlap(_first_rows(name), label_box(other)), (
                f"{name} pieces on {other} label"
            )
