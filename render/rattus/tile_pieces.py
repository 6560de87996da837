"""Placing the moving pieces inside the region tiles: the rats row (with the plague piece),
one cube chip per player there, then the expansion pieces. Pieces flow into rows that fit the
tile's width, so nothing overlaps or leaves the tile; a row of tiles grows to its fullest tile.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial

import lang
from engine.rattus.view_types import RattusRegion, RattusView, Slot
from render.common.canvas import Canvas, Point
from render.common.colours import INK, PAPER, RGB
from render.common.pieces import (
    BADGE_H,
    BISHOP_FILL,
    CARAVAN_FILL,
    CHIP_H,
    GOODS_COLOURS,
    NUN_FILL,
    PIECE_GLYPHS,
    PLAGUE_R,
    RAT_R,
    Seat,
    badge,
    badge_width,
    chip_width,
    cube_chip,
    empty_rat_slot,
    plague_piece,
    rat_back,
    seat_badge,
    seat_badge_width,
    tile,
    tile_width,
)
from render.rattus.tiles import Box

HEADER = 44
"""The band at the top of a tile that holds the region's name."""
PAD = 7
GAP = 5
ROW_GAP = 6
MAX_RATS = 3
RAT_GAP = 6


@dataclass(frozen=True)
class Piece:
    """One piece placed on the board: what it is, its box, and how to draw it there."""

    kind: str
    region: str
    box: Box
    draw: Callable[[Canvas], None]
    seat: int | None = None


Item = tuple[str, float, float, Callable[[Canvas, Point], None], int | None]
"""kind, width, height, how to draw it at a point, and the seat it belongs to (if any)."""


@dataclass(frozen=True)
class TileContent:
    """What one region's tile holds: the region as the view has it, whether the plague and
    the caravan are there, how the seats are shown and the language of its words."""

    name: str
    region: RattusRegion
    plague: bool
    caravan: bool
    seats: Mapping[int, Seat]
    tr: lang.Texts

    @classmethod
    def of(
        cls,
        view: RattusView,
        name: str,
        region: RattusRegion,
        seats: Mapping[int, Seat],
        tr: lang.Texts,
    ) -> TileContent:
        """Region ``name``'s tile in ``view`` (``region`` its content)."""
        at = view.get("plague") == name, view.get("caravan") == name
        return cls(name, region, *at, seats, tr)


def goods_name(kind: str, tr: lang.Texts) -> str:
    """A kind of goods in words, capitalised as on its token ("Fish", "Fisch")."""
    shown = tr.shown(kind)
    return shown[:1].upper() + shown[1:]


def seat_counts(raw: Mapping[str, int] | None, seats: Mapping[int, Seat]) -> list[tuple[Seat, int]]:
    """(seat, count) for every seat with a positive count, in seat order."""
    out = []
    for key, count in (raw or {}).items():
        seat = seats.get(int(key))
        if seat is not None and int(count) > 0:
            out.append((seat, int(count)))
    return sorted(out, key=lambda pair: pair[0].seat)


def _rat_items(region: RattusRegion, plague: bool) -> list[Item]:
    slots = list(region.get("slots") or [])
    rats = int(region.get("rats") or 0)
    items: list[Item] = []
    for i in range(max(MAX_RATS, rats)):
        if i < rats:
            slot: Slot | dict[str, None] = slots[i] if i < len(slots) else {}
            known = slot.get("known")
            limit = int(known["limit"]) if known is not None else None
            items.append(
                (
                    "rat",
                    2 * RAT_R,
                    2 * RAT_R,
                    partial(_rat, limit, bool(slot.get("starting"))),
                    None,
                )
            )
        else:
            items.append(("slot", 2 * RAT_R, 2 * RAT_R, _slot, None))
    if plague:
        items.append(("plague", 2 * PLAGUE_R, 2 * PLAGUE_R, _plague, None))
    return items


def _rat(limit: int | None, starting: bool, canvas: Canvas, at: Point) -> None:
    rat_back(canvas, (at[0] + RAT_R, at[1] + RAT_R), limit, starting=starting)


def _slot(canvas: Canvas, at: Point) -> None:
    empty_rat_slot(canvas, (at[0] + RAT_R, at[1] + RAT_R))


def _plague(canvas: Canvas, at: Point) -> None:
    plague_piece(canvas, (at[0] + PLAGUE_R, at[1] + PLAGUE_R))


def _chip(seat: Seat, text: str, canvas: Canvas, at: Point) -> None:
    cube_chip(canvas, at, seat, text)


def _badge(glyph: str, fill: RGB, ink: RGB, count: int, canvas: Canvas, at: Point) -> None:
    badge(canvas, at, glyph, fill, ink, count)


