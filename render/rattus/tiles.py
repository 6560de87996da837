"""The Rattus board as tiles: one rounded tile per region in use, on a grid roughly where the
region lies, joined by its borders (land) and sea crossings (read from
``render/rattus/data/rattus_tiles.json``).

Only the regions a game uses are drawn, so a 2-player board is three columns wide and larger
player counts four; every tile is wide enough for its name and a row of cube chips at a size
that stays readable when the picture is shown 380 pixels wide on a phone.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from pathlib import Path

from render.common.canvas import Point
from render.common.colours import RGB, hex_colour

TILES_FILE = Path(__file__).parent / "data" / "rattus_tiles.json"

Box = tuple[float, float, float, float]
LINK_ROOM = 10
"""Extra room above the first row, where a link between two tiles of that row runs when a
tile stands between them (Scandia and Russia)."""


@dataclass(frozen=True)
class GridSpec:
    margin: float
    gap: float
    tight_gap: float
    column_width: float
    row_columns: dict[int, int]
    sea: RGB
    cells: dict[str, tuple[int, int]]
    fills: dict[str, RGB]


@lru_cache(maxsize=1)
def grid_spec() -> GridSpec:
    raw = json.loads(TILES_FILE.read_text(encoding="utf-8"))
    return GridSpec(
        margin=float(raw["margin"]),
        gap=float(raw["gap"]),
        tight_gap=float(raw["tight_gap"]),
        column_width=float(raw["column_width"]),
        row_columns={int(k): int(v) for k, v in raw["row_columns"].items()},
        sea=hex_colour(raw["sea"]),
        cells={n: (int(r["cell"][0]), int(r["cell"][1])) for n, r in raw["regions"].items()},
        fills={n: hex_colour(r["fill"]) for n, r in raw["regions"].items()},
    )


@dataclass(frozen=True)
class Link:
    """How a border or sea crossing is drawn: a polyline from one tile's edge to the other's."""

    a: str
    b: str
    kind: str  # "land" or "arrow"
    points: tuple[Point, ...]

    @property
    def middle(self) -> Point:
        """The point halfway along the link's longest segment (where a wall goes)."""
        pairs = list(pairwise(self.points))
        (x0, y0), (x1, y1) = max(
            pairs, key=lambda p: abs(p[1][0] - p[0][0]) + abs(p[1][1] - p[0][1])
        )
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    @property
    def across(self) -> bool:
        """Whether the wall at the middle lies horizontally (the link's middle runs up-down)."""
        pairs = list(pairwise(self.points))
        (x0, y0), (x1, y1) = max(
            pairs, key=lambda p: abs(p[1][0] - p[0][0]) + abs(p[1][1] - p[0][1])
        )
        return abs(y1 - y0) >= abs(x1 - x0)


@dataclass(frozen=True, eq=False)
class Grid:
    """Where each tile and link is, in output pixels; ``height`` ends below the last row.
    Grids come from the cached ``grid()``, so one grid is one object (hashed by identity)."""

    width: float
    height: float
    tiles: dict[str, Box]
    links: tuple[Link, ...]

    def link(self, a: str, b: str) -> Link | None:
        for link in self.links:
            if {link.a, link.b} == {a, b}:
                return link
        return None


def columns(names: Sequence[str]) -> int:
    """How many grid columns the regions in use span."""
    spec = grid_spec()
    wide = [spec.cells[n][0] for n in names if spec.cells[n][1] not in spec.row_columns]
    return max(wide, default=0) + 1


def grid_width(names: Sequence[str]) -> float:
    spec = grid_spec()
    count = columns(names)
    return 2 * spec.margin + count * spec.column_width + (count - 1) * spec.gap


def rows(names: Sequence[str]) -> list[int]:
    spec = grid_spec()
    return sorted({spec.cells[n][1] for n in names})


