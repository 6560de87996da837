"""The tests' pseudo-language: every text that passes through the catalogs comes out marked,
``⟦Jóíñ⟧``, so a scan of what a person reads finds each text that did not (see
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
    """``text`` accented and bracketed, its ``{fields}`` kept as they are."""
    parts = FIELD.split(text)
    return OPEN + "".join(p if FIELD.fullmatch(p) else p.translate(ACCENTED) for p in parts) + CLOSE


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
