"""Texts in the reader's language.

The code's texts are English source texts (gettext msgids) marked where they are written:
``engine.text.msg``/``plural``/``N_`` in the engine (and anywhere a text is kept to be shown
later), ``tr("…")``/``tr.plural("…", "…", n)`` in the host, cogs and render, where ``tr`` is
``lang.texts(language)``. ``say`` makes a text into a string in a language: nested texts in
the same language, seats filled with names, a missing translation falls back to the English
source (never a key). The catalogs are gettext ``.po`` files under ``lang/locales``, one per
area of the code, kept up to date with the code by ``python -m lang.extract``. See
docs/i18n.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from babel.core import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.numbers import format_decimal
from babel.support import Translations

from engine.text import Msg, Param, Seat, from_json, msg, plural, render, verbatim

from .catalogs import SOURCE, load, own_name, shipped, translations

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "Msg",
    "Seat",
    "Texts",
    "language_of",
    "languages",
    "msg",
    "plural",
    "register",
    "say",
    "texts",
    "unregister",
    "verbatim",
]

DEFAULT = SOURCE
"""The language of the code's texts, and of anyone whose language is not offered."""

LANGUAGES: Mapping[str, str] = {SOURCE: own_name(SOURCE)} | {
    code: own_name(code) for code in shipped()
}
"""The languages offered, code -> the language's name in itself: ``{"en": "English", "de":
"Deutsch"}``. A language is offered when its catalogs are in ``lang/locales``."""

_registered: dict[str, tuple[str, Translations]] = {}


def languages() -> dict[str, str]:
    """The languages offered now: the shipped ones and any registered (by tests)."""
    return {**LANGUAGES, **{code: name for code, (name, _) in _registered.items()}}


def register(code: str, name: str, catalog: Catalog) -> None:
    """Offer a language made in memory (the tests' pseudo-language) until ``unregister``."""
    _registered[code] = (name, translations([catalog]))


def unregister(code: str) -> None:
    _registered.pop(code, None)


def language_of(locale: str | None) -> str:
    """The offered language for a Discord locale (``"de"``, ``"en-GB"``, ``"pt-BR"``): the
    locale itself if offered, else its language part, else English."""
    if not locale:
        return DEFAULT
    offered = languages()
    code = str(locale)
    for candidate in (code, code.split("-", 1)[0], code.lower(), code.split("-", 1)[0].lower()):
        if candidate in offered:
            return candidate
    return DEFAULT


@cache
def _shipped(language: str) -> Translations:
    return load(language)


def _translations(language: str) -> Translations | None:
    if language in _registered:
        return _registered[language][1]
    if language == SOURCE or language not in LANGUAGES:
        return None
    return _shipped(language)


def template(text: Msg, language: str) -> str:
    """A text's template in a language (its English source when not translated)."""
    found = _translations(language)
    if text.plural is not None:
        count = text.count if text.count is not None else 1
        if found is None:
            return text.key if count == 1 else text.plural
        if text.context is not None:
            return str(found.unpgettext(text.context, text.key, text.plural, count))
        return str(found.ungettext(text.key, text.plural, count))
    if found is None or not text.key:
        return text.key
    if text.context is not None:
        return str(found.upgettext(text.context, text.key))
    return str(found.ugettext(text.key))


def say(text: Msg | str, language: str, names: Sequence[Param] = ()) -> str:
    """``text`` in ``language``: a ``Msg`` with its values filled in (nested texts in the same
    language, seats by ``names``); a plain string is looked up as a source text (a constant
    marked with ``N_``) and shown as it is when the catalog does not have it."""
    if isinstance(text, str):
        text = Msg(text)

    def seat_name(index: int) -> str:
        return render(msg("Player {n}", n=index + 1), lambda m: template(m, language))

    return render(text, lambda m: template(m, language), names, seat_name)


class Texts:
    """The texts of one language, for code that makes a text and shows it at once::

        tr = lang.texts(language)
        tr("You are not in this game.")
        tr("Game #{number} has started.", number=record.id)
        tr.plural("{n} game", "{n} games", count)
        tr.say(event_text)   # a Msg (or marked constant) made elsewhere

    ``tr(...)`` and ``tr.plural(...)`` are extraction markers: the first arguments are string
    literals written in the call; name the object ``tr``."""

    def __init__(self, language: str, names: Sequence[Param] = ()) -> None:
        self.language = language
        self.names = tuple(names)

    def __call__(self, text: str, /, **params: Param) -> str:
        return say(msg(text, **params), self.language, self.names)

    def plural(self, singular: str, plural_text: str, count: int, /, **params: Param) -> str:
        return say(plural(singular, plural_text, count, **params), self.language, self.names)

    def say(self, text: Msg | str) -> str:
        return say(text, self.language, self.names)

    def decimal(self, value: float, digits: int = 1, *, signed: bool = False) -> str:
        """``value`` with ``digits`` decimals and this language's decimal mark (``3.5`` in
        English, ``3,5`` in German), without grouping; ``signed`` puts ``+`` or ``−`` before
        it."""
        pattern = "0" + ("." + "0" * digits if digits else "")
        shown = format_decimal(abs(value), format=pattern, locale=number_locale(self.language))
        if not signed:
            return ("-" if value < 0 and shown.strip("0,.") else "") + shown
        return ("+" if value >= 0 else "−") + shown

    def shown(self, text: object) -> str:
        """A text the engine put in a view, in this language: a ``Msg``, its JSON form
        (``Msg.to_json``), or a string (looked up as a marked text, such as a region's or a
        card's name, else shown as it is: data)."""
        if isinstance(text, Msg):
            return self.say(text)
        if isinstance(text, dict):
            return self.say(from_json(text))
        if not text:
            return ""
        shown = str(text)
        return shown if template(Msg(shown), self.language) == shown else self.say(shown)


@cache
def number_locale(language: str) -> Locale:
    """How ``language`` writes numbers (its decimal mark, its grouping): Babel's locale of
    that code (``de`` or ``pt-BR``), English for a code Babel does not know."""
    try:
        return Locale.parse(language.replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        return Locale.parse(SOURCE)


def texts(language: str, names: Sequence[Param] = ()) -> Texts:
    """The texts of ``language`` (see ``Texts``); ``names`` name the seats in them."""
    return Texts(language, names)
