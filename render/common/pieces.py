"""Drawing single Rattus pieces: cube chips, rat tokens, the plague piece and expansion pieces.

Each function draws one piece at a position given in output pixels and knows nothing about
where on the board it goes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.rattus.view_types import TokenFront
from render.common.canvas import Canvas, Point, text_width
from render.common.colours import (
    ALERT,
    BACK,
    BACK_INK,
    GOLD,
    INK,
    MUTED,
    PAPER,
    RGB,
    WHITE,
    PlayerColour,
    mix,
)

CHIP_H = 40
CHIP_TAB = 24
COUNT_SIZE = 31
"""Cube counts: DejaVu Sans Condensed Bold at 31 px has capitals 22.6 px tall, which stay
8 px tall on a phone showing the 1040 px wide board at 380 px."""
MARK_SIZE = 22
RAT_R = 15
PLAGUE_R = 19
BADGE_H = 30
BADGE_TEXT = 20

TOKEN_FACE: RGB = (250, 244, 228)
NUN_FILL: RGB = (250, 250, 250)
BISHOP_FILL: RGB = (128, 32, 70)
CARAVAN_FILL: RGB = (222, 190, 120)
"""The pieces that are nobody's (a potion or a diplomat takes its player's colour)."""

CLASS_GLYPHS: dict[str, str] = {
    "royalty": "♛",
    "church": "☧",
    "chivalry": "⚔",
    "magic": "☾",
    "bourgeoisie": "⚖",
    "peasantry": "⚒",
    "islamic": "☪",
}
PIECE_GLYPHS: dict[str, str] = {
    "nun": "✝",
    "bishop": "♝",
    "potion": "⚗",
    "diplomat": "⚑",
}
"""The expansion pieces' symbols on the map and in the key; no class uses any of them (one
symbol, one meaning)."""
CLASS_COLOURS: dict[str, RGB] = {
    "royalty": (150, 30, 60),
    "church": (60, 70, 90),
    "chivalry": (110, 110, 120),
    "magic": (90, 50, 140),
    "bourgeoisie": (40, 110, 100),
    "peasantry": (120, 90, 40),
    "islamic": (20, 120, 70),
}
GOODS_COLOURS: dict[str, RGB] = {
    "fish": (70, 130, 170),
    "cloth": (170, 60, 80),
    "lumber": (120, 80, 40),
    "salt": (235, 235, 228),
}


@dataclass(frozen=True)
class Seat:
    """How a seat is shown: its colour, mark letter and display name."""

    seat: int
    colour: PlayerColour
    mark: str
    name: str


def class_glyph(cls: str) -> str:
    return CLASS_GLYPHS.get(cls, cls[:1].upper() or "?")


def class_colour(cls: str) -> RGB:
    return CLASS_COLOURS.get(cls, MUTED)


def chip_width(text: str, small: bool = False) -> float:
    """The width of a cube chip showing ``text``."""
    size = round(COUNT_SIZE * 0.7) if small else COUNT_SIZE
    return CHIP_TAB + 6 + text_width(text, size, bold=True, condensed=True) + 10


def cube_chip(canvas: Canvas, at: Point, seat: Seat, text: str, small: bool = False) -> None:
    """A player's marker: colour, its mark letter on a pale tab, and ``text`` (usually a count)."""
    size = (chip_width(text, small), CHIP_H * (0.75 if small else 1))
    key = ("chip", seat.colour, seat.mark, text, small)
    canvas.stamp(at, size, key, lambda c, a: _cube_chip(c, a, seat, text, small))


def _cube_chip(canvas: Canvas, at: Point, seat: Seat, text: str, small: bool) -> None:
    x, y = at
    colour = seat.colour
    width = chip_width(text, small)
    height = CHIP_H * 0.75 if small else CHIP_H
    size = round(COUNT_SIZE * 0.7) if small else COUNT_SIZE
    tab = CHIP_TAB * 0.8 if small else CHIP_TAB
    canvas.rect((x + 1, y + 2, x + width + 1, y + height + 2), fill=(0, 0, 0, 70), radius=6)
    canvas.rect(
        (x, y, x + width, y + height), fill=colour.fill, outline=colour.edge, width=1.8, radius=6
    )
    canvas.rect((x + 3, y + 3, x + 3 + tab, y + height - 3), fill=(255, 255, 255, 225), radius=4)
    canvas.text(
        (x + 3 + tab / 2, y + height / 2 + 0.5),
        seat.mark,
        round(MARK_SIZE * (0.8 if small else 1)),
        fill=INK,
        bold=True,
        anchor="mm",
    )
    canvas.text(
        (x + 3 + tab + (width - 3 - tab) / 2, y + height / 2 + 1),
        text,
        size,
        fill=colour.text,
        bold=True,
        condensed=True,
        anchor="mm",
    )


