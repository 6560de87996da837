"""The pseudo-language scan: everything a person can read, collected from the fake Discord
and the pictures, and each text found that did not pass through the catalogs.

With everyone in the pseudo-language (tests/pseudo.py), every text made through ``lang`` is
marked ``⟦…⟧``; what a person reads outside the marks, apart from people's names, numbers,
mentions, links and punctuation, is a text the code still makes itself. Each such text is put
down to the area of the code (engine, host, cogs, render) whose string literals or data files
hold its words, so that a converted area can be held to having none (tests/e2e/
test_pseudo_language.py, its ``NOT_CONVERTED``).
"""

from __future__ import annotations

import ast
import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from lang.catalogs import AREAS
from lang.extract import ROOT, SOURCES
from tests.fakediscord import FakeDiscord
from tests.pseudo import CLOSE, OPEN

IGNORED = re.compile(
    r"<(?:@[!&]?\d+|#\d+|t:-?\d+(?::[tTdDfFR])?|a?:\w+:\d+|/[\w -]+:\d+)>"  # mentions
    r"|https?://\S+|attachment://\S+"  # links
    r"|`/[^`]*`"  # a command as typed (command names stay English)
    r"|(?<![\w/:.])/[a-z][a-z-]*(?: [a-z][a-z-]*\b(?!:))*(?: [a-z_]+:[^\s|)]*)*"  # the same unquoted
)
WORD = re.compile(r"[^\W\d_]{2,}")
SEPARATORS = re.compile(r"\n| [·•|] ")


@dataclass(frozen=True)
class Leak:
    """A text a person reads, part of which did not pass through the catalogs."""

    surface: str  # message, embed, button, select, option, autocomplete, modal, picture
    text: str  # the whole text as shown
    unmarked: str  # the pieces of it made outside the catalogs
    area: str  # the area of the code those words come from ("?": none found)

    def __str__(self) -> str:
        return f"[{self.area}] {self.surface}: {self.unmarked!r} in {self.text[:120]!r}"


def outside_marks(text: str) -> str:
    """``text`` without what lies inside ``⟦…⟧`` marks (nested ones too; a text cut short
    with its mark still open counts as marked up to its end, and a text that starts inside a
    mark, as the second line of a wrapped text on a picture does, counts as marked from its
    start); each mark becomes a line break, so what is left falls into its separate pieces."""
    depth = 0
    opened = False
    kept: list[str] = []
    for char in text:
        if char == OPEN:
            depth += 1
            opened = True
            kept.append("\n")
        elif char == CLOSE and depth:
            depth -= 1
            kept.append("\n")
        elif char == CLOSE and not opened:  # the text began inside this mark
            kept = ["\n"]
        elif depth == 0:
            kept.append(char)
    return "".join(kept)


def unmarked_pieces(text: str, names: Iterable[str]) -> list[str]:
    """The pieces of ``text`` outside the marks that hold words other than people's names
    (each piece a line, a run between marks, or a part of a line joined with " · ")."""
    rest = IGNORED.sub(" ", outside_marks(text))
    for name in sorted(names, key=len, reverse=True):
        rest = rest.replace(name, " ")
    pieces = SEPARATORS.split(rest)
    return [piece.strip() for piece in pieces if WORD.search(piece)]


@cache
def literals() -> dict[str, list[str]]:
    """area -> every string literal of its code and every string of its data files,
    lowercased, spaces normalised."""
    found: dict[str, list[str]] = {area: [] for area in AREAS}
    for area, tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found[area].append(_norm(node.value))
    for area, sources in SOURCES.items():
        for source in sources:
            path = ROOT / source
            if path.is_dir():
                for data in sorted(path.rglob("*.json")):
                    found[area] += map(_norm, _strings(json.loads(data.read_text("utf-8"))))
    return {area: [text for text in texts if WORD.search(text)] for area, texts in found.items()}


@cache
def patterns() -> dict[str, list[tuple[int, re.Pattern[str]]]]:
    """area -> the shapes of the texts its code builds: each f-string, and each literal with
    ``{fields}``, its values standing for any text; each with the length of its fixed text."""
    found: dict[str, list[tuple[int, re.Pattern[str]]]] = {area: [] for area in AREAS}
    for area, tree in _trees():
        for node in ast.walk(tree):
            parts: list[str | None] = []
            if isinstance(node, ast.JoinedStr):
                parts = [
                    v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else None
                    for v in node.values
                ]
            elif (
                isinstance(node, ast.Constant) and isinstance(node.value, str) and "{" in node.value
            ):
                parts = [p if not FIELD.fullmatch(p) else None for p in FIELD.split(node.value)]
            fixed = "".join(p for p in parts if p)
            if len(WORD.findall(fixed)) >= 1 and len(fixed.strip()) >= 4 and None in parts:
                shape = "".join(".+?" if p is None else re.escape(_norm(p)) for p in parts)
                found[area].append((len(fixed), re.compile(shape)))
    return found


