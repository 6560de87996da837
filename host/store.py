"""The store: every game, seat, action and message the bot keeps, on SQLite or PostgreSQL.

The store speaks JSON and rows, never engine objects: the service turns a saved state into a
game with the right kind's ``from_dict``. Its SQL is written once; a backend runs it
(``host/database.py``): SQLite for a file path (the default), PostgreSQL for a
``postgresql://`` address. The service never knows which.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import astuple, dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from engine.text import Text, msg, restored, stored
from host import metrics
from host.clock_rows import ClockRows
from host.database import (
    Backend,
    Connection,
    IntegrityError,
    NewerSchema,
    Row,
    is_postgres_url,
    numbers,
)
from host.errors import StaleAction
from host.jobs import Jobs
from host.models import (
    OPEN_STATUSES,
    ActionLogEntry,
    GameRow,
    ResultRow,
    Seat,
    Status,
)
from host.seat_store import SeatChanges, read_seats, replace_seats
from host.servers import ServerRows
from host.sharding import Shards
from host.sqlite_backend import SqliteBackend
from host.state_cache import States
from host.stats_tables import StatsTables

MAX_GAME_ID = 2**63 - 1
"""Game ids are 64-bit keys on both engines: a larger number (a forged id) names no game."""

__all__ = [
    "MAX_GAME_ID",
    "ChannelTaken",
    "IntegrityError",
    "NewAction",
    "NewerSchema",
    "Store",
    "StoredGame",
]


class ChannelTaken(Exception):
    """The channel already has a lobby or a running game (``game_id``)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"channel already has game #{game_id}")
        self.game_id = game_id


GAME_COLUMNS = (
    "id",
    "kind",
    "guild_id",
    "channel_id",
    "status",
    "version",
    "host_user_id",
    "seed",
    "created_at",
    "updated_at",
    "language",
)
"""The ``games`` columns a ``StoredGame`` holds as they are (options and state are decoded)."""


@dataclass(kw_only=True)
class StoredGame(GameRow):
    """A ``games`` row with its seats; ``state`` is the engine's ``to_dict`` or None in a lobby."""

    state: dict[str, Any] | None
    damage: str | None = None
    """Why the saved options or state could not be read, or why the game was set aside as
    damaged (they are then empty)."""


