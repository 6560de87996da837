"""The one 256-colour palette every picture is mapped onto (``canvas.encode_png``).

Mapping a picture onto a fixed palette is several times faster than choosing a palette for
each picture, and the same view always gives the same bytes. The palette is data
(``data/palette.json``), drawn once from a sample board that holds every colour the pictures
use and the edges between them (``render.rattus.palette`` writes it again).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from PIL import Image

PALETTE_FILE = Path(__file__).parent / "data" / "palette.json"


@lru_cache(maxsize=1)
def shared_palette() -> Image.Image:
    """The palette as a "P" image, for ``Image.quantize(palette=...)``."""
    colours = json.loads(PALETTE_FILE.read_text(encoding="utf-8"))
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for colour in colours for channel in colour])
    return palette
