"""The PostgreSQL backend: an asyncpg connection pool, for ``RATTUS_DB=postgresql://...``.

Why asyncpg: it is an asyncio driver from the ground up (the bot is one asyncio program),
speaks PostgreSQL's binary protocol with prepared statements cached per connection, brings its
own pool, and installs as a wheel with no libpq to provide; the store needs nothing of
psycopg 3's extras (sync API, COPY from files, its adapters).

Several bot processes may share one database. A game's changes run inside ``game_lock``:
a transaction that holds the game's row with ``SELECT ... FOR UPDATE``, so a second process
waits until the first has committed (and then sees its version). A process that dies drops
its connections, and PostgreSQL rolls back whatever it had not committed and frees its locks.
"""

from __future__ import annotations

import contextvars
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeAlias

import asyncpg

from host.database import DatabaseUnusable, IntegrityError, NewerSchema, Row, redact
from host.metrics import query_timer
from host.schema import SCHEMA_VERSION, migrations_for

if TYPE_CHECKING:
    from asyncpg.pool import PoolConnectionProxy

    PgConnection: TypeAlias = (
        asyncpg.Connection[asyncpg.Record] | PoolConnectionProxy[asyncpg.Record]
    )

POOL_SIZE = 10
MIGRATION_LOCK = 0x52415454  # the advisory lock key taken while migrating ("RATT")


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """The store's ``?`` placeholders as PostgreSQL's ``$1, $2, ...`` (not inside quotes)."""
    out: list[str] = []
    count = 0
    quoted = False
    for char in sql:
        if char == "'":
            quoted = not quoted
        if char == "?" and not quoted:
            count += 1
            out.append(f"${count}")
        else:
            out.append(char)
    return "".join(out)


async def _keep_session(conn: PgConnection) -> None:
    """Nothing to reset when a connection goes back to the pool: the store keeps no session
    state (no SET, LISTEN or session locks), and asyncpg has rolled back any transaction left
    open before calling this. Saves a round trip per use."""


def _reason(error: BaseException) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text[:200]


def _rowcount(status: str) -> int:
    """asyncpg's command tag ("UPDATE 1", "INSERT 0 1") -> the rows it touched."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class _Transaction:
    def __init__(self, conn: PgConnection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with query_timer("postgresql", "execute"):
            try:
                return _rowcount(await self._conn.execute(numbered(sql), *params))
            except asyncpg.IntegrityConstraintViolationError as error:
                raise IntegrityError(str(error)) from error

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with query_timer("postgresql", "executemany"):
            batch = [tuple(row) for row in rows]
            if not batch:
                return
            try:
                await self._conn.executemany(numbered(sql), batch)
            except asyncpg.IntegrityConstraintViolationError as error:
                raise IntegrityError(str(error)) from error

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        with query_timer("postgresql", "fetchone"):
            try:
                row: Row | None = await self._conn.fetchrow(numbered(sql), *params)
            except asyncpg.IntegrityConstraintViolationError as error:
                raise IntegrityError(str(error)) from error
            return row

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with query_timer("postgresql", "fetchall"):
            return list(await self._conn.fetch(numbered(sql), *params))


class PostgresBackend:
    """A PostgreSQL database shared by any number of bot processes."""

    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.target = redact(url)
        # The connection of the game lock this task holds, if any: its statements join it.
        self._held: contextvars.ContextVar[PgConnection | None] = contextvars.ContextVar(
            f"rattus_game_lock_{id(self)}", default=None
        )

    @classmethod
    async def open(cls, url: str, *, pool_size: int = POOL_SIZE) -> PostgresBackend:
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=pool_size, reset=_keep_session
            )
        except (TimeoutError, OSError, asyncpg.PostgresError, ValueError) as error:
            raise DatabaseUnusable(
                f"Cannot use the PostgreSQL database {redact(url)}: {_reason(error)}. Check "
                "RATTUS_DB (user, password, host, port, database name) and that the server runs."
            ) from error
        return cls(pool, url)

    async def close(self) -> None:
        await self._pool.close()

    async def schema_version(self) -> int:
        async with self._pool.acquire() as conn:
            return await self._version(conn)

    @staticmethod
    async def _version(conn: PgConnection) -> int:
        exists = await conn.fetchval("SELECT to_regclass('rattus_schema') IS NOT NULL")
        if not exists:
            return 0
        value = await conn.fetchval("SELECT version FROM rattus_schema")
        return int(value) if value is not None else 0

    async def migrate(self) -> None:
        """Every missing migration in one transaction, under an advisory lock so that
        processes starting together migrate once. A database the bot may not change (no
        rights to create tables, a read-only server) is DatabaseUnusable."""
        try:
            await self._migrate()
        except asyncpg.PostgresError as error:
            raise DatabaseUnusable(
                f"Cannot set up the tables in the PostgreSQL database {self.target}: "
                f"{_reason(error)}. The user in RATTUS_DB must be able to create tables there."
            ) from error

    async def _migrate(self) -> None:
        scripts = migrations_for(self.dialect)
        async with self._pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            current = await self._version(conn)
            if current > SCHEMA_VERSION:
                raise NewerSchema(
                    f"{self.target} has schema version {current}; this bot knows up to "
                    f"{SCHEMA_VERSION}. Update the bot before opening this database."
                )
            if current == SCHEMA_VERSION:
                return
            if current == 0:
                await conn.execute("CREATE TABLE rattus_schema (version INTEGER NOT NULL)")
                await conn.execute("INSERT INTO rattus_schema (version) VALUES (0)")
            for target in range(current + 1, SCHEMA_VERSION + 1):
                await conn.execute(scripts[target - 1])
                await conn.execute("UPDATE rattus_schema SET version = $1", target)

    @asynccontextmanager
    async def unit(self) -> AsyncIterator[None]:
        """One transaction for every statement this task runs in the block: inside a game
        lock, the lock's own (it is one already); elsewhere a new one, which they join."""
        if self._held.get() is not None:
            yield
            return
        async with self._pool.acquire() as conn, conn.transaction():
            token = self._held.set(conn)
            try:
                yield
            finally:
                self._held.reset(token)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[_Transaction]:
        held = self._held.get()
        if held is not None:
            # Inside the game lock's transaction, without a savepoint of its own: a statement
            # that fails aborts that whole transaction, and nothing of it commits.
            yield _Transaction(held)
            return
        async with self._pool.acquire() as conn, conn.transaction():
            yield _Transaction(conn)

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[_Transaction]:
        held = self._held.get()
        if held is not None:  # the game lock's transaction already sees one moment
            yield _Transaction(held)
            return
        async with (
            self._pool.acquire() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield _Transaction(conn)

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        lock = f"SELECT id FROM games WHERE id = {int(game_id)} FOR UPDATE"
        held = self._held.get()
        if held is not None:  # already holding a game: this one joins the same transaction
            await held.execute(lock)
            yield
            return
        async with self._pool.acquire() as conn:
            await conn.execute(f"BEGIN; {lock}")  # one round trip
            token = self._held.set(conn)
            try:
                yield
            except BaseException:
                self._held.reset(token)
                if not conn.is_closed():
                    await conn.execute("ROLLBACK")
                raise
            self._held.reset(token)
            await conn.execute("COMMIT")

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        held = self._held.get()
        if held is not None:
            return await _Transaction(held).fetchall(sql, params)
        async with self._pool.acquire() as conn:
            return await _Transaction(conn).fetchall(sql, params)

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        held = self._held.get()
        if held is not None:
            return await _Transaction(held).fetchone(sql, params)
        async with self._pool.acquire() as conn:
            return await _Transaction(conn).fetchone(sql, params)
