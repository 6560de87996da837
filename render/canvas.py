"""Shared drawing helpers: a supersampled canvas, colours, and PNG encoding.

Every game picture is drawn on a :class:`Canvas` in output-pixel coordinates; the canvas
draws at ``SCALE`` times the size and shrinks once at the end, which smooths every edge.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.fonts import Font, font
from render.text import draw_line, fit, layout

SCALE = 2
PNG_COMPRESS_LEVEL = 6
PALETTE_COLOURS = 256

Point = tuple[float, float]
RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Colour = RGB | RGBA

INK: RGB = (38, 32, 28)
PAPER: RGB = (247, 241, 226)
MUTED: RGB = (118, 108, 96)
WHITE: RGB = (255, 255, 255)
ALERT: RGB = (190, 30, 35)
GOLD: RGB = (214, 165, 40)


@dataclass(frozen=True)
class PlayerColour:
    """How one player colour is drawn: fill, outline, and the text colour that reads on it."""

    fill: RGB
    edge: RGB
    text: RGB


PLAYER_COLOURS: dict[str, PlayerColour] = {
    "red": PlayerColour((214, 48, 49), (120, 20, 22), WHITE),
    "yellow": PlayerColour((248, 211, 60), (140, 110, 10), INK),
    "green": PlayerColour((46, 150, 80), (18, 80, 40), WHITE),
    "blue": PlayerColour((40, 100, 200), (16, 48, 110), WHITE),
    "purple": PlayerColour((136, 72, 178), (70, 30, 100), WHITE),
    "orange": PlayerColour((244, 140, 40), (140, 70, 10), INK),
}
UNKNOWN_COLOUR = PlayerColour((150, 150, 150), (80, 80, 80), WHITE)


def player_colour(name: str) -> PlayerColour:
    return PLAYER_COLOURS.get(name, UNKNOWN_COLOUR)


def hex_colour(text: str) -> RGB:
    value = text.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` of the way towards ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


class Canvas:
    """An RGB image drawn at ``SCALE`` x, addressed in output pixels."""

    def __init__(self, image: Image.Image, origin: Point = (0, 0)) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image, "RGBA")
        self.origin = origin

    @contextmanager
    def clipped(self, box: Sequence[float]) -> Iterator[Canvas]:
        """A canvas over ``box`` only, in the same coordinates: nothing drawn on it reaches
        outside the box."""
        left, top, right, bottom = self._box(box)
        part = Canvas(self.image.crop((left, top, right, bottom)), (box[0], box[1]))
        yield part
        self.image.paste(part.image, (left, top))

    @classmethod
    def blank(cls, width: int, height: int, colour: RGB) -> Canvas:
        return cls(Image.new("RGB", (width * SCALE, height * SCALE), colour))

    @property
    def size(self) -> tuple[int, int]:
        return self.image.width // SCALE, self.image.height // SCALE

    @staticmethod
    def px(value: float) -> int:
        return round(value * SCALE)

    def _box(self, box: Sequence[float]) -> list[int]:
        ox, oy = self.origin
        return [self.px(v - (ox if i % 2 == 0 else oy)) for i, v in enumerate(box)]

    def _points(self, points: Iterable[Point]) -> list[tuple[int, int]]:
        ox, oy = self.origin
        return [(self.px(x - ox), self.px(y - oy)) for x, y in points]

    def polygon(
        self,
        points: Sequence[Point],
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 1,
    ) -> None:
        pts = self._points(points)
        if fill is not None:
            self.draw.polygon(pts, fill=fill)
        if outline is not None:
            self.draw.line([*pts, pts[0]], fill=outline, width=self.px(width), joint="curve")

    def line(self, points: Sequence[Point], fill: Colour, width: float = 1) -> None:
        self.draw.line(self._points(points), fill=fill, width=self.px(width), joint="curve")

    def rect(
        self,
        box: Sequence[float],
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 1,
        radius: float = 0,
    ) -> None:
        self.draw.rounded_rectangle(
            self._box(box),
            radius=self.px(radius),
            fill=fill,
            outline=outline,
            width=self.px(width) if outline is not None else 0,
        )

    def disc(
        self,
        centre: Point,
        radius: float,
        fill: Colour | None = None,
        outline: Colour | None = None,
        width: float = 1,
    ) -> None:
        x, y = centre
        self.draw.ellipse(
            self._box((x - radius, y - radius, x + radius, y + radius)),
            fill=fill,
            outline=outline,
            width=self.px(width) if outline is not None else 0,
        )

    def text(
        self,
        at: Point,
        text: str,
        size: int,
        fill: Colour = INK,
        bold: bool = False,
        anchor: str = "la",
        halo: Colour | None = None,
        halo_width: float = 2,
        max_width: float | None = None,
    ) -> str:
        """Draw ``text`` (in any script, cut to ``max_width``); returns what was drawn."""
        line = fit(
            text,
            self.px(size),
            bold,
            self.px(max_width) if max_width is not None else math.inf,
        )
        draw_line(
            self.draw,
            (self.px(at[0] - self.origin[0]), self.px(at[1] - self.origin[1])),
            line,
            fill=fill,
            anchor=anchor,
            stroke_width=self.px(halo_width) if halo is not None else 0,
            stroke_fill=halo,
        )
        return line.text

    def text_width(self, text: str, size: int, bold: bool = False) -> float:
        return layout(text, self.px(size), bold).width / SCALE

    def finish(self) -> Image.Image:
        """The picture at output size."""
        return self.image.reduce(SCALE)


def face_for(size: int, bold: bool = False) -> Font:
    """The font a canvas uses for ``size`` output pixels."""
    return font(size * SCALE, bold)


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes with at most 256 colours: the pictures are flat colours and anti-aliased
    edges, so a palette keeps them sharp at a third of the size, and encodes faster."""
    palette = image.quantize(
        PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    buffer = io.BytesIO()
    palette.save(buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()
