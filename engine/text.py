"""Texts as keys and values: the engine says what happened, the place that shows it says how.

A ``Msg`` is a message key and its values. The key is the English source text with
``{name}`` fields (the gettext msgid); the values fill those fields where the text is shown,
in the reader's language (``lang.say``). A value is an int, a str (data: a person's name, a
number already written), a ``Seat`` (filled with the person's name where shown) or another
``Msg`` (a region or card name, translated in the same language as the text around it).

A plural text (``plural``) holds its English singular and plural; the count picks the form
in each language's own rule. A verbatim text (``verbatim``) is data, not a text to translate:
a line from a game saved before texts had keys, shown as it was written.

``to_json`` and ``from_json`` keep texts language-neutral in saved games, logs and replays.

The constructors are the markers the extraction (``python -m lang.extract``) reads, so their
first arguments must be string literals written out in the call: ``msg("Place {n} cubes in
{region}", n=2, region=msg(name))``, ``plural("{n} rat", "{n} rats", n)``, and ``N_("Gallia")``
for a constant text kept in a data table and wrapped with ``msg`` where it is used.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from string import Formatter
from typing import Any, TypeAlias, Union


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat named in a text: shown as the name of the person (or computer) in it."""

    index: int


Setter: TypeAlias = Callable[[object, Any], None]


def slot_setters(cls: type, *names: str) -> tuple[Setter, ...]:
    """The setters of these slots of ``cls``: how a frozen class with slots that is made by
    the thousand sets each field once (``object.__setattr__`` by name costs twice as much)."""
    return tuple(vars(cls)[name].__set__ for name in names)


Param: TypeAlias = Union[int, str, Seat, "Msg"]
"""A value in a text: a number, data shown as it is, a seat, or a text of its own."""


@dataclass(frozen=True, slots=True, init=False)
class Msg:
    """A text to show: its key (English source, gettext msgid), its values and, for a plural
    text, the English plural and the count that picks the form. ``verbatim`` marks data that
    is shown as it is (``key`` holds it; no values). ``context`` (gettext's msgctxt) tells
    apart one English text that means two things ("Pass" the card, "Pass" the choice), so
    each has a translation of its own (``pmsg``)."""

    key: str
    params: tuple[tuple[str, Param], ...]
    plural: str | None
    count: int | None
    verbatim: bool
    context: str | None

    def __init__(
        self,
        key: str,
        params: tuple[tuple[str, Param], ...] = (),
        plural: str | None = None,
        count: int | None = None,
        verbatim: bool = False,
        context: str | None = None,
    ) -> None:
        # each field set through its slot, written out: the engine makes a text for every
        # event, label and log line (a frozen dataclass's own __init__ takes three times as
        # long, and a random playout makes tens of thousands)
        _KEY(self, key)
        _PARAMS(self, params)
        _PLURAL(self, plural)
        _COUNT(self, count)
        _VERBATIM(self, verbatim)
        _CONTEXT(self, context)

    @property
    def values(self) -> Mapping[str, Param]:
        """The values by name (made when asked: the engine makes far more texts than are
        read, most of them in look-ahead nobody reads)."""
        return dict(self.params)

    def english(self, names: Sequence[Param] = ()) -> str:
        """The text in English (its source), seats named from ``names``: for logs, errors
        raised inside the engine and tests. Shown texts go through ``lang.say``."""
        return render(self, source, names)

    def __str__(self) -> str:
        return self.english()

    def to_json(self) -> Any:
        """A JSON-able form (see ``from_json``)."""
        if self.verbatim:
            return self.key
        out: dict[str, Any] = {"k": self.key}
        if self.params:
            out["p"] = {name: param_json(value) for name, value in self.params}
        if self.plural is not None:
            out["pl"] = self.plural
            out["n"] = self.count
        if self.context is not None:
            out["c"] = self.context
        return out


_KEY, _PARAMS, _PLURAL, _COUNT, _VERBATIM, _CONTEXT = slot_setters(
    Msg, "key", "params", "plural", "count", "verbatim", "context"
)


def param_json(value: Param) -> Any:
    if isinstance(value, Seat):
        return {"seat": value.index}
    if isinstance(value, Msg):
        return value.to_json() if not value.verbatim else {"v": value.key}
    return value


def param_from_json(data: Any) -> Param:
    if isinstance(data, dict):
        if "seat" in data:
            return Seat(int(data["seat"]))
        if "v" in data:
            return verbatim(str(data["v"]))
        return from_json(data)
    if isinstance(data, bool) or not isinstance(data, (int, str)):
        raise ValueError(f"not a text value: {data!r}")
    return data


