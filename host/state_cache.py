"""Loading a game that has not changed costs one read, not a decode and a rebuild.

A game is loaded several times for one action (the click's game, the action itself, the log
shown with the table...). Its saved state is a JSON text of some tens of kilobytes; decoding
it and rebuilding the engine's game from it was most of a load. The store keeps, per game,
the last state text it read or wrote with its decoded form, and hands out that same decoded
object while the text in the database is the same; the service keeps the game built from
that object. Games are immutable (``apply`` returns a new one), so sharing one is safe.

The database stays the authority: every load reads the row and compares the texts, so a
change made by another process (PostgreSQL with several) is seen at once.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

KEPT = 512
"""How many games' states are kept (the least recently used go first)."""

T = TypeVar("T")


class _Kept(Generic[T]):
    """An LRU map, safe to use from the event loop and worker threads at once."""

    def __init__(self, kept: int) -> None:
        self._items: OrderedDict[int, T] = OrderedDict()
        self._kept = kept
        self._lock = threading.Lock()

    def get(self, game_id: int) -> T | None:
        with self._lock:
            item = self._items.get(game_id)
            if item is not None:
                self._items.move_to_end(game_id)
            return item

    def put(self, game_id: int, item: T) -> None:
        with self._lock:
            self._items[game_id] = item
            self._items.move_to_end(game_id)
            while len(self._items) > self._kept:
                self._items.popitem(last=False)

    def drop(self, game_id: int) -> None:
        with self._lock:
            self._items.pop(game_id, None)


class States:
    """Per game: the last state text read or written, and its decoded form."""

    def __init__(self, kept: int = KEPT) -> None:
        self._kept: _Kept[tuple[str, dict[str, Any]]] = _Kept(kept)
        self.decoded = 0
        """How many texts were decoded (the other reads reused the decoded form)."""

    def decode(self, game_id: int, text: str) -> dict[str, Any]:
        """The decoded ``text``: the kept object when the game's text is the same."""
        kept = self._kept.get(game_id)
        if kept is not None and kept[0] == text:
            return kept[1]
        state: dict[str, Any] = json.loads(text)
        self.decoded += 1
        self._kept.put(game_id, (text, state))
        return state

    def wrote(self, game_id: int, text: str, state: dict[str, Any]) -> None:
        """The store wrote ``state`` as ``text`` (call once the write is committed)."""
        self._kept.put(game_id, (text, state))

    def forget(self, game_id: int) -> None:
        self._kept.drop(game_id)


class Games(Generic[T]):
    """Per game: the engine game built from a decoded state object (by identity)."""

    def __init__(self, kept: int = KEPT) -> None:
        self._kept: _Kept[tuple[dict[str, Any], T]] = _Kept(kept)
        self.built = 0
        """How many games were rebuilt from their state (the others were kept)."""

    def build(self, game_id: int, state: dict[str, Any], make: Callable[[dict[str, Any]], T]) -> T:
        kept = self._kept.get(game_id)
        if kept is not None and kept[0] is state:
            return kept[1]
        game = make(state)
        self.built += 1
        self._kept.put(game_id, (state, game))
        return game

    def saved(self, game_id: int, state: dict[str, Any], game: T) -> None:
        """``game`` was saved as ``state``: the next load of the same text reuses it."""
        self._kept.put(game_id, (state, game))
