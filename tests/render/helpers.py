"""Reading rendered boards back for checks."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageChops

import lang
from render import rattus_board

EN = lang.texts(lang.DEFAULT)
"""The pictures' words in English, for the helpers that take them."""


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def board(view: Mapping[str, Any]) -> Image.Image:
    return decode(rattus_board(view))


def dark_pixels(image: Image.Image, box: tuple[float, float, float, float], limit: int = 90) -> int:
    """How many pixels inside ``box`` are nearly black (text ink, not map colours)."""
    left, top, right, bottom = (round(v) for v in box)
    crop = image.crop((left, top, right, bottom)).convert("L")
    return sum(crop.histogram()[:limit])


def changed_box(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    """The bounding box of the pixels that differ between two same-size images."""
    return ImageChops.difference(a, b).getbbox()


def inside(
    point: tuple[float, float], box: tuple[int, int, int, int] | None, margin: float = 0
) -> bool:
    if box is None:
        return False
    x, y = point
    return box[0] - margin <= x <= box[2] + margin and box[1] - margin <= y <= box[3] + margin