def from_json(data: Any) -> Msg:
    """The text ``to_json`` wrote. A plain string (a line saved before texts had keys) comes
    back as a verbatim text."""
    if isinstance(data, str):
        return verbatim(data)
    if not isinstance(data, dict) or not isinstance(data.get("k"), str):
        raise ValueError(f"not a text: {data!r}")
    params = tuple((str(k), param_from_json(v)) for k, v in dict(data.get("p", {})).items())
    context = str(data["c"]) if "c" in data else None
    if "pl" in data:
        return Msg(data["k"], params, str(data["pl"]), int(data["n"]), context=context)
    return Msg(data["k"], params, context=context)


Text: TypeAlias = Msg
"""A text a person reads: always a ``Msg``, never a sentence made in the code (issue #21).
A line saved before texts had keys is a ``verbatim`` text (``restored``); its seats, written
as ``⟨n⟩`` placeholders then, are still named."""


def with_names(text: Msg, names: Sequence[Param]) -> Msg:
    """The text with its seats bound to people's names, still in no language: each ``Seat``
    value (nested ones too) becomes the name (data, or a text such as a computer player's
    name, shown in the reader's language); a verbatim text's placeholders are filled (in
    English). The host binds names where it knows them; the text is rendered where it is
    shown."""

    def name(index: int) -> str:
        if not 0 <= index < len(names):
            return f"Player {index + 1}"
        given = names[index]
        return given.english() if isinstance(given, Msg) else str(given)

    def bound(value: Param) -> Param:
        if isinstance(value, Seat) and 0 <= value.index < len(names):
            return names[value.index]
        return bind(value) if isinstance(value, Msg) else value

    def bind(m: Msg) -> Msg:
        if m.verbatim:
            return Msg(fill_seats(m.key, name), verbatim=True)
        values = tuple((key, bound(value)) for key, value in m.params)
        return replace(m, params=values)

    return bind(text)


def stored(text: Msg) -> str:
    """A text as one string for a database column or a file line: its JSON (``{"k": …}``);
    a verbatim text (an older line read back) as it was written (see ``restored``)."""
    if text.verbatim:
        return text.key
    return json.dumps(text.to_json(), ensure_ascii=False)


def restored(data: str) -> Msg:
    """The text ``stored`` wrote: a ``Msg`` from its JSON; any other string (a line written
    before texts had keys) as it was, a verbatim text."""
    if data.startswith('{"k"'):
        try:
            return from_json(json.loads(data))
        except ValueError:
            return verbatim(data)
    return verbatim(data)


def text_of(error: BaseException) -> Msg:
    """The text an error was raised with: its ``Msg`` (``ValueError(msg(...))``, an
    ``IllegalAction``), else its message as it was written, a verbatim text (Python's own
    errors). Show it with ``lang.say``: never ``str(error)``, which is the English."""
    given = error.args[0] if error.args else ""
    return given if isinstance(given, Msg) else verbatim(str(error))


def joined(texts: Sequence[Param]) -> Msg:
    """Several texts one after the other, a space between them (the sentences of one
    moment), as one text."""
    return chained(texts, N_("{text} {more}"), "text", "more")


def chained(items: Sequence[Param], joint: str, before: str, after: str) -> Msg:
    """``items`` as one text: each joined to those before it by ``joint`` (a marked text,
    ``N_``), whose field ``before`` holds what came before and ``after`` the item; a lone
    item as it is, none as an empty text."""
    if not items:
        return verbatim("")
    shown: Param = items[0]
    for item in items[1:]:
        shown = Msg(joint, ((before, shown), (after, item)))
    return shown if isinstance(shown, Msg) else msg("{item}", item=shown)


def as_msg(text: Msg | str) -> Msg:
    """``text`` as a ``Msg``: a string (data, such as a line from before texts had keys) is
    shown as it is."""
    return text if isinstance(text, Msg) else verbatim(text)


def english(text: Msg, names: Sequence[Param] = ()) -> str:
    """``text`` in English, seats named from ``names`` (else "Player n"): for logs and tests."""
    return as_msg(text).english(names)


def listing(items: Sequence[Param]) -> Msg:
    """Several values listed with commas, as one text: "Gallia, Hispania, Italia" (a list
    with "and" is a text of its own: ``msg("{first} and {last}", ...)``)."""
    return chained(items, N_("{items}, {item}"), "items", "item")


def msg(key: str, /, **params: Param) -> Msg:
    """A text with its values: ``msg("{player} takes {card}", player=Seat(0), card=...)``."""
    return Msg(key, tuple(params.items()))


