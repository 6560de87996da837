"""Every Cartus test leaves the cards and building cards that all games share as it found
them: a new game deals the same entries as every other (they never change once dealt), so a
test that changed one in place would change the games of every test after it."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from engine import cartus
from engine.cartus import data


def _dealt() -> list[dict[str, dict[str, Any]]]:
    """The cards and building cards new games deal: two games whose buildings are together
    all twelve (every copy of each)."""
    table = data.buildings()
    by_class = [sorted(b for b in table if table[b].cls == cls) for cls in data.CLASSES]
    out = []
    for i in range(2):
        s = cartus.new_game(4, buildings=[names[i] for names in by_class], seed=0).state
        out += [s.cards, s.building_cards]
    return out


@pytest.fixture(scope="session")
def dealt_at_start() -> list[dict[str, dict[str, Any]]]:
    return copy.deepcopy(_dealt())


@pytest.fixture(autouse=True)
def shared_entries_unchanged(dealt_at_start: list[dict[str, dict[str, Any]]]) -> Iterator[None]:
    yield
    assert _dealt() == dealt_at_start, (
        "the test changed a card or building card every game shares: give its game an entry "
        "of its own (helpers.set_supply)"
    )
