"""Work due at a time (turn timers, reminders, retried DMs), claimed by one process at a time.

A job is a row of ``jobs``: its kind, its game (optional), when it is due and a JSON payload.
A process asks for the jobs that are due with ``claim_due``; each job it gets is its own for
a lease (``claimed_until``), and no other process gets it meanwhile. On PostgreSQL the claim
selects with ``FOR UPDATE SKIP LOCKED``, so processes claiming at the same moment take
different rows without waiting on each other; on SQLite the claim is one write transaction.
The holder ends a job with ``finish`` (it is deleted) or ``retry`` (due again later). A
process that dies keeps nothing: when its lease runs out the job is due again, and another
process claims it. Work that changes a game should run inside ``store.game_lock(game_id)``
and call ``finish`` there, so the change and the job's end commit together (exactly once).

A job whose saved payload cannot be read (not JSON, not an object: a damaged row) is set aside
as it is read: moved to ``damaged_jobs``, kept for repair, logged once, and left out of what
``claim_due`` and ``pending`` return, so it stops no other job. The work that owns a kind can
set aside a job it finds meaningless too (``set_aside``).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from host.database import Connection, Row, Tables
from host.sharding import Shards

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Job:
    id: int
    kind: str
    game_id: int | None
    due_at: float
    payload: dict[str, Any]
    claimed_by: str | None
    claimed_until: float | None
    attempts: int


class DamagedJob(ValueError):
    """A job's saved payload cannot be read."""


def _job(r: Row) -> Job:
    try:
        payload = json.loads(r["payload"])
    except (ValueError, TypeError) as error:
        raise DamagedJob(f"payload is not JSON: {error}") from None
    if not isinstance(payload, dict):
        raise DamagedJob(f"payload is not a JSON object but {type(payload).__name__}")
    return Job(
        id=int(r["id"]),
        kind=r["kind"],
        game_id=r["game_id"],
        due_at=float(r["due_at"]),
        payload=payload,
        claimed_by=r["claimed_by"],
        claimed_until=r["claimed_until"],
        attempts=int(r["attempts"]),
    )


async def _set_aside(db: Connection, job_id: int, error: str) -> bool:
    """Move one job to ``damaged_jobs`` (True) unless it is gone already (False)."""
    moved = await db.execute(
        "INSERT INTO damaged_jobs (id, kind, game_id, due_at, payload, error, at)"
        " SELECT id, kind, game_id, due_at, payload, ?, ? FROM jobs WHERE id = ?"
        " ON CONFLICT (id) DO NOTHING",
        (error[:2000], time.time(), job_id),
    )
    await db.execute("DELETE FROM jobs WHERE id = ?", (job_id,))
    return moved > 0


def _told(job_id: int, kind: str, game_id: int | None, error: str) -> None:
    log.error(
        "Job %s (%s) of game #%s is damaged (%s); it is set aside and kept for repair",
        job_id,
        kind,
        game_id,
        error,
    )


def _read(rows: Sequence[Row]) -> tuple[list[Job], list[tuple[Row, str]]]:
    """The jobs of ``rows`` that can be read, and the damaged rows with what is wrong."""
    jobs: list[Job] = []
    damaged: list[tuple[Row, str]] = []
    for r in rows:
        try:
            jobs.append(_job(r))
        except DamagedJob as error:
            damaged.append((r, str(error)))
    return jobs, damaged


async def _put_aside(db: Connection, damaged: Sequence[tuple[Row, str]]) -> list[tuple[Row, str]]:
    """Set the damaged rows aside (in ``db``'s transaction); those this call moved, to be
    logged once it has committed."""
    return [(r, error) for r, error in damaged if await _set_aside(db, int(r["id"]), error)]


def _log(moved: Sequence[tuple[Row, str]]) -> None:
    for r, error in moved:
        _told(int(r["id"]), str(r["kind"]), r["game_id"], error)


