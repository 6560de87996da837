"""What both games' pictures share around their own content: the background colours, the
status band across the top, how each seat is shown, and text wrapped to a width.

``render.rattus.panel`` and ``render.cartus.table`` draw with these; neither imports the other.
"""

from __future__ import annotations

import re

import lang
from engine.cartus.view_types import CartusView
from engine.rattus.view_types import RattusView
from render.common.canvas import Canvas, text_width
from render.common.colours import GOLD, INK, RGB, WHITE, player_colour
from render.common.pieces import Seat
from render.common.text import drawable

PANEL_BG: RGB = (244, 237, 220)
ROW_BG: RGB = (251, 247, 238)
LIT_BG: RGB = (255, 236, 170)
"""A row of whoever must decide now."""
RULE: RGB = (214, 200, 172)
HEADER_PAD = 14
HEADER_TEXT = 22
NUMBER = re.compile(r"[+−-]?\d+(?:[.,/]\d+)*")
"""A count that ``wrap`` keeps on one line with the word after it."""


def seats_of(view: RattusView | CartusView, tr: lang.Texts) -> dict[int, Seat]:
    """How each seat is shown, with the documented fallbacks for a missing name or mark.

    A name with no letter any bundled font can draw (only emoji) falls back to "Player N" (in
    ``tr``'s language) too.
    """
    seats: dict[int, Seat] = {}
    for index, player in enumerate(view.get("players") or []):
        number = int(player.get("seat", index))
        colour = str(player.get("colour") or "")
        mark = str(player.get("mark") or colour[:1].upper() or "?")[:1]
        name = str(player.get("name") or "")
        if not any(ch.isalnum() for ch in drawable(name)):
            name = tr("Player {n}", n=number + 1)
        seats[number] = Seat(number, player_colour(colour), mark, name)
    return seats


def header_band(canvas: Canvas, title: str, pill: RGB, who: str, what: str, width: float) -> None:
    """A status pill, then who (cut to fit) and what they do, across the top of a picture."""
    x, y = HEADER_PAD, 10
    pill_w = canvas.text_width(title, HEADER_TEXT, bold=True) + 28
    canvas.rect((x, y, x + pill_w, y + 36), fill=pill, radius=18)
    canvas.text((x + pill_w / 2, y + 18.5), title, HEADER_TEXT, fill=WHITE, bold=True, anchor="mm")
    left = x + pill_w + 12
    room = width - HEADER_PAD - left - canvas.text_width(what, 24, bold=True) - 8
    shown = (
        canvas.text((left, y + 18), who, 24, fill=INK, bold=True, anchor="lm", max_width=room)
        if who
        else ""
    )
    after = left + canvas.text_width(shown, 24, bold=True) + 8 if who else left
    canvas.text((after, y + 18), what, 24, fill=INK, bold=True, anchor="lm")


def row_box(
    canvas: Canvas, box: tuple[float, float, float, float], lit: bool, fill: RGB = LIT_BG
) -> None:
    """The box of a player's row: gold edged on ``fill`` when ``lit`` (deciding now, or
    winning), else plain."""
    canvas.rect(
        box,
        fill=fill if lit else ROW_BG,
        outline=GOLD if lit else RULE,
        width=2.5 if lit else 1,
        radius=8,
    )


def mark_box(canvas: Canvas, at: tuple[float, float], seat: Seat, size: float, text: int) -> None:
    """A seat's colour, ``size`` square, with its mark letter ``text`` pixels tall: in a
    player's row, beside a card's holder."""
    x, y = at
    colour = seat.colour
    canvas.rect(
        (x, y, x + size, y + size), fill=colour.fill, outline=colour.edge, width=2, radius=6
    )
    canvas.text(
        (x + size / 2, y + size / 2 + 0.5),
        seat.mark,
        text,
        fill=colour.text,
        bold=True,
        anchor="mm",
    )


def wrap(
    text: str, size: int, width: float, *, bold: bool = False, condensed: bool = False
) -> list[str]:
    """``text`` in lines no wider than ``width`` at ``size``: broken after " · " or at spaces
    where it can be, never between a number and the word it counts ("12 Nonnen") when the
    two fit a line, and a word wider than the line between its characters. Nothing is cut."""
    words: list[str] = []
    for part in text.split(" "):
        if not part:
            continue
        counts = bool(words) and part != "·" and NUMBER.fullmatch(words[-1]) is not None
        counted = f"{words[-1]} {part}" if counts else ""
        if counted and width_of(counted, size, bold, condensed) <= width:
            words[-1] = counted
        elif width_of(part, size, bold, condensed) > width:
            words += _split_word(part, size, width, bold, condensed)
        else:
            words.append(part)
    lines: list[str] = []
    line = ""
    for word in words:
        candidate = f"{line} {word}" if line else word
        if line and width_of(candidate, size, bold, condensed) > width:
            if line.endswith(" ·"):  # a separator ends its line, never starts the next
                line = line[:-2]
            lines.append(line)
            line = "" if word == "·" else word
        else:
            line = candidate
    if line or not lines:
        lines.append(line)
    return lines


def _split_word(word: str, size: int, width: float, bold: bool, condensed: bool) -> list[str]:
    pieces: list[str] = []
    piece = ""
    for ch in word:
        if piece and width_of(piece + ch, size, bold, condensed) > width:
            pieces.append(piece)
            piece = ch
        else:
            piece += ch
    return [*pieces, piece] if piece else pieces


def width_of(text: str, size: int, bold: bool = False, condensed: bool = False) -> float:
    return text_width(text, size, bold, condensed)
