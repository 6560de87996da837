"""Setting up a game: the 30 building cards, the cards dealt, rats, the Nun-row."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from ..core import Rng
from . import data

BUILDING_MODES = ("first_game", "per_class", "random")
"""How the 30 building cards are chosen, besides a custom list: the rulebook's first-game
set, one random building per class (5 copies each), or 5 random copies per class."""

EVERYONE_DEAD = ("no_winner", "spare_fewest_rats")
"""When the plague takes every player: by default all have lost (the printed rule); the
option spares those with the fewest rats and finds the winner among them."""


def _copies(building: str) -> list[str]:
    return [f"{building}-{i}" for i in range(1, 6)]


def choose_buildings(
    choice: str | Sequence[str] | None, players: int, rng: Rng, guard_tower: bool = False
) -> list[str]:
    """The 30 building card ids (``farm-3`` is the Farm's third printed copy).

    A custom list names one building per class (5 copies each) or 30 buildings, 5 of each
    class. With 2 players a random choice leaves the Guard Tower out unless ``guard_tower``.
    """
    table = data.buildings()
    if choice is None:
        choice = "first_game"
    if isinstance(choice, str) and choice not in BUILDING_MODES:
        choice = [part.strip() for part in choice.split(",") if part.strip()]
    if isinstance(choice, str):
        allowed = [
            b
            for b in sorted(table)
            if not (b == "guard_tower" and players == 2 and not guard_tower)
        ]
        out: list[str] = []
        for cls in data.CLASSES:
            of_class = [b for b in allowed if table[b].cls == cls]
            if choice == "first_game":
                out += _copies(next(b for b in data.table().first_game_set if table[b].cls == cls))
            elif choice == "per_class":
                out += _copies(rng.choice(of_class))
            else:
                pool = [c for b in of_class for c in _copies(b)]
                out += rng.shuffled(pool)[:5]
        return out
    names = list(choice)
    for b in names:
        if b not in table:
            raise ValueError(f"unknown building '{b}' (known: {', '.join(sorted(table))})")
    if len(names) == 6 and len(set(names)) == 6:
        names = [b for b in names for _ in range(5)]
    per_class = {cls: [b for b in names if table[b].cls == cls] for cls in data.CLASSES}
    if len(names) != 30 or any(len(v) != 5 for v in per_class.values()):
        raise ValueError("name one building of each class, or 30 buildings with 5 of each class")
    out = []
    for b in sorted(set(names)):
        out += _copies(b)[: names.count(b)]
    if any(names.count(b) > 5 for b in set(names)):
        raise ValueError("a building has only 5 copies")
    return out


def deal_cards() -> dict[str, dict[str, Any]]:
    """Every card of the game by id: population cards per class with their nuns, jokers and
    specials. Specials whose building is out of the game stay in their decks unused. A new
    dict each time, whose entries every game shares: a card never changes once dealt (the
    rules read them, and what they hand out of them they copy)."""
    return dict(_dealt())


@cache
def _dealt() -> dict[str, dict[str, Any]]:
    """``deal_cards``, worked out once (every game deals the same cards)."""
    t = data.table()
    out: dict[str, dict[str, Any]] = {}
    for cls in data.CLASSES:
        for i, nuns in enumerate(t.population_nuns, start=1):
            out[f"{data.CODES[cls]}{i:02d}"] = {"type": cls, "nuns": nuns}
    for i in range(1, t.jokers + 1):
        out[f"jo{i:02d}"] = {"type": "joker", "nuns": 0}
    for special, n in t.specials.items():
        for i in range(1, n + 1):
            out[f"{data.CODES[special]}{i:02d}"] = {"type": special, "nuns": 0}
    return out
