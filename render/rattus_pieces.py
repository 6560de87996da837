"""Placing the moving pieces on the Rattus map: rats, the plague piece, cubes, the palace and
the expansion pieces. Every region's pieces stack in a block under its name."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from render.canvas import ALERT, INK, PAPER, RGB, Canvas, Point
from render.layout import BoardLayout, RegionLayout
from render.pieces import (
    CHIP_H,
    CHIP_W,
    GOODS_COLOURS,
    PLAGUE_R,
    RAT_R,
    Seat,
    badge,
    badge_width,
    cube_chip,
    empty_rat_slot,
    plague_piece,
    rat_back,
    seat_badge,
    seat_badge_width,
    tile,
    tile_width,
    wall,
)

GAP = 4
ROW_GAP = 5
MAX_RATS = 3
CARAVAN_FILL = (222, 190, 120)
NUN_FILL = (250, 250, 250)
BISHOP_FILL = (128, 32, 70)


def seat_counts(raw: Mapping[str, Any] | None, seats: Mapping[int, Seat]) -> list[tuple[Seat, int]]:
    """(seat, count) for every seat with a positive count, in seat order."""
    out = []
    for key, count in (raw or {}).items():
        seat = seats.get(int(key))
        if seat is not None and int(count) > 0:
            out.append((seat, int(count)))
    return sorted(out, key=lambda pair: pair[0].seat)


def _rats_row(
    canvas: Canvas, region: Mapping[str, Any], centre_x: float, top: float, plague: bool
) -> float:
    slots = list(region.get("slots") or [])
    rats = int(region.get("rats") or 0)
    width = (
        MAX_RATS * 2 * RAT_R + (MAX_RATS - 1) * GAP + ((2 * PLAGUE_R + 2 * GAP) if plague else 0)
    )
    x = centre_x - width / 2
    y = top + PLAGUE_R if plague else top + RAT_R
    for i in range(max(MAX_RATS, rats)):
        centre = (x + RAT_R + i * (2 * RAT_R + GAP), y)
        if i < rats:
            slot = slots[i] if i < len(slots) and isinstance(slots[i], Mapping) else {}
            known = slot.get("known")
            rat_back(
                canvas,
                centre,
                int(known["limit"]) if known else None,
                starting=bool(slot.get("starting")),
            )
        else:
            empty_rat_slot(canvas, centre)
    if plague:
        plague_piece(canvas, (x + width - PLAGUE_R, y))
    return 2 * (PLAGUE_R if plague else RAT_R)


def _cube_grid(
    canvas: Canvas, cubes: list[tuple[Seat, int]], cols: int, centre_x: float, top: float
) -> float:
    if not cubes:
        return 0
    cols = min(cols, len(cubes))
    rows = math.ceil(len(cubes) / cols)
    for i, (seat, count) in enumerate(cubes):
        row, col = divmod(i, cols)
        in_row = min(cols, len(cubes) - row * cols)
        left = centre_x - (in_row * CHIP_W + (in_row - 1) * GAP) / 2
        cube_chip(
            canvas, (left + col * (CHIP_W + GAP), top + row * (CHIP_H + GAP)), seat, str(count)
        )
    return rows * CHIP_H + (rows - 1) * GAP


ExtraDrawer = Callable[[Point], None]


def _extras(
    canvas: Canvas,
    view: Mapping[str, Any],
    name: str,
    region: Mapping[str, Any],
    seats: Mapping[int, Seat],
) -> list[tuple[float, ExtraDrawer]]:
    """Nuns, bishops, potions, diplomats, goods and the caravan: (width, draw at) each."""
    items: list[tuple[float, ExtraDrawer]] = []
    nuns = int(region.get("nuns") or 0)
    if nuns:
        items.append((badge_width(canvas, nuns), partial(_badge, canvas, "✝", NUN_FILL, INK, nuns)))
    bishops = int(region.get("bishops") or 0)
    if bishops:
        items.append(
            (
                badge_width(canvas, bishops),
                partial(_badge, canvas, "♝", BISHOP_FILL, PAPER, bishops),
            )
        )
    for glyph, key in (("⚗", "potions"), ("⚑", "diplomats")):
        for seat, count in seat_counts(region.get(key), seats):
            width = seat_badge_width(canvas, glyph, seat, count)
            items.append((width, partial(_seat_badge, canvas, glyph, seat, count)))
    if region.get("goods"):
        kind = str(region["goods"])
        fill = GOODS_COLOURS.get(kind, (200, 200, 190))
        items.append((tile_width(canvas, kind.title()), partial(_tile, canvas, kind.title(), fill)))
    if view.get("caravan") == name:
        items.append(
            (tile_width(canvas, "Caravan"), partial(_tile, canvas, "Caravan", CARAVAN_FILL))
        )
    return items


def _badge(canvas: Canvas, glyph: str, fill: RGB, ink: RGB, count: int, at: Point) -> None:
    badge(canvas, at, glyph, fill, ink, count)


def _seat_badge(canvas: Canvas, glyph: str, seat: Seat, count: int, at: Point) -> None:
    seat_badge(canvas, at, glyph, seat, count)


def _tile(canvas: Canvas, text: str, fill: RGB, at: Point) -> None:
    tile(canvas, at, text, fill)


def _extras_row(
    canvas: Canvas,
    items: list[tuple[float, ExtraDrawer]],
    centre_x: float,
    top: float,
    max_width: float,
) -> None:
    lines: list[list[tuple[float, ExtraDrawer]]] = [[]]
    used = 0.0
    for item in items:
        if lines[-1] and used + GAP + item[0] > max_width:
            lines.append([])
            used = 0.0
        used += (GAP if lines[-1] else 0) + item[0]
        lines[-1].append(item)
    y = top
    for line in lines:
        x = centre_x - (sum(w for w, _ in line) + GAP * (len(line) - 1)) / 2
        for width, draw in line:
            draw((x, y))
            x += width + GAP
        y += 20 + GAP


def draw_region_pieces(
    canvas: Canvas,
    view: Mapping[str, Any],
    name: str,
    region: Mapping[str, Any],
    geometry: RegionLayout,
    seats: Mapping[int, Seat],
) -> None:
    x, y = geometry.pieces
    plague = view.get("plague") == name
    if region.get("in_use", True):
        y += _rats_row(canvas, region, x, y, plague) + ROW_GAP
    cubes = seat_counts(region.get("cubes"), seats)
    height = _cube_grid(canvas, cubes, geometry.cols, x, y)
    if height:
        y += height + ROW_GAP
    items = _extras(canvas, view, name, region, seats)
    _extras_row(canvas, items, x, y, geometry.cols * (CHIP_W + GAP) + 20)


def draw_palace(
    canvas: Canvas, layout: BoardLayout, view: Mapping[str, Any], seats: Mapping[int, Seat]
) -> None:
    """The palace: a box in the sea with each seat's palace cubes."""
    cubes = seat_counts(view.get("palace"), seats)
    cols = 2 if len(cubes) > 1 else 1
    rows = math.ceil(len(cubes) / cols) if cubes else 1
    x0, y0 = layout.palace_at
    x1, y1 = x0 + layout.palace_width, y0 + 40 + rows * (CHIP_H + GAP)
    canvas.rect((x0 + 2, y0 + 3, x1 + 2, y1 + 3), fill=(0, 0, 0, 50), radius=10)
    canvas.rect((x0, y0, x1, y1), fill=(*PAPER, 235), outline=(120, 92, 60), width=2, radius=10)
    canvas.text(((x0 + x1) / 2, y0 + 17), "♜ PALACE", 15, fill=INK, bold=True, anchor="mm")
    if not cubes:
        canvas.text(((x0 + x1) / 2, y0 + 48), "empty", 13, fill=(120, 110, 100), anchor="mm")
        return
    _cube_grid(canvas, cubes, cols, (x0 + x1) / 2, y0 + 34)


def draw_walls(canvas: Canvas, layout: BoardLayout, view: Mapping[str, Any]) -> None:
    for pair in view.get("walls") or []:
        edge = layout.edge(str(pair[0]), str(pair[1]))
        if edge is not None:
            wall(canvas, edge.at, edge.angle)


def outline_regions(canvas: Canvas, layout: BoardLayout, names: set[str]) -> None:
    """Mark the regions where rat tokens were revealed this turn, inside the map's frame."""
    shapes = [
        shape
        for name in sorted(names)
        if name in layout.regions
        for shape in layout.regions[name].shapes
    ]
    if not shapes:
        return
    pad = 4
    box = (
        max(0.0, min(x for shape in shapes for x, _ in shape) - pad),
        max(0.0, min(y for shape in shapes for _, y in shape) - pad),
        min(float(layout.width), max(x for shape in shapes for x, _ in shape) + pad),
        min(float(layout.height), max(y for shape in shapes for _, y in shape) + pad),
    )
    with canvas.clipped(box) as the_map:
        for shape in shapes:
            the_map.polygon(shape, outline=(*ALERT, 220), width=3.5)
