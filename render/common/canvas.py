"""Shared drawing helpers: a supersampled canvas and PNG encoding (the colours are
``render.common.colours``).

Every game picture is drawn on a :class:`Canvas` in output-pixel coordinates; the canvas
draws at ``SCALE`` times the size and shrinks once at the end, which smooths every edge.
"""

from __future__ import annotations

import io
import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache, wraps
from typing import ParamSpec, TypedDict, TypeVar, Unpack, cast

from PIL import Image, ImageChops, ImageDraw

from render.common.colours import INK, RGB, Colour
from render.common.text import draw_line, fit, layout

SCALE = 2
PNG_COMPRESS_LEVEL = 3
"""zlib effort for the pictures: a board at level 3 takes about three quarters of level 6's
time for a fifth more bytes, about 50 KiB (``bench/render.py --levels``)."""
PALETTE_COLOURS = 256

Point = tuple[float, float]
_recorders: list[list[str]] = []
P = ParamSpec("P")
R = TypeVar("R")


@contextmanager
def recording() -> Iterator[list[str]]:
    """Every text drawn on a picture while the block runs, in order (from any thread): for
    tests that read what a person reads, such as the pseudo-language scan."""
    drawn: list[str] = []
    _recorders.append(drawn)
    try:
        yield drawn
    finally:
        _recorders.remove(drawn)


