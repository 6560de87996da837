"""The Rattus board geometry, read from ``render/data/rattus_layout.json``.

Coordinates are output pixels of the map pane (its top-left corner is the picture's).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from render.canvas import RGB, Point, hex_colour

LAYOUT_FILE = Path(__file__).parent / "data" / "rattus_layout.json"

Polygon = tuple[Point, ...]


@dataclass(frozen=True)
class RegionLayout:
    name: str
    area: str
    fill: RGB
    shapes: tuple[Polygon, ...]
    label: Point
    pieces: Point
    cols: int


@dataclass(frozen=True)
class EdgeLayout:
    """Where an edge is drawn: ``at`` is its midpoint, ``angle`` its direction in degrees.

    A sea arrow also has a quadratic curve from ``start`` through control point ``via`` to ``end``.
    """

    a: str
    b: str
    kind: str
    at: Point
    angle: float
    start: Point | None = None
    via: Point | None = None
    end: Point | None = None


@dataclass(frozen=True)
class BoardLayout:
    width: int
    height: int
    sea: RGB
    decor_fill: RGB
    decor_land: tuple[Polygon, ...]
    water: tuple[Polygon, ...]
    palace_at: Point
    palace_width: float
    regions: dict[str, RegionLayout]
    edges: dict[tuple[str, str], EdgeLayout]

    def edge(self, a: str, b: str) -> EdgeLayout | None:
        return self.edges.get((min(a, b), max(a, b)))


def _point(raw: list[float]) -> Point:
    return (float(raw[0]), float(raw[1]))


def _polygon(raw: list[list[float]]) -> Polygon:
    return tuple(_point(p) for p in raw)


@lru_cache(maxsize=1)
def board_layout() -> BoardLayout:
    raw = json.loads(LAYOUT_FILE.read_text(encoding="utf-8"))
    regions = {
        name: RegionLayout(
            name=name,
            area=r["area"],
            fill=hex_colour(r["fill"]),
            shapes=tuple(_polygon(s) for s in r["shapes"]),
            label=_point(r["label"]),
            pieces=_point(r["pieces"]),
            cols=int(r["cols"]),
        )
        for name, r in raw["regions"].items()
    }
    edges: dict[tuple[str, str], EdgeLayout] = {}
    for key, e in raw["edges"].items():
        a, b = sorted(key.split("|"))
        arrow = e["kind"] == "arrow"
        edges[(a, b)] = EdgeLayout(
            a=a,
            b=b,
            kind=e["kind"],
            at=_point(e["at"]),
            angle=float(e["angle"]),
            start=_point(e["from"]) if arrow else None,
            via=_point(e["via"]) if arrow else None,
            end=_point(e["to"]) if arrow else None,
        )
    return BoardLayout(
        width=int(raw["map"]["width"]),
        height=int(raw["map"]["height"]),
        sea=hex_colour(raw["sea"]),
        decor_fill=hex_colour(raw["decor_fill"]),
        decor_land=tuple(_polygon(p) for p in raw["decor_land"]),
        water=tuple(_polygon(p) for p in raw["water"]),
        palace_at=_point(raw["palace"]["at"]),
        palace_width=float(raw["palace"]["width"]),
        regions=regions,
        edges=edges,
    )
