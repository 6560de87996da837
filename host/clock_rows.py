"""The clocks' rows in the store (``store.clocks``): each game's timer settings, each seat's
time bank and missed deadlines in a row, who muted a game's reminders, when each group of
shards last ran its clocks, who is away and what was left of each decision an absence froze. The deadlines themselves are ``jobs`` rows (``host/jobs.py``).

Statements run by a task that holds a game's lock join that lock's transaction (PostgreSQL),
so a clock change commits together with the game change that caused it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal

from host.database import Tables


class ClockRows(Tables):
    """Reads and writes of the clock tables; no rules here (they are in ``host/clocks.py``)."""

    async def settings(self, game_id: int) -> dict[str, Any]:
        """The game's stored timer settings ({} when none were ever chosen)."""
        row = await self.backend.fetchone(
            "SELECT settings FROM clock_settings WHERE game_id = ?", (game_id,)
        )
        if row is None:
            return {}
        loaded = json.loads(row["settings"])
        return loaded if isinstance(loaded, dict) else {}

    async def last_person_move(self, game_id: int) -> float | None:
        """When a person (not a computer or a stand-in) last moved in the game, if ever."""
        row = await self.backend.fetchone(
            "SELECT max(at) AS at FROM actions WHERE game_id = ? AND user_id IS NOT NULL",
            (game_id,),
        )
        return None if row is None or row["at"] is None else float(row["at"])

    async def set_settings(self, game_id: int, settings: dict[str, Any]) -> None:
        await self.write(
            "INSERT INTO clock_settings (game_id, settings) VALUES (?, ?)"
            " ON CONFLICT (game_id) DO UPDATE SET settings = excluded.settings",
            (game_id, json.dumps(settings, separators=(",", ":"), sort_keys=True)),
        )

    async def seat(self, game_id: int, seat: int) -> tuple[float | None, int]:
        """(time bank in seconds or None if never set, missed deadlines in a row)."""
        row = await self.backend.fetchone(
            "SELECT bank, missed FROM clock_seats WHERE game_id = ? AND seat = ?",
            (game_id, seat),
        )
        if row is None:
            return None, 0
        bank = row["bank"]
        return (None if bank is None else float(bank)), int(row["missed"])

    async def set_bank(self, game_id: int, seat: int, bank: float) -> None:
        """The seconds left in the seat's time bank."""
        await self._set_seat(game_id, seat, "bank", bank)

    async def set_missed(self, game_id: int, seat: int, missed: int) -> None:
        """How many deadlines in a row the seat has missed."""
        await self._set_seat(game_id, seat, "missed", missed)

    async def _set_seat(
        self, game_id: int, seat: int, column: Literal["bank", "missed"], value: float
    ) -> None:
        await self.write(
            f"INSERT INTO clock_seats (game_id, seat, {column}) VALUES (?, ?, ?)"
            f" ON CONFLICT (game_id, seat) DO UPDATE SET {column} = excluded.{column}",
            (game_id, seat, value),
        )

    async def muted(self, game_id: int, user_id: int) -> bool:
        row = await self.backend.fetchone(
            "SELECT 1 AS muted FROM clock_mutes WHERE game_id = ? AND user_id = ?",
            (game_id, user_id),
        )
        return row is not None

    async def set_muted(self, game_id: int, user_id: int, muted: bool) -> None:
        async with self.backend.transaction() as db:
            await db.execute(
                "DELETE FROM clock_mutes WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            if muted:
                await db.execute(
                    "INSERT INTO clock_mutes (game_id, user_id) VALUES (?, ?)", (game_id, user_id)
                )

    async def last_seen(self, owner: str) -> float | None:
        """When the clocks of this group of shards last ran (None: never)."""
        row = await self.backend.fetchone(
            "SELECT seen_at FROM clock_heartbeats WHERE owner = ?", (owner,)
        )
        return None if row is None else float(row["seen_at"])

    async def seen(self, owner: str, at: float) -> None:
        await self.write(
            "INSERT INTO clock_heartbeats (owner, seen_at) VALUES (?, ?)"
            " ON CONFLICT (owner) DO UPDATE SET seen_at = excluded.seen_at",
            (owner, at),
        )

    # -- away -----------------------------------------------------------------------------

    async def away_now(self, user_ids: Sequence[int], now: float) -> dict[int, float]:
        """user -> until when they are away, for those of ``user_ids`` who are away at ``now``."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        rows = await self.backend.fetchall(
            f"SELECT user_id, max(away_until) AS away_until FROM away WHERE user_id IN ({marks})"
            " AND back_at IS NULL AND away_until > ? GROUP BY user_id",
            (*user_ids, now),
        )
        return {int(r["user_id"]): float(r["away_until"]) for r in rows}

    async def away_spells(self, user_id: int, since: float) -> list[tuple[float, float]]:
        """(from, to) of each of the user's absences that ended after ``since`` (to: when
        they came back, or until when they said they would be away)."""
        rows = await self.backend.fetchall(
            "SELECT started_at, away_until, back_at FROM away WHERE user_id = ?"
            " AND coalesce(back_at, away_until) > ? ORDER BY started_at",
            (user_id, since),
        )
        return [
            (
                float(r["started_at"]),
                float(r["back_at"] if r["back_at"] is not None else r["away_until"]),
            )
            for r in rows
        ]

    async def start_away(self, user_id: int, now: float, until: float) -> None:
        """The user is away from ``now`` until ``until`` (an absence still running ends now)."""
        async with self.backend.transaction() as db:
            await db.execute(
                "UPDATE away SET back_at = ? WHERE user_id = ? AND back_at IS NULL"
                " AND away_until > ?",
                (now, user_id, now),
            )
            await db.execute(
                "INSERT INTO away (user_id, started_at, away_until) VALUES (?, ?, ?)",
                (user_id, now, until),
            )

    async def end_away(self, user_id: int, now: float) -> bool:
        """The user is back at ``now``; False if they were not away."""
        changed = await self.write(
            "UPDATE away SET back_at = ? WHERE user_id = ? AND back_at IS NULL AND away_until > ?",
            (now, user_id, now),
        )
        return changed > 0

    async def frozen(self, game_id: int, seat: int) -> tuple[float, bool] | None:
        """(game seconds left, whether it was a reaction's) of a decision whose clock an
        absence froze; None if none."""
        row = await self.backend.fetchone(
            "SELECT left_for, reaction FROM clock_frozen WHERE game_id = ? AND seat = ?",
            (game_id, seat),
        )
        return None if row is None else (float(row["left_for"]), bool(row["reaction"]))

    async def freeze(self, game_id: int, seat: int, left: float, reaction: bool) -> None:
        await self.write(
            "INSERT INTO clock_frozen (game_id, seat, left_for, reaction) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (game_id, seat) DO UPDATE SET left_for = excluded.left_for,"
            " reaction = excluded.reaction",
            (game_id, seat, left, int(reaction)),
        )

    async def thaw(self, game_id: int, seat: int) -> None:
        await self.write("DELETE FROM clock_frozen WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def frozen_seats(self, game_id: int) -> list[int]:
        return await self.numbers("SELECT seat FROM clock_frozen WHERE game_id = ?", (game_id,))
