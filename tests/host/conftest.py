from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from host.service import GameService
from host.store import Store
from tests.host.counting_game import CountingKind


class Clock:
    """A clock that moves one second each time it is read."""

    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(db_path)
    yield opened
    await opened.close()


@pytest.fixture
def make_service() -> Callable[[Store], GameService]:
    seeds = itertools.count(1000)

    def build(store: Store) -> GameService:
        return GameService(
            store, kinds={"count": CountingKind()}, clock=Clock(), seed_source=lambda: next(seeds)
        )

    return build


@pytest.fixture
def service(store: Store, make_service: Callable[[Store], GameService]) -> GameService:
    return make_service(store)
