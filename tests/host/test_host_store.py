from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from engine.text import msg
from host.channels import Channels
from host.database import IntegrityError, is_postgres_url
from host.errors import StaleAction, UserError
from host.models import DmQuestion, ResultRow
from host.records import Records
from host.schema import MIGRATIONS, SCHEMA_VERSION, migrations_for, render
from host.store import ChannelTaken, NewAction, NewerSchema, Store

TABLES = {"games", "seats", "actions", "table_messages", "spectators", "results", "user_prefs"}


async def raw(target: str, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Run SQL on the database itself, around the store (``?`` placeholders)."""
    if is_postgres_url(target):
        conn = await asyncpg.connect(target)
        try:
            numbered = sql
            for n in range(1, len(params) + 1):
                numbered = numbered.replace("?", f"${n}", 1)
            return [tuple(r) for r in await conn.fetch(numbered, *params)]
        finally:
            await conn.close()
    with sqlite3.connect(target) as conn:
        conn.execute("PRAGMA foreign_keys = ON")
        return [tuple(r) for r in conn.execute(sql, params).fetchall()]


async def tables_in(target: str) -> set[str]:
    if is_postgres_url(target):
        sql = "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
    else:
        sql = "SELECT name FROM sqlite_master WHERE type = 'table'"
    return {r[0] for r in await raw(target, sql)}


async def schema_of(target: str) -> list[tuple[Any, ...]]:
    if is_postgres_url(target):
        return await raw(
            target,
            "SELECT table_name, column_name, data_type, is_nullable, column_default"
            " FROM information_schema.columns WHERE table_schema = 'public'"
            " ORDER BY table_name, ordinal_position",
        )
    return await raw(target, "SELECT sql FROM sqlite_master ORDER BY name")


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


def channels_of(store: Store) -> Channels:
    """The tables of the service's ``channels`` part, over this store."""
    return Channels(store, Records(store, {}, clock=lambda: 0.0))


def action(notation: str, at: float = 200.0) -> NewAction:
    return NewAction(seat=0, user_id=1, notation=notation, label=msg(notation.title()), at=at)


async def test_an_empty_database_is_migrated(db_target: str) -> None:
    store = await Store.open(db_target)
    assert await store.schema_version() == SCHEMA_VERSION
    await store.close()
    assert await tables_in(db_target) >= TABLES


async def test_a_version_0_file_is_migrated_to_wal(db_path: Path) -> None:
    sqlite3.connect(db_path).close()
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 0
    store = await Store.open(db_path)
    assert store.dialect == "sqlite"
    await store.close()
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_reopening_keeps_data_and_changes_nothing(db_target: str) -> None:
    store = await Store.open(db_target)
    game_id = await new_lobby(store)
    await store.close()
    schema_before = await schema_of(db_target)
    for _ in range(2):
        store = await Store.open(db_target)
        assert await store.schema_version() == SCHEMA_VERSION
        loaded = await store.load(game_id)
        assert loaded is not None and loaded.options == {"target": 5}
        await store.close()
    assert await schema_of(db_target) == schema_before


async def test_a_newer_schema_is_refused(db_target: str) -> None:
    await (await Store.open(db_target)).close()
    if is_postgres_url(db_target):
        await raw(db_target, "UPDATE rattus_schema SET version = ?", SCHEMA_VERSION + 1)
    else:
        await raw(db_target, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(NewerSchema, match="Update the bot"):
        await Store.open(db_target)


def test_one_schema_definition_rendered_for_each_engine() -> None:
    assert migrations_for("sqlite") == MIGRATIONS
    postgres = migrations_for("postgresql")
    assert len(postgres) == len(MIGRATIONS) == SCHEMA_VERSION
    first = postgres[0]
    assert "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY" in first
    assert "AUTOINCREMENT" not in first and "REAL" not in first
    assert "INTEGER" not in "".join(postgres)
    assert render("user_id INTEGER, at REAL", "postgresql") == "user_id BIGINT, at DOUBLE PRECISION"
    with pytest.raises(ValueError, match="dialect"):
        render("", "oracle")


async def test_discord_ids_and_timestamps_keep_their_precision(store: Store) -> None:
    snowflake = 1_234_567_890_123_456_789
    game_id = await store.create_game(
        kind="count",
        guild_id=snowflake,
        channel_id=snowflake + 1,
        host_user_id=snowflake + 2,
        host_name="Anna",
        options={},
        now=1_700_000_000.123456,
    )
    loaded = await store.load(game_id)
    assert loaded is not None
    assert (loaded.guild_id, loaded.channel_id, loaded.seats[0].user_id) == (
        snowflake,
        snowflake + 1,
        snowflake + 2,
    )
    assert loaded.created_at == 1_700_000_000.123456


async def test_sqlite_connection_settings(db_path: Path) -> None:
    async with await Store.open(db_path) as store:
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


async def test_the_partial_unique_index_holds_without_the_service(db_target: str) -> None:
    store = await Store.open(db_target)
    await new_lobby(store, channel_id=10)
    await store.close()
    with pytest.raises((sqlite3.IntegrityError, asyncpg.UniqueViolationError)):
        await raw(
            db_target,
            "INSERT INTO games (kind, channel_id, status, host_user_id, created_at, updated_at)"
            " VALUES ('count', 10, 'running', 3, 0, 0)",
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
    assert await store.stats.results(game_id) == rows
    assert await store.stats.results_for_user(2) == [rows[0]]
    assert await store.stats.results_for_user(2, kind="rattus") == []


async def test_a_failed_finish_writes_nothing(store: Store) -> None:
    game_id = await running_game(store)
    duplicate = ResultRow(game_id, "count", 300.0, 0, 1, "Anna", 3, 1, True)
    with pytest.raises(IntegrityError):
        await store.save_action(
            game_id, 0, 1, {"step": 1}, action("add:3"), results=[duplicate, duplicate]
        )
    loaded = await store.load(game_id)
    assert loaded is not None and loaded.status == "running" and loaded.version == 0
    assert await store.actions(game_id) == []
    assert await store.stats.results(game_id) == []


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
    assert latest[0].label == msg("Add:4")


async def test_table_messages_one_per_channel(store: Store) -> None:
    game_id = await running_game(store)
    await channels_of(store).set_table_message(game_id, 10, 500, 0, is_home=True)
    await channels_of(store).set_table_message(game_id, 77, 600, 0, is_home=False)
    await channels_of(store).set_table_message(game_id, 10, 501, 3, is_home=True)
    messages = await channels_of(store).table_messages(game_id)
    assert [(m.channel_id, m.message_id, m.version, m.is_home) for m in messages] == [
        (10, 501, 3, True),
        (77, 600, 0, False),
    ]
    found = await channels_of(store).table_message_at(77, 600)
    assert found is not None and (found.game_id, found.is_home) == (game_id, False)
    assert await channels_of(store).table_message_at(10, 500) is None
    assert await channels_of(store).table_message_at(77, 501) is None


async def test_spectators_follow_one_game_each(store: Store) -> None:
    first = await running_game(store, channel_id=10)
    second = await running_game(store, channel_id=11)
    assert await channels_of(store).follow(first, 77) is None
    assert await channels_of(store).follow(first, 77) is None
    await channels_of(store).set_table_message(first, 77, 600, 0, is_home=False)
    assert await channels_of(store).spectator_channels(first) == [77]

    assert await channels_of(store).follow(second, 77) == first
    assert await channels_of(store).spectator_channels(first) == []
    assert await channels_of(store).spectator_channels(second) == [77]
    assert await channels_of(store).table_messages(first) == []

    assert await channels_of(store).remove_spectator(77) == second
    with pytest.raises(UserError):
        await channels_of(store).remove_spectator(77)
    assert await channels_of(store).spectator_channels(second) == []


async def test_dm_preference_reports_changes_once(store: Store) -> None:
    assert not await store.dms_closed(1)
    assert await store.set_dms_closed(1, True)
    assert not await store.set_dms_closed(1, True)
    assert await store.dms_closed(1)
    assert await store.set_dms_closed(1, False)
    assert not await store.dms_closed(1)
    assert not await store.set_dms_closed(2, False)


async def test_deleting_a_game_cascades(db_target: str) -> None:
    store = await Store.open(db_target)
    game_id = await running_game(store)
    await store.save_action(game_id, 0, 1, {"step": 1}, action("add:1"))
    await channels_of(store).follow(game_id, 77)
    await store.close()
    await raw(db_target, "DELETE FROM games WHERE id = ?", game_id)
    for table in ("seats", "actions", "spectators"):
        assert await raw(db_target, f"SELECT COUNT(*) FROM {table}") == [(0,)]


async def test_an_id_beyond_64_bits_names_no_game(store: Store) -> None:
    for forged in (10**30, 2**63, 0, -1):
        assert await store.load(forged) is None
        async with store.game_lock(forged):
            assert await store.load(forged) is None


async def test_the_writes_of_a_unit_commit_together_or_not_at_all(store: Store) -> None:
    game_id = await store.create_game(
        kind="count",
        guild_id=1,
        channel_id=77,
        host_user_id=1,
        host_name="Anna",
        options={},
        now=1.0,
    )
    with pytest.raises(RuntimeError):
        async with store.unit():
            await store.clocks.set_missed(game_id, 0, 1)
            await store.jobs.schedule("t", 5.0, game_id=game_id)
            assert await store.clocks.seat(game_id, 0) == (None, 1)  # seen inside
            raise RuntimeError("dies before the end")
    assert await store.clocks.seat(game_id, 0) == (None, 0)
    assert await store.jobs.pending(game_id) == []

    async with store.unit():
        await store.clocks.set_missed(game_id, 0, 2)
        await store.jobs.schedule("t", 5.0, game_id=game_id)
    assert await store.clocks.seat(game_id, 0) == (None, 2)
    assert len(await store.jobs.pending(game_id)) == 1


async def test_a_dm_question_is_kept_one_per_person_and_game_until_dropped(store: Store) -> None:
    game_id = await running_game(store)
    other = await running_game(store, channel_id=11)
    assert await channels_of(store).dm_questions(game_id) == []
    first = DmQuestion(game_id, user_id=1, seat=0, channel_id=70, message_id=700, version=3)
    await channels_of(store).set_dm_question(first)
    await channels_of(store).set_dm_question(DmQuestion(other, 1, 0, 70, 701, 1))
    assert await channels_of(store).dm_questions(game_id) == [first]
    # asked again (a new DM, or the same one brought up to date): the one row is replaced
    again = DmQuestion(game_id, user_id=1, seat=0, channel_id=70, message_id=702, version=5)
    await channels_of(store).set_dm_question(again)
    await channels_of(store).set_dm_question(DmQuestion(game_id, 2, 1, 71, 710, 5))
    assert [q.message_id for q in await channels_of(store).dm_questions(game_id)] == [702, 710]
    await channels_of(store).drop_dm_question(game_id, 1)
    assert [q.user_id for q in await channels_of(store).dm_questions(game_id)] == [2]
    assert [q.message_id for q in await channels_of(store).dm_questions(other)] == [701]
