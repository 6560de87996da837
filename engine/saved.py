"""A game's state as plain data: dataclasses of JSON values that copy fast and save exactly.

Both games keep their whole state in one dataclass of dicts, lists and scalars. These helpers
copy it (sharing the fields that never change after setup), write it as a dict with its format
number, and read it back, refusing what is not a saved game of that kind and format.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import fields
from typing import Any, TypeVar

S = TypeVar("S")


def copy_json(value: Any) -> Any:
    """A deep copy of a JSON-like value (dicts and lists copied, scalars shared)."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


def frozen(value: Any) -> Hashable:
    """A JSON-like value as an equal-comparable, hashable one (dicts by sorted key)."""
    if isinstance(value, dict):
        return tuple(sorted((str(k), frozen(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(frozen(v) for v in value)
    assert isinstance(value, Hashable)
    return value


def clone(state: S, shared: frozenset[str] = frozenset()) -> S:
    """A copy to change; the ``shared`` fields (never changed after setup) are not copied."""
    values = {
        f.name: getattr(state, f.name) if f.name in shared else copy_json(getattr(state, f.name))
        for f in fields(state)  # type: ignore[arg-type]
    }
    return type(state)(**values)


def to_dict(state: Any, marks: dict[str, Any]) -> dict[str, Any]:
    """The saved form: every field, plus the ``marks`` that say what it is (format, game)."""
    out = {f.name: copy_json(getattr(state, f.name)) for f in fields(state)}
    out.update(marks)
    return out


def from_dict(cls: type[S], raw: Any, marks: dict[str, Any], what: str) -> S:
    """The state saved by ``to_dict``; ValueError if ``raw`` lacks the marks or a field (the
    saved form has every field, defaults included: one that lacks its pending decisions, say,
    is damaged, not a game that waits for nobody)."""
    if not isinstance(raw, dict) or any(raw.get(k) != v for k, v in marks.items()):
        raise ValueError(f"not a saved {what} game of a format this version can read")
    every = fields(cls)  # type: ignore[arg-type]
    required = {f.name for f in every if f.init}
    missing = required - set(raw)
    if missing:
        raise ValueError(f"saved game lacks {', '.join(sorted(missing))}")
    names = {f.name for f in every} & set(raw)
    return cls(**{k: copy_json(raw[k]) for k in names})
