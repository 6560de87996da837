from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from host.errors import StaleAction
from host.models import ResultRow
from host.schema import SCHEMA_VERSION
from host.store import ChannelTaken, NewAction, NewerSchema, Store

TABLES = {"games", "seats", "actions", "table_messages", "spectators", "results", "user_prefs"}


def tables_in(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {r[0] for r in rows}


async def new_lobby(store: Store, channel_id: int = 10, host: int = 1) -> int:
    return await store.create_game(
        kind="count",
        guild_id=5,
        channel_id=channel_id,
        host_user_id=host,
        host_name="Anna",
        options={"target": 5},
        now=100.0,
    )


async def running_game(store: Store, channel_id: int = 10) -> int:
    game_id = await new_lobby(store, channel_id)
    lobby = await store.load(game_id)
    assert lobby is not None
    await store.start_game(
        game_id, seats=lobby.seats, seed=7, state={"step": 0}, version=0, now=101.0
    )
    return game_id


def action(notation: str, at: float = 200.0) -> NewAction:
    return NewAction(seat=0, user_id=1, notation=notation, label=notation.title(), at=at)


async def test_a_version_0_file_is_migrated(db_path: Path) -> None:
    sqlite3.connect(db_path).close()
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 0
    store = await Store.open(db_path)
    assert await store.schema_version() == SCHEMA_VERSION
    await store.close()
    assert tables_in(db_path) >= TABLES
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_reopening_keeps_data_and_changes_nothing(db_path: Path) -> None:
    store = await Store.open(db_path)
    game_id = await new_lobby(store)
    await store.close()
    with sqlite3.connect(db_path) as conn:
        schema_before = conn.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall()
    for _ in range(2):
        store = await Store.open(db_path)
        assert await store.schema_version() == SCHEMA_VERSION
        loaded = await store.load(game_id)
        assert loaded is not None and loaded.options == {"target": 5}
        await store.close()
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall() == (
            schema_before
        )


async def test_a_newer_schema_is_refused(db_path: Path) -> None:
    with sqlite3.connect(db_path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(NewerSchema):
        await Store.open(db_path)


async def test_connection_settings(store: Store) -> None:
    for pragma, expected in (("foreign_keys", 1), ("busy_timeout", 5000)):
        row = await store._fetchone(f"PRAGMA {pragma}")
        assert row is not None and row[0] == expected


async def test_in_memory_store_works() -> None:
    async with await Store.open(":memory:") as store:
        game_id = await new_lobby(store)
        loaded = await store.load(game_id)
        assert loaded is not None
        assert [(s.seat, s.user_id, s.name) for s in loaded.seats] == [(0, 1, "Anna")]
        assert loaded.status == "lobby" and loaded.state is None


async def test_one_open_game_per_channel(store: Store) -> None:
    first = await new_lobby(store, channel_id=10)
    with pytest.raises(ChannelTaken) as taken:
        await new_lobby(store, channel_id=10, host=2)
    assert taken.value.game_id == first
    assert await store.open_game_in_channel(10) == first
    assert await new_lobby(store, channel_id=11) != first

    assert await store.set_status(first, "abandoned", now=150.0, only_from=("lobby",))
    assert await store.open_game_in_channel(10) is None
    second = await new_lobby(store, channel_id=10)
    assert await store.open_game_in_channel(10) == second


async def test_the_partial_unique_index_holds_without_the_service(db_path: Path) -> None:
    store = await Store.open(db_path)
    await new_lobby(store, channel_id=10)
    await store.close()
    with sqlite3.connect(db_path) as conn, pytest.raises(sqlite3.IntegrityError):
        conn.execute(
            "INSERT INTO games (kind, channel_id, status, host_user_id, created_at, updated_at)"
            " VALUES ('count', 10, 'running', 3, 0, 0)"
        )


async def test_save_action_checks_the_version(store: Store) -> None:
    game_id = await running_game(store)
    await store.save_action(game_id, 0, 1, {"step": 1}, action("add:1"))
    loaded = await store.load(game_id)
    assert loaded is not None and loaded.version == 1 and loaded.state == {"step": 1}

    with pytest.raises(StaleAction):
        await store.save_action(game_id, 0, 1, {"step": 99}, action("add:3"))
    loaded = await store.load(game_id)
    assert loaded is not None and loaded.version == 1 and loaded.state == {"step": 1}
    assert [a.notation for a in await store.actions(game_id)] == ["add:1"]


async def test_save_action_refuses_a_game_that_is_not_running(store: Store) -> None:
    game_id = await running_game(store)
    await store.set_status(game_id, "abandoned", now=150.0, only_from=("running",))
    with pytest.raises(StaleAction):
        await store.save_action(game_id, 0, 1, {"step": 1}, action("add:1"))
    assert await store.actions(game_id) == []


async def test_finishing_writes_results_in_the_same_transaction(store: Store) -> None:
    game_id = await running_game(store)
    rows = [
        ResultRow(game_id, "count", 300.0, 1, 2, "Ben", 7, 1, True),
        ResultRow(game_id, "count", 300.0, 0, 1, "Anna", 3, 2, False),
    ]
    await store.save_action(game_id, 0, 1, {"step": 1}, action("add:3", 300.0), results=rows)
    loaded = await store.load(game_id)
    assert loaded is not None and loaded.status == "finished"
    assert await store.results(game_id) == rows
    assert await store.results_for_user(2) == [rows[0]]
    assert await store.results_for_user(2, kind="rattus") == []


async def test_a_failed_finish_writes_nothing(store: Store) -> None:
    game_id = await running_game(store)
    duplicate = ResultRow(game_id, "count", 300.0, 0, 1, "Anna", 3, 1, True)
    with pytest.raises(sqlite3.IntegrityError):
        await store.save_action(
            game_id, 0, 1, {"step": 1}, action("add:3"), results=[duplicate, duplicate]
        )
    loaded = await store.load(game_id)
    assert loaded is not None and loaded.status == "running" and loaded.version == 0
    assert await store.actions(game_id) == []
    assert await store.results(game_id) == []


async def test_action_log_order_limit_and_names(store: Store) -> None:
    game_id = await running_game(store)
    for version in range(1, 6):
        await store.save_action(
            game_id, version - 1, version, {"step": version}, action(f"add:{version}", version)
        )
    log = await store.actions(game_id)
    assert [e.version for e in log] == [1, 2, 3, 4, 5]
    assert {e.name for e in log} == {"Anna"}
    latest = await store.actions(game_id, limit=2)
    assert [e.notation for e in latest] == ["add:4", "add:5"]
    assert latest[0].label == "Add:4"


async def test_table_messages_one_per_channel(store: Store) -> None:
    game_id = await running_game(store)
    await store.set_table_message(game_id, 10, 500, 0, is_home=True)
    await store.set_table_message(game_id, 77, 600, 0, is_home=False)
    await store.set_table_message(game_id, 10, 501, 3, is_home=True)
    messages = await store.table_messages(game_id)
    assert [(m.channel_id, m.message_id, m.version, m.is_home) for m in messages] == [
        (10, 501, 3, True),
        (77, 600, 0, False),
    ]
    found = await store.table_message_at(77, 600)
    assert found is not None and (found.game_id, found.is_home) == (game_id, False)
    assert await store.table_message_at(10, 500) is None
    assert await store.table_message_at(77, 501) is None


async def test_spectators_follow_one_game_each(store: Store) -> None:
    first = await running_game(store, channel_id=10)
    second = await running_game(store, channel_id=11)
    assert await store.add_spectator(first, 77) is None
    assert await store.add_spectator(first, 77) is None
    await store.set_table_message(first, 77, 600, 0, is_home=False)
    assert await store.spectator_channels(first) == [77]

    assert await store.add_spectator(second, 77) == first
    assert await store.spectator_channels(first) == []
    assert await store.spectator_channels(second) == [77]
    assert await store.table_messages(first) == []

    assert await store.remove_spectator(77) == second
    assert await store.remove_spectator(77) is None
    assert await store.spectator_channels(second) == []


async def test_dm_preference_reports_changes_once(store: Store) -> None:
    assert not await store.dms_closed(1)
    assert await store.set_dms_closed(1, True)
    assert not await store.set_dms_closed(1, True)
    assert await store.dms_closed(1)
    assert await store.set_dms_closed(1, False)
    assert not await store.dms_closed(1)
    assert not await store.set_dms_closed(2, False)


async def test_deleting_a_game_cascades(db_path: Path) -> None:
    store = await Store.open(db_path)
    game_id = await running_game(store)
    await store.save_action(game_id, 0, 1, {"step": 1}, action("add:1"))
    await store.add_spectator(game_id, 77)
    await store.close()
    with sqlite3.connect(db_path) as conn:
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("DELETE FROM games WHERE id = ?", (game_id,))
        for table in ("seats", "actions", "spectators"):
            assert conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] == 0
