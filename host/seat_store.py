"""The seats of a game in the database, and the log of who took over which seat.

A seat row says whose seat it is (``user_id``), and while a computer plays it, the computer's
level (``level``) and why it stands in (``stand_in``); ``left_user_id`` keeps who left it. A
change of who plays a seat during a game (``change``) is one transaction that rewrites the
seat, records the change in ``seat_changes`` (what the table says of it) and, when asked, hands
the game to another host; it is written only while the game is still running at the version
the change was decided on, like an action (``StaleAction`` otherwise).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.text import Text, restored, stored
from host.database import Connection, Row, Tables
from host.errors import StaleAction
from host.models import STAND_IN_REASONS, Seat

SEAT_COLUMNS = "seat, user_id, name, is_ai, level, stand_in, left_user_id"


@dataclass(frozen=True)
class SeatChangeEntry:
    """One change of who plays a seat, as the table announced it."""

    version: int  # the game's version when it happened
    seat: int
    user_id: int | None  # the person it concerns (who took the seat, came back or left)
    level: str | None  # the computer's level when one plays the seat after it
    reason: str | None
    text: Text  # a Msg, or an older row's English
    at: float
    name_before: str | None = None
    """The seat's name before the change (None: not known, an older row)."""


def sitter(r: Row) -> dict[str, Any]:
    """Who sat in a seat, as the seats and the statistics' player lines both keep it: the
    seat, its person (None: a computer's), the name, whether a computer played it, its level."""
    return {
        "seat": int(r["seat"]),
        "user_id": r["user_id"],
        "name": r["name"],
        "is_ai": bool(r["is_ai"]),
        "level": r["level"],
    }


def seat_from_row(r: Row) -> Seat:
    reason = next((s for s in STAND_IN_REASONS if s == r["stand_in"]), None)
    return Seat(**sitter(r), stand_in=reason, left_user_id=r["left_user_id"])


async def read_seats(db: Connection, game_id: int) -> list[Seat]:
    rows = await db.fetchall(
        f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
    )
    return [seat_from_row(r) for r in rows]


def _seat_values(game_id: int, s: Seat) -> tuple[Any, ...]:
    return (game_id, s.seat, s.user_id, s.name, int(s.is_ai), s.level, s.stand_in, s.left_user_id)


async def replace_seats(db: Connection, game_id: int, seats: Sequence[Seat]) -> None:
    await db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
    await db.executemany(
        f"INSERT INTO seats (game_id, {SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [_seat_values(game_id, s) for s in seats],
    )


class SeatChanges(Tables):
    """Changes of who plays a seat during a game (``store.seats``)."""

    async def change(
        self,
        game_id: int,
        version: int,
        seat: Seat,
        *,
        text: Text,
        at: float,
        concerns: int | None,
        host_user_id: int | None = None,
        name_before: str | None = None,
    ) -> None:
        """Write the seat as it is now and log the change (``concerns``: the person it is
        about), in one transaction, only if the game still runs at ``version``; with
        ``host_user_id`` the game gets that host too."""
        async with self.backend.transaction() as db:
            changed = await db.execute(
                "UPDATE games SET updated_at = ?, host_user_id = COALESCE(?, host_user_id)"
                " WHERE id = ? AND version = ? AND status = 'running'",
                (at, host_user_id, game_id, version),
            )
            if changed == 0:
                raise StaleAction()
            await db.execute(
                "UPDATE seats SET user_id = ?, name = ?, is_ai = ?, level = ?, stand_in = ?,"
                " left_user_id = ? WHERE game_id = ? AND seat = ?",
                (
                    seat.user_id,
                    seat.name,
                    int(seat.is_ai),
                    seat.level,
                    seat.stand_in,
                    seat.left_user_id,
                    game_id,
                    seat.seat,
                ),
            )
            await db.execute(
                "INSERT INTO seat_changes (game_id, version, seat, user_id, level, reason, text,"
                " at, name_before) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    version,
                    seat.seat,
                    concerns,
                    seat.level,
                    seat.stand_in,
                    stored(text),
                    at,
                    name_before,
                ),
            )

    async def log(self, game_id: int, *, limit: int | None = None) -> list[SeatChangeEntry]:
        """The game's seat changes in the order they happened (with ``limit``, the latest)."""
        sql = (
            "SELECT version, seat, user_id, level, reason, text, at, name_before FROM seat_changes"
            " WHERE game_id = ? ORDER BY id DESC"
        )
        params: tuple[Any, ...] = (game_id,)
        if limit is not None:
            sql, params = sql + " LIMIT ?", (game_id, limit)
        rows = await self.backend.fetchall(sql, params)
        return [
            SeatChangeEntry(
                version=int(r["version"]),
                seat=int(r["seat"]),
                user_id=r["user_id"],
                level=r["level"],
                reason=r["reason"],
                text=restored(r["text"]),
                at=float(r["at"]),
                name_before=r["name_before"],
            )
            for r in reversed(rows)
        ]
