"""Measuring what a phone shows: ink heights in a rendered board scaled to 380 pixels wide."""

from __future__ import annotations

from PIL import Image

PHONE_WIDTH = 380
MIN_ON_PHONE = 8.0


def ink_rows(
    image: Image.Image,
    box: tuple[float, float, float, float],
    ink: tuple[int, int, int],
    tolerance: int = 60,
) -> list[list[bool]]:
    left, top, right, bottom = (round(v) for v in box)
    crop = image.crop((left, top, right, bottom)).convert("RGB")
    width, height = crop.size
    data = crop.load()
    assert data is not None
    return [
        [
            sum(abs(int(c) - int(i)) for c, i in zip(data[x, y], ink, strict=True)) <= tolerance  # type: ignore[arg-type]
            for x in range(width)
        ]
        for y in range(height)
    ]


def first_glyph_height(
    image: Image.Image, box: tuple[float, float, float, float], ink: tuple[int, int, int]
) -> int:
    """The height in pixels of the leftmost glyph drawn in ``ink`` inside ``box``."""
    rows = ink_rows(image, box, ink)
    columns = [any(row[x] for row in rows) for x in range(len(rows[0]))]
    start = columns.index(True)
    end = start
    while end < len(columns) and columns[end]:
        end += 1
    hit = [y for y, row in enumerate(rows) if any(row[start:end])]
    return hit[-1] - hit[0] + 1


def ink_height(
    image: Image.Image, box: tuple[float, float, float, float], ink: tuple[int, int, int]
) -> int:
    """The height in pixels of everything drawn in ``ink`` inside ``box``."""
    rows = ink_rows(image, box, ink)
    hit = [y for y, row in enumerate(rows) if any(row)]
    return hit[-1] - hit[0] + 1 if hit else 0


def on_phone(pixels: float, image_width: int) -> float:
    return pixels * PHONE_WIDTH / image_width