def _rat_silhouette(canvas: Canvas, centre: Point, r: float, colour: RGB, eye: RGB) -> None:
    """A small rat facing right, drawn inside a token of radius ``r``."""
    x, y = centre
    canvas.line(
        [(x - r * 0.45, y + r * 0.2), (x - r * 0.7, y + r * 0.05), (x - r * 0.78, y - r * 0.3)],
        fill=colour,
        width=r * 0.11,
    )
    canvas.disc((x - r * 0.1, y + r * 0.08), r * 0.42, fill=colour)
    canvas.polygon(
        [(x + r * 0.05, y - r * 0.3), (x + r * 0.72, y + r * 0.18), (x + r * 0.1, y + r * 0.45)],
        fill=colour,
    )
    canvas.disc((x + r * 0.14, y - r * 0.3), r * 0.17, fill=colour)
    canvas.disc((x + r * 0.36, y + r * 0.02), r * 0.07, fill=eye)
    canvas.line(
        [(x - r * 0.25, y + r * 0.45), (x + r * 0.25, y + r * 0.45)], fill=colour, width=r * 0.12
    )


STARTING_RIM = (150, 84, 196)
"""Starting rat tokens have a purple back, told apart face down as at a real table."""


def rat_back(
    canvas: Canvas, centre: Point, known_limit: int | None = None, *, starting: bool = False
) -> None:
    """A face-down rat token; ``known_limit`` when the viewer has seen its front."""
    corner = (centre[0] - RAT_R, centre[1] - RAT_R)
    canvas.stamp(
        corner,
        (2 * RAT_R, 2 * RAT_R),
        ("rat", known_limit, starting),
        lambda c, a: _rat_back(c, (a[0] + RAT_R, a[1] + RAT_R), known_limit, starting),
    )


def _rat_back(canvas: Canvas, centre: Point, known_limit: int | None, starting: bool) -> None:
    canvas.disc((centre[0] + 1, centre[1] + 1.5), RAT_R, fill=(0, 0, 0, 80))
    if starting:
        canvas.disc(centre, RAT_R + 2.5, fill=STARTING_RIM)
    canvas.disc(
        centre,
        RAT_R,
        fill=BACK,
        outline=GOLD if known_limit is not None else BACK_INK,
        width=1.6,
    )
    if known_limit is None:
        _rat_silhouette(canvas, centre, RAT_R, BACK_INK, BACK)
    else:
        canvas.text(centre, str(known_limit), 18, fill=WHITE, bold=True, anchor="mm")


def empty_rat_slot(canvas: Canvas, centre: Point) -> None:
    canvas.stamp(
        (centre[0] - RAT_R, centre[1] - RAT_R),
        (2 * RAT_R, 2 * RAT_R),
        "slot",
        lambda c, a: c.disc((a[0] + RAT_R, a[1] + RAT_R), RAT_R - 1, outline=(*INK, 70), width=1),
    )


def plague_piece(canvas: Canvas, centre: Point) -> None:
    canvas.stamp(
        (centre[0] - PLAGUE_R, centre[1] - PLAGUE_R),
        (2 * PLAGUE_R, 2 * PLAGUE_R),
        "plague",
        lambda c, a: _plague_piece(c, (a[0] + PLAGUE_R, a[1] + PLAGUE_R)),
    )


def _plague_piece(canvas: Canvas, centre: Point) -> None:
    x, y = centre
    canvas.disc((x, y), PLAGUE_R + 4, fill=(*ALERT, 70))
    canvas.disc((x + 1, y + 1.5), PLAGUE_R, fill=(0, 0, 0, 90))
    canvas.disc((x, y), PLAGUE_R, fill=(22, 20, 22), outline=ALERT, width=2.2)
    canvas.text((x, y + 0.5), "☠", 24, fill=WHITE, anchor="mm")


def token_face(
    canvas: Canvas,
    centre: Point,
    radius: float,
    token: TokenFront,
) -> None:
    """A rat token face up: limit on top, class symbols across, M and A counts below."""
    key = (
        "token",
        radius,
        bool(token.get("outbreak")),
        str(token.get("limit", "?")),
        tuple(str(c) for c in token.get("classes") or []),
        int(token.get("majority") or 0),
        int(token.get("all") or 0),
    )
    canvas.stamp(
        (centre[0] - radius, centre[1] - radius),
        (2 * radius, 2 * radius),
        key,
        lambda c, a: _token_face(c, (a[0] + radius, a[1] + radius), radius, token),
    )


RAT_CHIP_H = 40
"""A rat token face up in a line (``token_chip``): as tall as a line of the panel's text."""
RAT_CHIP_TEXT = 30
"""Its limit and M/A letters: bold at 30 px, capitals 22 px tall (8.3 px on a phone)."""
RAT_CHIP_GLYPH = 28
RAT_CHIP_STEP = 29
RAT_CHIP_PAD = 7


