"""Hook lists whose order a rule chooses, never the order modules happen to be imported in.

Each hook is declared where the core calls it (``board``, ``cards``, ``flow``, ``plague``,
``views``), with the names of the hooks it accepts in the order they run and a comment saying
why. An expansion registers a function under one of those names with ``add``; an unknown name
is refused, so a new card's author has to place it in the order on purpose. Hooks whose
results are combined so that order cannot matter (any, sum, max, separate view keys) are
declared ``unordered`` and run sorted by name. docs/engine.md lists every hook.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


class Hooks(Generic[F]):
    """The functions of one hook, in the declared order."""

    def __init__(self, name: str, order: tuple[str, ...] = (), *, unordered: bool = False):
        if bool(order) == unordered:
            raise ValueError(f"hook '{name}' needs either an order or unordered=True")
        self.name = name
        self.order = order
        self.unordered = unordered
        self._entries: list[tuple[str, F]] = []
        self._fns: tuple[F, ...] = ()

    def add(self, key: str, fn: F) -> F:
        if not self.unordered and key not in self.order:
            raise ValueError(
                f"hook '{self.name}' has no place for '{key}': add it to its order "
                f"({', '.join(self.order)}) where the rules want it to run"
            )
        if any(k == key for k, _ in self._entries):
            raise ValueError(f"hook '{self.name}': '{key}' registered twice")
        self._entries.append((key, fn))
        self._entries.sort(key=lambda entry: self._rank(entry[0]))
        self._fns = tuple(f for _, f in self._entries)
        return fn

    def _rank(self, key: str) -> tuple[int, str]:
        return (0, key) if self.unordered else (self.order.index(key), key)

    @property
    def fns(self) -> tuple[F, ...]:
        """The functions in order, as one tuple (never changed: a new one on each ``add``)."""
        return self._fns

    def keys(self) -> list[str]:
        return [k for k, _ in self._entries]

    def items(self) -> list[tuple[str, F]]:
        return list(self._entries)

    def __iter__(self) -> Iterator[F]:
        return iter(self._fns)

    def __len__(self) -> int:
        return len(self._entries)

    def __getitem__(self, index: int) -> F:
        return self._fns[index]
