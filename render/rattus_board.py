"""``rattus_board(view)``: the whole Rattus picture, map on the left and panel on the right."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image

from render.canvas import Canvas, encode_png, player_colour
from render.layout import board_layout
from render.pieces import Seat
from render.rattus_map import ArrowKey, RegionKey, draw_map
from render.rattus_panel import PANEL_BG, draw_panel, panel_backdrop
from render.rattus_pieces import draw_palace, draw_region_pieces, draw_walls, outline_regions
from render.text import drawable

PANEL_WIDTH = 574


def board_size() -> tuple[int, int]:
    """The size in pixels of every Rattus board picture."""
    layout = board_layout()
    return layout.width + PANEL_WIDTH, layout.height


def seats_of(view: Mapping[str, Any]) -> dict[int, Seat]:
    """How each seat is shown, with the documented fallbacks for a missing name or mark.

    A name the font cannot show any letter of (all CJK or emoji) falls back to "Player N" too.
    """
    seats: dict[int, Seat] = {}
    for index, player in enumerate(view.get("players") or []):
        number = int(player.get("seat", index))
        colour = str(player.get("colour") or "")
        mark = str(player.get("mark") or colour[:1].upper() or "?")[:1]
        name = str(player.get("name") or "")
        if not any(ch.isalnum() for ch in drawable(name)):
            name = f"Player {number + 1}"
        seats[number] = Seat(number, player_colour(colour), mark, name)
    return seats


def _static_key(view: Mapping[str, Any]) -> tuple[RegionKey, ArrowKey]:
    """What the static background depends on: the regions (name, in use) and the sea arrows
    between two regions in use."""
    layout = board_layout()
    raw = view.get("regions") or {}
    regions = tuple(
        (name, str(r.get("name") or name.title()), bool(r.get("in_use", True)))
        for name, r in raw.items()
        if name in layout.regions
    )
    in_use = {name for name, _, used in regions if used}
    arrows = sorted(
        (min(str(e[0]), str(e[1])), max(str(e[0]), str(e[1])))
        for e in view.get("edges") or []
        if len(e) > 2 and e[2] == "arrow" and {str(e[0]), str(e[1])} <= in_use
    )
    return regions, tuple(arrows)


@lru_cache(maxsize=6)
def _background(regions: RegionKey, arrows: ArrowKey) -> Image.Image:
    """The picture before any piece is drawn, at SCALE x; one per set of regions in play."""
    width, height = board_size()
    canvas = Canvas.blank(width, height, PANEL_BG)
    draw_map(canvas, regions, arrows)
    panel_backdrop(canvas, (board_layout().width, 0, width, height))
    return canvas.image


def board_image(view: Mapping[str, Any]) -> Image.Image:
    """The board as a Pillow image (RGB) at output size."""
    layout = board_layout()
    seats = seats_of(view)
    canvas = Canvas(_background(*_static_key(view)).copy())
    width, height = board_size()
    regions = view.get("regions") or {}
    revealed = {str(t.get("region")) for t in view.get("revealed") or [] if isinstance(t, Mapping)}
    outline_regions(canvas, layout, revealed & set(regions))
    draw_walls(canvas, layout, view)
    for name, region in regions.items():
        geometry = layout.regions.get(name)
        if geometry is not None and isinstance(region, Mapping):
            draw_region_pieces(canvas, view, name, region, geometry, seats)
    draw_palace(canvas, layout, view, seats)
    draw_panel(canvas, view, seats, (layout.width, 0, width, height))
    return canvas.finish()


def rattus_board(view: Mapping[str, Any]) -> bytes:
    """The Rattus board for ``view`` (see docs/views.md) as PNG bytes."""
    return encode_png(board_image(view))
