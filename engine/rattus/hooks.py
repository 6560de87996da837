"""Hook lists whose order a rule chooses, never the order modules happen to be imported in.

Each hook is declared where the core calls it (``board``, ``cards``, ``flow``, ``plague``,
``views``), with the names of the hooks it accepts in the order they run and a comment saying
why. An expansion registers a function under one of those names with ``add``; an unknown name
is refused, so a new card's author has to place it in the order on purpose. Hooks whose
results are combined so that order cannot matter (any, sum, max, separate view keys) are
declared ``unordered`` and run sorted by name. docs/engine.md lists every hook.

A hook function defined in an expansion's package (``engine.rattus.pied_piper...``) belongs to
that expansion and acts only in games played with it: the rules ask a hook for the functions
of their game (``in_game``), so a base game never calls the expansions' hooks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

RULES_PACKAGE = "engine.rattus"


def expansion_of(fn: Callable[..., Any]) -> str | None:
    """The expansion a hook function belongs to: the package under ``engine.rattus`` that
    defines it (``engine.rattus.mercatus.goods`` -> "mercatus"); None for the base game's
    modules (``engine.rattus.cards``) and for functions defined anywhere else."""
    module = getattr(fn, "__module__", None) or ""
    head, _, rest = module.partition(RULES_PACKAGE + ".")
    if head or "." not in rest:
        return None
    return rest.split(".", 1)[0]


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
        self._slots: dict[tuple[str, ...], tuple[F | None, ...]] = {}
        self._in_game: dict[tuple[str, ...], tuple[F, ...]] = {}
        self._last: tuple[list[str], tuple[F, ...]] | None = None
        """The expansions ``in_game`` was last asked for (a copy) and its answer, in one tuple
        swapped whole: the rules ask it for the same game time after time."""

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
        self._slots.clear()
        self._in_game.clear()
        self._last = None
        return fn

    def _rank(self, key: str) -> tuple[int, str]:
        return (0, key) if self.unordered else (self.order.index(key), key)

    @property
    def fns(self) -> tuple[F, ...]:
        """The functions in order, as one tuple (never changed: a new one on each ``add``)."""
        return self._fns

    def slots(self, expansions: Sequence[str]) -> tuple[F | None, ...]:
        """The functions in order, each where it stands in ``fns``, None in place of one whose
        expansion is not among ``expansions`` (a game's, ``State.expansions``): for a hook run
        one question at a time, whose frame counts its place in the whole list."""
        key = tuple(expansions)
        found = self._slots.get(key)
        if found is None:
            found = tuple(
                f if (exp := expansion_of(f)) is None or exp in key else None for f in self._fns
            )
            self._slots[key] = found
        return found

    def in_game(self, expansions: Sequence[str]) -> tuple[F, ...]:
        """The functions that act in a game with these expansions (``State.expansions``), in
        order: the base game's and those of its expansions (worked out once per set)."""
        last = self._last
        if last is not None and last[0] == expansions:
            return last[1]
        key = tuple(expansions)
        found = self._in_game.get(key)
        if found is None:
            found = self._in_game[key] = tuple(f for f in self.slots(key) if f is not None)
        self._last = (list(expansions), found)
        return found

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
