"""The bundled DejaVu Sans fonts and text that never fails to draw.

Player names can hold any Unicode. Characters the font has no glyph for (emoji, CJK) are
replaced by "?", invisible joiners and variation selectors are dropped, and long text is cut
with an ellipsis to fit a width.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
ELLIPSIS = "…"
REPLACEMENT = "?"

_INVISIBLE_RANGES = (
    (0x200B, 0x200F),  # zero-width spaces and joiners, direction marks
    (0x2060, 0x206F),  # word joiner and invisible operators
    (0xFE00, 0xFE0F),  # variation selectors
    (0x1F3FB, 0x1F3FF),  # skin tone modifiers
    (0xE0000, 0xE01EF),  # tags and supplementary variation selectors
)
_PROBE_SIZE = 24
_NOTDEF_PROBE = "\U0010ffff"

Font = ImageFont.FreeTypeFont


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> Font:
    """The bundled font at ``size`` pixels."""
    return ImageFont.truetype(
        str(BOLD if bold else REGULAR), size, layout_engine=ImageFont.Layout.BASIC
    )


def _glyph_signature(ch: str) -> tuple[tuple[int, int], bytes]:
    mask = font(_PROBE_SIZE).getmask(ch)
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether the bundled font draws ``ch`` as itself rather than as its missing-glyph box."""
    if ch == " ":
        return True
    return _glyph_signature(ch) != _glyph_signature(_NOTDEF_PROBE)


def _invisible(ch: str) -> bool:
    code = ord(ch)
    if any(lo <= code <= hi for lo, hi in _INVISIBLE_RANGES):
        return True
    return unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn")


def drawable(text: str) -> str:
    """``text`` with every character the font cannot draw replaced; runs collapse to one "?"."""
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", text):
        if ch in "\t\n\r":
            ch = " "
        if _invisible(ch):
            continue
        if has_glyph(ch):
            out.append(ch)
        elif not out or out[-1] != REPLACEMENT:
            out.append(REPLACEMENT)
    return " ".join("".join(out).split())


def fit(text: str, face: Font, max_width: float) -> str:
    """``text`` made drawable and cut with an ellipsis so it is at most ``max_width`` wide."""
    clean = drawable(text)
    if face.getlength(clean) <= max_width:
        return clean
    lo, hi = 0, len(clean)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if face.getlength(clean[:mid].rstrip() + ELLIPSIS) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return clean[:lo].rstrip() + ELLIPSIS
