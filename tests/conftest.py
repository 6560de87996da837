"""Shared fixtures, and the tests' own game registered with the engine like any other."""

from collections.abc import AsyncIterator, Iterator

import pytest

from engine import games
from tests.fakediscord import FakeDiscord
from tests.host import counting_game
from tests.pgserver import PostgresMissing, PostgresServer

games.register(counting_game.SPEC)


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A fake Discord on 127.0.0.1, stopped after the test (see docs/fakediscord.md)."""
    fake = await FakeDiscord.start()
    try:
        yield fake
    finally:
        await fake.stop()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A real PostgreSQL server for the whole run (see tests/pgserver.py). Fails, never
    skips, when the server binaries are missing."""
    try:
        server = PostgresServer.start()
    except PostgresMissing as missing:
        pytest.fail(str(missing), pytrace=False)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> str:
    """The address of a new, empty database on the test server."""
    return postgres_server.create_database()
