"""A game's state as plain data: dataclasses of JSON values that copy fast and save exactly.

Both games keep their whole state in one dataclass of dicts, lists and scalars. These helpers
copy it (sharing the fields that never change after setup), write it as a dict with its format
number, and read it back, refusing what is not a saved game of that kind and format.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import fields
from typing import Any, TypeVar

S = TypeVar("S")


_NESTED = (dict, list)


def copy_json(value: Any) -> Any:
    """A deep copy of a JSON-like value (dicts and lists copied, scalars shared).

    Look-ahead and every apply copy the whole state, so this is hot: exact type checks, and
    no call for a scalar inside a list or dict (a flat list of card ids is one list copy)."""
    if type(value) is dict:
        return {k: copy_json(v) if type(v) in _NESTED else v for k, v in value.items()}
    if type(value) is list:
        return [copy_json(v) if type(v) in _NESTED else v for v in value]
    return value


def frozen(value: Any) -> Hashable:
    """A JSON-like value as an equal-comparable, hashable one (dicts by sorted key)."""
    if isinstance(value, dict):
        return tuple(sorted((str(k), frozen(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(frozen(v) for v in value)
    assert isinstance(value, Hashable)
    return value


def share(value: Any) -> Any:
    """How a ``Cloner`` copies a field that never changes in place: it does not."""
    return value


def flat(value: list[Any] | None) -> list[Any] | None:
    """How a ``Cloner`` copies a list of scalars (or None): one list copy."""
    return None if value is None else value[:]


def flat_lists(value: list[list[Any]]) -> list[list[Any]]:
    """How a ``Cloner`` copies a list of lists of scalars (a hand per seat)."""
    return [v[:] for v in value]


def flat_values(value: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """How a ``Cloner`` copies a dict of lists of scalars (cubes per seat by region)."""
    return {k: v[:] for k, v in value.items()}


_INLINE: dict[Callable[[Any], Any], str] = {}
"""Copiers a ``Cloner`` writes out in its copy function (filled once they are defined)."""


def flat_dict(value: dict[str, Any]) -> dict[str, Any]:
    """How a ``Cloner`` copies a dict of scalars."""
    return dict(value)


def flat_records(value: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """How a ``Cloner`` copies a list of dicts whose values are scalars or lists of scalars
    (a stack of pending steps that hold no deeper data)."""
    return records(value, _LIST, list.copy)


_LIST = (list,)


def records(
    value: list[dict[str, Any]], kinds: tuple[type, ...], copy: Callable[[Any], Any]
) -> list[dict[str, Any]]:
    """A list of dicts copied, each value of one of ``kinds`` by ``copy``, the others shared:
    each dict copied whole at once, then its few such values replaced (a stack's frames hold
    one or two keys, mostly scalars: a comprehension per frame cost half as much again)."""
    out = []
    for record in value:
        mine = record.copy()
        for key, x in record.items():
            if type(x) in kinds:
                mine[key] = copy(x)
        out.append(mine)
    return out


class Cloner:
    """A fast copy of one state class, from how each field is copied.

    ``how`` names a copier per field whose shape is known (``share``, ``flat``,
    ``flat_lists``, ``flat_values``, ``flat_dict``, ``flat_records``, or one of the game's
    own); every other field is copied whole (``copy_json``). A
    wrong shape would let two moments of a game share a list, so tests/engine/test_clone.py
    checks every game's copies against the whole-copy rule along random games.

    The plan is written out once as one function: the instance's attributes copied at once
    as one dict (every shared field with them; an attribute that is not a field is shared too,
    so a class that keeps one resets it in its copy), then each other field replaced by its
    copy, the known copiers as expressions. Every apply copies the state: a call per field
    cost more than most fields' copies, and a dict display of every field three times a dict
    copy."""

    def __init__(self, cls: type, how: dict[str, Callable[[Any], Any]]) -> None:
        names = tuple(f.name for f in fields(cls))
        unknown = set(how) - set(names)
        if unknown:
            raise ValueError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
        self._cls = cls
        scope: dict[str, Any] = {
            "new": object.__new__,
            "cls": cls,
            "copy_json": copy_json,
        }
        lines = []
        for i, name in enumerate(names):
            copy = how.get(name, copy_json)
            if copy is share:
                continue
            value = f"d[{name!r}]"
            if copy in _INLINE:
                lines.append(f"    d[{name!r}] = {_INLINE[copy].format(v=value)}\n")
            else:
                scope[f"copy{i}"] = copy
                lines.append(f"    d[{name!r}] = copy{i}({value})\n")
        source = (
            "def clone(state):\n"
            "    d = state.__dict__.copy()\n"
            f"{''.join(lines)}"
            "    out = new(cls)\n"
            "    out.__dict__ = d\n"
            "    return out\n"
        )
        exec(source, scope)  # the source is built above from field names only
        self._copy: Callable[[Any], Any] = scope["clone"]

    def __call__(self, state: S) -> S:
        if type(state) is not self._cls:
            raise TypeError(f"a {self._cls.__name__} cloner cannot copy a {type(state).__name__}")
        copied: S = self._copy(state)
        return copied


def frames(value: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """How a ``Cloner`` copies a list of dicts whose values may nest (a stack of pending
    steps): each dict copied, and each nested value in it by ``copy_json``."""
    return records(value, _NESTED, copy_json)


def shaped(how: dict[str, Callable[[Any], Any]]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """How to copy a dict whose entries have known shapes: ``how`` names a copier per key
    (as a ``Cloner`` plan does per field); any other key is copied whole (``copy_json``)."""

    def copy(value: dict[str, Any]) -> dict[str, Any]:
        return {k: how[k](v) if k in how else copy_json(v) for k, v in value.items()}

    return copy


def flat_dicts(value: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """How a ``Cloner`` copies a list of dicts of scalars (a count per kind for each seat)."""
    return [dict(v) for v in value]


_INLINE.update(
    {
        share: "{v}",
        flat: "(None if {v} is None else {v}[:])",
        flat_lists: "[x[:] for x in {v}]",
        flat_values: "{{k: x[:] for k, x in {v}.items()}}",
        flat_dict: "dict({v})",
    }
)


def to_dict(state: Any, marks: dict[str, Any]) -> dict[str, Any]:
    """The saved form: every field, plus the ``marks`` that say what it is (format, game)."""
    out = {f.name: copy_json(getattr(state, f.name)) for f in fields(state)}
    out.update(marks)
    return out


def from_dict(cls: type[S], raw: Any, marks: dict[str, Any], what: str) -> S:
    """The state saved by ``to_dict``; BadState if ``raw`` lacks the marks or a field (the
    saved form has every field, defaults included: one that lacks its pending decisions, say,
    is damaged, not a game that waits for nobody)."""
    if not isinstance(raw, dict) or any(raw.get(k) != v for k, v in marks.items()):
        raise BadState(f"not a saved {what} game of a format this version can read")
    every = fields(cls)  # type: ignore[arg-type]
    required = {f.name for f in every if f.init}
    missing = required - set(raw)
    if missing:
        raise BadState(f"saved game lacks {', '.join(sorted(missing))}")
    names = {f.name for f in every} & set(raw)
    return cls(**{k: copy_json(raw[k]) for k in names})


class BadState(ValueError):
    """A saved state that no game could have reached: a card in two places, pieces not
    conserved, a malformed pending decision, an unknown id, a value of the wrong type. The
    message names what is wrong (``Checker`` gathers every problem found)."""


class Checker:
    """Collects what is wrong with a state, each problem named by where it lies
    (``hands[2]``, ``stack[0].seat``); ``done`` raises BadState listing them."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.problems: list[str] = []

    def bad(self, problem: str) -> None:
        self.problems.append(problem)

    def in_stages(self, *stages: Sequence[Callable[[], object]]) -> None:
        """Run the checks stage by stage; BadState after the first stage that found a problem
        (a later stage relies on what the earlier ones checked). Any other error a check
        raises is a problem too: a shape no check foresaw is still a damaged state."""
        try:
            for stage in stages:
                for check in stage:
                    check()
                self.done()
        except BadState:
            raise
        except Exception as error:
            self.bad(f"the pieces cannot be read ({type(error).__name__}: {error})")
        self.done()

    def that(self, ok: bool, problem: str) -> bool:
        if not ok:
            self.bad(problem)
        return ok

    def is_int(
        self, where: str, value: Any, low: int | None = None, high: int | None = None
    ) -> bool:
        """An int (never a bool) within [low, high]."""
        if type(value) is not int:
            self.bad(f"{where} should be a whole number, not {_shown(value)}")
            return False
        if (low is not None and value < low) or (high is not None and value > high):
            self.bad(f"{where} is {value}, outside {low}..{high}")
            return False
        return True

    def is_type(self, where: str, value: Any, kind: type | tuple[type, ...], name: str) -> bool:
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, kind) and (type(value) is not bool or bool in kinds):
            return True
        self.bad(f"{where} should be {name}, not {_shown(value)}")
        return False

    def ints(
        self,
        where: str,
        value: Any,
        length: int | None = None,
        low: int = 0,
        high: int | None = None,
    ) -> bool:
        """A list of ints in [low, high], of ``length`` items when given."""
        if not self.is_type(where, value, list, "a list"):
            return False
        if length is not None and len(value) != length:
            self.bad(f"{where} has {len(value)} entries, not {length}")
            return False
        if (
            all(type(v) is int for v in value)
            and (not value or min(value) >= low)
            and (high is None or not value or max(value) <= high)
        ):
            return True  # the common case, checked at once
        return all([self.is_int(f"{where}[{i}]", v, low, high) for i, v in enumerate(value)])

    def strs(self, where: str, value: Any, known: Any = None) -> bool:
        """A list of texts, each among ``known`` when given."""
        if not self.is_type(where, value, list, "a list"):
            return False
        if all(type(v) is str for v in value) and (known is None or all(v in known for v in value)):
            return True  # the common case, checked at once
        ok = True
        for i, v in enumerate(value):
            if not self.is_type(f"{where}[{i}]", v, str, "a text"):
                ok = False
            elif known is not None and v not in known:
                self.bad(f"{where}[{i}] names unknown {v!r}")
                ok = False
        return ok

    def once_each(
        self, places: dict[str, list[Any]], every: Any, piece: str, *, complete: bool = True
    ) -> None:
        """Each of ``every`` (ids) lies in exactly one of the ``places``: none twice, none
        unknown, and (``complete``) none missing."""
        where: dict[Any, str] = {}
        for place, ids in places.items():
            for x in ids:
                if not isinstance(x, str):
                    continue  # reported by the type checks
                if x in where:
                    self.bad(f"{piece} {x!r} is in two places: {where[x]} and {place}")
                else:
                    where[x] = place
        for x, place in where.items():
            if x not in every:
                self.bad(f"{place} holds unknown {piece} {x!r}")
        missing = sorted(str(x) for x in every if x not in where) if complete else []
        if missing:
            self.bad(f"{piece}s missing from the game: {', '.join(missing[:8])}")

    def done(self) -> None:
        if self.problems:
            shown = "; ".join(self.problems[:6])
            more = len(self.problems) - 6
            tail = f" (and {more} more)" if more > 0 else ""
            raise BadState(f"impossible {self.what} state: {shown}{tail}")


def _shown(value: Any) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text[:40]}"