def _seat_badge(glyph: str, seat: Seat, count: int, canvas: Canvas, at: Point) -> None:
    seat_badge(canvas, at, glyph, seat, count)


def _tile(text: str, fill: RGB, canvas: Canvas, at: Point) -> None:
    tile(canvas, at, text, fill)


def _extra_items(tile: TileContent) -> list[Item]:
    """Nuns, bishops, potions, diplomats, goods and the caravan."""
    region, seats, tr = tile.region, tile.seats, tile.tr
    items: list[Item] = []
    for piece, count, fill, ink in (
        ("nun", region.get("nuns", 0), NUN_FILL, INK),
        ("bishop", region.get("bishops", 0), BISHOP_FILL, PAPER),
    ):
        if count:
            badge = partial(_badge, PIECE_GLYPHS[piece], fill, ink, count)
            items.append((piece, badge_width(count), BADGE_H, badge, None))
    for piece, held in (("potion", region.get("potions")), ("diplomat", region.get("diplomats"))):
        glyph = PIECE_GLYPHS[piece]
        for seat, count in seat_counts(held, seats):
            width = seat_badge_width(glyph, seat, count)
            draw = partial(_seat_badge, glyph, seat, count)
            items.append((piece, width, BADGE_H, draw, seat.seat))
    if region.get("goods"):
        kind = str(region["goods"])
        fill = GOODS_COLOURS.get(kind, (200, 200, 190))
        word = goods_name(kind, tr)
        items.append(("goods", tile_width(word), BADGE_H, partial(_tile, word, fill), None))
    if tile.caravan:
        # i18n: the Africanus caravan's token on the map (a short word)
        word = tr("Caravan")
        items.append(
            (
                "caravan",
                tile_width(word),
                BADGE_H,
                partial(_tile, word, CARAVAN_FILL),
                None,
            )
        )
    return items


def _groups(tile: TileContent) -> list[tuple[list[Item], float]]:
    """The tile's groups of pieces, top to bottom, each with the gap between its items."""
    groups: list[tuple[list[Item], float]] = []
    if tile.region.get("in_use", True):
        groups.append((_rat_items(tile.region, tile.plague), RAT_GAP))
    chips: list[Item] = [
        ("chip", chip_width(str(count)), CHIP_H, partial(_chip, seat, str(count)), seat.seat)
        for seat, count in seat_counts(tile.region.get("cubes"), tile.seats)
    ]
    if chips:
        groups.append((chips, GAP))
    extras = _extra_items(tile)
    if extras:
        groups.append((extras, GAP))
    return groups


def _flow(items: list[Item], gap: float, width: float) -> list[list[Item]]:
    lines: list[list[Item]] = [[]]
    used = 0.0
    for item in items:
        if lines[-1] and used + gap + item[1] > width:
            lines.append([])
            used = 0.0
        used += (gap if lines[-1] else 0) + item[1]
        lines[-1].append(item)
    return [line for line in lines if line]


def content_height(tile: TileContent, width: float) -> float:
    """How tall a tile of ``width`` must be for its name and every piece (remembered by
    everything it depends on)."""
    key = (
        json.dumps(tile.region, sort_keys=True, default=str),
        tile.name,
        tile.plague,
        tile.caravan,
        width,
        tuple(tile.seats.values()),
        tile.tr.language,
    )
    height = _HEIGHTS.get(key)
    if height is None:
        height = _layout(tile, (0, 0, width, 0))[1]
        if len(_HEIGHTS) >= 4096:
            _HEIGHTS.clear()
        _HEIGHTS[key] = height
    return height


_HEIGHTS: dict[tuple[object, ...], float] = {}


def _layout(tile: TileContent, box: Box) -> tuple[list[Piece], float]:
    x0, y0, x1, _ = box
    room = x1 - x0 - 2 * PAD
    centre = (x0 + x1) / 2
    y = y0 + HEADER
    pieces: list[Piece] = []
    for items, gap in _groups(tile):
        for line in _flow(items, gap, room):
            line_h = max(item[2] for item in line)
            x = centre - (sum(item[1] for item in line) + gap * (len(line) - 1)) / 2
            for kind, w, h, draw, seat in line:
                at = (x, y + (line_h - h) / 2)
                box = (at[0], at[1], at[0] + w, at[1] + h)
                pieces.append(Piece(kind, tile.name, box, partial(_at, draw, at), seat))
                x += w + gap
            y += line_h + ROW_GAP
    return pieces, y - y0 - ROW_GAP + PAD


def _at(draw: Callable[[Canvas, Point], None], at: Point, canvas: Canvas) -> None:
    draw(canvas, at)


def place_pieces(tile: TileContent, box: Box) -> list[Piece]:
    """Every piece of one region, placed inside its tile ``box``."""
    return _layout(tile, box)[0]
