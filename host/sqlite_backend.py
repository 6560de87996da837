"""The SQLite backend: one aiosqlite connection, WAL, migrations by ``PRAGMA user_version``.

Every statement runs under one asyncio lock, so a transaction begun by one coroutine never
sees another coroutine's statements inside it. SQLite serves one bot process: its game lock
takes nothing, the service's per-game asyncio lock already serialises a game's changes.
Several processes sharing games need PostgreSQL.

Writes that must commit together although different parts of the host make them (a stand-in's
end of its deadline, the missed count and the action) run inside ``unit``: one transaction,
which the statements of the task that opened it join. It holds the connection for every other
task meanwhile, so a unit holds only those writes, never a computer's thinking.
"""

from __future__ import annotations

import asyncio
import contextvars
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from host.database import DatabaseUnusable, IntegrityError, NewerSchema, Row
from host.metrics import query_timer
from host.schema import SCHEMA_VERSION, migrations_for

BUSY_TIMEOUT_MS = 5000


def expected_columns() -> dict[str, set[str]]:
    """The tables and columns the migrations make, read from a fresh in-memory database."""
    reference = sqlite3.connect(":memory:")
    try:
        for script in migrations_for("sqlite"):
            reference.executescript(script)
        tables = [
            str(row[0])
            for row in reference.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        return {
            table: {str(row[1]) for row in reference.execute(f'PRAGMA table_info("{table}")')}
            for table in tables
        }
    finally:
        reference.close()


def _try_open(path: str) -> None:
    sqlite3.connect(path).close()


def _unusable(path: str, error: sqlite3.Error) -> str:
    """One line saying why the file cannot be the bot's database, and what to do."""
    text = str(error)
    if "readonly" in text or "read-only" in text:
        why = "is read-only (the file or its folder): the bot must be able to write it"
    elif "unable to open" in text:
        why = "cannot be opened or created (does its folder exist, and may the bot write there?)"
    elif "not a database" in text or "malformed" in text or "corrupt" in text:
        why = "is not a usable SQLite database (damaged or another kind of file)"
    else:
        why = f"cannot be used ({text})"
    return f"The database {path} {why}. Fix it or point RATTUS_DB at another file."


class _Transaction:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with query_timer("sqlite", "execute"):
            try:
                cur = await self._conn.execute(sql, params)
            except sqlite3.IntegrityError as error:
                raise IntegrityError(str(error)) from error
            return cur.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with query_timer("sqlite", "executemany"):
            rows = list(rows)
            if not rows:  # nothing to write: no trip to the database's thread
                return
            try:
                await self._conn.executemany(sql, rows)
            except sqlite3.IntegrityError as error:
                raise IntegrityError(str(error)) from error

    # One trip to the connection's thread per query (execute, fetch and close there), not
    # three: every trip waits for that thread and wakes the event loop again.

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        with query_timer("sqlite", "fetchone"):
            try:
                rows = await self._conn.execute_fetchall(sql, params)
            except sqlite3.IntegrityError as error:
                raise IntegrityError(str(error)) from error
            return next(iter(rows), None)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with query_timer("sqlite", "fetchall"):
            return list(await self._conn.execute_fetchall(sql, params))


class SqliteBackend:
    """A SQLite file (or ``:memory:``)."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self._tx = _Transaction(conn)
        self.target = path
        self._lock = asyncio.Lock()
        self._in_unit: contextvars.ContextVar[bool] = contextvars.ContextVar(
            f"sqlite_unit_{id(self)}", default=False
        )
        """Whether this task's statements join the unit it opened (``unit``)."""

    @classmethod
    async def open(cls, path: str | Path) -> SqliteBackend:
        try:
            # Tried plainly first: a failed aiosqlite connect leaves its thread behind.
            await asyncio.to_thread(_try_open, str(path))
            conn = await aiosqlite.connect(str(path), isolation_level=None)
        except sqlite3.Error as error:
            raise DatabaseUnusable(_unusable(str(path), error)) from error
        conn.row_factory = sqlite3.Row
        backend = cls(conn, str(path))
        try:
            await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA foreign_keys = ON")
        except BaseException as error:
            await conn.close()
            if isinstance(error, sqlite3.Error):
                raise DatabaseUnusable(_unusable(str(path), error)) from error
            raise
        return backend

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    async def schema_version(self) -> int:
        async with self._lock:
            return await self._user_version()

    async def _user_version(self) -> int:
        async with self._conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        async with self._lock:
            current = await self._user_version()
            if current > SCHEMA_VERSION:
                raise NewerSchema(
                    f"{self.target} has schema version {current}; this bot knows up to "
                    f"{SCHEMA_VERSION}. Update the bot before opening this database."
                )
            scripts = migrations_for(self.dialect)
            try:
                await self._check_intact(current)
                for target in range(current + 1, SCHEMA_VERSION + 1):
                    await self._conn.executescript(
                        f"BEGIN IMMEDIATE;\n{scripts[target - 1]}\n"
                        f"PRAGMA user_version = {target};\nCOMMIT;"
                    )
                await self._check_schema()
                await self._check_writable()
            except sqlite3.Error as error:
                if self._conn.in_transaction:
                    await self._conn.execute("ROLLBACK")
                raise DatabaseUnusable(_unusable(self.target, error)) from error

    async def _columns(self) -> dict[str, set[str]]:
        async with self._conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ) as cur:
            tables = [str(row[0]) for row in await cur.fetchall()]
        found = {}
        for table in tables:
            async with self._conn.execute(f'PRAGMA table_info("{table}")') as cur:
                found[table] = {str(row[1]) for row in await cur.fetchall()}
        return found

    async def _check_intact(self, version: int) -> None:
        """A damaged (truncated) file, or one another program wrote, is refused before use."""
        async with self._conn.execute("PRAGMA quick_check") as cur:
            verdict = [str(row[0]) for row in await cur.fetchall()]
        if verdict != ["ok"]:
            raise DatabaseUnusable(
                f"The database {self.target} is damaged ({verdict[0][:120]}). Restore a backup "
                "or point RATTUS_DB at another file."
            )
        if version == 0 and await self._columns():
            raise DatabaseUnusable(
                f"The database {self.target} holds tables but no schema version of this bot: "
                "it is not a database this bot wrote. Point RATTUS_DB at another file."
            )

    async def _check_schema(self) -> None:
        """Every table and column the migrations make must be there (a database another
        program wrote, or one edited by hand, is refused rather than half used)."""
        have = await self._columns()
        for table, columns in expected_columns().items():
            missing = columns - have.get(table, set())
            if missing:
                raise DatabaseUnusable(
                    f"{self.target} has an unexpected schema (table {table} lacks "
                    f"{', '.join(sorted(missing))}): it is not a database this bot wrote. "
                    "Point RATTUS_DB at another file."
                )

    async def _check_writable(self) -> None:
        """A write that is rolled back: a read-only file or filesystem fails here, at start,
        rather than at the first move."""
        await self._conn.execute("BEGIN IMMEDIATE")
        try:
            await self._conn.execute(
                "INSERT INTO user_prefs (user_id, dms_closed) VALUES (-1, 0)"
                " ON CONFLICT (user_id) DO NOTHING"
            )
        finally:
            await self._conn.execute("ROLLBACK")

    @asynccontextmanager
    async def unit(self) -> AsyncIterator[None]:
        """One transaction for every statement this task runs in the block (the transactions
        it opens join it): all commit together, or none if the block raises or the process
        dies."""
        if self._in_unit.get():
            yield
            return
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            token = self._in_unit.set(True)
            try:
                yield
            except BaseException:
                self._in_unit.reset(token)
                await self._conn.execute("ROLLBACK")
                raise
            self._in_unit.reset(token)
            await self._conn.execute("COMMIT")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_Transaction]:
        if self._in_unit.get():  # inside this task's unit: its statements join it
            yield self._tx
            return
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._tx
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[_Transaction]:
        if self._in_unit.get():  # the unit already holds the connection
            yield self._tx
            return
        async with self._lock:  # no other statement runs on the connection meanwhile
            yield self._tx

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        yield

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        if self._in_unit.get():
            return await self._tx.fetchall(sql, params)
        async with self._lock:
            return await self._tx.fetchall(sql, params)

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        if self._in_unit.get():
            return await self._tx.fetchone(sql, params)
        async with self._lock:
            return await self._tx.fetchone(sql, params)
