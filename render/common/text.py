"""One line of text in any script: split into runs by font, shaped, ordered for display.

Plain Latin, Greek or Cyrillic text is one run in DejaVu Sans drawn without shaping (the fast,
common case). Other text is split where the drawing font changes; each run is shaped by raqm
(Arabic joins, Devanagari conjuncts) and the runs are put in display order by the Unicode
bidirectional rule for levels (a right-to-left name reads right to left, a Latin word inside it
stays left to right). Characters no bundled font draws become one "?" per run.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageDraw

from render.common.fonts import (
    COMPLEX,
    ELLIPSIS,
    PRIMARY,
    REPLACEMENT,
    Font,
    clean,
    font,
    script_font,
    script_of,
)

RTL_CLASSES = frozenset({"R", "AL"})


@dataclass(frozen=True)
class Run:
    """Consecutive characters drawn with one font, in logical order."""

    text: str
    script: str
    rtl: bool | None  # True right to left, False left to right, None neutral (spaces, "?")


@dataclass(frozen=True)
class Line:
    """A laid-out line: runs in display order, each with its x offset, at one pixel size."""

    text: str  # what is drawn, in logical order
    runs: tuple[tuple[Run, float], ...]
    width: float
    size: int
    bold: bool
    condensed: bool = False

    @property
    def simple(self) -> bool:
        return len(self.runs) <= 1 and all(_plain(run) for run, _ in self.runs)


def _direction(ch: str) -> bool | None:
    kind = unicodedata.bidirectional(ch)
    if kind in RTL_CLASSES:
        return True
    if kind == "L":
        return False
    return None


def split_runs(text: str) -> list[Run]:
    """``text`` (already clean) as runs of one font each, in logical order."""
    out: list[tuple[str, bool | None, list[str]]] = []  # (script, direction, characters)
    for ch in text:
        mark = unicodedata.category(ch).startswith("M") or ch in "\u200c\u200d"
        if mark and out:
            out[-1][2].append(ch)
            continue
        script = script_of(ch)
        shown = ch if script is not None else REPLACEMENT
        script = script or PRIMARY
        direction = _direction(shown)
        if ch == " " and out:
            out[-1][2].append(ch)
            continue
        if out:
            last_script, last_dir, chars = out[-1]
            if script == last_script and (
                direction is None or last_dir is None or direction == last_dir
            ):
                if shown == REPLACEMENT and chars and chars[-1] == REPLACEMENT:
                    continue
                chars.append(shown)
                if last_dir is None and direction is not None:
                    out[-1] = (last_script, direction, chars)
                continue
        out.append((script, direction, [shown]))
    return [Run("".join(chars), script, direction) for script, direction, chars in out]


def _levels(runs: list[Run]) -> list[int]:
    """Bidi embedding levels per run: the paragraph direction is that of the first strong run;
    neutral runs between two runs of one direction take it, else the paragraph's."""
    base_rtl = next((r.rtl for r in runs if r.rtl is not None), False)
    base = 1 if base_rtl else 0
    resolved: list[bool] = []
    for i, run in enumerate(runs):
        if run.rtl is not None:
            resolved.append(run.rtl)
            continue
        before = next((r.rtl for r in reversed(runs[:i]) if r.rtl is not None), None)
        after = next((r.rtl for r in runs[i + 1 :] if r.rtl is not None), None)
        resolved.append(before if before is not None and before == after else bool(base_rtl))
    levels = []
    for rtl in resolved:
        if base == 0:
            levels.append(1 if rtl else 0)
        else:
            levels.append(1 if rtl else 2)
    return levels


def visual_order(runs: list[Run]) -> list[Run]:
    """Runs in display order, left to right (rule L2: reverse every sequence at or above each
    level, from the highest level down to 1)."""
    if not runs:
        return []
    levels = _levels(runs)
    order = list(range(len(runs)))
    for level in range(max(levels), 0, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] >= level:
                j = i
                while j < len(order) and levels[order[j]] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return [runs[i] for i in order]


