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

from engine.text import msg
from host import metrics
from host.clock_rows import ClockRows
from host.database import Backend, Connection, IntegrityError, NewerSchema, Row, is_postgres_url
from host.errors import StaleAction
from host.jobs import Jobs
from host.models import (
    OPEN_STATUSES,
    ActionLogEntry,
    DmQuestion,
    ResultRow,
    Seat,
    Status,
    TableMessage,
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


@dataclass
class StoredGame:
    """A ``games`` row with its seats; ``state`` is the engine's ``to_dict`` or None in a lobby."""

    id: int
    kind: str
    guild_id: int | None
    channel_id: int
    status: Status
    version: int
    host_user_id: int
    options: dict[str, Any]
    seed: int | None
    state: dict[str, Any] | None
    created_at: float
    updated_at: float
    seats: list[Seat]
    damage: str | None = None
    """Why the saved options or state could not be read, or why the game was set aside as
    damaged (they are then empty)."""
    language: str | None = None
    """The language the game's table speaks (None for games older than languages)."""


@dataclass(frozen=True)
class NewAction:
    """An action to append to the log together with the state it produced."""

    seat: int
    user_id: int | None
    notation: str
    label: str | None
    at: float
    public_text: str | None = None


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class Store:
    """The bot's database. Open with ``await Store.open(target)``; close with ``await close()``."""

    def __init__(self, backend: Backend) -> None:
        self._db = backend
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

    @property
    def dialect(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self._db.dialect

    @property
    def path(self) -> str:
        """The SQLite file or the PostgreSQL address (password hidden)."""
        return self._db.target

    async def close(self) -> None:
        await self._db.close()

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
        return await self._db.schema_version()

    @asynccontextmanager
    async def game_lock(self, game_id: int) -> AsyncIterator[None]:
        """Hold the game against every other process on the same database (PostgreSQL: a
        row lock until the block ends; what the block writes commits with it). SQLite serves
        one process, so there it takes nothing."""
        if not 0 < game_id <= MAX_GAME_ID:
            yield  # no such game: nothing to hold
            return
        async with self._db.game_lock(game_id):
            yield

    def unit(self) -> AbstractAsyncContextManager[None]:
        """The writes this task makes in the block commit together, or none of them (one
        transaction on both backends; on PostgreSQL inside a game lock, the lock's own). Keep
        it short: on SQLite it holds the database for every other task meanwhile."""
        return self._db.unit()

    def _transaction(self) -> AbstractAsyncContextManager[Connection]:
        return self._db.transaction()

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._db.fetchall(sql, params)

    async def _fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self._db.fetchone(sql, params)

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
        async with self._db.snapshot() as db:
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
        return StoredGame(
            id=row["id"],
            kind=row["kind"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            status=row["status"],
            version=row["version"],
            host_user_id=row["host_user_id"],
            options=options,
            seed=row["seed"],
            state=state,
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            seats=seats,
            damage=damage,
            language=row["language"],
        )

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
        rows = await self._fetchall(sql + " ORDER BY id", wanted)
        return [int(r["id"]) for r in rows]

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
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE games SET host_user_id = ?, options = ?, status = ?, updated_at = ?"
                " WHERE id = ? AND status = 'lobby'",
                (host_user_id, _dumps(options), status, now, game_id),
            )
            if changed == 0:
                raise StaleAction(
                    msg("This lobby has changed: the game has started or was closed.")
                )
            await replace_seats(db, game_id, seats)

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
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE games SET status = 'running', seed = ?, state = ?, version = ?,"
                " updated_at = ? WHERE id = ? AND status = 'lobby'",
                (seed, _dumps(state), version, now, game_id),
            )
            if changed == 0:
                raise StaleAction(
                    msg("This lobby has changed: the game has started or was closed.")
                )
            await replace_seats(db, game_id, seats)
            await self._owe_dms(db, game_id, dms, now)

    @staticmethod
    async def _owe_dms(
        db: Connection, game_id: int, dms: Mapping[int, Sequence[str]], now: float
    ) -> None:
        await db.executemany(
            "INSERT INTO pending_dms (game_id, user_id, lines, at) VALUES (?, ?, ?, ?)",
            [(game_id, user, _dumps(list(lines)), now) for user, lines in dms.items()],
        )

    async def pending_dms(
        self, game_id: int | None = None
    ) -> list[tuple[int, int, int, list[str]]]:
        """Private messages owed and not yet sent: (id, game, user, news lines), oldest first."""
        sql = "SELECT id, game_id, user_id, lines FROM pending_dms"
        params: tuple[Any, ...] = ()
        if game_id is not None:
            sql, params = sql + " WHERE game_id = ?", (game_id,)
        rows = await self._fetchall(sql + " ORDER BY id", params)
        return [
            (int(r["id"]), int(r["game_id"]), int(r["user_id"]), list(json.loads(r["lines"])))
            for r in rows
        ]

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

    async def dm_done(self, dm_id: int) -> None:
        """A pending private message was sent (or can never be): forget it."""
        async with self._transaction() as db:
            await db.execute("DELETE FROM pending_dms WHERE id = ?", (dm_id,))

    async def set_dm_question(self, question: DmQuestion) -> None:
        """Remember the DM that asks a person a private question (one per person and game)."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO dm_questions (game_id, user_id, seat, channel_id, message_id,"
                " version) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE"
                " SET seat = excluded.seat, channel_id = excluded.channel_id,"
                " message_id = excluded.message_id, version = excluded.version",
                (
                    question.game_id,
                    question.user_id,
                    question.seat,
                    question.channel_id,
                    question.message_id,
                    question.version,
                ),
            )

    async def dm_questions(self, game_id: int) -> list[DmQuestion]:
        """The DMs that ask the game's players a question, as last shown."""
        rows = await self._fetchall(
            "SELECT * FROM dm_questions WHERE game_id = ? ORDER BY user_id", (game_id,)
        )
        return [
            DmQuestion(
                int(r["game_id"]),
                int(r["user_id"]),
                int(r["seat"]),
                int(r["channel_id"]),
                int(r["message_id"]),
                int(r["version"]),
            )
            for r in rows
        ]

    async def drop_dm_question(self, game_id: int, user_id: int) -> None:
        async with self._transaction() as db:
            await db.execute(
                "DELETE FROM dm_questions WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )

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
                (game_id, new_version, *astuple(action), game_id, action.seat),
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
                r["label"],
                r["at"],
                r["public_text"],
            )
            for r in reversed(rows)
        ]

    async def results(self, game_id: int) -> list[ResultRow]:
        """A finished game's result lines, best first (``store.stats`` keeps them)."""
        return await self.stats.results(game_id)

    # -- table messages and spectators ----------------------------------------------------

    async def set_table_message(
        self,
        game_id: int,
        channel_id: int,
        message_id: int,
        version: int,
        *,
        is_home: bool,
        posted: tuple[int, str] | None = None,
    ) -> None:
        """Remember the channel's table message at ``version``; ``posted`` (the version and
        stage it was posted at) for a new message, None for an edit (the message keeps
        what it was posted at)."""
        posted_version, stage = posted if posted is not None else (None, None)
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO table_messages (game_id, channel_id, message_id, version, is_home,"
                " posted_version, stage) VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, channel_id) DO UPDATE SET"
                " posted_version = CASE WHEN table_messages.message_id = excluded.message_id"
                " THEN COALESCE(excluded.posted_version, table_messages.posted_version)"
                " ELSE excluded.posted_version END,"
                " stage = CASE WHEN table_messages.message_id = excluded.message_id"
                " THEN COALESCE(excluded.stage, table_messages.stage) ELSE excluded.stage END,"
                " message_id = excluded.message_id, version = excluded.version,"
                " is_home = excluded.is_home",
                (game_id, channel_id, message_id, version, int(is_home), posted_version, stage),
            )

    async def table_messages(self, game_id: int) -> list[TableMessage]:
        rows = await self._fetchall(
            "SELECT * FROM table_messages WHERE game_id = ? ORDER BY is_home DESC, channel_id",
            (game_id,),
        )
        return [_table_message(r) for r in rows]

    async def table_message_at(self, channel_id: int, message_id: int) -> TableMessage | None:
        """The table message with this id, if it is one a game still keeps."""
        row = await self._fetchone(
            "SELECT * FROM table_messages WHERE channel_id = ? AND message_id = ?",
            (channel_id, message_id),
        )
        return None if row is None else _table_message(row)

    async def add_spectator(self, game_id: int, channel_id: int) -> int | None:
        """Make the channel follow this game; returns the game it followed before, if another."""
        async with self._transaction() as db:
            row = await db.fetchone(
                "SELECT game_id FROM spectators WHERE channel_id = ?", (channel_id,)
            )
            previous = None if row is None else int(row["game_id"])
            if previous is not None and previous != game_id:
                await self._drop_spectator(db, channel_id)
            await db.execute(
                "INSERT INTO spectators (game_id, channel_id) VALUES (?, ?)"
                " ON CONFLICT (channel_id) DO NOTHING",
                (game_id, channel_id),
            )
        return previous if previous != game_id else None

    async def remove_spectator(self, channel_id: int) -> int | None:
        """Stop the channel following a game; returns that game's id, or None if it followed none."""
        async with self._transaction() as db:
            row = await db.fetchone(
                "SELECT game_id FROM spectators WHERE channel_id = ?", (channel_id,)
            )
            if row is None:
                return None
            await self._drop_spectator(db, channel_id)
            return int(row["game_id"])

    @staticmethod
    async def _drop_spectator(db: Connection, channel_id: int) -> None:
        await db.execute(
            "DELETE FROM table_messages WHERE channel_id = ? AND is_home = 0 AND game_id IN"
            " (SELECT game_id FROM spectators WHERE channel_id = ?)",
            (channel_id, channel_id),
        )
        await db.execute("DELETE FROM spectators WHERE channel_id = ?", (channel_id,))

    async def spectator_channels(self, game_id: int) -> list[int]:
        rows = await self._fetchall(
            "SELECT channel_id FROM spectators WHERE game_id = ? ORDER BY channel_id", (game_id,)
        )
        return [int(r["channel_id"]) for r in rows]

    # -- lobby messages ---------------------------------------------------------------------

    async def set_lobby_message(
        self, game_id: int, channel_id: int, message_id: int, shown: str
    ) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO lobby_messages (game_id, channel_id, message_id, shown)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET"
                " channel_id = excluded.channel_id, message_id = excluded.message_id,"
                " shown = excluded.shown",
                (game_id, channel_id, message_id, shown),
            )

    async def lobby_message(self, game_id: int) -> tuple[int, int, str] | None:
        """(channel, message, the status it shows) of the game's lobby message, if posted."""
        row = await self._fetchone(
            "SELECT channel_id, message_id, shown FROM lobby_messages WHERE game_id = ?",
            (game_id,),
        )
        if row is None:
            return None
        return int(row["channel_id"]), int(row["message_id"]), str(row["shown"])

    # -- deciders told --------------------------------------------------------------------

    async def deciders_told(self, game_id: int) -> list[str]:
        """The marks of the deciders last told of their decision (see GameService)."""
        row = await self._fetchone("SELECT marks FROM deciders_told WHERE game_id = ?", (game_id,))
        return [] if row is None else [str(mark) for mark in json.loads(row["marks"])]

    async def set_deciders_told(self, game_id: int, marks: Sequence[str]) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO deciders_told (game_id, marks) VALUES (?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET marks = excluded.marks",
                (game_id, _dumps(list(marks))),
            )

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


def _table_message(r: Row) -> TableMessage:
    return TableMessage(
        r["game_id"],
        r["channel_id"],
        r["message_id"],
        r["version"],
        bool(r["is_home"]),
        r["posted_version"],
        r["stage"],
    )
