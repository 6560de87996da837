"""The catalogs: each language's ``.po`` files (one per area of the code) read with Babel and
merged into one set of translations, built in memory (no compiled ``.mo`` files)."""

from __future__ import annotations

import io
from pathlib import Path

from babel.core import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

LOCALES = Path(__file__).resolve().parent / "locales"
AREAS = ("engine", "host", "cogs", "render")
"""One catalog file per area of the code: ``locales/<language>/LC_MESSAGES/<area>.po``."""

SOURCE = "en"
"""The language the code is written in: its texts are the keys, it has no catalog."""


def catalog_path(language: str, area: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{area}.po"


def shipped() -> list[str]:
    """The languages with catalogs in the package, in code order (English not among them)."""
    if not LOCALES.is_dir():
        return []
    return sorted(p.name for p in LOCALES.iterdir() if (p / "LC_MESSAGES").is_dir())


def read(language: str, area: str) -> Catalog | None:
    """One area's catalog for a language, or None when it has none."""
    path = catalog_path(language, area)
    if not path.is_file():
        return None
    with path.open("rb") as f:
        return read_po(f, locale=language, domain=area)


def translations(catalogs: list[Catalog]) -> Translations:
    """The catalogs' translations in one lookup (fuzzy and untranslated entries left out, so
    those texts fall back to English)."""
    merged: Translations | None = None
    for catalog in catalogs:
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        buffer.seek(0)
        loaded = Translations(buffer, domain=catalog.domain)
        if merged is None:
            merged = loaded
        else:
            merged.merge(loaded)
    return merged if merged is not None else Translations()


def load(language: str) -> Translations:
    """A shipped language's translations, its areas merged."""
    return translations([c for area in AREAS if (c := read(language, area)) is not None])


def own_name(language: str) -> str:
    """A language's name in itself ("Deutsch"), capitalised as a menu shows it."""
    try:
        name = Locale.parse(language).get_display_name(language) or language
    except (ValueError, UnknownLocaleError):
        return language
    return name[:1].upper() + name[1:]
