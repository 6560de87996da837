"""The clocks' rows in the store (``store.clocks``): each game's timer settings, each seat's
time bank and missed deadlines in a row, who muted a game's reminders, and when each group of
shards last ran its clocks. The deadlines themselves are ``jobs`` rows (``host/jobs.py``).

Statements run by a task that holds a game's lock join that lock's transaction (PostgreSQL),
so a clock change commits together with the game change that caused it.
"""

from __future__ import annotations

import json
from typing import Any

from host.database import Backend


class ClockRows:
    """Reads and writes of the clock tables; no rules here (they are in ``host/clocks.py``)."""

    def __init__(self, backend: Backend) -> None:
        self._db = backend

    async def settings(self, game_id: int) -> dict[str, Any]:
        """The game's stored timer settings ({} when none were ever chosen)."""
        row = await self._db.fetchone(
            "SELECT settings FROM clock_settings WHERE game_id = ?", (game_id,)
        )
        if row is None:
            return {}
        loaded = json.loads(row["settings"])
        return loaded if isinstance(loaded, dict) else {}

    async def last_person_move(self, game_id: int) -> float | None:
        """When a person (not a computer or a stand-in) last moved in the game, if ever."""
        row = await self._db.fetchone(
            "SELECT max(at) AS at FROM actions WHERE game_id = ? AND user_id IS NOT NULL",
            (game_id,),
        )
        return None if row is None or row["at"] is None else float(row["at"])

    async def set_settings(self, game_id: int, settings: dict[str, Any]) -> None:
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO clock_settings (game_id, settings) VALUES (?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET settings = excluded.settings",
                (game_id, json.dumps(settings, separators=(",", ":"), sort_keys=True)),
            )

    async def seat(self, game_id: int, seat: int) -> tuple[float | None, int]:
        """(time bank in seconds or None if never set, missed deadlines in a row)."""
        row = await self._db.fetchone(
            "SELECT bank, missed FROM clock_seats WHERE game_id = ? AND seat = ?",
            (game_id, seat),
        )
        if row is None:
            return None, 0
        bank = row["bank"]
        return (None if bank is None else float(bank)), int(row["missed"])

    async def set_bank(self, game_id: int, seat: int, bank: float) -> None:
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO clock_seats (game_id, seat, bank) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id, seat) DO UPDATE SET bank = excluded.bank",
                (game_id, seat, bank),
            )

    async def set_missed(self, game_id: int, seat: int, missed: int) -> None:
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO clock_seats (game_id, seat, missed) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id, seat) DO UPDATE SET missed = excluded.missed",
                (game_id, seat, missed),
            )

    async def muted(self, game_id: int, user_id: int) -> bool:
        row = await self._db.fetchone(
            "SELECT 1 AS muted FROM clock_mutes WHERE game_id = ? AND user_id = ?",
            (game_id, user_id),
        )
        return row is not None

    async def set_muted(self, game_id: int, user_id: int, muted: bool) -> None:
        async with self._db.transaction() as db:
            await db.execute(
                "DELETE FROM clock_mutes WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            if muted:
                await db.execute(
                    "INSERT INTO clock_mutes (game_id, user_id) VALUES (?, ?)", (game_id, user_id)
                )

    async def last_seen(self, owner: str) -> float | None:
        """When the clocks of this group of shards last ran (None: never)."""
        row = await self._db.fetchone(
            "SELECT seen_at FROM clock_heartbeats WHERE owner = ?", (owner,)
        )
        return None if row is None else float(row["seen_at"])

    async def seen(self, owner: str, at: float) -> None:
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO clock_heartbeats (owner, seen_at) VALUES (?, ?)"
                " ON CONFLICT (owner) DO UPDATE SET seen_at = excluded.seen_at",
                (owner, at),
            )
