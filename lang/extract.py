"""Keep the catalogs up to date with the code: ``python -m lang.extract``.

Reads every marked text (``msg``, ``plural``, ``N_`` and ``tr``/``tr.plural``; see docs/i18n.md)
from each area of the code and writes that area's catalog for every shipped language: texts
already translated keep their translation, new texts are added untranslated, texts no longer
in the code are dropped (a reworded text's old translation is offered as fuzzy, to be checked).

``--check`` writes nothing and exits 1 when a catalog is not what extraction would write or a
marker is given a text built at run time (an f-string); it also lists each text a language lacks, leaves fuzzy or translates with other ``{fields}``.
``--add CODE`` starts the catalogs of a new language.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import io
import json
import sys
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.pofile import read_po, write_po

from engine.text import fields

from .catalogs import AREAS, catalog_path, read, shipped

ROOT = Path(__file__).resolve().parent.parent

SOURCES: dict[str, tuple[str, ...]] = {
    "engine": ("engine",),
    "host": ("host", "lang"),
    "cogs": ("cogs", "bot.py"),
    "render": ("render",),
}
"""The folders (and files) each area's catalog is extracted from."""

KEYWORDS: dict[str, tuple[int | tuple[int, str], ...] | None] = {
    "msg": None,
    "pmsg": ((1, "c"), 2),
    "plural": (1, 2),
    "N_": None,
    "N_plural": (1, 2),
    "tr": None,
}
"""The markers: ``msg("…")``, ``pmsg("context", "…")``, ``plural("…", "…", n)`` (also
``tr.plural``), ``N_("…")``, ``N_plural("…", "…")`` and ``tr("…")``. Each one's first argument(s) are the English
texts (``pmsg``'s first is the context, its second the text)."""

DATA: dict[str, tuple[str, ...]] = {
    "engine/rattus/data/cards.json": ("classes.*", "cards.*.name", "cards.*.text"),
    "engine/rattus/data/map.json": ("europe.regions.@", "africa.regions.*"),
    "engine/cartus/data/texts.json": (
        "buildings.*.name",
        "buildings.*.premium",
        "buildings.*.standard",
    ),
}
"""Texts kept in data files, by file: paths into the JSON, dot-separated; ``*`` is every key
of an object or item of a list, a last ``@`` takes an object's keys as the texts. A data file
belongs to the area of the folder it is in. Where the text is shown, wrap it: ``msg(name)``."""

COMMANDS_AREA = "cogs"
"""The area whose catalog also holds the slash commands' descriptions and choice names, read
from the command tree as the bot registers it (nothing to mark; see ``cogs.table.languages``)."""

COMMENT_TAG = "i18n:"
"""A comment starting ``# i18n:`` just above a marked text goes to the translators."""

FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
"""Catalog headers carry no changing dates, so a catalog changes only when its texts do."""

HEADER = "Rattus bot texts ({area}), {language}. Kept up to date by `python -m lang.extract`."


def extracted(area: str) -> Catalog:
    """Every text marked in an area's code, as a template catalog."""
    template = Catalog(fuzzy=False, creation_date=FIXED_DATE, revision_date=FIXED_DATE)
    for source in SOURCES[area]:
        path = ROOT / source
        for filename, lineno, message, comments, context in _messages(path):
            where = (path / filename if path.is_dir() else path).relative_to(ROOT).as_posix()
            template.add(
                message,
                locations=[(where, lineno)],
                auto_comments=comments,
                context=context,
            )
    if area == COMMANDS_AREA:
        from cogs.runtime.command_texts import command_texts  # builds the bot's command tree

        for text, command in command_texts():
            template.add(text, locations=[(command, 0)])
    for where, patterns in DATA.items():
        if where.split("/")[0] in SOURCES[area]:
            data = json.loads((ROOT / where).read_text(encoding="utf-8"))
            for pattern in patterns:
                for text in data_texts(data, pattern.split(".")):
                    template.add(text, locations=[(where, 0)])
    return template


