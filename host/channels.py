"""What the service remembers for the Discord side between messages (``service.channels``):
which message shows each game's table in each channel (home and spectators'), its lobby
message, who was told of their decision, the private messages owed and the questions asked by
DM. Those tables are this module's (only the store writes the messages owed, with the change
that owes them); a person's preferences (DMs closed, language) are the store's, and are read
and set here."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import lang
from engine.text import msg
from host import turns
from host.database import Backend, Connection, Row, numbers
from host.errors import NotFound, UserError
from host.models import DmQuestion, GameRecord, TableMessage
from host.records import Records
from host.store import Store


class Channels:
    """Table and lobby messages, spectators, deciders told, owed DMs."""

    def __init__(self, store: Store, records: Records) -> None:
        self.store = store
        self.records = records
        self._locales: dict[int, str] = {}
        """user -> the Discord locale last seen and kept (``saw_locale``): the database is
        written only when it changes."""

    @property
    def _db(self) -> Backend:
        return self.store.backend

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
        """Remember the message that shows the game's table in a channel (one per channel) at
        ``version``; ``posted`` (the version and stage it was posted at: what it says once
        retired) for a new message, None for an edit (the message keeps what it was posted at)."""
        posted_version, stage = posted if posted is not None else (None, None)
        async with self._db.transaction() as db:
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
        """The current table messages of a game: the home one first, then spectators'."""
        rows = await self._db.fetchall(
            "SELECT * FROM table_messages WHERE game_id = ? ORDER BY is_home DESC, channel_id",
            (game_id,),
        )
        return [_table_message(r) for r in rows]

    async def table_message_at(self, channel_id: int, message_id: int) -> TableMessage | None:
        """The table message with this id, if a game keeps it as its table in that channel."""
        row = await self._db.fetchone(
            "SELECT * FROM table_messages WHERE channel_id = ? AND message_id = ?",
            (channel_id, message_id),
        )
        return None if row is None else _table_message(row)

    async def add_spectator(
        self, game_id: int, channel_id: int, *, guild_id: int | None = None
    ) -> None:
        """Let a channel follow a game; a channel follows one game at a time. With
        ``guild_id`` (the channel's server) only a game of that server can be followed."""
        record = await self.records.load(game_id)
        if guild_id is not None and record.guild_id != guild_id:
            raise NotFound(msg("There is no game #{number}.", number=game_id))
        if not record.is_open:
            raise UserError(
                msg("Game #{number} is over: there is nothing to follow.", number=game_id)
                if record.status == "finished"
                else msg("Game #{number} is abandoned: there is nothing to follow.", number=game_id)
            )
        if record.channel_id == channel_id:
            raise UserError(
                msg(
                    "This channel is game #{number}'s home: it already shows the table.",
                    number=game_id,
                )
            )
        await self.follow(game_id, channel_id)

    async def follow(self, game_id: int, channel_id: int) -> int | None:
        """Make the channel follow this game, without ``add_spectator``'s checks; the game it
        followed before, if another."""
        async with self._db.transaction() as db:
            row = await db.fetchone(
                "SELECT game_id FROM spectators WHERE channel_id = ?", (channel_id,)
            )
            previous = None if row is None else int(row["game_id"])
            if previous is not None and previous != game_id:
                await _drop_spectator(db, channel_id)
            await db.execute(
                "INSERT INTO spectators (game_id, channel_id) VALUES (?, ?)"
                " ON CONFLICT (channel_id) DO NOTHING",
                (game_id, channel_id),
            )
        return previous if previous != game_id else None

    async def remove_spectator(self, channel_id: int) -> int:
        """Stop the channel following a game; that game's id (UserError if it followed none)."""
        async with self._db.transaction() as db:
            row = await db.fetchone(
                "SELECT game_id FROM spectators WHERE channel_id = ?", (channel_id,)
            )
            if row is None:
                raise UserError(msg("This channel is not following any game."))
            await _drop_spectator(db, channel_id)
            return int(row["game_id"])

    async def spectator_channels(self, game_id: int) -> list[int]:
        """The channels that follow the game."""
        return await numbers(
            self._db,
            "SELECT channel_id FROM spectators WHERE game_id = ? ORDER BY channel_id",
            (game_id,),
        )

    # -- lobby messages ---------------------------------------------------------------------

    async def set_lobby_message(
        self, game_id: int, channel_id: int, message_id: int, shown: str
    ) -> None:
        """Remember a game's lobby message and the status it shows now."""
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO lobby_messages (game_id, channel_id, message_id, shown)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET"
                " channel_id = excluded.channel_id, message_id = excluded.message_id,"
                " shown = excluded.shown",
                (game_id, channel_id, message_id, shown),
            )

    async def lobby_message(self, game_id: int) -> tuple[int, int, str] | None:
        """(channel, message, the status it shows) of the game's lobby message, if posted."""
        row = await self._db.fetchone(
            "SELECT channel_id, message_id, shown FROM lobby_messages WHERE game_id = ?",
            (game_id,),
        )
        if row is None:
            return None
        return int(row["channel_id"]), int(row["message_id"]), str(row["shown"])

    async def lobbies(self) -> list[GameRecord]:
        """Every open lobby that can be loaded (start-up repair posts missing ones)."""
        return await self.records.load_each(await self.store.game_ids(["lobby"]))

    # -- telling deciders ------------------------------------------------------------------

    async def new_deciders(self, record: GameRecord) -> list[int]:
        """The seats (of people) that decide now and have not been told of it yet. A seat
        told of a public decision is told again when it is asked a private question, and
        the other way round. Nothing is remembered until ``mark_deciders_told``, so a crash
        between asking this and telling them leaves them to be told by start-up repair."""
        told = set(await self._deciders_told(record.id))
        return [seat for seat, mark in turns.decider_marks(record).items() if mark not in told]

    async def mark_deciders_told(self, record: GameRecord) -> None:
        """Remember that whoever decides now in ``record`` has been told of it."""
        marks = sorted(turns.decider_marks(record).values())
        if marks != sorted(await self._deciders_told(record.id)):
            await self._set_deciders_told(record.id, marks)

    async def _deciders_told(self, game_id: int) -> list[str]:
        """The marks of the deciders last told of their decision."""
        row = await self._db.fetchone(
            "SELECT marks FROM deciders_told WHERE game_id = ?", (game_id,)
        )
        return [] if row is None else [str(mark) for mark in json.loads(row["marks"])]

    async def _set_deciders_told(self, game_id: int, marks: Sequence[str]) -> None:
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO deciders_told (game_id, marks) VALUES (?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET marks = excluded.marks",
                (game_id, json.dumps(list(marks), separators=(",", ":"))),
            )

    # -- direct messages ------------------------------------------------------------------

    async def mark_dms_closed(self, user_id: int, closed: bool = True) -> bool:
        """Remember whether DMs to the user fail; True if this changed it (announce once)."""
        return await self.store.set_dms_closed(user_id, closed)

    async def pending_dms(
        self, game_id: int | None = None
    ) -> list[tuple[int, int, int, list[str]]]:
        """Private messages owed and not yet sent (the store records them with the change
        that owes them): (id, game, user, news lines), oldest first."""
        sql = "SELECT id, game_id, user_id, lines FROM pending_dms"
        params: tuple[Any, ...] = ()
        if game_id is not None:
            sql, params = sql + " WHERE game_id = ?", (game_id,)
        rows = await self._db.fetchall(sql + " ORDER BY id", params)
        return [
            (int(r["id"]), int(r["game_id"]), int(r["user_id"]), list(json.loads(r["lines"])))
            for r in rows
        ]

    async def dm_done(self, dm_id: int) -> None:
        """A pending private message was sent (or can never be): forget it."""
        async with self._db.transaction() as db:
            await db.execute("DELETE FROM pending_dms WHERE id = ?", (dm_id,))

    async def set_dm_question(self, question: DmQuestion) -> None:
        """Remember the DM that asks a person a private question (one per person and game)."""
        async with self._db.transaction() as db:
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
        rows = await self._db.fetchall(
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
        """The DM's question is closed: nothing more to do with it."""
        async with self._db.transaction() as db:
            await db.execute(
                "DELETE FROM dm_questions WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )

    async def dms_closed(self, user_id: int) -> bool:
        return await self.store.dms_closed(user_id)

    # -- languages --------------------------------------------------------------------------

    async def user_language(self, user_id: int) -> str | None:
        """The language a person chose to read the bot in, if they chose one that is still
        offered; None: follow their Discord client."""
        chosen = await self.store.user_language(user_id)
        return chosen if chosen in lang.languages() else None

    async def saw_locale(self, user_id: int, locale: str | None) -> None:
        """An interaction showed the person's Discord locale ("de", "en-GB"): kept, in the
        database when it is new or changed, for the DMs the bot sends them on its own (a DM
        has no locale), after a restart too."""
        if not locale or self._locales.get(user_id) == locale:
            return
        await self.store.set_seen_locale(user_id, locale)
        self._locales[user_id] = locale

    async def person_language(self, user_id: int) -> str:
        """The language of what one person alone reads away from an interaction (a DM): the
        one they chose, else their Discord app's as their latest interaction showed it (this
        process's, else the one kept), else English."""
        chosen = await self.user_language(user_id)
        if chosen is not None:
            return chosen
        return lang.language_of(self._locales.get(user_id) or await self.store.seen_locale(user_id))

    async def set_user_language(self, user_id: int, language: str | None) -> None:
        """Choose the language a person reads the bot in (None: their Discord's)."""
        if language is not None and language not in lang.languages():
            raise UserError(lang.msg("That language is not offered."))
        await self.store.set_user_language(user_id, language)


def offered(language: str) -> str:
    """The language itself if offered, else English (a server's setting or a person's
    Discord may name one the bot does not speak)."""
    return language if language in lang.languages() else lang.DEFAULT


def ended_word(record: GameRecord) -> str:
    """How an ended game is said to have ended."""
    return "over" if record.status == "finished" else "abandoned"


async def _drop_spectator(db: Connection, channel_id: int) -> None:
    await db.execute(
        "DELETE FROM table_messages WHERE channel_id = ? AND is_home = 0 AND game_id IN"
        " (SELECT game_id FROM spectators WHERE channel_id = ?)",
        (channel_id, channel_id),
    )
    await db.execute("DELETE FROM spectators WHERE channel_id = ?", (channel_id,))


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
