"""No log line holds a secret: whole seeded games of both games, logged at DEBUG as the bot
sets its logs up, and every line sent to one player alone looked for in every log line."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from host import logs
from tests.e2e.conftest import World
from tests.e2e.seeded import play_seeded
from tests.e2e.table import all_channel_text, make_bot, text_of

SHORTEST = 12
"""Private lines shorter than this ("Gallia") say nothing alone; longer ones are looked for."""


@contextmanager
def bot_logs_at_debug() -> Iterator[io.StringIO]:
    """The bot's own log set-up (host/logs.py) at DEBUG, JSON lines, into a string; pytest's
    handlers stay attached."""
    root = logging.getLogger()
    kept, level = list(root.handlers), root.level
    stream = io.StringIO()
    logs.configure("DEBUG", "json", stream)
    for handler in kept:
        root.addHandler(handler)
    try:
        yield stream
    finally:
        for handler in list(root.handlers):
            if handler not in kept:
                root.removeHandler(handler)
        root.setLevel(level)
        for name in logs.PAYLOAD_LOGGERS:
            logging.getLogger(name).setLevel(logging.NOTSET)


async def open_lobby(world: World, game: str, options: dict[str, object], join: int) -> None:
    fake = world.fake
    opened = await fake.slash(world.anna, world.channel, game, "new", options=options)
    lobby = await opened.wait_reply(timeout=30)
    for person in (world.ben, world.cleo)[: join - 1]:
        await (await fake.click(person, lobby, label="Join")).wait_reply(timeout=30)
    await (await fake.click(world.anna, lobby, label="Start")).wait_response()


def private_lines(world: World, people: list[object]) -> set[str]:
    public = all_channel_text(world.fake, [world.channel])
    lines: set[str] = set()
    for person in people:
        for message in world.fake.dms(person):  # type: ignore[arg-type]
            for line in text_of(message).splitlines():
                line = line.strip(" *_`>-•")
                if len(line) >= SHORTEST and line not in public:
                    lines.add(line)
    return lines


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "options", "players"),
    [
        (
            "rattus",
            {"seat_order": "joined", "players": 3, "expansions": "pied_piper,africanus,mercatus"},
            3,
        ),
        ("cartus", {"seat_order": "joined", "players": 3}, 3),
    ],
)
async def test_no_log_line_of_a_whole_game_holds_a_secret(
    world: World, tmp_path: Path, game: str, options: dict[str, object], players: int
) -> None:
    fake = world.fake
    people: list[object] = [world.anna, world.ben, world.cleo][:players]
    with bot_logs_at_debug() as stream:
        client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
        async with fake.running(client):
            await fake.wait_for(client.repaired.is_set, what="start-up repair")
            await open_lobby(world, game, options, players)
            await fake.wait_for(
                lambda: bool(fake.messages(world.channel)), what="the game to start"
            )
            record = None
            for _ in range(200):
                record = await client.service.latest_game_in_channel(world.channel.id)
                if record is not None and record.game is not None:
                    break
                await fake.wait_for(lambda: True)
            assert record is not None and record.game is not None
            await play_seeded(client, record.id, 5, lambda r: r.status != "running", limit=3000)
        logged = stream.getvalue()
    secrets = private_lines(world, people)
    assert len(secrets) >= 3, "the game dealt no private lines to look for"
    assert "DEBUG" in logged  # the logs really were at DEBUG
    leaked = sorted(line for line in secrets if line in logged)
    assert leaked == [], leaked[:5]