def _chip_marks(token: TokenFront) -> str:
    bits = []
    majority = int(token.get("majority") or 0)
    everyone = int(token.get("all") or 0)
    if majority:
        bits.append("M" if majority == 1 else f"{majority}M")
    if everyone:
        bits.append("A" if everyone == 1 else f"{everyone}A")
    return " ".join(bits)


def _chip_parts(token: TokenFront) -> tuple[str, list[str], str]:
    classes = [str(c) for c in token.get("classes") or []]
    return str(token.get("limit", "?")), classes, _chip_marks(token)


def token_chip_width(token: TokenFront) -> float:
    """How wide ``token_chip`` draws ``token``."""
    limit, classes, marks = _chip_parts(token)
    width = RAT_CHIP_PAD + text_width(limit, RAT_CHIP_TEXT, bold=True) + RAT_CHIP_PAD
    width += len(classes) * RAT_CHIP_STEP
    if marks:
        width += 2 + text_width(marks, RAT_CHIP_TEXT, bold=True, condensed=True) + RAT_CHIP_PAD / 2
    return width + RAT_CHIP_PAD / 2


def token_chip(canvas: Canvas, at: Point, token: TokenFront) -> None:
    """A rat token face up as one line: its limit, its class symbols, its M and A marks, at
    the panel's text size (``at``: the left end of its middle line). Red edged when its
    region broke out. For many tokens at once, where faces would be too small to read."""
    x, y = at
    limit, classes, marks = _chip_parts(token)
    outbreak = bool(token.get("outbreak"))
    width = token_chip_width(token)
    canvas.rect(
        (x, y - RAT_CHIP_H / 2, x + width, y + RAT_CHIP_H / 2),
        fill=TOKEN_FACE,
        outline=ALERT if outbreak else MUTED,
        width=3 if outbreak else 2,
        radius=RAT_CHIP_H / 2,
    )
    left = x + RAT_CHIP_PAD
    canvas.text((left, y), limit, RAT_CHIP_TEXT, fill=INK, bold=True, anchor="lm")
    left += text_width(limit, RAT_CHIP_TEXT, bold=True) + RAT_CHIP_PAD
    for cls in classes:
        step = RAT_CHIP_STEP
        canvas.text(
            (left + step / 2, y),
            class_glyph(cls),
            RAT_CHIP_GLYPH,
            fill=class_colour(cls),
            anchor="mm",
        )
        left += step
    if marks:
        canvas.text(
            (left + 2, y), marks, RAT_CHIP_TEXT, fill=ALERT, bold=True, condensed=True, anchor="lm"
        )


def _token_face(canvas: Canvas, centre: Point, radius: float, token: TokenFront) -> None:
    x, y = centre
    outbreak = bool(token.get("outbreak"))
    ring = ALERT if outbreak else MUTED
    canvas.disc((x + 1, y + 2), radius, fill=(0, 0, 0, 70))
    canvas.disc((x, y), radius, fill=TOKEN_FACE, outline=ring, width=3 if outbreak else 2)
    canvas.text(
        (x, y - radius * 0.48),
        str(token.get("limit", "?")),
        round(radius * 0.55),
        fill=INK,
        bold=True,
        anchor="mm",
    )
    classes = [str(c) for c in token.get("classes") or []]
    glyph_size = round(radius * 0.5)
    step = glyph_size * 1.15
    left = x - step * (len(classes) - 1) / 2
    for i, cls in enumerate(classes):
        canvas.text(
            (left + i * step, y + radius * 0.05),
            class_glyph(cls),
            glyph_size,
            fill=class_colour(cls),
            anchor="mm",
        )
    marks = _chip_marks(token)
    if marks:
        canvas.text(
            (x, y + radius * 0.55),
            marks,
            round(radius * 0.34),
            fill=ALERT,
            bold=True,
            anchor="mm",
        )


def wall(canvas: Canvas, at: Point, angle_degrees: float) -> None:
    """A wall piece lying along a border (or across a sea arrow) at ``at``."""
    half = 22
    canvas.stamp(
        (at[0] - half, at[1] - half),
        (2 * half, 2 * half),
        ("wall", angle_degrees),
        lambda c, a: _wall(c, (a[0] + half, a[1] + half), angle_degrees),
    )


