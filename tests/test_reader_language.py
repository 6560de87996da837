"""Which language a person is answered in, without Discord: their choice, else their app's;
an error is still told when their choice cannot be read (the database may be what failed)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord

from cogs.table.languages import reader_language
from cogs.table.replies import error_language


class Service:
    """The service's ``channels`` part, as far as languages go."""

    def __init__(self, chosen: str | None = None, broken: bool = False) -> None:
        self.chosen, self.broken = chosen, broken
        self.seen: list[tuple[int, str | None]] = []

    async def saw_locale(self, user_id: int, locale: str | None) -> None:
        if self.broken:
            raise ConnectionError("the database is gone")
        self.seen.append((user_id, locale))

    async def user_language(self, user_id: int) -> str | None:
        if self.broken:
            raise ConnectionError("the database is gone")
        return self.chosen


def interaction(locale: str, service: Service) -> Any:
    return SimpleNamespace(
        locale=discord.Locale(locale),
        user=SimpleNamespace(id=7),
        client=SimpleNamespace(service=SimpleNamespace(channels=service)),
    )


async def test_a_persons_choice_comes_before_their_apps_language() -> None:
    assert await reader_language(interaction("de", Service())) == "de"
    assert await reader_language(interaction("en-GB", Service("de"))) == "de"
    assert await reader_language(interaction("fr", Service())) == "en"


async def test_an_error_is_told_in_the_apps_language_when_the_choice_cannot_be_read() -> None:
    assert await error_language(interaction("de", Service("en", broken=True))) == "de"
    assert await error_language(interaction("de", Service("en"))) == "en"
