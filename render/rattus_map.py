"""The static part of the Rattus board: sea, land, regions, borders, sea arrows and names.

It depends only on which regions the game has and which are in use, so it is drawn once per
combination and cached; each board starts from a copy.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PIL import Image, ImageDraw

from render.canvas import INK, PAPER, RGB, SCALE, Canvas, Point, face_for, mix
from render.layout import BoardLayout, EdgeLayout, Polygon, RegionLayout, board_layout

LABEL_SIZE = 15
LABEL_COLOUR: RGB = INK
UNUSED_LABEL_COLOUR: RGB = (120, 112, 102)
BORDER: RGB = (120, 92, 60)
COAST: RGB = (70, 62, 58)
SHALLOW: RGB = (196, 218, 224)
ARROW: RGB = (28, 52, 92)
UNUSED_GREY: RGB = (168, 164, 156)
GRATICULE: RGB = (140, 176, 190)


def label_text(region: str, name: str | None = None) -> str:
    return (name or region.title()).upper()


def label_box(region: str, name: str | None = None) -> tuple[float, float, float, float]:
    """The box, in output pixels, that a region's name occupies on the board."""
    layout = board_layout().regions[region]
    face = face_for(LABEL_SIZE, bold=True)
    left, top, right, bottom = face.getbbox(label_text(region, name), anchor="mm")
    x, y = layout.label
    return (x + left / SCALE, y + top / SCALE, x + right / SCALE, y + bottom / SCALE)


def _graticule(canvas: Canvas, layout: BoardLayout) -> None:
    step = 84
    for x in range(step // 2, layout.width, step):
        canvas.line([(x, 0), (x, layout.height)], fill=(*GRATICULE, 90), width=1)
    for y in range(step // 2, layout.height, step):
        canvas.line([(0, y), (layout.width, y)], fill=(*GRATICULE, 90), width=1)


def _land(canvas: Canvas, shapes: Iterable[Polygon], fill: RGB) -> None:
    for shape in shapes:
        canvas.polygon(shape, fill=fill)


def _hatch(canvas: Canvas, shapes: tuple[Polygon, ...], colour: RGB) -> None:
    """Diagonal lines over the shapes, marking a region that this game does not use."""
    mask = Image.new("L", canvas.image.size, 0)
    mask_draw = ImageDraw.Draw(mask)
    for shape in shapes:
        mask_draw.polygon([(canvas.px(x), canvas.px(y)) for x, y in shape], fill=255)
    box = mask.getbbox()
    if box is None:
        return
    lines = Image.new("RGB", canvas.image.size, colour)
    lines_draw = ImageDraw.Draw(lines)
    x0, y0, x1, y1 = box
    gap = canvas.px(9)
    for offset in range(x0 - (y1 - y0), x1, gap):
        lines_draw.line(
            [(offset, y1), (offset + (y1 - y0), y0)], fill=mix(colour, INK, 0.25), width=SCALE
        )
    canvas.image.paste(lines, (0, 0), mask)


def _bezier(start: Point, via: Point, end: Point, steps: int = 24) -> list[Point]:
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        out.append(
            (
                u * u * start[0] + 2 * u * t * via[0] + t * t * end[0],
                u * u * start[1] + 2 * u * t * via[1] + t * t * end[1],
            )
        )
    return out


def _arrow_head(canvas: Canvas, tip: Point, back: Point, colour: RGB, size: float) -> None:
    angle = math.atan2(tip[1] - back[1], tip[0] - back[0])
    left = (tip[0] - size * math.cos(angle - 0.45), tip[1] - size * math.sin(angle - 0.45))
    right = (tip[0] - size * math.cos(angle + 0.45), tip[1] - size * math.sin(angle + 0.45))
    canvas.polygon([tip, left, right], fill=colour, outline=PAPER, width=1)


def draw_sea_arrow(canvas: Canvas, edge: EdgeLayout) -> None:
    assert edge.start is not None and edge.via is not None and edge.end is not None
    path = _bezier(edge.start, edge.via, edge.end)
    body = path[2:-2]
    canvas.line(body, fill=PAPER, width=6)
    for i in range(0, len(body) - 1, 2):
        canvas.line(body[i : i + 2], fill=ARROW, width=3)
    _arrow_head(canvas, path[-1], path[-4], ARROW, 12)
    _arrow_head(canvas, path[0], path[3], ARROW, 12)


def _region_fill(region: RegionLayout, in_use: bool) -> RGB:
    return region.fill if in_use else mix(region.fill, UNUSED_GREY, 0.75)


def _label(canvas: Canvas, region: RegionLayout, name: str, in_use: bool) -> None:
    colour = LABEL_COLOUR if in_use else UNUSED_LABEL_COLOUR
    canvas.text(
        region.label,
        label_text(region.name, name),
        LABEL_SIZE,
        fill=colour,
        bold=True,
        anchor="mm",
        halo=(*PAPER, 230),
        halo_width=2.5,
    )


RegionKey = tuple[tuple[str, str, bool], ...]
ArrowKey = tuple[tuple[str, str], ...]


def draw_map(canvas: Canvas, regions: RegionKey, arrows: ArrowKey) -> None:
    """The static map in the canvas's top-left corner.

    ``regions`` are (id, display name, in use) for every region the game has; ``arrows`` the
    sea arrows to draw, as sorted pairs of region ids.
    """
    layout = board_layout()
    canvas.rect((0, 0, layout.width, layout.height), fill=layout.sea)
    _graticule(canvas, layout)
    present = {name for name, _, _ in regions}
    absent = [r for r in layout.regions.values() if r.name not in present]
    all_land = [s for r in layout.regions.values() for s in r.shapes] + list(layout.decor_land)
    for shape in all_land:
        canvas.polygon(shape, outline=SHALLOW, width=9)
    _land(canvas, layout.decor_land, layout.decor_fill)
    for region in absent:
        _land(canvas, region.shapes, layout.decor_fill)
    for name, _, in_use in regions:
        region = layout.regions[name]
        _land(canvas, region.shapes, _region_fill(region, in_use))
        if not in_use:
            _hatch(canvas, region.shapes, _region_fill(region, in_use))
    for shape in layout.water:
        canvas.polygon(shape, fill=layout.sea)
    for name, _, _ in regions:
        for shape in layout.regions[name].shapes:
            canvas.polygon(shape, outline=BORDER, width=1.6)
    for shape in layout.water:
        canvas.polygon(shape, outline=mix(layout.sea, COAST, 0.4), width=1)
    for a, b in arrows:
        edge = layout.edge(a, b)
        if edge is not None and edge.kind == "arrow":
            draw_sea_arrow(canvas, edge)
    for name, display, in_use in regions:
        _label(canvas, layout.regions[name], display, in_use)
    canvas.rect((0, 0, layout.width, layout.height), outline=COAST, width=2)
