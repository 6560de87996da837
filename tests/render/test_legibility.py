"""Readable on a phone: at 380 pixels wide, region names and cube counts are 8 pixels tall
(capital height) at every player count, and each player's chips carry their mark letter."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import ImageChops

from render.common.colours import INK
from render.common.pieces import CHIP_TAB
from render.rattus.board import board_grid, pieces, seats_of
from render.rattus.map import label_box
from tests.render.helpers import EN, board
from tests.render.measure import MIN_ON_PHONE, first_glyph_height, ink_height, on_phone
from tests.render.views import base_view, expansion_view

VIEWS = {
    "2 players": lambda: base_view(2),
    "3 players": lambda: base_view(3),
    "4 players": lambda: base_view(4),
    "5 players, every expansion": lambda: expansion_view(5),
    "6 players, every expansion": lambda: expansion_view(6),
}


def _two_digit_counts(view: dict[str, Any]) -> dict[str, Any]:
    for region in view["regions"].values():
        if region["in_use"]:
            region["cubes"] = {str(p["seat"]): 10 + p["seat"] for p in view["players"]}
    return view


@pytest.mark.parametrize("which", list(VIEWS))
def test_region_names_are_eight_pixels_tall_on_a_phone(which: str) -> None:
    view = VIEWS[which]()
    image = board(view)
    where = board_grid(view, seats_of(view, EN), EN)
    for name, region in view["regions"].items():
        if not region["in_use"]:
            assert name not in where.tiles
            continue
        capital = first_glyph_height(image, label_box(where, name), INK)
        assert on_phone(capital, image.width) >= MIN_ON_PHONE, (
            f"{which}: {region['name']} is {on_phone(capital, image.width):.1f} px on a phone"
        )


@pytest.mark.parametrize("which", list(VIEWS))
@pytest.mark.parametrize("digits", [1, 2])
def test_cube_counts_are_eight_pixels_tall_on_a_phone(which: str, digits: int) -> None:
    view = VIEWS[which]()
    if digits == 2:
        view = _two_digit_counts(view)
    image = board(view)
    seats = seats_of(view, EN)
    chips = [p for p in pieces(view, seats, board_grid(view, seats, EN), EN) if p.kind == "chip"]
    assert len(chips) >= len(view["players"])
    for chip in chips:
        x0, y0, x1, y1 = chip.box
        count_box = (x0 + 3 + CHIP_TAB + 2, y0 + 3, x1 - 3, y1 - 3)
        fills = {s.colour.text for s in seats.values()}
        height = max(ink_height(image, count_box, ink) for ink in fills)
        assert on_phone(height, image.width) >= MIN_ON_PHONE, (
            f"{which}: a count in {chip.region} is {on_phone(height, image.width):.1f} px"
        )


def test_each_players_chips_carry_their_mark() -> None:
    view = base_view(3)
    marked = base_view(3)
    marked["players"][0]["mark"] = "X"
    before, after = board(view), board(marked)
    seats = seats_of(view, EN)
    chips = [p for p in pieces(view, seats, board_grid(view, seats, EN), EN) if p.kind == "chip"]
    assert {chip.seat for chip in chips} == set(seats)
    for chip in chips:
        x0, y0, _, y1 = chip.box
        tab = (round(x0 + 3), round(y0 + 3), round(x0 + 3 + CHIP_TAB), round(y1 - 3))
        assert ink_height(before, tab, INK) > 0, "a chip without its mark letter"
        diff = ImageChops.difference(before.crop(tab), after.crop(tab)).convert("L")
        changed = diff.point(lambda v: 255 if v > 60 else 0).getbbox() is not None
        assert changed == (chip.seat == 0)
