"""What the store asks of a database: the one interface both backends implement.

The store writes its SQL once, with ``?`` placeholders and the types of ``host/schema.py``;
a backend runs it on its engine: ``host/sqlite_backend.py`` (aiosqlite, the default) or
``host/postgres_backend.py`` (asyncpg, for ``postgresql://`` addresses). Constraint errors
of either engine reach the store as ``IntegrityError``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class IntegrityError(Exception):
    """A constraint refused a write (unique key, foreign key, check); nothing was written."""


class DatabaseUnusable(RuntimeError):
    """The bot cannot use this database at all (not a database, damaged, read-only, a schema
    it does not know). The message is one line that says which and what to do."""


class NewerSchema(DatabaseUnusable):
    """The database was written by a newer version of the bot than this one."""


def is_postgres_url(target: str) -> bool:
    """Whether ``RATTUS_DB`` names a PostgreSQL database rather than a SQLite file."""
    return target.strip().lower().startswith(POSTGRES_SCHEMES)


def redact(url: str) -> str:
    """A database address fit for logs and messages: any password replaced by ``***``."""
    scheme, sep, rest = url.partition("://")
    if not sep or "@" not in rest:
        return url
    credentials, _, host = rest.rpartition("@")
    user, colon, _ = credentials.partition(":")
    return f"{scheme}://{user}{':***' if colon else ''}@{host}"


class Row(Protocol):
    """A result row: by column name or position (``sqlite3.Row`` and ``asyncpg.Record``)."""

    def __getitem__(self, key: str | int, /) -> Any: ...


class Connection(Protocol):
    """Statements inside one transaction."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...


class Backend(Protocol):
    """One database engine under the store."""

    dialect: str
    """``"sqlite"`` or ``"postgresql"``: which form of the schema it runs."""
    target: str
    """The file or the address (password redacted), for messages."""

    def transaction(self) -> AbstractAsyncContextManager[Connection]:
        """All or nothing: committed when the block ends, rolled back if it raises."""
        ...

    def unit(self) -> AbstractAsyncContextManager[None]:
        """Every statement this task runs in the block, in one transaction (the transactions
        it opens join it): writes made by different parts of the host that must commit
        together, or not at all. Inside a game lock on PostgreSQL that is the lock's own."""
        ...

    def snapshot(self) -> AbstractAsyncContextManager[Connection]:
        """Several reads that all see the same moment (no writes)."""
        ...

    def game_lock(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """Hold one game exclusively against every other process sharing the database.

        Statements run by this task inside the block share the lock's transaction; it
        commits when the block ends and is rolled back if the block raises or the process
        dies.
        """
        ...

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    async def schema_version(self) -> int: ...

    async def migrate(self) -> None:
        """Bring the schema to ``SCHEMA_VERSION``; NewerSchema if the database is newer."""
        ...

    async def close(self) -> None: ...


async def numbers(reader: Backend | Connection, sql: str, params: Sequence[Any] = ()) -> list[int]:
    """The first column of every row ``sql`` reads, as whole numbers (ids, seats)."""
    return [int(row[0]) for row in await reader.fetchall(sql, params)]


class Tables:
    """Some of the store's tables with their SQL, over the store's backend (``store.jobs``,
    ``store.seats``, ``store.stats``, ``store.clocks``, ``store.servers``)."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    async def write(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement in a transaction of its own (a game lock's, if this task holds one);
        how many rows it changed."""
        async with self.backend.transaction() as db:
            return await db.execute(sql, params)

    async def numbers(self, sql: str, params: Sequence[Any] = ()) -> list[int]:
        """The first column of every row ``sql`` reads, as whole numbers (ids, seats)."""
        return await numbers(self.backend, sql, params)
