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


BACKENDS = ("sqlite", "postgresql")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A SQLite file, for the tests of SQLite itself."""
    return tmp_path / "games.sqlite3"


@pytest.fixture(params=BACKENDS)
def db_target(request: pytest.FixtureRequest, db_path: Path) -> str:
    """Where a store keeps its games, once per backend: a SQLite file or a new, empty
    database on the test run's PostgreSQL server."""
    if request.param == "postgresql":
        url: str = request.getfixturevalue("postgres_url")
        return url
    return str(db_path)


@pytest.fixture
async def store(db_target: str) -> AsyncIterator[Store]:
    opened = await Store.open(db_target)
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
