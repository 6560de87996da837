"""The SQLite backend: one aiosqlite connection, WAL, migrations by ``PRAGMA user_version``.

Every statement runs under one asyncio lock, so a transaction begun by one coroutine never
sees another coroutine's statements inside it. SQLite serves one bot process: its game lock
takes nothing, the service's per-game asyncio lock already serialises a game's changes.
Several processes sharing games need PostgreSQL.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from host.database import IntegrityError, NewerSchema, Row
from host.schema import SCHEMA_VERSION, migrations_for

BUSY_TIMEOUT_MS = 5000


class _Transaction:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            cur = await self._conn.execute(sql, params)
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error
        return cur.rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self._conn.executemany(sql, rows)
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        try:
            async with self._conn.execute(sql, params) as cur:
                row: Row | None = await cur.fetchone()
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from error
        return row

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._conn.execute(sql, params) as cur:
            return list(await cur.fetchall())


class SqliteBackend:
    """A SQLite file (or ``:memory:``)."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self._tx = _Transaction(conn)
        self.target = path
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> SqliteBackend:
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = sqlite3.Row
        backend = cls(conn, str(path))
        try:
            await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            await conn.close()
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
            for target in range(current + 1, SCHEMA_VERSION + 1):
                await self._conn.executescript(
                    f"BEGIN IMMEDIATE;\n{scripts[target - 1]}\n"
                    f"PRAGMA user_version = {target};\nCOMMIT;"
                )

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_Transaction]:
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
        async with self._lock:  # no other statement runs on the connection meanwhile
            yield self._tx

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        yield

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._lock:
            return await self._tx.fetchall(sql, params)

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        async with self._lock:
            return await self._tx.fetchone(sql, params)