def data_texts(data: Any, path: list[str]) -> list[str]:
    """The texts at ``path`` (see ``DATA``) in a JSON value."""
    if not path:
        return [data] if isinstance(data, str) and data else []
    step, rest = path[0], path[1:]
    if step == "@":
        return [str(k) for k in data] if isinstance(data, dict) else []
    if isinstance(data, dict):
        inner = list(data.values()) if step == "*" else [data[step]] if step in data else []
    elif isinstance(data, list):
        inner = data if step == "*" else []
    else:
        inner = []
    return [text for item in inner for text in data_texts(item, rest)]


def _messages(
    path: Path,
) -> list[tuple[str, int, str | tuple[str, ...], list[str], str | None]]:
    tags = (COMMENT_TAG,)
    with contextlib.redirect_stderr(io.StringIO()):
        # Babel warns of every f-string inside a marker call, values too (``tr("…", x=f"…")``,
        # which is fine); a text that is itself built at run time is ``unextractable``'s to find.
        return list(_babel(path, tags))


def _babel(
    path: Path, tags: tuple[str, ...]
) -> Iterator[tuple[str, int, str | tuple[str, ...], list[str], str | None]]:
    if path.is_dir():
        for filename, lineno, message, comments, context in extract_from_dir(
            path,
            keywords=KEYWORDS,
            comment_tags=tags,
            strip_comment_tags=True,
            directory_filter=lambda d: "__pycache__" not in d and "locales" not in d,
        ):
            yield filename, lineno, message, comments, context
    else:
        for lineno, message, comments, context in extract_from_file(
            "python", path, keywords=KEYWORDS, comment_tags=tags, strip_comment_tags=True
        ):
            yield "", lineno, message, comments, context


def bare_markers(call: ast.Call) -> list[str]:
    """The markers' names a marker call's values use bare (``tr.plural("…", "…", n,
    when=when(due, tr))``): Babel takes such a name for a marker call of its own and then
    reads only the first text of the call around it, so a plural loses its plural."""
    values = [*call.args, *(k.value for k in call.keywords)]
    called = {
        id(node.func if isinstance(node, ast.Call) else node.value)
        for value in values
        for node in ast.walk(value)
        if isinstance(node, (ast.Call, ast.Attribute))
    }
    return [
        node.id
        for value in values
        for node in ast.walk(value)
        if isinstance(node, ast.Name) and node.id in KEYWORDS and id(node) not in called
    ]


def unextractable(source: str, where: str) -> list[str]:
    """Each marker call in ``source`` whose text is built at run time (an f-string, a ``%`` or
    ``+`` of texts, a ``.format``): extraction cannot read it, so it would never be translated;
    and each plural that names a marker bare among its values (``bare_markers``). A marker given a
    name (``msg(region_name)``, a constant marked with ``N_``) is fine."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        if name is None or name not in KEYWORDS:
            continue
        positions = [p if isinstance(p, int) else p[0] for p in KEYWORDS[name] or (1,)]
        for position in positions:
            if position - 1 < len(node.args):
                arg = node.args[position - 1]
                if isinstance(arg, (ast.JoinedStr, ast.BinOp, ast.Call)):
                    found.append(f"{where}:{node.lineno}: {name}({ast.unparse(arg)[:60]})")
        for bare in bare_markers(node) if len(positions) > 1 else ():
            found.append(f"{where}:{node.lineno}: {name}(... {bare} ...): make it apart first")
    return found


def unextractable_texts() -> list[str]:
    """``unextractable`` over every area's code."""
    found: list[str] = []
    for sources in SOURCES.values():
        for source in sources:
            path = ROOT / source
            for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
                where = file.relative_to(ROOT).as_posix()
                found += unextractable(file.read_text(encoding="utf-8"), where)
    return found


def updated(language: str, area: str, template: Catalog) -> bytes:
    """The text of a language's catalog for an area after extraction."""
    path = catalog_path(language, area)
    if path.is_file():
        with path.open("rb") as f:
            catalog = read_po(f, locale=language, domain=area)
    else:
        catalog = Catalog(locale=language, domain=area)
    catalog.update(template, update_creation_date=False)
    catalog.obsolete.clear()
    catalog.project = "rattus-discord"
    catalog.version = "1"
    catalog.creation_date = FIXED_DATE
    catalog.revision_date = FIXED_DATE
    catalog.fuzzy = False
    catalog.header_comment = "# " + HEADER.format(area=area, language=language)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=True, include_lineno=False)
    return buffer.getvalue()


