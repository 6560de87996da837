"""The bundled fonts, and which of them draws each character.

DejaVu Sans draws Latin, Greek, Cyrillic and the game's symbols. Names in other scripts fall
back, character by character, to Noto Sans (Arabic, Hebrew, Devanagari, Bengali, Thai), to
Droid Sans Fallback (Chinese, Japanese) and to NanumSquare (Korean Hangul). A character no
bundled font draws (emoji) becomes one "?" per run, so it never breaks a line or shows as a
missing-glyph box.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
CONDENSED_BOLD = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"
ELLIPSIS = "…"
REPLACEMENT = "?"

PRIMARY = "dejavu"
CJK = "droid"
HANGUL = "hangul"
SCRIPT_FONTS: dict[str, tuple[str, str]] = {
    "arabic": ("NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf"),
    "hebrew": ("NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf"),
    "devanagari": ("NotoSansDevanagari-Regular.ttf", "NotoSansDevanagari-Bold.ttf"),
    "bengali": ("NotoSansBengali-Regular.ttf", "NotoSansBengali-Bold.ttf"),
    "thai": ("NotoSansThai-Regular.ttf", "NotoSansThai-Bold.ttf"),
    CJK: ("DroidSansFallbackFull.ttf", "DroidSansFallbackFull.ttf"),
    HANGUL: ("NanumSquareR.ttf", "NanumSquareB.ttf"),
    PRIMARY: ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
}
SCRIPT_RANGES: tuple[tuple[int, int, str], ...] = (
    (0x0590, 0x05FF, "hebrew"),
    (0x0600, 0x06FF, "arabic"),
    (0x0750, 0x077F, "arabic"),
    (0x0870, 0x08FF, "arabic"),
    (0x0900, 0x097F, "devanagari"),
    (0x0980, 0x09FF, "bengali"),
    (0x0E00, 0x0E7F, "thai"),
    (0xA8E0, 0xA8FF, "devanagari"),
    (0xFB1D, 0xFB4F, "hebrew"),
    (0xFB50, 0xFDFF, "arabic"),
    (0xFE70, 0xFEFF, "arabic"),
)
"""Scripts drawn by their own font even where DejaVu has glyphs: they need shaping."""
FALLBACK_ORDER = (PRIMARY, CJK, HANGUL, "arabic", "hebrew", "devanagari", "bengali", "thai")
COMPLEX = frozenset({"arabic", "hebrew", "devanagari", "bengali", "thai"})
JOINERS = ("\u200c", "\u200d")

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
def font(size: int, bold: bool = False, condensed: bool = False) -> Font:
    """The primary font (DejaVu Sans) at ``size`` pixels, laid out without shaping (fast).
    ``condensed`` (bold only) is the narrower cut used for region names and cube counts."""
    path = CONDENSED_BOLD if condensed else BOLD if bold else REGULAR
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=128)
def script_font(script: str, size: int, bold: bool = False) -> Font:
    """The font for ``script`` (a key of SCRIPT_FONTS) with complex-text shaping (raqm)."""
    regular, heavy = SCRIPT_FONTS[script]
    return ImageFont.truetype(
        str(FONT_DIR / (heavy if bold else regular)), size, layout_engine=ImageFont.Layout.RAQM
    )


def _glyph_signature(script: str, ch: str) -> tuple[tuple[int, int], bytes]:
    face = font(_PROBE_SIZE) if script == PRIMARY else script_font(script, _PROBE_SIZE)
    mask = face.getmask(ch)
    return mask.size, bytes(mask)


@lru_cache(maxsize=16384)
def covers(script: str, ch: str) -> bool:
    """Whether the font for ``script`` draws ``ch`` as itself rather than as a missing glyph."""
    if ch == " ":
        return True
    return _glyph_signature(script, ch) != _glyph_signature(script, _NOTDEF_PROBE)


def has_glyph(ch: str) -> bool:
    """Whether the primary font draws ``ch``."""
    return covers(PRIMARY, ch)


def script_of(ch: str) -> str | None:
    """The bundled font that draws ``ch``, or None when none does."""
    code = ord(ch)
    for lo, hi, script in SCRIPT_RANGES:
        if lo <= code <= hi:
            return script if covers(script, ch) else None
    for script in FALLBACK_ORDER:
        if covers(script, ch):
            return script
    return None


def invisible(ch: str) -> bool:
    code = ord(ch)
    if any(lo <= code <= hi for lo, hi in _INVISIBLE_RANGES):
        return True
    return unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn")


def clean(text: str) -> str:
    """``text`` on one line: tabs and newlines become spaces, invisible characters go (joiners
    stay only inside a complex script, where they change the shapes), spaces collapse."""
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", text):
        if ch in "\t\n\r":
            ch = " "
        if ch in JOINERS and out and script_of(out[-1]) in COMPLEX:
            out.append(ch)
            continue
        if not invisible(ch):
            out.append(ch)
    return " ".join("".join(out).split())
