"""Moving a SQLite database into PostgreSQL: everything arrives, ids go on, nothing is
overwritten."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from host import stats
from host.migrate_to_postgres import MigrationRefused, migrate
from host.models import GameRecord
from host.service import GameService
from host.store import Store

ANNA, BEN = 1, 2
ROOT = Path(__file__).parents[2]


async def fill(path: Path, make_service: Callable[[Store], GameService]) -> dict[str, object]:
    """A SQLite file with a finished game, a running one, a lobby, a spectator, table
    messages and a DM preference; what the service says about it."""
    store = await Store.open(path)
    service = make_service(store)
    ids = []
    for channel in (10, 11):
        record = await service.open_lobby(
            kind="count",
            guild_id=5,
            channel_id=channel,
            host_id=ANNA,
            host_name="Anna",
            options={"target": 4 if channel == 10 else 30},
        )
        await service.join(record.id, BEN, "Ben")
        await service.start(record.id, ANNA)
        ids.append(record.id)
    finished, running = ids
    users = {0: ANNA, 1: BEN}
    record = await service.get(finished)
    while record.status == "running":
        assert record.game is not None
        user = users[record.game.actors()[0]]
        record = (await service.act(finished, user, "add:3", version=record.version)).record
        if record.status == "running":
            record = (await service.act(finished, user, "done", version=record.version)).record
    await service.act(running, ANNA, "add:2")
    await service.channels.set_table_message(running, 11, 900, 1, is_home=True)
    await service.channels.add_spectator(running, 77)
    await service.channels.set_table_message(running, 77, 901, 1, is_home=False)
    await service.channels.mark_dms_closed(BEN)
    lobby = await service.open_lobby(
        kind="count", guild_id=6, channel_id=12, host_id=BEN, host_name="Ben", options={}
    )
    summary = await describe(service, [finished, running, lobby.id])
    await store.close()
    return summary


def saved(record: GameRecord) -> tuple[GameRecord, object]:
    """A record with its game as the game's saved form."""
    game = record.game
    return replace(record, game=None), None if game is None else game.to_dict()


async def describe(service: GameService, ids: list[int]) -> dict[str, object]:
    return {
        # a game compares by its saved form: engine games are not values themselves
        "games": [saved(await service.get(i)) for i in ids],
        "logs": [await service.action_log(i, limit=100) for i in ids],
        "results": [await service.store.stats.results(i) for i in ids],
        "tables": [await service.channels.table_messages(i) for i in ids],
        "spectators": [await service.channels.spectator_channels(i) for i in ids],
        "dms": [await service.channels.dms_closed(u) for u in (ANNA, BEN)],
        "stats": await service.store.stats.results_for_user(ANNA),
        "player_stats": await stats.player_stats(service, kind="count", user_id=ANNA, guild_id=5),
        "board": await stats.leaderboard(service, kind="count", guild_id=5, pool="people"),
    }


async def test_everything_arrives_and_ids_go_on(
    db_path: Path, postgres_url: str, make_service: Callable[[Store], GameService]
) -> None:
    before = await fill(db_path, make_service)
    copied = await migrate(db_path, postgres_url)
    assert {c.table: c.rows for c in copied}["games"] == 3
    assert {c.table for c in copied} >= {
        "games",
        "seats",
        "actions",
        "results",
        "user_prefs",
        "game_stats",
        "player_stats",
        "ratings",
    }
    assert {c.table: c.rows for c in copied}["ratings"] == 4  # Anna and Ben, here and everywhere

    async with await Store.open(postgres_url) as store:
        service = make_service(store)
        ids = [record.id for record, _ in before["games"]]  # type: ignore[attr-defined]
        assert await describe(service, ids) == before
        assert (await service.replay(ids[0])).to_dict() == before["games"][0][1]  # type: ignore[index]
        newer = await service.open_lobby(
            kind="count", guild_id=5, channel_id=13, host_id=ANNA, host_name="Anna", options={}
        )
        assert newer.id == max(ids) + 1
        # The running game plays on where it stopped.
        assert (await service.act(ids[1], ANNA, "done")).record.version == 2


async def test_a_database_with_data_is_never_overwritten(
    db_path: Path, postgres_url: str, make_service: Callable[[Store], GameService]
) -> None:
    await fill(db_path, make_service)
    async with await Store.open(postgres_url) as store:
        await make_service(store).open_lobby(
            kind="count", guild_id=9, channel_id=99, host_id=3, host_name="Cleo", options={}
        )
    with pytest.raises(MigrationRefused, match="already holds data"):
        await migrate(db_path, postgres_url)
    async with await Store.open(postgres_url) as store:
        assert await store.game_ids(["lobby", "running", "finished"]) == [1]
        assert (await store.load(1)).channel_id == 99  # type: ignore[union-attr]


async def test_a_missing_file_is_refused(tmp_path: Path, postgres_url: str) -> None:
    with pytest.raises(MigrationRefused, match="no SQLite file"):
        await migrate(tmp_path / "nothing.sqlite3", postgres_url)
    source = tmp_path / "games.sqlite3"
    await (await Store.open(source)).close()
    with pytest.raises(MigrationRefused, match="postgresql://"):
        await migrate(source, str(tmp_path / "other.sqlite3"))


def test_the_command_copies_once_then_refuses(
    db_path: Path, postgres_url: str, make_service: Callable[[Store], GameService]
) -> None:
    asyncio.run(fill(db_path, make_service))
    command = [sys.executable, "-m", "host.migrate_to_postgres", str(db_path), postgres_url]
    first = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert first.returncode == 0, first.stderr
    assert "games: 3 rows" in first.stdout and "Done." in first.stdout
    again = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert again.returncode == 1
    assert "Refused" in again.stderr and "Traceback" not in again.stderr