def _plain(run: Run) -> bool:
    """A run the primary font draws without shaping."""
    return run.script == PRIMARY and not run.rtl


def run_font(run: Run, size: int, bold: bool, condensed: bool = False) -> Font:
    if _plain(run):
        return font(size, bold, condensed)
    return script_font(run.script, size, bold)


def _run_direction(run: Run) -> str | None:
    if run.script in COMPLEX or run.rtl:
        return "rtl" if run.rtl else "ltr"
    return None


def run_length(run: Run, size: int, bold: bool, condensed: bool = False) -> float:
    face = run_font(run, size, bold, condensed)
    direction = _run_direction(run)
    if direction is None:
        return face.getlength(run.text)
    return face.getlength(run.text, direction=direction)


@lru_cache(maxsize=4096)
def layout(text: str, size: int, bold: bool = False, condensed: bool = False) -> Line:
    """``text`` (cleaned here) laid out at ``size`` pixels."""
    logical = split_runs(clean(text))
    shown = "".join(run.text for run in logical)
    runs = visual_order(logical)
    placed: list[tuple[Run, float]] = []
    x = 0.0
    for run in runs:
        placed.append((run, x))
        x += run_length(run, size, bold, condensed)
    return Line(shown, tuple(placed), x, size, bold, condensed)


def drawable(text: str) -> str:
    """``text`` as it will be drawn, in logical order: "?" for what no font draws."""
    return "".join(run.text for run in split_runs(clean(text)))


def fit(text: str, size: int, bold: bool, max_width: float, condensed: bool = False) -> Line:
    """``text`` laid out and cut with an ellipsis (in logical order) to at most ``max_width``."""
    whole = layout(text, size, bold, condensed)
    if whole.width <= max_width:
        return whole
    chars = drawable(text)
    lo, hi = 0, len(chars)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if layout(chars[:mid].rstrip() + ELLIPSIS, size, bold, condensed).width <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return layout(chars[:lo].rstrip() + ELLIPSIS, size, bold, condensed)


def _baseline_offset(anchor_v: str, size: int, bold: bool) -> float:
    """How far below the anchor's y the baseline is, by the primary font's metrics."""
    ascent, descent = font(size, bold).getmetrics()
    if anchor_v == "a":
        return ascent
    if anchor_v == "m":
        return (ascent - descent) / 2
    if anchor_v == "d":
        return -descent
    return 0.0


def draw_line(
    draw: ImageDraw.ImageDraw,
    at: tuple[float, float],
    line: Line,
    *,
    fill: object,
    anchor: str = "la",
    stroke_width: int = 0,
    stroke_fill: object = None,
) -> None:
    """Draw a laid-out line with a Pillow anchor ("la", "mm", "ra", ...) at ``at`` (pixels)."""
    if line.simple:
        draw.text(
            at,
            line.text,
            font=font(line.size, line.bold, line.condensed),
            fill=fill,  # type: ignore[arg-type]
            anchor=anchor,
            stroke_width=stroke_width,
            stroke_fill=stroke_fill,  # type: ignore[arg-type]
        )
        return
    horizontal, vertical = anchor[0], anchor[1]
    x, y = at
    if horizontal == "m":
        x -= line.width / 2
    elif horizontal == "r":
        x -= line.width
    baseline = y + _baseline_offset(vertical, line.size, line.bold)
    for run, offset in line.runs:
        face = run_font(run, line.size, line.bold, line.condensed)
        direction = _run_direction(run)
        draw.text(
            (math.floor(x + offset), baseline),
            run.text,
            font=face,
            fill=fill,  # type: ignore[arg-type]
            anchor="ls",
            stroke_width=stroke_width,
            stroke_fill=stroke_fill,  # type: ignore[arg-type]
            direction=direction,
        )
