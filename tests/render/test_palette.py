"""The shared palette (render/common/data/palette.json) fits every picture: each colour the
pictures are drawn with has a close entry, and whole pictures of both games come out close to
what was drawn. A new colour the palette does not cover fails here: run
``python -m render.rattus.palette`` to draw the sample again."""

from __future__ import annotations

import json
from collections.abc import Iterator
from types import ModuleType

from PIL import Image, ImageChops, ImageStat

import render.cartus.table as cartus_picture
from engine import cartus, rattus
from render.cartus.table import table_image
from render.common import canvas, frame, pieces
from render.common.palette import shared_palette
from render.rattus.board import board_image
from render.rattus.palette import sample_view

RGB = tuple[int, int, int]


def _is_rgb(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 3 and all(isinstance(v, int) for v in value)


def named_colours(module: ModuleType) -> Iterator[tuple[str, RGB]]:
    """The colour constants of a module, in dicts and named tuples of colours too."""
    for name, value in vars(module).items():
        if not name.isupper():
            continue
        if _is_rgb(value):
            yield name, value
        elif isinstance(value, dict):
            for key, entry in value.items():
                if _is_rgb(entry):
                    yield f"{name}[{key}]", entry
                elif isinstance(entry, tuple) and hasattr(entry, "_fields"):
                    for field, part in zip(entry._fields, entry, strict=True):
                        if _is_rgb(part):
                            yield f"{name}[{key}].{field}", part


def mapped(colour: RGB) -> RGB:
    pixel = Image.new("RGB", (1, 1), colour).quantize(
        palette=shared_palette(), dither=Image.Dither.NONE
    )
    r, g, b = pixel.convert("RGB").getpixel((0, 0))  # type: ignore[misc]
    return r, g, b


def mean_error(image: Image.Image) -> float:
    shown = image.quantize(palette=shared_palette(), dither=Image.Dither.NONE).convert("RGB")
    return sum(ImageStat.Stat(ImageChops.difference(image, shown)).mean) / 3


def test_the_palette_has_256_colours() -> None:
    assert len(shared_palette().getpalette() or []) == 3 * 256


def test_every_colour_the_pictures_name_has_a_close_entry() -> None:
    checked = 0
    for module in (canvas, frame, pieces, cartus_picture):
        for name, colour in named_colours(module):
            near = mapped(colour)
            assert max(abs(a - b) for a, b in zip(colour, near, strict=True)) <= 16, (
                f"{module.__name__}.{name} {colour} is shown as {near}"
            )
            checked += 1
    assert checked > 40


def test_whole_pictures_of_both_games_stay_close_to_what_was_drawn() -> None:
    pictures = [board_image(sample_view())]
    for players in (2, 4):
        pictures.append(
            board_image(json.loads(json.dumps(rattus.new_game(players, seed=1).view(0))))
        )
        pictures.append(
            table_image(json.loads(json.dumps(cartus.new_game(players, seed=1).view(0))))
        )
    for picture in pictures:
        assert mean_error(picture) < 3.0
