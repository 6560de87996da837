"""Shared fixtures."""

from collections.abc import AsyncIterator

import pytest

from tests.fakediscord import FakeDiscord


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A fake Discord on 127.0.0.1, stopped after the test (see docs/fakediscord.md)."""
    fake = await FakeDiscord.start()
    try:
        yield fake
    finally:
        await fake.stop()