class Jobs(Tables):
    """The store's jobs (``store.jobs``)."""

    async def schedule(
        self,
        kind: str,
        due_at: float,
        *,
        game_id: int | None = None,
        payload: dict[str, Any] | None = None,
    ) -> int:
        """A new job; its id."""
        async with self.backend.transaction() as db:
            row = await db.fetchone(
                "INSERT INTO jobs (kind, game_id, due_at, payload) VALUES (?, ?, ?, ?)"
                " RETURNING id",
                (kind, game_id, due_at, json.dumps(payload or {}, separators=(",", ":"))),
            )
        assert row is not None
        return int(row["id"])

    async def claim_due(
        self,
        owner: str,
        now: float,
        *,
        lease: float,
        limit: int = 50,
        shards: Shards | None = None,
        kinds: Sequence[str] | None = None,
    ) -> list[Job]:
        """Up to ``limit`` jobs due by ``now`` that nobody holds (or whose lease ran out),
        earliest first, now held by ``owner`` until ``now + lease``. With ``shards``, only
        jobs of games on those shards, and jobs of no game when shard 0 is among them; with
        ``kinds``, only jobs of those kinds."""
        where = "due_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)"
        params: list[Any] = [now, now]
        more, more_params = _filters(shards, kinds)
        where += more
        params += more_params
        skip_locked = " FOR UPDATE SKIP LOCKED" if self.backend.dialect == "postgresql" else ""
        async with self.backend.transaction() as db:
            rows = await db.fetchall(
                "UPDATE jobs SET claimed_by = ?, claimed_until = ?, attempts = attempts + 1"
                f" WHERE id IN (SELECT id FROM jobs WHERE {where}"
                f" ORDER BY due_at, id LIMIT ?{skip_locked}) RETURNING *",
                (owner, now + lease, *params, limit),
            )
            jobs, damaged = _read(rows)
            moved = await _put_aside(db, damaged)
        _log(moved)
        return sorted(jobs, key=lambda j: (j.due_at, j.id))

    async def finish(self, job_id: int, owner: str) -> bool:
        """The job is done: deleted, if ``owner`` still holds it (False: the lease was lost
        to another process, which will do it)."""
        async with self.backend.transaction() as db:
            return (
                await db.execute(
                    "DELETE FROM jobs WHERE id = ? AND claimed_by = ?", (job_id, owner)
                )
                > 0
            )

    async def holds(self, job_id: int, owner: str) -> bool:
        """Whether ``owner`` still holds the job (it claimed it and has not lost the lease)."""
        row = await self.backend.fetchone(
            "SELECT 1 AS held FROM jobs WHERE id = ? AND claimed_by = ?", (job_id, owner)
        )
        return row is not None

    async def retry(self, job_id: int, owner: str, due_at: float) -> bool:
        """Give the job back, due again at ``due_at`` (if ``owner`` still holds it)."""
        changed = await self.write(
            "UPDATE jobs SET due_at = ?, claimed_by = NULL, claimed_until = NULL"
            " WHERE id = ? AND claimed_by = ?",
            (due_at, job_id, owner),
        )
        return changed > 0

    async def set_aside(self, job: Job, error: str) -> bool:
        """Set aside a job its work finds meaningless (a clock's deadline for no seat): kept
        in ``damaged_jobs`` for repair and logged, once; False if it was gone already."""
        async with self.backend.transaction() as db:
            moved = await _set_aside(db, job.id, error)
        if moved:
            _told(job.id, job.kind, job.game_id, error)
        return moved

    async def drop(self, job_id: int) -> bool:
        """Delete a job whoever holds it (work that changes a game calls this under the
        game's lock, when the job no longer fits the game)."""
        async with self.backend.transaction() as db:
            return await db.execute("DELETE FROM jobs WHERE id = ?", (job_id,)) > 0

    async def postpone(
        self, by: float, *, kinds: Sequence[str], shards: Shards | None = None
    ) -> int:
        """Move every job of these kinds (of games on ``shards``) ``by`` seconds later; how
        many. Clocks use it for the time their process was not running."""
        more, params = _filters(shards, kinds)
        async with self.backend.transaction() as db:
            return await db.execute(
                f"UPDATE jobs SET due_at = due_at + ? WHERE 1 = 1{more}", (by, *params)
            )

    async def cancel_for_game(self, game_id: int, kind: str | None = None) -> int:
        """Drop a game's jobs (of one kind); how many."""
        sql = "DELETE FROM jobs WHERE game_id = ?"
        params: list[Any] = [game_id]
        if kind is not None:
            sql += " AND kind = ?"
            params.append(kind)
        async with self.backend.transaction() as db:
            return await db.execute(sql, params)

    async def pending(self, game_id: int | None = None) -> list[Job]:
        """Every job not finished (of one game), earliest first."""
        sql = "SELECT * FROM jobs"
        params: list[Any] = []
        if game_id is not None:
            sql += " WHERE game_id = ?"
            params.append(game_id)
        rows = await self.backend.fetchall(sql + " ORDER BY due_at, id", params)
        jobs, damaged = _read(rows)
        if damaged:
            async with self.backend.transaction() as db:
                moved = await _put_aside(db, damaged)
            _log(moved)
        return jobs


def _filters(shards: Shards | None, kinds: Sequence[str] | None) -> tuple[str, list[Any]]:
    """An SQL condition (starting with AND) and its parameters: jobs of games on ``shards``
    (and of no game when shard 0 is among them), of the given ``kinds``."""
    where = ""
    params: list[Any] = []
    if shards is not None:
        marks = ", ".join("?" for _ in shards.ids)
        where += (
            " AND ((SELECT (COALESCE(g.guild_id, 0) >> 22) % ? FROM games g"
            f" WHERE g.id = jobs.game_id) IN ({marks})"
            + (" OR game_id IS NULL)" if shards.owns(None) else ")")
        )
        params += [shards.count, *shards.ids]
    if kinds is not None:
        where += f" AND kind IN ({', '.join('?' for _ in kinds)})"
        params += list(kinds)
    return where, params
