"""``rattus_board(view)``: the Rattus picture, made to be read on a phone.

From top to bottom: the status line, the regions in use as tiles (with their pieces), and the
players, the free cards, the rats left and the latest plague's tokens. Nothing is smaller than
a phone can show: at 380 pixels wide, region names and cube counts are 8 pixels tall.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from functools import partial

from PIL import Image

import lang
from engine.rattus.view_types import RattusRegion, RattusView
from render.common.canvas import Canvas, Point, encode_png, kept
from render.common.colours import ALERT
from render.common.frame import PANEL_BG, seats_of
from render.common.palette import shared_palette
from render.common.pieces import Seat, wall
from render.rattus.map import TILE_RADIUS, draw_map
from render.rattus.panel import (
    HEADER_H,
    draw_header,
    draw_panel,
    panel_height,
    plague_tokens,
    region_label,
)
from render.rattus.tile_pieces import Piece, TileContent, content_height, place_pieces
from render.rattus.tiles import Grid, grid, grid_spec, rows, tile_widths

BASE_CHIPS = 6
"""Room is kept in every tile for this many single-digit chips, so tiles do not jump about as
cubes come and go; a tile with more pieces makes its row taller."""


def _in_use(view: RattusView) -> dict[str, RattusRegion]:
    cells = grid_spec().cells
    return {
        str(name): region
        for name, region in view.get("regions", {}).items()
        if name in cells and region.get("in_use", True)
    }


def _edges(view: RattusView, names: set[str]) -> tuple[tuple[str, str, str], ...]:
    out = []
    for edge in view.get("edges") or []:
        if len(edge) > 2 and {str(edge[0]), str(edge[1])} <= names:
            a, b = sorted((str(edge[0]), str(edge[1])))
            out.append((a, b, str(edge[2])))
    return tuple(sorted(out))


def _baseline(view: RattusView, seats: Mapping[int, Seat]) -> RattusRegion:
    """A region as full as a tile keeps room for: three rats, the plague, one chip per seat
    (up to BASE_CHIPS) and, with an expansion, one row of its pieces."""
    players = list(seats)[:BASE_CHIPS]
    region: RattusRegion = {
        "name": "",
        "area": "europe",
        "in_use": True,
        "rats": 3,
        "slots": [{"known": None, "starting": False}] * 3,
        "cubes": {str(seat): 1 for seat in players},
    }
    if view.get("expansions"):
        region["nuns"] = 1
    return region


def board_grid(view: RattusView, seats: Mapping[int, Seat], tr: lang.Texts) -> Grid:
    """Where every tile goes for this view: rows as tall as their fullest tile."""
    regions = _in_use(view)
    names = tuple(sorted(regions, key=lambda n: grid_spec().cells[n][::-1]))
    widths = tile_widths(names)
    base = _baseline(view, seats)
    heights = []
    for row in rows(names):
        in_row = [n for n in names if grid_spec().cells[n][1] == row]
        needed = [
            max(
                content_height(
                    replace(TileContent.of(view, n, base, seats, tr), plague=True), widths[n]
                ),
                content_height(TileContent.of(view, n, regions[n], seats, tr), widths[n]),
            )
            for n in in_row
        ]
        heights.append(float(max(needed)))
    return grid(names, _edges(view, set(names)), tuple(heights), HEADER_H)


def pieces(view: RattusView, seats: Mapping[int, Seat], where: Grid, tr: lang.Texts) -> list[Piece]:
    """Every piece on the map, placed."""
    out: list[Piece] = []
    for name, region in _in_use(view).items():
        out += place_pieces(TileContent.of(view, name, region, seats, tr), where.tiles[name])
    return out


@kept(maxsize=16)
def _map(where: Grid, names: tuple[tuple[str, str], ...]) -> Image.Image:
    """The status band and the map without pieces, at output size; one per grid."""
    canvas = Canvas.blank(round(where.width), round(where.height), PANEL_BG)
    draw_map(canvas, where, dict(names), HEADER_H)
    return canvas.finish()


def _outline(width: float, height: float, canvas: Canvas, at: Point) -> None:
    box = (at[0], at[1], at[0] + width, at[1] + height)
    canvas.rect(box, outline=(*ALERT, 235), width=5, radius=TILE_RADIUS)


def board_image(view: RattusView, language: str = lang.DEFAULT) -> Image.Image:
    """The board as a Pillow image (RGB) at output size, its words in ``language``."""
    tr = lang.texts(language)
    seats = seats_of(view, tr)
    where = board_grid(view, seats, tr)
    width, height = _size(view, seats, where, tr)
    names = tuple((n, region_label(view, n, tr)) for n in sorted(where.tiles))
    image = Image.new("RGB", (width, height), PANEL_BG)
    image.paste(_map(where, names), (0, 0))
    canvas = Canvas(image, scale=1)
    for region in dict.fromkeys(str(token.get("region")) for token in plague_tokens(view)):
        box = where.tiles.get(region)
        if box is not None:
            size = (box[2] - box[0], box[3] - box[1])
            canvas.stamp(box[:2], size, ("outline", size), partial(_outline, *size))
    for pair in view.get("walls") or []:
        link = where.link(str(pair[0]), str(pair[1]))
        if link is not None:
            wall(canvas, link.middle, 0 if link.across else 90)
    for piece in pieces(view, seats, where, tr):
        piece.draw(canvas)
    draw_header(canvas, view, seats, where.width, tr)
    draw_panel(canvas, view, seats, (0, where.height, where.width, height), tr)
    return image


def _size(
    view: RattusView, seats: Mapping[int, Seat], where: Grid, tr: lang.Texts
) -> tuple[int, int]:
    extra = panel_height(view, seats, where.width, tr)
    return round(where.width), round(where.height + extra)


def board_size(view: RattusView, language: str = lang.DEFAULT) -> tuple[int, int]:
    """The size in pixels of the picture for ``view`` in ``language``."""
    tr = lang.texts(language)
    seats = seats_of(view, tr)
    return _size(view, seats, board_grid(view, seats, tr), tr)


@kept(maxsize=64)
def _png(key: str, language: str) -> bytes:
    return encode_png(board_image(json.loads(key), language), shared_palette())


def rattus_board(view: RattusView, language: str = lang.DEFAULT) -> bytes:
    """The Rattus board for ``view`` (see docs/views.md) as PNG bytes, its words in
    ``language`` (the table's). The same view (one game version seen by one viewer) in one
    language is drawn once: the bytes are kept for the next caller."""
    return _png(json.dumps(view, sort_keys=True, ensure_ascii=False, default=str), language)
