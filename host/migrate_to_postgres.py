"""Move a SQLite database of the bot into an empty PostgreSQL database.

    python -m host.migrate_to_postgres rattus.sqlite3 postgresql://rattus:secret@db/rattus

Both are first brought to this bot's schema (as starting the bot would). Then every table is
copied row by row in one PostgreSQL transaction, keeping every id, and the id counters are
moved past the copied rows. The target must be empty: if any of its tables holds a row the
tool refuses and writes nothing. The SQLite file is only read (after its migration), so it
stays a complete backup. Stop the bot while it runs.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from host.database import is_postgres_url, redact
from host.store import Store

CONVERT: dict[str, type] = {"bigint": int, "integer": int, "double precision": float, "text": str}


class MigrationRefused(Exception):
    """The move cannot be done as asked; nothing was written. The message says why."""


@dataclass(frozen=True)
class Copied:
    table: str
    rows: int


def tables_in_order(conn: sqlite3.Connection) -> list[str]:
    """The SQLite file's tables, each after every table its foreign keys point to."""
    names = [
        r[0]
        for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            " ORDER BY name"
        )
    ]
    parents = {
        name: {r[2] for r in conn.execute(f'PRAGMA foreign_key_list("{name}")')} - {name}
        for name in names
    }
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and parents[n] <= set(ordered)]
        if not ready:
            raise MigrationRefused("The SQLite tables' foreign keys form a cycle.")
        ordered += ready
    return ordered


async def migrate(sqlite_path: str | Path, url: str) -> list[Copied]:
    """Copy everything; MigrationRefused (nothing written) unless the target is empty."""
    source = Path(sqlite_path)
    if not source.is_file():
        raise MigrationRefused(f"There is no SQLite file at {source}.")
    if not is_postgres_url(url):
        raise MigrationRefused(f"{url!r} is not a postgresql:// address.")
    for target in (str(source), url):
        await (await Store.open(target)).close()  # both at this bot's schema

    with closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as reader:
        tables = tables_in_order(reader)
        pg = await asyncpg.connect(url)
        try:
            async with pg.transaction():
                await _refuse_unless_empty(pg, tables, url)
                copied = [await _copy(reader, pg, table) for table in tables]
                await _move_id_counters(pg)
        finally:
            await pg.close()
    return copied


async def _refuse_unless_empty(
    pg: asyncpg.Connection[asyncpg.Record], tables: Sequence[str], url: str
) -> None:
    for table in tables:
        await pg.execute(f'LOCK TABLE "{table}" IN EXCLUSIVE MODE')
        count = await pg.fetchval(f'SELECT COUNT(*) FROM "{table}"')
        if count:
            raise MigrationRefused(
                f"{redact(url)} already holds data ({count} rows in {table}). This tool only "
                "fills an empty database, so nothing was copied. Use a new database, or empty "
                "this one yourself if you are sure."
            )


async def _copy(
    reader: sqlite3.Connection, pg: asyncpg.Connection[asyncpg.Record], table: str
) -> Copied:
    types = {
        r["column_name"]: r["data_type"]
        for r in await pg.fetch(
            "SELECT column_name, data_type FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = $1",
            table,
        )
    }
    columns = [r[1] for r in reader.execute(f'PRAGMA table_info("{table}")')]
    missing = [c for c in columns if c not in types]
    if missing:
        raise MigrationRefused(f"PostgreSQL's {table} lacks the columns {missing}.")
    convert = [CONVERT.get(types[c], _same) for c in columns]
    rows = [
        tuple(None if value is None else fn(value) for fn, value in zip(convert, row, strict=True))
        for row in reader.execute(f'SELECT {", ".join(columns)} FROM "{table}"')
    ]
    if rows:
        await pg.copy_records_to_table(table, records=rows, columns=columns)
    return Copied(table, len(rows))


def _same(value: Any) -> Any:
    return value


async def _move_id_counters(pg: asyncpg.Connection[asyncpg.Record]) -> None:
    """Identity columns continue after the largest copied id."""
    for r in await pg.fetch(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND is_identity = 'YES'"
    ):
        table, column = r["table_name"], r["column_name"]
        await pg.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
            f' COALESCE((SELECT MAX("{column}") FROM "{table}"), 0) + 1, false)'
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m host.migrate_to_postgres",
        description="Copy the bot's SQLite database into an empty PostgreSQL database.",
    )
    parser.add_argument("sqlite_file", help="the bot's SQLite file (RATTUS_DB until now)")
    parser.add_argument("postgres_url", help="postgresql://user:password@host:port/dbname")
    args = parser.parse_args(argv)
    try:
        copied = asyncio.run(migrate(args.sqlite_file, args.postgres_url))
    except MigrationRefused as refused:
        print(f"Refused: {refused}", file=sys.stderr)
        return 1
    for item in copied:
        print(f"{item.table}: {item.rows} rows")
    print(f"Done. Set RATTUS_DB={redact(args.postgres_url)} (with its password) and start the bot.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
