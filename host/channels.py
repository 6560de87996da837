"""What the service remembers for the Discord side between messages (``service.channels``):
which message shows each game's table in each channel (home and spectators'), its lobby
message, who was told of their decision, and the private messages owed."""

from __future__ import annotations

import lang
from engine.text import msg
from host import turns
from host.errors import NotFound, UserError
from host.models import DmQuestion, GameRecord, TableMessage
from host.records import Records
from host.store import Store


class Channels:
    """Table and lobby messages, spectators, deciders told, owed DMs."""

    def __init__(self, store: Store, records: Records) -> None:
        self.store = store
        self.records = records

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
        """Remember the message that shows the game's table in a channel (one per channel);
        ``posted``: a new message's version and stage (what it says once retired)."""
        await self.store.set_table_message(
            game_id, channel_id, message_id, version, is_home=is_home, posted=posted
        )

    async def set_lobby_message(
        self, game_id: int, channel_id: int, message_id: int, shown: str
    ) -> None:
        """Remember a game's lobby message and the status it shows now."""
        await self.store.set_lobby_message(game_id, channel_id, message_id, shown)

    async def lobby_message(self, game_id: int) -> tuple[int, int, str] | None:
        """(channel, message, status shown) of the game's lobby message, if it was posted."""
        return await self.store.lobby_message(game_id)

    async def lobbies(self) -> list[GameRecord]:
        """Every open lobby that can be loaded (start-up repair posts missing ones)."""
        return await self.records.load_each(await self.store.game_ids(["lobby"]))

    async def table_messages(self, game_id: int) -> list[TableMessage]:
        """The current table messages of a game: the home one first, then spectators'."""
        return await self.store.table_messages(game_id)

    async def table_message_at(self, channel_id: int, message_id: int) -> TableMessage | None:
        """The table message with this id, if a game keeps it as its table in that channel."""
        return await self.store.table_message_at(channel_id, message_id)

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
        await self.store.add_spectator(game_id, channel_id)

    async def remove_spectator(self, channel_id: int) -> None:
        if await self.store.remove_spectator(channel_id) is None:
            raise UserError(msg("This channel is not following any game."))

    async def spectator_channels(self, game_id: int) -> list[int]:
        return await self.store.spectator_channels(game_id)

    # -- telling deciders ------------------------------------------------------------------

    async def new_deciders(self, record: GameRecord) -> list[int]:
        """The seats (of people) that decide now and have not been told of it yet. A seat
        told of a public decision is told again when it is asked a private question, and
        the other way round. Nothing is remembered until ``mark_deciders_told``, so a crash
        between asking this and telling them leaves them to be told by start-up repair."""
        told = set(await self.store.deciders_told(record.id))
        return [seat for seat, mark in turns.decider_marks(record).items() if mark not in told]

    async def mark_deciders_told(self, record: GameRecord) -> None:
        """Remember that whoever decides now in ``record`` has been told of it."""
        marks = sorted(turns.decider_marks(record).values())
        if marks != sorted(await self.store.deciders_told(record.id)):
            await self.store.set_deciders_told(record.id, marks)

    # -- direct messages ------------------------------------------------------------------

    async def mark_dms_closed(self, user_id: int, closed: bool = True) -> bool:
        """Remember whether DMs to the user fail; True if this changed it (announce once)."""
        return await self.store.set_dms_closed(user_id, closed)

    async def pending_dms(
        self, game_id: int | None = None
    ) -> list[tuple[int, int, int, list[str]]]:
        """Private messages owed and not yet sent: (id, game, user, news lines)."""
        return await self.store.pending_dms(game_id)

    async def dm_done(self, dm_id: int) -> None:
        await self.store.dm_done(dm_id)

    async def set_dm_question(self, question: DmQuestion) -> None:
        """Remember the DM that asks a person a question, to close it once answered."""
        await self.store.set_dm_question(question)

    async def dm_questions(self, game_id: int) -> list[DmQuestion]:
        """The DMs that ask the game's players a question, as last shown."""
        return await self.store.dm_questions(game_id)

    async def drop_dm_question(self, game_id: int, user_id: int) -> None:
        """The DM's question is closed: nothing more to do with it."""
        await self.store.drop_dm_question(game_id, user_id)

    async def dms_closed(self, user_id: int) -> bool:
        return await self.store.dms_closed(user_id)

    # -- languages --------------------------------------------------------------------------

    async def user_language(self, user_id: int) -> str | None:
        """The language a person chose to read the bot in, if they chose one that is still
        offered; None: follow their Discord client."""
        chosen = await self.store.user_language(user_id)
        return chosen if chosen in lang.languages() else None

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