@dataclass(frozen=True)
class NewAction:
    """An action to append to the log together with the state it produced; its label and
    public text are texts in no language (kept with ``engine.text.stored``)."""

    seat: int
    user_id: int | None
    notation: str
    label: Text | None
    at: float
    public_text: Text | None = None

    def row(self) -> tuple[Any, ...]:
        """The action's columns as stored: seat, user, notation, label, at, public text."""
        label = None if self.label is None else stored(self.label)
        public = None if self.public_text is None else stored(self.public_text)
        return (self.seat, self.user_id, self.notation, label, self.at, public)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class Store:
    """The bot's database. Open with ``await Store.open(target)``; close with ``await close()``."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self.dialect = backend.dialect
        """``"sqlite"`` or ``"postgresql"``."""
        self.path = backend.target
        """The SQLite file or the PostgreSQL address (password hidden)."""
        self.jobs = Jobs(backend)
        """Timed work claimed by one process at a time (``host/jobs.py``)."""
        self.seats = SeatChanges(backend)
        """Who took over which seat during a game (``host/seat_store.py``)."""
        self.stats = StatsTables(backend)
        """Results, statistics and ratings (``host/stats_tables.py``)."""
        self.clocks = ClockRows(backend)
        """Timer settings, time banks, muted reminders (``host/clock_rows.py``)."""
        self.servers = ServerRows(backend)
        """Server settings, servers that removed the bot, forgetting a person (host/servers.py)."""
        self.states = States()
        """The last state text of each game and its decoded form (``host/state_cache.py``)."""

    @classmethod
    async def open(cls, target: str | Path = ":memory:") -> Store:
        """A SQLite file (or ``":memory:"``), or a ``postgresql://`` address; the schema is
        created or migrated. NewerSchema if a newer bot wrote it."""
        backend: Backend
        if isinstance(target, str) and is_postgres_url(target):
            from host.postgres_backend import PostgresBackend

            backend = await PostgresBackend.open(target.strip())
        else:
            backend = await SqliteBackend.open(target)
        try:
            await backend.migrate()
        except BaseException:
            await backend.close()
            raise
        return cls(backend)

    async def close(self) -> None:
        await self.backend.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def schema_version(self) -> int:
        return await self.backend.schema_version()

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """Hold the game against every other process on the same database (PostgreSQL: a
        row lock until the block ends; what the block writes commits with it). SQLite serves
        one process, so there it takes nothing."""
        if not 0 < game_id <= MAX_GAME_ID:
            yield  # no such game: nothing to hold
            return
        async with self.backend.game_lock(game_id):
            yield

    def unit(self) -> AbstractAsyncContextManager[None]:
        """The writes this task makes in the block commit together, or none of them (one
        transaction on both backends; on PostgreSQL inside a game lock, the lock's own). Keep
        it short: on SQLite it holds the database for every other task meanwhile."""
        return self.backend.unit()

    def _transaction(self) -> AbstractAsyncContextManager[Connection]:
        return self.backend.transaction()

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self.backend.fetchall(sql, params)

    async def _fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self.backend.fetchone(sql, params)

    # -- games ----------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        kind: str,
        guild_id: int | None,
        channel_id: int,
        host_user_id: int,
        host_name: str,
        options: dict[str, Any],
        now: float,
        language: str | None = None,
    ) -> int:
        """A new lobby with the host in seat 0. ChannelTaken if the channel is busy."""
        try:
            async with self._transaction() as db:
                row = await db.fetchone(
                    "INSERT INTO games (kind, guild_id, channel_id, status, version, host_user_id,"
                    " options, created_at, updated_at, language)"
                    " VALUES (?, ?, ?, 'lobby', 0, ?, ?, ?, ?, ?) RETURNING id",
                    (kind, guild_id, channel_id, host_user_id, _dumps(options), now, now, language),
                )
                assert row is not None
                game_id = int(row["id"])
                await db.execute(
                    "INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (?, 0, ?, ?, 0)",
                    (game_id, host_user_id, host_name),
                )
        except IntegrityError:
            existing = await self.open_game_in_channel(channel_id)
            if existing is None:
                raise
            raise ChannelTaken(existing) from None
        return game_id

    async def load(self, game_id: int) -> StoredGame | None:
        if not 0 < game_id <= MAX_GAME_ID:
            return None
        async with self.backend.snapshot() as db:
            row = await db.fetchone(
                "SELECT g.*, d.error AS set_aside FROM games g"
                " LEFT JOIN damaged_games d ON d.game_id = g.id WHERE g.id = ?",
                (game_id,),
            )
            if row is None:
                return None
            seats = await read_seats(db, game_id)
        damage = None
        try:
            options = json.loads(row["options"])
            state = None if row["state"] is None else self.states.decode(game_id, row["state"])
        except (ValueError, TypeError) as error:
            options, state, damage = {}, None, f"unreadable JSON: {error}"
        if row["set_aside"] is not None:  # damaged once is damaged everywhere, until repaired
            options, state, damage = {}, None, f"set aside as damaged: {row['set_aside']}"
        as_stored = {column: row[column] for column in GAME_COLUMNS}
        return StoredGame(**as_stored, options=options, seats=seats, state=state, damage=damage)

    async def set_aside(self, game_id: int, error: str, *, now: float) -> bool:
        """Mark a game whose data cannot be read: it is kept as it is, but no longer open (its
        channel is free). True only the first time, so it is reported once."""
        async with self._transaction() as db:
            row = await db.fetchone("SELECT status FROM games WHERE id = ?", (game_id,))
            if row is None:
                return False
            inserted = await db.execute(
                "INSERT INTO damaged_games (game_id, status_before, error, at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO NOTHING",
                (game_id, row["status"], error, now),
            )
            if inserted:
                await db.execute(
                    "UPDATE games SET status = 'abandoned' WHERE id = ? AND status IN (?, ?)",
                    (game_id, *OPEN_STATUSES),
                )
            return inserted > 0

    async def open_game_in_channel(self, channel_id: int) -> int | None:
        row = await self._fetchone(
            "SELECT id FROM games WHERE channel_id = ? AND status IN (?, ?)",
            (channel_id, *OPEN_STATUSES),
        )
        return None if row is None else int(row["id"])

    async def latest_started_game_in_channel(self, channel_id: int) -> int | None:
        """The game most recently active in this channel among those that were dealt."""
        row = await self._fetchone(
            "SELECT id FROM games WHERE channel_id = ? AND state IS NOT NULL"
            " ORDER BY updated_at DESC, id DESC LIMIT 1",
            (channel_id,),
        )
        return None if row is None else int(row["id"])

    async def game_ids(
        self,
        statuses: Iterable[Status],
        *,
        shards: Shards | None = None,
        unshown_since: float | None = None,
    ) -> list[int]:
        """Games with these statuses; with ``shards``, only those of servers on those shards
        (Discord's ``(guild_id >> 22) % count``; games in DMs belong to shard 0); with
        ``unshown_since``, only those changed at or after that instant and whose home table message
        does not show their latest version (start-up repair's finished games to show)."""
        wanted: list[Any] = list(statuses)
        sql = f"SELECT id FROM games WHERE status IN ({_marks(wanted)})"
        if unshown_since is not None:
            sql += (
                " AND updated_at >= ? AND NOT EXISTS (SELECT 1 FROM table_messages t"
                " WHERE t.game_id = games.id AND t.is_home = 1 AND t.version = games.version)"
            )
            wanted.append(unshown_since)
        if shards is not None:
            sql += f" AND ((COALESCE(guild_id, 0) >> 22) % ?) IN ({_marks(shards.ids)})"
            wanted += [shards.count, *shards.ids]
        return await numbers(self.backend, sql + " ORDER BY id", wanted)

    async def game_ids_for_user(self, user_id: int, *, finished_limit: int) -> list[int]:
        """The user's lobbies and running games (latest first), then recent ended games."""
        rows = await self._fetchall(
            "SELECT g.id, g.status FROM games g JOIN seats s ON s.game_id = g.id"
            " WHERE s.user_id = ? ORDER BY g.updated_at DESC, g.id DESC",
            (user_id,),
        )
        open_ids = [int(r["id"]) for r in rows if r["status"] in OPEN_STATUSES]
        ended = [int(r["id"]) for r in rows if r["status"] == "finished"]
        return open_ids + ended[:finished_limit]

    async def update_lobby(
        self,
        game_id: int,
        *,
        host_user_id: int,
        options: dict[str, Any],
        seats: Sequence[Seat],
        status: Status,
        now: float,
    ) -> None:
        """Rewrite a lobby's host, options, seats and status (lobby, or abandoned when empty)."""
        columns = {"host_user_id": host_user_id, "options": _dumps(options), "status": status}
        async with self._transaction() as db:
            await _rewrite_lobby(db, game_id, seats, columns, now)

    async def start_game(
        self,
        game_id: int,
        *,
        seats: Sequence[Seat],
        seed: int,
        state: dict[str, Any],
        version: int,
        now: float,
        dms: Mapping[int, Sequence[str]] = {},
    ) -> None:
        """Turn a lobby into a running game with its final seat order and first state; the
        private messages owed (``dms``: user -> news lines) are recorded with it."""
        columns = {"status": "running", "seed": seed, "state": _dumps(state), "version": version}
        async with self._transaction() as db:
            await _rewrite_lobby(db, game_id, seats, columns, now)
            await self._owe_dms(db, game_id, dms, now)

    @staticmethod
    async def _owe_dms(
        db: Connection, game_id: int, dms: Mapping[int, Sequence[str]], now: float
    ) -> None:
        await db.executemany(
            "INSERT INTO pending_dms (game_id, user_id, lines, at) VALUES (?, ?, ?, ?)",
            [(game_id, user, _dumps(list(lines)), now) for user, lines in dms.items()],
        )

    async def ping(self) -> None:
        """One trivial query: raises if the database does not answer."""
        await self._fetchone("SELECT 1 AS one")

    async def running_counts(self) -> dict[str, int]:
        """How many games of each kind are being played."""
        rows = await self._fetchall(
            "SELECT kind, COUNT(*) AS n FROM games WHERE status = 'running' GROUP BY kind"
        )
        return {str(r["kind"]): int(r["n"]) for r in rows}

    async def owed_dm_count(self) -> int:
        """Private messages recorded and not yet delivered, in every game."""
        row = await self._fetchone("SELECT COUNT(*) AS n FROM pending_dms")
        return 0 if row is None else int(row["n"])

    async def set_status(
        self, game_id: int, status: Status, *, now: float, only_from: Iterable[Status]
    ) -> bool:
        """Change the status if it is one of ``only_from``; True if it changed."""
        allowed = list(only_from)
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE games SET status = ?, updated_at = ? WHERE id = ?"
                f" AND status IN ({_marks(allowed)})",
                (status, now, game_id, *allowed),
            )
            return changed > 0

    async def save_action(
        self,
        game_id: int,
        expected_version: int,
        new_version: int,
        state: dict[str, Any],
        action: NewAction,
        *,
        results: Sequence[ResultRow] = (),
        dms: Mapping[int, Sequence[str]] = {},
    ) -> None:
        """Write the state an action produced and append the action, in one transaction
        (with the private messages it owes, ``dms``: user -> news lines).

        Only if the stored version is still ``expected_version`` and the game is running;
        otherwise nothing is written and StaleAction is raised. With ``results`` the game
        is marked finished and its results rows are written in the same transaction.
        """
        status = "finished" if results else "running"
        text = _dumps(state)
        async with self._transaction() as db:
            changed = await db.fetchone(
                "UPDATE games SET state = ?, version = ?, status = ?, updated_at = ?"
                " WHERE id = ? AND version = ? AND status = 'running' RETURNING kind",
                (text, new_version, status, action.at, game_id, expected_version),
            )
            if changed is None:
                raise StaleAction()
            await db.execute(
                "INSERT INTO actions (game_id, version, seat, user_id, notation, label, at,"
                " public_text, name) VALUES (?, ?, ?, ?, ?, ?, ?, ?,"
                " (SELECT name FROM seats WHERE game_id = ? AND seat = ?))",
                (game_id, new_version, *action.row(), game_id, action.seat),
            )
            await db.executemany(
                "INSERT INTO results (game_id, kind, finished_at, seat, user_id, name, score,"
                " rank, winner) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [astuple(row) for row in results],
            )
            await self._owe_dms(db, game_id, dms, action.at)
        self.states.wrote(game_id, text, state)
        metrics.ACTIONS.labels(str(changed["kind"])).inc()

    async def actions(self, game_id: int, *, limit: int | None = None) -> list[ActionLogEntry]:
        """The action log in the order played; with ``limit``, only the latest entries."""
        sql = (
            "SELECT a.version, a.seat, a.user_id,"
            " COALESCE(a.name, s.name, 'Player ' || (a.seat + 1))"
            " AS name, a.notation, a.label, a.at, a.public_text FROM actions a LEFT JOIN seats s"
            " ON s.game_id = a.game_id AND s.seat = a.seat WHERE a.game_id = ?"
            " ORDER BY a.version DESC"
        )
        params: tuple[Any, ...] = (game_id,)
        if limit is not None:
            sql += " LIMIT ?"
            params = (game_id, limit)
        rows = await self._fetchall(sql, params)
        return [
            ActionLogEntry(
                r["version"],
                r["seat"],
                r["user_id"],
                r["name"],
                r["notation"],
                None if r["label"] is None else restored(r["label"]),
                r["at"],
                None if r["public_text"] is None else restored(r["public_text"]),
            )
            for r in reversed(rows)
        ]

    async def results(self, game_id: int) -> list[ResultRow]:
        """A finished game's result lines, best first (``store.stats`` keeps them)."""
        return await self.stats.results(game_id)

    # -- user preferences -----------------------------------------------------------------

    async def set_dms_closed(self, user_id: int, closed: bool) -> bool:
        """Remember whether the user's DMs are closed; True if this changed what was stored."""
        async with self._transaction() as db:
            row = await db.fetchone(
                "SELECT dms_closed FROM user_prefs WHERE user_id = ?", (user_id,)
            )
            before = bool(row["dms_closed"]) if row is not None else False
            if before == closed:
                return False
            await db.execute(
                "INSERT INTO user_prefs (user_id, dms_closed) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dms_closed = excluded.dms_closed",
                (user_id, int(closed)),
            )
            return True

    async def set_game_language(self, game_id: int, language: str, *, now: float) -> bool:
        """Set the language of a lobby's table; False if the game is no longer a lobby."""
        async with self._transaction() as db:
            row = await db.fetchone(
                "UPDATE games SET language = ?, updated_at = ? WHERE id = ? AND status = 'lobby'"
                " RETURNING id",
                (language, now, game_id),
            )
            return row is not None

    async def set_user_language(self, user_id: int, language: str | None) -> None:
        """Remember the language a person reads the bot in (None: their Discord's)."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO user_prefs (user_id, language) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language",
                (user_id, language),
            )

    async def set_seen_locale(self, user_id: int, locale: str) -> None:
        """Remember the Discord locale a person's latest interaction showed ("de")."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO user_prefs (user_id, discord_locale) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET discord_locale = excluded.discord_locale",
                (user_id, locale),
            )

    async def seen_locale(self, user_id: int) -> str | None:
        """The Discord locale a person's latest interaction showed (None: none seen)."""
        row = await self._fetchone(
            "SELECT discord_locale FROM user_prefs WHERE user_id = ?", (user_id,)
        )
        return None if row is None or row["discord_locale"] is None else str(row["discord_locale"])

    async def user_language(self, user_id: int) -> str | None:
        """The language a person chose (None: none chosen, follow their Discord)."""
        row = await self._fetchone("SELECT language FROM user_prefs WHERE user_id = ?", (user_id,))
        return None if row is None or row["language"] is None else str(row["language"])

    async def dms_closed(self, user_id: int) -> bool:
        row = await self._fetchone(
            "SELECT dms_closed FROM user_prefs WHERE user_id = ?", (user_id,)
        )
        return bool(row["dms_closed"]) if row is not None else False


def _marks(values: Sequence[Any]) -> str:
    return ", ".join("?" for _ in values)


async def _rewrite_lobby(
    db: Connection, game_id: int, seats: Sequence[Seat], columns: Mapping[str, Any], now: float
) -> None:
    """Set ``columns`` (name -> value), the time of the change and the seats of a game that
    is still a lobby; StaleAction if it is not a lobby any more."""
    assigned = ", ".join(f"{name} = ?" for name in [*columns, "updated_at"])
    sql = f"UPDATE games SET {assigned} WHERE id = ? AND status = 'lobby'"
    if await db.execute(sql, (*columns.values(), now, game_id)) == 0:
        raise StaleAction(msg("This lobby has changed: the game has started or was closed."))
    await replace_seats(db, game_id, seats)
