"""The tests' pseudo-language: every text that passes through the catalogs comes out marked,
``⟦Jóíñ⟧`` (``{fields}`` left outside the marks, filled with their values), so a scan of what a person reads finds each text that did not (see
tests/lang/test_pseudo.py). Its catalog is made from the texts extracted from the code, so it
translates every marked text and nothing else."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

from babel.messages.catalog import Catalog

import lang
from lang.catalogs import AREAS
from lang.extract import extracted

CODE = "qps"
"""The pseudo-language's code, as a Discord client would send it as its locale."""
NAME = "Pseudo"
OPEN, CLOSE = "⟦", "⟧"
ACCENTED = str.maketrans("aeiouyAEIOUYcnCN", "áéíóúýÁÉÍÓÚÝçñÇÑ")
FIELD = re.compile(r"(\{[^{}]*\})")
MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")


def pseudo(text: str) -> str:
    """``text`` accented, each run of it between ``{fields}`` bracketed: the fields stay
    outside the marks, so a value that did not pass through the catalogs (an English text
    handed in as a value) shows unmarked too."""
    return "".join(
        part
        if FIELD.fullmatch(part) or not part.strip()
        else OPEN + part.translate(ACCENTED) + CLOSE
        for part in FIELD.split(text)
    )


def catalog() -> Catalog:
    """Every text marked in the code, each translated into the pseudo-language."""
    out = Catalog(locale="en", domain="pseudo", fuzzy=False)
    for area in AREAS:
        for message in extracted(area):
            if not message.id:
                continue
            if isinstance(message.id, tuple):
                string: str | tuple[str, ...] = tuple(pseudo(form) for form in message.id)
            else:
                string = pseudo(message.id)
            out.add(message.id, string, context=message.context)
    return out


@contextmanager
def installed() -> Iterator[str]:
    """The pseudo-language offered while the block runs; yields its code."""
    lang.register(CODE, NAME, catalog())
    try:
        yield CODE
    finally:
        lang.unregister(CODE)
