"""A runtime check that a JSON-able value matches a typed definition (TypedDicts and friends).

``problems(view, RattusView)`` lists every way a real view differs from its definition: a
missing required key, a key the definition does not name, a value of the wrong type. The
view-contract tests run it over seeded games, so a key that the engine emits but the types
do not declare (or the other way round) is found at once instead of drifting.

It understands what the view definitions use: TypedDict classes (generic ones too), ``list``,
``dict``, ``tuple``, ``Literal``, unions (``X | None``), ``Any`` and the JSON scalars. ``bool`` is
not accepted where an ``int`` is expected, and ``int`` is where a ``float`` is.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, NotRequired, Required, TypeVar, Union, get_args, get_origin

MAX_REPORTED = 20


def _is_typeddict(tp: Any) -> bool:
    return isinstance(tp, type) and typing.is_typeddict(tp)


def _substitute(tp: Any, bindings: Mapping[Any, Any]) -> Any:
    """``tp`` with its type variables replaced by what ``bindings`` says they are."""
    if isinstance(tp, TypeVar):
        return bindings.get(tp, Any)
    args = get_args(tp)
    if not args or not bindings:
        return tp
    new_args = tuple(_substitute(arg, bindings) for arg in args)
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        return Union[new_args]  # noqa: UP007  (built from a tuple at run time)
    if origin is Literal:
        return tp
    return tp.copy_with(new_args) if hasattr(tp, "copy_with") else origin[new_args]


def _fields(tp: Any) -> tuple[dict[str, Any], frozenset[str]]:
    """The fields of a TypedDict (or of a parametrised generic one) and its required keys."""
    origin = get_origin(tp)
    cls = origin if _is_typeddict(origin) else tp
    bindings: dict[Any, Any] = {}
    if cls is not tp:
        bindings.update(zip(getattr(cls, "__parameters__", ()), get_args(tp), strict=False))
    _bind_bases(cls, bindings)
    hints = typing.get_type_hints(cls)
    return {k: _substitute(v, bindings) for k, v in hints.items()}, cls.__required_keys__


def _bind_bases(cls: Any, bindings: dict[Any, Any]) -> None:
    """Record what each generic TypedDict base of ``cls`` was parametrised with."""
    for base in getattr(cls, "__orig_bases__", ()):
        origin = get_origin(base)
        if origin is None or not _is_typeddict(origin):
            continue
        values = [_substitute(arg, bindings) for arg in get_args(base)]
        bindings.update(zip(origin.__parameters__, values, strict=False))
        _bind_bases(origin, bindings)


def field_names(tp: Any) -> set[str]:
    """Every key a typed definition names, in it and in the TypedDicts it holds."""
    names: set[str] = set()
    _collect(tp, names, set())
    return names


def _collect(tp: Any, names: set[str], seen: set[int]) -> None:
    if id(tp) in seen:
        return
    seen.add(id(tp))
    if _is_typeddict(tp) or _is_typeddict(get_origin(tp)):
        fields, _ = _fields(tp)
        names.update(fields)
        for field_type in fields.values():
            _collect(field_type, names, seen)
    else:
        for arg in get_args(tp):
            _collect(arg, names, seen)


def _name(tp: Any) -> str:
    return getattr(tp, "__name__", None) or str(tp).replace("typing.", "")


def problems(value: Any, expected: Any, where: str = "view") -> list[str]:
    """Every way ``value`` differs from the type ``expected`` (empty when it conforms)."""
    found: list[str] = []
    _check(value, expected, where, found)
    return found[:MAX_REPORTED]


def _check(value: Any, tp: Any, where: str, found: list[str]) -> None:
    if len(found) >= MAX_REPORTED or tp is Any or tp is object:
        return
    origin = get_origin(tp)
    if origin in (Required, NotRequired):
        _check(value, get_args(tp)[0], where, found)
    elif origin in (Union, types.UnionType):
        options = get_args(tp)
        if not any(not _quick(value, option) for option in options):
            found.append(f"{where}: {value!r:.60} is none of {_name(tp)}")
    elif origin is Literal:
        if not any(value == a and type(value) is type(a) for a in get_args(tp)):
            found.append(f"{where}: {value!r:.60} is not one of {get_args(tp)}")
    elif _is_typeddict(tp) or _is_typeddict(origin):
        _check_typeddict(value, tp, where, found)
    elif origin is list:
        if not isinstance(value, list):
            found.append(f"{where}: expected a list, got {type(value).__name__}")
            return
        (item,) = get_args(tp) or (Any,)
        for index, entry in enumerate(value):
            _check(entry, item, f"{where}[{index}]", found)
    elif origin is tuple:
        _check_tuple(value, tp, where, found)
    elif origin in (dict, Mapping):
        if not isinstance(value, dict):
            found.append(f"{where}: expected a dict, got {type(value).__name__}")
            return
        key_type, value_type = get_args(tp) or (Any, Any)
        for key, entry in value.items():
            _check(key, key_type, f"{where} key {key!r}", found)
            _check(entry, value_type, f"{where}[{key!r}]", found)
    else:
        _check_scalar(value, tp, where, found)


def _quick(value: Any, tp: Any) -> list[str]:
    out: list[str] = []
    _check(value, tp, "", out)
    return out


def _check_typeddict(value: Any, tp: Any, where: str, found: list[str]) -> None:
    if not isinstance(value, dict):
        found.append(f"{where}: expected {_name(tp)} (a dict), got {type(value).__name__}")
        return
    fields, required = _fields(tp)
    for key in sorted(required - set(value)):
        found.append(f"{where}: the required key {key!r} is missing")
    for key in sorted(set(value) - set(fields)):
        found.append(f"{where}: the key {key!r} is not in the definition of {_name(tp)}")
    for key, field_type in fields.items():
        if key in value:
            _check(value[key], field_type, f"{where}[{key!r}]", found)


def _check_tuple(value: Any, tp: Any, where: str, found: list[str]) -> None:
    args = get_args(tp)
    if not isinstance(value, list | tuple):
        found.append(f"{where}: expected a sequence, got {type(value).__name__}")
    elif len(args) == 2 and args[1] is Ellipsis:
        for index, entry in enumerate(value):
            _check(entry, args[0], f"{where}[{index}]", found)
    elif len(args) != len(value):
        found.append(f"{where}: expected {len(args)} items, got {len(value)}")
    else:
        for index, (entry, item) in enumerate(zip(value, args, strict=True)):
            _check(entry, item, f"{where}[{index}]", found)


def _check_scalar(value: Any, tp: Any, where: str, found: list[str]) -> None:
    if tp is None or tp is type(None):
        ok = value is None
    elif tp is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif tp is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif isinstance(tp, type):
        ok = isinstance(value, tp)
    else:
        raise TypeError(f"{where}: the checker does not understand the type {tp!r}")
    if not ok:
        found.append(f"{where}: expected {_name(tp)}, got {value!r:.60}")