def _wall(canvas: Canvas, at: Point, angle_degrees: float) -> None:
    a = math.radians(angle_degrees)
    dx, dy = math.cos(a), math.sin(a)
    nx, ny = -dy, dx
    half_len, half_w = 20, 7
    corners = [
        (at[0] - dx * half_len - nx * half_w, at[1] - dy * half_len - ny * half_w),
        (at[0] + dx * half_len - nx * half_w, at[1] + dy * half_len - ny * half_w),
        (at[0] + dx * half_len + nx * half_w, at[1] + dy * half_len + ny * half_w),
        (at[0] - dx * half_len + nx * half_w, at[1] - dy * half_len + ny * half_w),
    ]
    canvas.polygon(corners, fill=(140, 70, 50), outline=PAPER, width=1.5)
    for t in (-0.33, 0.33):
        canvas.line(
            [
                (at[0] + dx * half_len * t - nx * half_w, at[1] + dy * half_len * t - ny * half_w),
                (at[0] + dx * half_len * t + nx * half_w, at[1] + dy * half_len * t + ny * half_w),
            ],
            fill=(90, 40, 30),
            width=1,
        )


def _seat_badge_text(glyph: str, seat: Seat, count: int) -> str:
    return f"{glyph}{count}{seat.mark}"


def badge_width(count: int) -> float:
    width = float(BADGE_H)
    if count > 1:
        width += 4 + text_width(f"×{count}", BADGE_TEXT, bold=True)
    return width


def badge(canvas: Canvas, at: Point, glyph: str, fill: RGB, ink: RGB, count: int = 1) -> None:
    """A round marker with a glyph, and "×n" beside it when there are several."""
    canvas.stamp(
        at,
        (badge_width(count), BADGE_H),
        ("badge", glyph, fill, ink, count),
        lambda c, a: _badge(c, a, glyph, fill, ink, count),
    )


def _badge(canvas: Canvas, at: Point, glyph: str, fill: RGB, ink: RGB, count: int) -> None:
    r = BADGE_H / 2
    x, y = at
    canvas.disc((x + r + 1, y + r + 1.5), r, fill=(0, 0, 0, 70))
    canvas.disc((x + r, y + r), r, fill=fill, outline=mix(fill, INK, 0.6), width=1.5)
    canvas.text((x + r, y + r + 0.5), glyph, BADGE_TEXT, fill=ink, bold=True, anchor="mm")
    if count > 1:
        canvas.text(
            (x + 2 * r + 3, y + r),
            f"×{count}",
            BADGE_TEXT,
            fill=INK,
            bold=True,
            anchor="lm",
            halo=PAPER,
        )


def seat_badge_width(glyph: str, seat: Seat, count: int) -> float:
    return text_width(_seat_badge_text(glyph, seat, count), BADGE_TEXT, bold=True) + 14


def seat_badge(canvas: Canvas, at: Point, glyph: str, seat: Seat, count: int) -> None:
    """A small player-coloured marker for a seat's potions or diplomats."""
    canvas.stamp(
        at,
        (seat_badge_width(glyph, seat, count), BADGE_H),
        ("seat badge", glyph, seat.colour, seat.mark, count),
        lambda c, a: _seat_badge(c, a, glyph, seat, count),
    )


def _seat_badge(canvas: Canvas, at: Point, glyph: str, seat: Seat, count: int) -> None:
    width = seat_badge_width(glyph, seat, count)
    x, y = at
    h = BADGE_H
    canvas.rect((x + 1, y + 1.5, x + width + 1, y + h + 1.5), fill=(0, 0, 0, 70), radius=h / 2)
    canvas.rect(
        (x, y, x + width, y + h),
        fill=seat.colour.fill,
        outline=seat.colour.edge,
        width=1.5,
        radius=h / 2,
    )
    text = _seat_badge_text(glyph, seat, count)
    canvas.text(
        (x + width / 2, y + h / 2 + 0.5),
        text,
        BADGE_TEXT,
        fill=seat.colour.text,
        bold=True,
        anchor="mm",
    )


def tile_width(text: str) -> float:
    return text_width(text, 18, bold=True) + 14


def tile(canvas: Canvas, at: Point, text: str, fill: RGB) -> None:
    """A square-cornered token with a short word on it (goods, the caravan)."""
    canvas.stamp(
        at, (tile_width(text), BADGE_H), ("tile", text, fill), lambda c, a: _tile(c, a, text, fill)
    )


def _tile(canvas: Canvas, at: Point, text: str, fill: RGB) -> None:
    ink = INK if sum(fill) > 450 else WHITE
    width = tile_width(text)
    x, y = at
    h = BADGE_H
    canvas.rect((x + 1, y + 1.5, x + width + 1, y + h + 1.5), fill=(0, 0, 0, 70), radius=4)
    canvas.rect(
        (x, y, x + width, y + h), fill=fill, outline=mix(fill, INK, 0.6), width=1.5, radius=4
    )
    canvas.text((x + width / 2, y + h / 2 + 0.5), text, 18, fill=ink, bold=True, anchor="mm")
