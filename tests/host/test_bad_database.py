"""A database the bot cannot use is refused at start with one clear line, never a traceback
or a bot that answers every move with an error."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

import bot
from host.database import DatabaseUnusable
from host.store import Store
from tests.pgserver import PostgresServer

ENV = {"DISCORD_TOKEN": "not-used"}


def refusal(path: Path | str, capsys: pytest.CaptureFixture[str]) -> str:
    """main() on this database: it must stop with code 2 and one line on stderr."""
    assert bot.main({**ENV, "RATTUS_DB": str(path)}, env_file=None) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("Cannot start: ") and "\n" not in err, err
    assert "Traceback" not in err
    return err


@contextlib.contextmanager
def unwritable(path: Path) -> Iterator[None]:
    """Make a file or folder unwritable even for root (immutable), or skip where that is
    impossible."""
    if os.geteuid() == 0:
        done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False)
        if done.returncode != 0:
            pytest.skip("cannot make a file immutable here")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=False)
    else:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(mode)


async def made(path: Path) -> None:
    store = await Store.open(path)
    await store.close()


async def test_a_good_database_is_accepted_and_migrated(tmp_path: Path) -> None:
    await bot.check_database(str(tmp_path / "new.sqlite3"))
    await bot.check_database(str(tmp_path / "new.sqlite3"))


def test_a_garbage_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"these are not the rats you are looking for\n" * 200)
    assert "not a usable SQLite database" in refusal(path, capsys)


def test_a_truncated_database_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.sqlite3"
    asyncio.run(made(path))
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.executemany(
            "INSERT INTO user_prefs (user_id, dms_closed) VALUES (?, 0)",
            [(n,) for n in range(3000)],
        )
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert "Cannot start" in refusal(path, capsys)


def test_another_program_s_database_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE games (id INTEGER, title TEXT)")
    assert "not a database this bot wrote" in refusal(path, capsys)


def test_a_schema_missing_a_column_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.sqlite3"
    asyncio.run(made(path))
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE deciders_told")
        conn.execute("CREATE TABLE deciders_told (game_id INTEGER PRIMARY KEY)")
    assert "unexpected schema" in refusal(path, capsys)


def test_a_read_only_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.sqlite3"
    asyncio.run(made(path))
    with unwritable(path):
        assert "read-only" in refusal(path, capsys)


def test_a_read_only_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    with unwritable(folder):
        assert "Cannot start: The database" in refusal(folder / "games.sqlite3", capsys)


async def test_the_store_raises_the_same_one_line_error(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"\x00" * 4096)
    with pytest.raises(DatabaseUnusable) as caught:
        await Store.open(path)
    assert "\n" not in str(caught.value)


def test_an_unreachable_postgresql_server_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with socket.socket() as sock:  # a port where nothing listens
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"postgresql://rattus:hunter2@127.0.0.1:{port}/rattus"
    err = refusal(url, capsys)
    assert "Cannot use the PostgreSQL database" in err
    assert "hunter2" not in err and "rattus:***@127.0.0.1" in err


def test_a_missing_postgresql_database_is_refused_in_one_line(
    postgres_server: PostgresServer, capsys: pytest.CaptureFixture[str]
) -> None:
    err = refusal(postgres_server.url("no_such_database"), capsys)
    assert "no_such_database" in err and "does not exist" in err


async def test_a_postgresql_user_without_rights_is_refused(postgres_url: str) -> None:
    role = "visitor_" + postgres_url.rsplit("/", 1)[1]  # roles are server-wide: one per test db
    conn = await asyncpg.connect(postgres_url)
    try:
        await conn.execute(f"CREATE ROLE {role} LOGIN")
        await conn.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
    finally:
        await conn.close()
    visitor = postgres_url.replace("rattus@", f"{role}@", 1)
    with pytest.raises(DatabaseUnusable, match="must be able to create tables") as caught:
        await Store.open(visitor)
    assert "\n" not in str(caught.value)