def tile_widths(names: Sequence[str]) -> dict[str, float]:
    """Each tile's width (it does not depend on the rows' heights)."""
    spec = grid_spec()
    width = grid_width(names)
    out = {}
    for name in names:
        row = spec.cells[name][1]
        per_row = spec.row_columns.get(row)
        if per_row:
            inner = width - 2 * spec.margin
            out[name] = (inner - (per_row - 1) * spec.tight_gap) / per_row
        else:
            out[name] = spec.column_width
    return out


def _tile_x(name: str, width: float, names: Sequence[str]) -> float:
    spec = grid_spec()
    col, row = spec.cells[name]
    if row in spec.row_columns:
        return spec.margin + col * (tile_widths(names)[name] + spec.tight_gap)
    return spec.margin + col * (spec.column_width + spec.gap)


def _overlap(a0: float, a1: float, b0: float, b1: float) -> tuple[float, float]:
    return max(a0, b0), min(a1, b1)


def _crosses(box: Box, p: Point, q: Point) -> bool:
    """Whether the segment p-q passes through ``box`` (sampled; the links are short)."""
    for i in range(1, 20):
        t = i / 20
        x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
        if box[0] < x < box[2] and box[1] < y < box[3]:
            return True
    return False


def _link_points(a: Box, b: Box, others: list[Box], top: float) -> tuple[Point, ...]:
    x0, x1 = _overlap(a[0], a[2], b[0], b[2])
    y0, y1 = _overlap(a[1], a[3], b[1], b[3])
    if x1 - x0 >= 24 and y1 <= y0:  # one above the other
        upper, lower = (a, b) if a[1] < b[1] else (b, a)
        x = (x0 + x1) / 2
        points: tuple[Point, ...] = ((x, upper[3]), (x, lower[1]))
    elif y1 - y0 >= 24 and x1 <= x0:  # side by side
        left, right = (a, b) if a[0] < b[0] else (b, a)
        y = (y0 + y1) / 2
        points = ((left[2], y), (right[0], y))
    else:  # corner to corner
        ax = a[2] if b[0] >= a[2] else a[0]
        bx = b[0] if b[0] >= a[2] else b[2]
        ay = a[3] if b[1] >= a[3] else a[1]
        by = b[1] if b[1] >= a[3] else b[3]
        points = ((ax, ay), (bx, by))
    if any(_crosses(o, points[0], points[-1]) for o in others):
        left, right = (a, b) if a[0] < b[0] else (b, a)
        lx, rx = left[2] - 34, right[0] + 34
        points = ((lx, left[1]), (lx, top), (rx, top), (rx, right[1]))
    return points


@lru_cache(maxsize=32)
def grid(
    names: tuple[str, ...],
    edges: tuple[tuple[str, str, str], ...],
    row_heights: tuple[float, ...],
    top: float,
) -> Grid:
    """The grid for the regions in use (``names``), with the given height of each of their
    rows (in order) starting ``top`` pixels down; ``edges`` are (a, b, kind) between them."""
    spec = grid_spec()
    width = grid_width(names)
    widths = tile_widths(names)
    row_top: dict[int, float] = {}
    y = top + spec.margin + LINK_ROOM
    for row, height in zip(rows(names), row_heights, strict=True):
        row_top[row] = y
        y += height + spec.gap
    tiles: dict[str, Box] = {}
    for name in names:
        row = spec.cells[name][1]
        x = _tile_x(name, width, names)
        index = rows(names).index(row)
        tiles[name] = (x, row_top[row], x + widths[name], row_top[row] + row_heights[index])
    links = []
    for a, b, kind in edges:
        if a in tiles and b in tiles:
            others = [box for n, box in tiles.items() if n not in (a, b)]
            points = _link_points(tiles[a], tiles[b], others, top + spec.margin / 2 + 4)
            links.append(Link(a, b, kind, points))
    return Grid(width, y - spec.gap + spec.margin, tiles, tuple(links))