def pmsg(context: str, key: str, /, **params: Param) -> Msg:
    """A text with a context (gettext's msgctxt): the same English as another text that
    means something else, so each is translated on its own: ``pmsg("choice", "Pass")``,
    declining to do something, is not the Cartus card ``N_("Pass")``."""
    return Msg(key, tuple(params.items()), context=context)


def plural(singular: str, plural_text: str, count: int, /, **params: Param) -> Msg:
    """A text whose form follows ``count``: ``plural("{n} rat", "{n} rats", k)``. The count
    is the value ``n`` unless ``n`` is given as a value of its own."""
    values = {"n": count, **params}
    return Msg(singular, tuple(values.items()), plural=plural_text, count=count)


def by(seat: int, text: Msg) -> Msg:
    """``text`` naming ``seat`` as its ``{player}``, the seat that did what it tells: the value
    stands first (after a plural's count), as ``msg(key, player=Seat(seat), ...)`` puts it."""
    params = text.params
    if text.plural is not None:
        params = (*params[:1], ("player", Seat(seat)), *params[1:])
    else:
        params = (("player", Seat(seat)), *params)
    return Msg(text.key, params, text.plural, text.count, text.verbatim, text.context)


def verbatim(text: str) -> Msg:
    """Data shown as it is: never looked up in a catalog. Seat placeholders written by older
    versions (``⟨0⟩``) are still filled with names."""
    return Msg(text, verbatim=True)


def N_(text: str) -> str:
    """Marks a constant text (a card's or region's name in a data table) for extraction and
    returns it unchanged; wrap it with ``msg`` where it is shown."""
    return text


def N_plural(singular: str, plural_text: str) -> tuple[str, str]:
    """Marks a constant plural text (both English forms, as ``plural`` takes them) for
    extraction and returns them; ``plural(*forms, count, ...)`` makes the text once the count
    is known (a text a shared helper tells for each of its callers)."""
    return singular, plural_text


SEAT_OPEN, SEAT_CLOSE = "\u27e8", "\u27e9"


def fields(template: str) -> set[str]:
    """The ``{name}`` fields a template uses (what a translation must keep)."""
    try:
        return {name for _, name, _, _ in Formatter().parse(template) if name is not None}
    except ValueError:
        return set()


def source(text: Msg) -> str:
    """A text's English template: its key, or for a plural its English form for the count."""
    if text.plural is not None and text.count != 1:
        return text.plural
    return text.key


class _Values(dict[str, str]):
    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


def render(
    text: Msg,
    template_of: Callable[[Msg], str],
    names: Sequence[Param] = (),
    seat_name: Callable[[int], str] | None = None,
) -> str:
    """``text`` made into a string: ``template_of(msg)`` gives each (nested) text's template
    in the wanted language, values are filled in, seats named from ``names`` (else by
    ``seat_name(index)``, else "Player n"; a name that is a text is shown in the same
    language). A template the values do not fit falls back to the English source."""

    def seat(index: int) -> str:
        if 0 <= index < len(names):
            return value(names[index])
        return seat_name(index) if seat_name is not None else f"Player {index + 1}"

    def value(param: Param) -> str:
        if isinstance(param, Seat):
            return seat(param.index)
        if isinstance(param, Msg):
            return one(param)
        return str(param)

    def one(m: Msg) -> str:
        if m.verbatim:
            return fill_seats(m.key, seat)
        template = template_of(m)
        if not m.params:  # a text without values is shown as it is written
            return fill_seats(template, seat)
        values = _Values({name: value(v) for name, v in m.params})
        if template != source(m) and not fields(template) <= values.keys():
            template = source(m)  # a translation naming a value the text does not have
        for candidate in (template, source(m)):
            try:
                return candidate.format_map(values)
            except (ValueError, IndexError, AttributeError, KeyError):
                continue
        return source(m)

    return one(text)


def fill_seats(text: str, seat: Callable[[int], str]) -> str:
    """``text`` with each seat placeholder (``⟨0⟩``, as older versions saved them) replaced by
    ``seat(index)``."""
    if SEAT_OPEN not in text:
        return text
    out: list[str] = []
    rest = text
    while SEAT_OPEN in rest:
        before, _, after = rest.partition(SEAT_OPEN)
        digits, closed, tail = after.partition(SEAT_CLOSE)
        if closed and digits.isdigit():
            out += [before, seat(int(digits))]
        else:
            out += [before, SEAT_OPEN + digits + closed]
        rest = tail
    out.append(rest)
    return "".join(out)
