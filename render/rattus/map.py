"""The static part of the Rattus picture: the sea, the region tiles with their names, and the
borders and sea crossings between them. It depends only on the grid, so it is drawn once per
grid and cached; each board starts from a copy."""

from __future__ import annotations

import math
from itertools import pairwise

from render.common.canvas import Canvas, Point
from render.common.colours import INK, PAPER, RGB, mix
from render.rattus.tile_pieces import HEADER
from render.rattus.tiles import Box, Grid, Link, grid_spec

LABEL_SIZE = 31
"""Region names: DejaVu Sans Condensed Bold at 31 px (capitals 22.6 px; 8 px on a phone)."""
BORDER: RGB = (120, 92, 60)
LAND_LINK: RGB = (150, 112, 70)
SEA_LINK: RGB = (28, 52, 92)
TILE_RADIUS = 14


def label_box(grid: Grid, region: str) -> Box:
    """Where a region's name is written: the band at the top of its tile."""
    x0, y0, x1, _ = grid.tiles[region]
    return (x0, y0, x1, y0 + HEADER)


def _land_link(canvas: Canvas, points: tuple[Point, ...]) -> None:
    canvas.line(list(points), fill=mix(LAND_LINK, INK, 0.35), width=16)
    canvas.line(list(points), fill=LAND_LINK, width=11)


def _dots(points: tuple[Point, ...], step: float) -> list[Point]:
    out: list[Point] = []
    for (x0, y0), (x1, y1) in pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        count = max(1, round(length / step))
        out += [(x0 + (x1 - x0) * i / count, y0 + (y1 - y0) * i / count) for i in range(count)]
    out.append(points[-1])
    return out


def _sea_link(canvas: Canvas, points: tuple[Point, ...]) -> None:
    canvas.line(list(points), fill=(*PAPER, 200), width=10)
    for dot in _dots(points, 8):
        canvas.disc(dot, 3.2, fill=SEA_LINK)


def draw_link(canvas: Canvas, link: Link) -> None:
    if link.kind == "arrow":
        _sea_link(canvas, link.points)
    else:
        _land_link(canvas, link.points)


def draw_map(canvas: Canvas, grid: Grid, names: dict[str, str], top: float) -> None:
    """The sea, every link, then every tile with its name (``names``: id -> display name)."""
    spec = grid_spec()
    canvas.rect((0, top, grid.width, grid.height), fill=spec.sea)
    for link in grid.links:
        draw_link(canvas, link)
    for region, box in grid.tiles.items():
        fill = spec.fills.get(region, (220, 210, 190))
        x0, y0, x1, y1 = box
        canvas.rect((x0 + 2, y0 + 3, x1 + 2, y1 + 3), fill=(0, 0, 0, 45), radius=TILE_RADIUS)
        canvas.rect(box, fill=fill, outline=BORDER, width=2, radius=TILE_RADIUS)
        canvas.rect(
            (x0 + 2, y0 + 2, x1 - 2, y0 + HEADER - 4),
            fill=mix(fill, PAPER, 0.55),
            radius=TILE_RADIUS - 2,
        )
        canvas.text(
            ((x0 + x1) / 2, y0 + HEADER / 2 - 1),
            names[region],
            LABEL_SIZE,
            fill=INK,
            bold=True,
            condensed=True,
            anchor="mm",
            max_width=x1 - x0 - 4,
        )