def kept(maxsize: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Keep what a drawing function returns (``functools.lru_cache``), except while a
    ``recording`` runs: then it draws anew, so every text the picture shows is recorded even
    when an earlier call drew the same thing. The wrapper's ``kept`` is the cache itself
    (``cache_info``)."""

    def keep(draw: Callable[P, R]) -> Callable[P, R]:
        cache = lru_cache(maxsize=maxsize)(draw)
        cached = cast("Callable[P, R]", cache)

        @wraps(draw)
        def drawn(*args: P.args, **kwargs: P.kwargs) -> R:
            if _recorders:
                return draw(*args, **kwargs)
            return cached(*args, **kwargs)

        drawn.kept = cache  # type: ignore[attr-defined]
        return drawn

    return keep


class Paint(TypedDict, total=False):
    """How a shape of a :class:`Canvas` is painted: ``fill`` inside, and an ``outline``
    ``width`` pixels wide (1 unless told); either or both."""

    fill: Colour | None
    outline: Colour | None
    width: float


class Canvas:
    """An image drawn at ``scale`` x (``SCALE`` unless told), addressed in output pixels.

    A canvas at 1 x draws pieces with :meth:`stamp`: each distinct piece is drawn once at
    ``SCALE`` x, shrunk, kept, and pasted wherever it appears, so it stays smooth and costs a
    paste.
    """

    def __init__(self, image: Image.Image, origin: Point = (0, 0), scale: int = SCALE) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image, "RGBA")
        self.origin = origin
        self.scale = scale

    @classmethod
    def blank(cls, width: int, height: int, colour: RGB, scale: int = SCALE) -> Canvas:
        return cls(Image.new("RGB", (width * scale, height * scale), colour), scale=scale)

    @property
    def size(self) -> tuple[int, int]:
        return self.image.width // self.scale, self.image.height // self.scale

    def px(self, value: float) -> int:
        return round(value * self.scale)

    def _box(self, box: Sequence[float]) -> list[int]:
        ox, oy = self.origin
        return [self.px(v - (ox if i % 2 == 0 else oy)) for i, v in enumerate(box)]

    def _points(self, points: Iterable[Point]) -> list[tuple[int, int]]:
        ox, oy = self.origin
        return [(self.px(x - ox), self.px(y - oy)) for x, y in points]

    def polygon(self, points: Sequence[Point], **paint: Unpack[Paint]) -> None:
        pts = self._points(points)
        fill, outline = paint.get("fill"), paint.get("outline")
        if fill is not None:
            self.draw.polygon(pts, fill=fill)
        if outline is not None:
            width = self.px(paint.get("width", 1))
            self.draw.line([*pts, pts[0]], fill=outline, width=width, joint="curve")

    def line(self, points: Sequence[Point], fill: Colour, width: float = 1) -> None:
        self.draw.line(self._points(points), fill=fill, width=self.px(width), joint="curve")

    def rect(self, box: Sequence[float], *, radius: float = 0, **paint: Unpack[Paint]) -> None:
        self._outlined(self._box(box), paint, self.px(radius))

    def disc(self, centre: Point, radius: float, **paint: Unpack[Paint]) -> None:
        x, y = centre
        self._outlined(self._box((x - radius, y - radius, x + radius, y + radius)), paint)

    def _outlined(self, box: list[int], paint: Paint, radius: int | None = None) -> None:
        """A shape in ``box`` (in pixels) painted as ``paint`` says: a rectangle with corners
        of ``radius``, or an ellipse without one."""
        fill, outline = paint.get("fill"), paint.get("outline")
        line = self.px(paint.get("width", 1)) if outline is not None else 0
        if radius is None:
            self.draw.ellipse(box, fill=fill, outline=outline, width=line)
        else:
            self.draw.rounded_rectangle(box, radius, fill=fill, outline=outline, width=line)

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
        condensed: bool = False,
    ) -> str:
        """Draw ``text`` (in any script, cut to ``max_width``); returns what was drawn. Every
        text a picture shows passes here (see ``recording``)."""
        for drawn in _recorders:
            drawn.append(text)
        line = fit(
            text,
            self.px(size),
            bold,
            self.px(max_width) if max_width is not None else math.inf,
            condensed,
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
        return text_width(text, size, bold)

    def stamp(
        self, at: Point, size: Point, key: Hashable, draw: Callable[[Canvas, Point], None]
    ) -> None:
        """Draw a piece of ``size`` whose top-left corner is ``at``: ``draw(canvas, corner)``
        draws it and ``key`` names everything it depends on. On a 1 x canvas the piece is
        drawn once per key (with room for its shadow) and pasted."""
        if self.scale != 1:
            draw(self, at)
            return
        sprite = _sprite(key, size, draw)
        x = round(at[0] - self.origin[0] - SPRITE_PAD)
        y = round(at[1] - self.origin[1] - SPRITE_PAD)
        self.image.paste(sprite, (x, y), sprite)

    def finish(self) -> Image.Image:
        """The picture at output size."""
        return self.image if self.scale == 1 else self.image.reduce(self.scale)


SPRITE_PAD = 6
_SPRITES: OrderedDict[Hashable, Image.Image] = OrderedDict()
_SPRITE_PIXELS = 12_000_000
"""How many pixels of pieces are kept (about 48 MB); the least recently used go first."""
_SPRITES_LOCK = threading.Lock()
"""Boards are drawn in worker threads, several at once: the kept pieces are shared."""
_kept = [0]  # pixels in _SPRITES


def _sprite(key: Hashable, size: Point, draw: Callable[[Canvas, Point], None]) -> Image.Image:
    """The piece named ``key`` at output size, RGBA, with SPRITE_PAD pixels around it
    (drawn anew while a ``recording`` runs, so its texts are recorded)."""
    with _SPRITES_LOCK:
        sprite = None if _recorders else _SPRITES.get(key)
        if sprite is not None:
            _SPRITES.move_to_end(key)
            return sprite
    width = math.ceil(size[0]) + 2 * SPRITE_PAD
    height = math.ceil(size[1]) + 2 * SPRITE_PAD
    layers = []
    for ground in ((0, 0, 0), (255, 255, 255)):
        canvas = Canvas.blank(width, height, ground)
        draw(canvas, (SPRITE_PAD, SPRITE_PAD))
        layers.append(canvas.finish())
    on_black, on_white = layers
    # Drawn on black the piece shows colour x alpha; drawn on white, that plus 1 - alpha.
    alpha = ImageChops.invert(ImageChops.subtract(on_white, on_black).getchannel("G"))
    sprite = Image.merge("RGBa", (*on_black.split(), alpha)).convert("RGBA")
    with _SPRITES_LOCK:
        old = _SPRITES.pop(key, None)
        if old is not None:  # drawn meanwhile by another thread
            _kept[0] -= old.width * old.height
        _SPRITES[key] = sprite
        _kept[0] += sprite.width * sprite.height
        while _kept[0] > _SPRITE_PIXELS and len(_SPRITES) > 1:
            _, dropped = _SPRITES.popitem(last=False)
            _kept[0] -= dropped.width * dropped.height
    return sprite


def text_width(text: str, size: int, bold: bool = False, condensed: bool = False) -> float:
    """How wide ``text`` is drawn at ``size`` output pixels."""
    return layout(text, size * SCALE, bold, condensed).width / SCALE


def encode_png(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG bytes with at most 256 colours: the pictures are flat colours and anti-aliased
    edges, so a palette keeps them sharp at a third of the size, and encodes faster. With
    ``palette`` (a "P" image) the colours are mapped onto it instead of chosen per picture."""
    if palette is not None:
        indexed = image.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        indexed = image.quantize(
            PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
    buffer = io.BytesIO()
    indexed.save(buffer, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()