def problems(template: Catalog, catalog: Catalog) -> list[str]:
    """Each text of ``template`` that ``catalog`` lacks, leaves untranslated (any plural form
    empty), marks fuzzy, or translates with other ``{fields}`` than the English."""
    found: list[str] = []
    for message in template:
        if not message.id:
            continue
        entry = catalog.get(message.id, context=message.context)
        key = message.id if isinstance(message.id, str) else message.id[0]
        english = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        if entry is None:
            found.append(f"missing: {key!r}")
            continue
        string = entry.string or ""
        forms = (string,) if isinstance(string, str) else tuple(string)
        if not all(forms):
            found.append(f"untranslated: {key!r}")
        elif entry.fuzzy:
            found.append(f"fuzzy: {key!r}")
        else:
            for index, form in enumerate(forms):
                wanted = fields(english[min(index, len(english) - 1)])
                if fields(form) != wanted:
                    found.append(f"fields {sorted(fields(form))} for {sorted(wanted)}: {key!r}")
    return found


def incomplete(language: str) -> list[str]:
    """Every problem (see ``problems``) of a language's catalogs, area by area, and every
    text the areas translate differently (see ``disagreements``)."""
    found: list[str] = []
    read_areas: dict[str, Catalog] = {}
    for area in AREAS:
        catalog = read(language, area) or Catalog(locale=language, domain=area)
        read_areas[area] = catalog
        found += [f"{area}.po: {p}" for p in problems(extracted(area), catalog)]
    return found + disagreements(read_areas)


def disagreements(by_area: dict[str, Catalog]) -> list[str]:
    """Each text that several areas' catalogs translate differently. The areas are merged
    into one lookup (``lang.catalogs.load``), so one text has one translation: the last
    area's would silently win everywhere ("Pass" the verb shown for "Pass" the card). Give
    the text the same translation in each area, give one of its meanings a context
    (``pmsg``), or make the English texts differ."""
    seen: dict[tuple[str | None, str | tuple[str, ...]], list[tuple[str, object]]] = {}
    for area, catalog in by_area.items():
        for message in catalog:
            if message.id and not message.fuzzy and message.string:
                english = message.id if isinstance(message.id, str) else tuple(message.id)
                string = (
                    message.string if isinstance(message.string, str) else tuple(message.string)
                )
                seen.setdefault((message.context, english), []).append((area, string))
    found: list[str] = []
    for (_, english), translations in seen.items():
        if len({string for _, string in translations}) > 1:
            first = english if isinstance(english, str) else english[0]
            each = ", ".join(f"{area}.po {string!r}" for area, string in translations)
            found.append(f"translated differently: {first!r} ({each})")
    return found


def stale(languages: Iterable[str]) -> list[Path]:
    """The catalogs that differ from what extraction would write."""
    found: list[Path] = []
    for area in AREAS:
        template = extracted(area)
        for language in languages:
            path = catalog_path(language, area)
            now = path.read_bytes() if path.is_file() else None
            if now != updated(language, area, template):
                found.append(path)
    return found


def write(languages: Iterable[str]) -> list[Path]:
    """Bring every catalog up to date; the ones changed."""
    changed: list[Path] = []
    for area in AREAS:
        template = extracted(area)
        for language in languages:
            path = catalog_path(language, area)
            text = updated(language, area, template)
            if not path.is_file() or path.read_bytes() != text:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(text)
                changed.append(path)
    return changed


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lang.extract", description=__doc__)
    parser.add_argument("--check", action="store_true", help="only say whether up to date")
    parser.add_argument("--add", metavar="CODE", help="start the catalogs of a new language")
    args = parser.parse_args(argv)
    languages = shipped()
    if args.add:
        languages = sorted({*languages, args.add})
    if args.check:
        found = stale(languages)
        for path in found:
            print(f"out of date: {shown(path)}")
        if found:
            print("run `python -m lang.extract` and translate the new texts")
        for language in languages:
            for problem in incomplete(language):
                print(f"{language}: {problem}")
        built = unextractable_texts()
        for call in built:
            print(f"a text built at run time cannot be extracted: {call}")
        return 1 if found or built else 0
    for path in write(languages):
        print(f"updated {shown(path)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
