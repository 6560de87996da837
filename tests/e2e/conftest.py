"""A local Discord with one server, a game channel, a second channel and four people."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.fakediscord import ADMIN_PERMISSIONS, Channel, FakeDiscord, Guild, User


@dataclass
class World:
    fake: FakeDiscord
    guild: Guild
    channel: Channel
    other_channel: Channel
    anna: User
    ben: User
    cleo: User
    dave: User
    admin: User


@pytest.fixture(autouse=True)
def no_errors_logged(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """Every error the bot logs (an unhandled exception, a refused request) fails the test."""
    caplog.set_level(logging.WARNING)
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], [r.getMessage() for r in errors]


@pytest.fixture(params=["sqlite", "postgresql"])
def bot_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The bot's RATTUS_DB, once per backend: a SQLite file, or a new database on the test
    run's PostgreSQL server."""
    if request.param == "postgresql":
        url: str = request.getfixturevalue("postgres_url")
        return url
    return str(tmp_path / "games.sqlite3")


@pytest.fixture
async def world() -> AsyncIterator[World]:
    fake = await FakeDiscord.start()
    try:
        guild = fake.add_guild("Plague Club")
        yield World(
            fake=fake,
            guild=guild,
            channel=fake.add_text_channel(guild, "rattus"),
            other_channel=fake.add_text_channel(guild, "watching"),
            anna=fake.add_user("Anna"),
            ben=fake.add_user("Ben"),
            cleo=fake.add_user("Cleo"),
            dave=fake.add_user("Dave"),
            admin=fake.add_user("Mod", permissions=ADMIN_PERMISSIONS),
        )
    finally:
        await fake.stop()
