"""A consistent copy of the bot's SQLite database, safe while games are played, rotated.

    python -m host.backup                      # RATTUS_DB (or .env, or rattus.sqlite3)
    python -m host.backup --db games.sqlite3 --dir /backups --keep 14

The copy is made with SQLite's online backup (one consistent moment, even while the bot
writes: the bot's connection waits at most a moment, never fails), checked with
``PRAGMA integrity_check`` and ``PRAGMA quick_check``, then written under its final name
(``rattus-YYYYmmdd-HHMMSS.sqlite3``), and only then are the oldest backups beyond ``--keep``
deleted. Restoring is copying a backup over the database file while the bot is stopped (see
the README, "Backups"). For PostgreSQL, ``pg_dump`` does this job; the tool says so.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import time
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from host.database import is_postgres_url

PREFIX = "rattus-"
SUFFIX = ".sqlite3"
DEFAULT_KEEP = 7
PAGES_PER_STEP = 256
"""Pages copied per step of the online backup; the bot may write between two steps."""
BUSY_MS = 5_000


class BackupError(Exception):
    """The backup could not be made; the message says why. Nothing was rotated away."""


@dataclass(frozen=True)
class Made:
    path: Path
    size: int
    removed: tuple[Path, ...]


def backup_name(now: float) -> str:
    stamp = datetime.fromtimestamp(now, UTC).strftime("%Y%m%d-%H%M%S")
    return f"{PREFIX}{stamp}{SUFFIX}"


def copy_database(source: Path, target: Path) -> None:
    """SQLite's online backup of ``source`` into the new file ``target``, checked."""
    if not source.is_file():
        raise BackupError(f"there is no database file at {source}.")
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        with (
            closing(sqlite3.connect(source, timeout=5)) as src,
            closing(sqlite3.connect(partial)) as dst,
        ):
            src.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            src.backup(dst, pages=PAGES_PER_STEP, sleep=0.005)
            # The copy is a plain file: no write-ahead log to carry alongside it.
            dst.execute("PRAGMA journal_mode = DELETE")
            verdict = dst.execute("PRAGMA integrity_check").fetchone()[0]
            if verdict != "ok":
                raise BackupError(f"the copy of {source} failed its integrity check: {verdict}")
    except sqlite3.Error as error:
        partial.unlink(missing_ok=True)
        raise BackupError(f"could not copy {source}: {error}.") from error
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    os.replace(partial, target)


def backups_in(folder: Path) -> list[Path]:
    """The backups in ``folder``, oldest first (their names sort by time)."""
    return sorted(p for p in folder.glob(f"{PREFIX}*{SUFFIX}") if p.is_file())


def make_backup(
    database: Path, folder: Path, *, keep: int = DEFAULT_KEEP, now: float | None = None
) -> Made:
    """Copy ``database`` into ``folder`` and keep the newest ``keep`` backups there."""
    if keep < 1:
        raise BackupError("--keep must be 1 or more.")
    folder.mkdir(parents=True, exist_ok=True)
    moment = time.time() if now is None else now
    target = folder / backup_name(moment)
    while target.exists():  # two backups in one second: the second one a second later
        moment += 1
        target = folder / backup_name(moment)
    copy_database(database, target)
    existing = backups_in(folder)
    removed = tuple(existing[:-keep]) if len(existing) > keep else ()
    for old in removed:
        old.unlink(missing_ok=True)
    return Made(target, target.stat().st_size, removed)


def database_setting(environ: dict[str, str], env_file: Path) -> str:
    """RATTUS_DB as the bot reads it (the environment, then .env, then the default)."""
    value = environ.get("RATTUS_DB", "").strip()
    if value:
        return value
    if env_file.is_file():
        for raw in env_file.read_text(encoding="utf-8").splitlines():
            line = raw.strip().removeprefix("export ").strip()
            key, sep, found = line.partition("=")
            if sep and key.strip() == "RATTUS_DB":
                found = found.split(" #", 1)[0].strip().strip("'\"")
                if found:
                    return found
    return "rattus.sqlite3"


def main(argv: Sequence[str] | None = None, environ: dict[str, str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m host.backup",
        description="Copy the bot's SQLite database safely while it runs, keeping the newest N.",
    )
    parser.add_argument("--db", help="the database file (default: RATTUS_DB, as the bot reads it)")
    parser.add_argument(
        "--dir", help="where backups go (default: a 'backups' folder beside the database)"
    )
    parser.add_argument(
        "--keep", type=int, default=DEFAULT_KEEP, help=f"how many to keep (default {DEFAULT_KEEP})"
    )
    args = parser.parse_args(argv)
    env = dict(os.environ if environ is None else environ)
    target = args.db or database_setting(env, Path(__file__).resolve().parents[1] / ".env")
    if is_postgres_url(target):
        print(
            "Cannot back up: RATTUS_DB is a PostgreSQL database; use pg_dump "
            "(pg_dump --format=custom --file=rattus.dump <address>), as the README shows.",
            file=sys.stderr,
        )
        return 2
    database = Path(target)
    folder = Path(args.dir) if args.dir else database.resolve().parent / "backups"
    try:
        made = make_backup(database, folder, keep=args.keep)
    except BackupError as error:
        print(f"Cannot back up: {error}", file=sys.stderr)
        return 2
    gone = f"; removed {len(made.removed)} older" if made.removed else ""
    print(f"Backed up {database} to {made.path} ({made.size:,} bytes){gone}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