FIELD = re.compile(r"(\{[^{}]*\})")


def _trees() -> Iterator[tuple[str, ast.Module]]:
    for area, sources in SOURCES.items():
        for source in sources:
            path = ROOT / source
            for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
                yield area, ast.parse(file.read_text(encoding="utf-8"))


def _norm(text: str) -> str:
    """Lowercased, spaces normalised, and without what the scan ignores (a command's name,
    a mention, a link), as in the pieces it compares with."""
    return " ".join(IGNORED.sub(" ", text).lower().split())


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from _strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item)


def _first_area(fit: tuple[int, str]) -> tuple[int, int]:
    """A fit's order: the longer fixed text first; of equal ones, the area first in AREAS (as
    for the votes): the engine's region name "Hispania" before the id of the same spelling in
    render's tile layout."""
    return fit[0], -AREAS.index(fit[1])


def area_of(pieces: list[str]) -> str:
    """The area of the code a text's unmarked pieces come from: for each piece, the areas
    with a literal that holds it whole, else the one whose f-string or ``{field}`` text of the
    longest fixed part has its shape, else the area of the longest literal it holds; the area found for most pieces;
    "?" for none. (A guess from the words: where a text is shown unconverted may differ.)"""
    votes: Counter[str] = Counter()
    for piece in map(_norm, pieces):
        holding = +Counter(
            {area: sum(piece in text for text in texts) for area, texts in literals().items()}
        )
        if holding:
            votes[holding.most_common(1)[0][0]] += 1
            continue
        # else the most specific fit: the shape (f-string, {field} text) or the literal held
        # in the piece with the longest fixed text
        shaped = max(
            (
                (size, area)
                for area, shapes in patterns().items()
                for size, shape in shapes
                if shape.fullmatch(piece)
            ),
            default=None,
        )
        held = max(
            (
                (len(text), area)
                for area, texts in literals().items()
                for text in texts
                if len(text) >= 8 and text in piece
            ),
            key=_first_area,
            default=None,
        )
        fits = [fit for fit in (shaped, held) if fit is not None]
        best = max(fits, key=_first_area, default=None)
        if best is not None:
            votes[best[1]] += 1
    if not votes:
        return "?"
    return max(AREAS, key=lambda area: (votes[area], -AREAS.index(area)))


def message_texts(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(surface, text) for everything a person reads in a message."""
    if data.get("content"):
        yield "message", data["content"]
    for embed in data.get("embeds") or []:
        for key in ("title", "description"):
            if embed.get(key):
                yield "embed", embed[key]
        for part in ("footer", "author"):
            text = (embed.get(part) or {}).get("text") or (embed.get(part) or {}).get("name")
            if text:
                yield "embed", text
        for field in embed.get("fields") or []:
            yield "embed", field.get("name") or ""
            yield "embed", field.get("value") or ""
    for row in data.get("components") or []:
        for item in row.get("components") or []:
            yield from component_texts(item)


def component_texts(item: dict[str, Any]) -> Iterator[tuple[str, str]]:
    if item.get("type") == 2 and item.get("label"):
        yield "button", item["label"]
    if item.get("placeholder"):
        yield "select", item["placeholder"]
    for option in item.get("options") or []:
        yield "option", option.get("label") or ""
        if option.get("description"):
            yield "option", option["description"]
    if item.get("type") == 4 and item.get("label"):  # a modal's text field
        yield "modal", item["label"]


def seen_texts(fake: FakeDiscord) -> list[tuple[str, str]]:
    """Every text shown by the fake Discord so far: each version of every message (channels,
    DMs, private replies), autocomplete choices and modals."""
    found: list[tuple[str, str]] = []
    for _, data in fake.state.messages.versions:
        found += message_texts(data)
    for result in fake.state.interactions.values():
        found += [("autocomplete", choice["name"]) for choice in result.choices or []]
        if result.modal is not None:
            found.append(("modal", result.modal.get("title") or ""))
            for row in result.modal.get("components") or []:
                for item in row.get("components") or []:
                    found += component_texts(item)
    return found


def leaks(texts: Iterable[tuple[str, str]], names: Iterable[str]) -> list[Leak]:
    """Each distinct text with words made outside the catalogs, put down to its area."""
    names = list(names)
    found: dict[tuple[str, str], Leak] = {}
    for surface, text in texts:
        if (surface, text) in found:
            continue
        pieces = unmarked_pieces(text, names)
        if pieces:
            # a picture's texts are drawn by the renderer's text calls, whatever words they hold
            area = "render" if surface == "picture" else area_of(pieces)
            found[(surface, text)] = Leak(surface, text, " | ".join(pieces), area)
    return list(found.values())
