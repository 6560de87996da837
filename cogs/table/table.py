"""The table in the channels: lobby and table messages, spectators, secrets by DM, repair.

Shared by every game kind; what differs per kind comes from its ``Presenter``. Changes to one
game and their publication happen under one lock per game, so table messages are edited in
the order the game moved, and two clicks at once are decided before either is shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import discord

import lang
from cogs.table.components import (
    ANSWER,
    Group,
    controls_view,
    lobby_view,
    stopped,
)
from cogs.table.embeds import (
    add_ratings,
    final_embed,
    jump_url,
    lobby_embed,
    retired_embed,
    table_embed,
)
from cogs.table.handles import Handles
from cogs.table.languages import table_language
from cogs.table.messaging import MENTIONS, Messaging, addressed, mentions_of, nonce
from cogs.table.offers import action_groups
from cogs.table.pictures import Pictures
from cogs.table.presenters import Presenter
from cogs.table.replies import png_file
from cogs.table.thinking import ComputerTurns
from engine.text import N_
from host import computers
from host import stats as host_stats
from host.acting import off_loop, public_line
from host.clocks import Clocks, TableClock
from host.errors import UserError
from host.models import ActionLogEntry, GameRecord, TableMessage, Update
from host.service import GameService
from host.store import StoredGame

log = logging.getLogger(__name__)
Item = discord.ui.Item[Any]

LOBBY_VERSION = -1
"""The version stored with a lobby message, so it is never taken for a table message."""
COMPUTER_MOVES_SHOWN = 80
"""The most actions read back to show the computer moves since a person's last action."""
RECENT_ACTIONS = 10
"""How many of the latest actions the table's "What just happened" shows."""


def plain(name: str) -> str:
    """A person's name as text: no markdown, no mentions."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def table_groups(
    service: GameService,
    record: GameRecord,
    presenter: Presenter[Any],
    language: str = lang.DEFAULT,
) -> list[Group]:
    """The buttons of a channel message, which everyone sees: the groups of the public
    decisions (answers from a hidden hand only as a button to the decider's own controls,
    there whatever the hand holds), and one generic "Answer…" for all private questions,
    whoever is asked."""
    groups = action_groups(
        service, record, presenter, record.public_actors(), public=True, language=language
    )
    if any(record.user_of(seat) is not None for seat in record.private_actors()):
        groups.insert(0, Group(ANSWER, presenter.group_title(ANSWER, language=language), ()))
    return groups


def _ping(record: GameRecord, seats: Sequence[int], tr: lang.Texts) -> str | None:
    mentions = mentions_of(record, seats)
    if not mentions:
        return None
    return tr.plural(
        "{players}, your move.", "{players}, your move.", addressed(record, seats), players=mentions
    )


NEWER_TABLE = N_("Over: the game goes on in a newer message.")
ENDED = N_("Over: the game has ended, see its result.")
ABANDONED = N_("Over: the game was abandoned.")
"""What a retired table message says below it (``Tables._retire``)."""


def happened_lines(entries: Sequence[ActionLogEntry], language: str) -> list[str]:
    """What everyone saw of these actions, one line each in ``language``, with the names of
    the moment they were played (kept in the action log: a seat's later holder is never
    named for what an earlier one did)."""
    return [
        plain(public_line(entry.public_text, language)) for entry in entries if entry.public_text
    ]


class Tables(Messaging):
    """Posts and edits what a game shows in its channels."""

    def __init__(
        self, client: discord.Client, service: GameService, presenters: Mapping[str, Presenter[Any]]
    ) -> None:
        super().__init__()
        self.client = client
        self.service = service
        self.presenters = presenters
        self._locks: dict[int, asyncio.Lock] = {}
        self.clocks: Clocks | None = None
        """The games' clocks, once the bot has them (the lobby shows the timer)."""
        self.pictures = Pictures()
        self.handles = Handles()
        """Recent clicks on table messages, to edit them through (``cogs.table.handles``)."""
        self.computers = ComputerTurns(self)
        """The computer players' moves, made in the background (``cogs.table.thinking``)."""
        self.table_extras: list[Callable[[GameRecord], Awaitable[list[Item]]]] = []
        """Give more buttons for a table message (the Undo button, ``cogs.commands.history``)."""
        self.final_files: list[Callable[[GameRecord], Awaitable[list[discord.File]]]] = []
        """Give more files for a game's final message at home (its replay, ``cogs.commands.history``)."""
        self.final_items: list[Callable[[GameRecord], Awaitable[list[Item]]]] = []
        """Give buttons for a game's final message at home (Rematch, ``cogs.commands.rematch``)."""
        service.records.set_aside_listeners.append(self._announce_set_aside)

    async def _announce_set_aside(self, stored: StoredGame) -> None:
        """Tell a damaged game's channel, once, that it was set aside."""
        # the game's language is in the damaged data: the channel is told in the default one
        tr = lang.texts(lang.DEFAULT)
        text = tr(
            "Game #{number} could not be loaded: its saved data is damaged. It has been set "
            "aside and kept for repair, and this channel is free for a new game.",
            number=stored.id,
        )
        channel = self.client.get_partial_messageable(stored.channel_id, guild_id=stored.guild_id)
        try:
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("Could not tell channel %s about game #%s", stored.channel_id, stored.id)

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    def presenter(self, record: GameRecord) -> Presenter[Any]:
        return self.presenters[record.kind]

    def channel(self, record: GameRecord, channel_id: int) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id, guild_id=record.guild_id)

    async def table_url(self, record: GameRecord) -> str:
        for message in await self.service.channels.table_messages(record.id):
            if message.is_home:
                return jump_url(record.guild_id, message.channel_id, message.message_id)
        return jump_url(record.guild_id, record.channel_id)

    # -- acting -----------------------------------------------------------------------------

    async def act(
        self, game_id: int, user_id: int, notation: str, *, version: int | None
    ) -> Update:
        """Take a person's action and show it. The computer seats that must decide next are
        not woken: the caller does it once the person has their own answer (``computers``)."""
        async with self.lock(game_id):
            update = await self.service.act(game_id, user_id, notation, version=version)
            await self.publish(update, acted_by=user_id, wake=False)
        await self.send_secrets(update)
        return update

    async def start(self, game_id: int, user_id: int) -> Update:
        async with self.lock(game_id):
            update = await self.service.start(game_id, user_id)
            await self.show_lobby(update.record)  # its buttons go at once
            await self.publish(update)
            await self.show_lobby(update.record)  # now with a link to the table
        await self.send_secrets(update)
        return update

    # -- the lobby --------------------------------------------------------------------------

    def lobby_message(
        self, record: GameRecord, link: str | None = None, *, timer: lang.Msg | None = None
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        kind = self.service.kind(record.kind)
        language = table_language(record)
        described = kind.describe_options(record.options)
        tr = lang.texts(language)
        options = tr.say(described)
        if timer is not None:
            options = tr("{options}\nTimer: {timer}.", options=described, timer=timer)
        embed = lobby_embed(record, self.presenter(record), options, link, language)
        _, most = kind.player_limits(record.options)
        view = lobby_view(record, most, language) if record.status == "lobby" else None
        return embed, view

    async def lobby_with_timer(
        self, record: GameRecord, link: str | None = None
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        """The lobby message, its options followed by the game's timer."""
        timer = (
            None if self.clocks is None else (await self.clocks.settings(record.id)).timer_text()
        )
        return self.lobby_message(record, link, timer=timer)

    async def post_lobby(self, record: GameRecord, message_id: int) -> None:
        await self.service.channels.set_table_message(
            record.id, record.channel_id, message_id, LOBBY_VERSION, is_home=True
        )
        await self.service.channels.set_lobby_message(
            record.id, record.channel_id, message_id, record.status
        )

    async def show_lobby(self, record: GameRecord) -> None:
        """Edit the lobby message to match the record: its players, or that the game started
        (with a link to the table), ended (a link to the result) or was cancelled."""
        stored = await self.service.channels.lobby_message(record.id)
        if stored is None:
            return
        channel_id, message_id, _ = stored
        link = None
        if record.status in ("running", "finished"):
            home = [m for m in await self.service.channels.table_messages(record.id) if m.is_home]
            if home and home[0].version != LOBBY_VERSION:
                link = jump_url(record.guild_id, home[0].channel_id, home[0].message_id)
        embed, view = await self.lobby_with_timer(record, link)
        message = self.channel(record, channel_id).get_partial_message(message_id)
        try:
            await message.edit(embed=embed, view=view)
        except discord.HTTPException:
            log.warning("Could not edit the lobby of game #%s", record.id, exc_info=True)
            return
        await self.service.channels.set_lobby_message(
            record.id, channel_id, message_id, record.status
        )

    async def repost_lobby(self, record: GameRecord) -> None:
        """A lobby saved but never posted (a crash in between) is posted now."""
        embed, view = await self.lobby_with_timer(record)
        kwargs: dict[str, Any] = {"embed": embed, "nonce": nonce("l", record.id)}
        if view is not None:
            kwargs["view"] = view
        # A crash before post_lobby records it: the repeat gets the same message back.
        message = await self.channel(record, record.channel_id).send(**kwargs)
        await self.post_lobby(record, message.id)

    # -- the table --------------------------------------------------------------------------

    async def publish(
        self, update: Update, acted_by: int | None = None, *, wake: bool = True
    ) -> None:
        """Show an update in the home channel and every spectator channel (``acted_by``: the
        person whose own action it was, who sees their next question in their panel); then
        (``wake``) the computer seats that must decide move, in the background
        (``cogs.table.thinking``).

        A new table message is posted when the turn passed to a person: a turn passing to
        a computer edits the table, which then says the computer is thinking and shows its
        moves as it makes them, until a person must decide."""
        record = update.record
        pinged: list[int] = []
        try:
            if update.finished:
                await self.show_final(record)
                await self.show_lobby(record)
            else:
                new_message = update.new_turn and not computers.thinking(record)
                pinged = await self.show_table(record, new_message=new_message)
        except discord.HTTPException:
            log.exception("Could not show game #%s, version %s", record.id, record.version)
        await self.tell_deciders(record, pinged, acted_by)
        if wake:
            self.computers.wake(record.id, record)

    async def board_png(self, record: GameRecord, view: Mapping[str, Any], language: str) -> bytes:
        """The picture of ``view`` in ``language``, which every caller names: a channel's
        picture in the table's (``table_language``), a private reply's or a DM's in its
        reader's, so the picture speaks as the text around it. Drawn once per moment and
        language shown (``cogs.table.pictures``) in a thread."""
        render = self.presenter(record).render
        return await self.pictures.png(record, view, render, language)

    async def show_table(
        self, record: GameRecord, *, new_message: bool, only: int | None = None
    ) -> list[int]:
        """Show the table in the home channel and every spectator channel; return the seats
        whose decision a new home message mentioned (it notifies them). A new message of a
        version goes with a nonce of the game, version and channel, so posting it again after
        a crash (before it was recorded) gets the same message back, not a second table.

        With ``only``, post it again in that one channel, whose table message is gone (a
        new message, so no nonce: the gone one must not come back).
        """
        pinged: list[int] = []
        moves, recent = await self.happened(record)
        clock = await self.table_clock(record)
        view, embed, groups = await off_loop(self._table_parts, record, moves, clock, recent)
        extra = [item for make in self.table_extras for item in await make(record)]
        language = table_language(record)
        buttons = controls_view(record.kind, record.id, record.version, groups, extra, language)
        stored = {m.channel_id: m for m in await self.service.channels.table_messages(record.id)}
        if only is not None:
            stored.pop(only, None)
        if only in (None, record.channel_id):
            home = stored.get(record.channel_id)
            deciders = self._human_public_actors(record)
            if new_message or home is None:
                pinged = deciders
            await self._show_in(
                record,
                record.channel_id,
                home,
                embed,
                view,
                buttons,
                _ping(record, deciders, lang.texts(language)),
                new_message,
                again=only is not None,
            )
        for channel_id in await self.service.channels.spectator_channels(record.id):
            if only in (None, channel_id):
                shown = self._show_in(
                    record,
                    channel_id,
                    stored.get(channel_id),
                    embed,
                    view,
                    None,
                    None,
                    new_message,
                    again=only is not None,
                )
                await self._to_spectators(record, channel_id, shown)
        return pinged

    async def catch_up_spectators(self, record: GameRecord) -> None:
        """Spectator channels whose table is behind the game (a crash came after the home
        table was shown, before theirs) are shown the current one: their message edited, or
        posted with the version's nonce if it never went out or is gone."""
        stored = {m.channel_id: m for m in await self.service.channels.table_messages(record.id)}
        behind = [
            channel_id
            for channel_id in await self.service.channels.spectator_channels(record.id)
            if channel_id not in stored or stored[channel_id].version != record.version
        ]
        if not behind:
            return
        moves, recent = await self.happened(record)
        view, embed, _ = await off_loop(self._table_parts, record, moves, recent=recent)
        for channel_id in behind:
            shown = self._show_in(
                record, channel_id, stored.get(channel_id), embed, view, None, None, False
            )
            await self._to_spectators(record, channel_id, shown)

    async def table_clock(self, record: GameRecord) -> TableClock | None:
        """The deadlines and time banks the table shows (None: no timer, or no clocks)."""
        return None if self.clocks is None else await self.clocks.table_clock(record)

    def _table_parts(
        self,
        record: GameRecord,
        moves: list[str] | None = None,
        clock: TableClock | None = None,
        recent: list[str] | None = None,
    ) -> tuple[Mapping[str, Any], discord.Embed, list[Group]]:
        """The public view, the table's embed and its button groups: CPU work (the engine's
        view and legal actions), done in a worker thread so the event loop stays free."""
        presenter = self.presenter(record)
        view = record.view()
        language = table_language(record)
        embed = table_embed(
            record, view, presenter, moves=moves, clock=clock, recent=recent, language=language
        )
        return view, embed, table_groups(self.service, record, presenter, language)

    async def happened(
        self, record: GameRecord, *, until: int | None = None, language: str | None = None
    ) -> tuple[list[str] | None, list[str] | None]:
        """What the table tells of what just happened, from the action log (each line with
        the names of the moment it was played): ``moves``, when computers moved after the
        latest person's action, that action and each of their moves (None when nobody but
        people moved since); ``recent``, the latest actions (None before the first, when the
        game's own opening lines say it). ``until``: as the game stood at that version.
        ``language``: the reader's, for a private reply (default: the table's)."""
        language = language or record.table_language
        if until is None:
            log = await self.service.store.actions(record.id, limit=COMPUTER_MOVES_SHOWN)
        else:
            log = [e for e in await self.service.store.actions(record.id) if e.version <= until]
            log = log[-COMPUTER_MOVES_SHOWN:]
        recent = happened_lines(log, language)[-RECENT_ACTIONS:] or None
        start = next((i for i in range(len(log) - 1, -1, -1) if log[i].user_id is not None), 0)
        batch = log[start:]
        if not any(entry.user_id is None for entry in batch):
            return None, recent
        return happened_lines(batch, language), recent

    async def _to_spectators(
        self, record: GameRecord, channel_id: int, shown: Awaitable[Any]
    ) -> None:
        """Post to a spectator channel; one the bot can no longer post in stops following."""
        try:
            await shown
        except (discord.Forbidden, discord.NotFound) as error:
            log.warning(
                "Channel %s can no longer show game #%s (%s); it stops following it",
                channel_id,
                record.id,
                error.text or error.status,
            )
            with contextlib.suppress(UserError):
                await self.service.channels.remove_spectator(channel_id)
        except discord.HTTPException as error:
            log.warning("Could not show game #%s in channel %s: %s", record.id, channel_id, error)

    @staticmethod
    def _human_public_actors(record: GameRecord) -> list[int]:
        return [seat for seat in record.public_actors() if record.player_of(seat) is not None]

    async def _show_in(
        self,
        record: GameRecord,
        channel_id: int,
        stored: TableMessage | None,
        embed: discord.Embed,
        view: Mapping[str, Any],
        buttons: discord.ui.View | None,
        ping: str | None,
        new_message: bool,
        *,
        again: bool = False,
    ) -> None:
        """Edit the channel's table message, or post a new one (``again``: a re-post of a
        version whose message is gone, never deduplicated). An edit keeps the picture the
        message carries while the same seats decide (see ``cogs.table.pictures``)."""
        channel = self.channel(record, channel_id)
        is_home = channel_id == record.channel_id
        if stored is not None and stored.version == LOBBY_VERSION:
            stored = None
        if stored is not None and not new_message:
            png: bytes | None = None
            picture: discord.Attachment | discord.File | None
            picture = self.pictures.keeps(record, stored.message_id)
            if picture is None:
                png = await self.board_png(record, view, table_language(record))
                picture = self.pictures.same(stored.message_id, png) or png_file(png)
            fields: dict[str, Any] = {"embed": embed, "attachments": [picture], "view": buttons}
            if is_home:  # the call to act names whoever decides now, nobody else
                fields["content"] = ping
                fields["allowed_mentions"] = MENTIONS
            try:
                edited = await self.handles.edit(stored.message_id, **fields)
                if edited is None:
                    edited = await channel.get_partial_message(stored.message_id).edit(**fields)
            except discord.NotFound:
                stored = None
            else:
                if png is not None:
                    self.pictures.remember(record, edited, png)
                await self.service.channels.set_table_message(
                    record.id, channel_id, stored.message_id, record.version, is_home=is_home
                )
                return
        if stored is not None:
            await self._retire(record, channel, stored, NEWER_TABLE)
        png = await self.board_png(record, view, table_language(record))
        kwargs: dict[str, Any] = {
            "embed": embed,
            "file": png_file(png),
            "allowed_mentions": MENTIONS,
        }
        if buttons is not None:
            kwargs["view"] = buttons
        if ping and is_home:
            kwargs["content"] = ping
        if not again:
            kwargs["nonce"] = nonce("t", record.id, record.version, channel_id)
        message = await channel.send(**kwargs)
        self.pictures.remember(record, message, png)
        stage = self.presenter(record).stage_line(view, lang.texts(table_language(record)))
        await self.service.channels.set_table_message(
            record.id,
            channel_id,
            message.id,
            record.version,
            is_home=is_home,
            posted=(record.version, stage),
        )

    async def _retire(
        self,
        record: GameRecord,
        channel: discord.PartialMessageable,
        stored: TableMessage,
        after: str,
    ) -> None:
        """An older table message says what it was (the stage it showed and what was played
        while it was the table, up to the action that replaced it: ``played_on``) and loses
        its call to act and its buttons, in the one edit that took its buttons away before
        (through a held click when there is one); it may be gone already. ``after``: what it
        says below (``NEWER_TABLE``, ``ENDED``, ``ABANDONED``)."""
        lines = await self.played_on(record, stored)
        language = table_language(record)
        footer = lang.say(after, language)
        presenter = self.presenter(record)
        embed = retired_embed(record, presenter, stored.stage, lines, footer, language)
        fields: dict[str, Any] = {"content": None, "embed": embed, "view": None}
        try:
            if await self.handles.edit(stored.message_id, **fields) is None:
                await channel.get_partial_message(stored.message_id).edit(**fields)
        except discord.HTTPException:
            log.info("Table message %s could not be retired", stored.message_id)
        self.handles.release(stored.message_id)

    async def played_on(self, record: GameRecord, stored: TableMessage) -> list[str]:
        """What was played while ``stored`` was the table: the actions since it was posted
        that it showed, and after them the one that replaced it, or the computer moves that
        followed them (the table showed them as they were made, ``cogs.table.thinking``, but the
        last ones may have come together with the newer table); the moves after a person's
        next action are the newer table's."""
        log = await self.service.store.actions(record.id, limit=COMPUTER_MOVES_SHOWN)
        first = stored.posted_version if stored.posted_version is not None else stored.version
        shown = [e for e in log if first < e.version <= stored.version]
        later = [e for e in log if e.version > stored.version]
        computers_then = list(itertools.takewhile(lambda e: e.user_id is None, later))
        ending = computers_then or later[:1]
        return happened_lines([*shown, *ending], record.table_language)

    async def show_final(self, record: GameRecord) -> None:
        presenter = self.presenter(record)
        view = record.view()
        png = await self.board_png(record, view, table_language(record))
        language = table_language(record)
        moves = (await self.happened(record))[0]
        embed = final_embed(record, view, presenter, moves, language)
        add_ratings(embed, await host_stats.rating_changes(self.service, record.id), language)
        stored = {m.channel_id: m for m in await self.service.channels.table_messages(record.id)}
        extra = [file for make in self.final_files for file in await make(record)]
        items = [item for make in self.final_items for item in await make(record)]
        home = stored.get(record.channel_id)
        await self._post_final(record, record.channel_id, home, embed, png, extra, items)
        for channel_id in await self.service.channels.spectator_channels(record.id):
            posted = self._post_final(record, channel_id, stored.get(channel_id), embed, png)
            await self._to_spectators(record, channel_id, posted)

    async def _post_final(
        self,
        record: GameRecord,
        channel_id: int,
        old: TableMessage | None,
        embed: discord.Embed,
        png: bytes,
        extra: Sequence[discord.File] = (),
        items: Sequence[Item] = (),
    ) -> None:
        channel = self.channel(record, channel_id)
        if old is not None and old.version != LOBBY_VERSION:
            await self._retire(record, channel, old, ENDED)
        # Sent again after a crash (before it was recorded), it is the same message.
        kwargs: dict[str, Any] = {
            "embed": embed,
            "files": [png_file(png), *extra],
            "nonce": nonce("f", record.id, channel_id),
        }
        if items:
            kwargs["view"] = stopped(items)
        if channel_id == record.channel_id:  # every player hears that it is over
            everyone = mentions_of(record, [seat.seat for seat in record.seats])
            if everyone:
                tr = lang.texts(table_language(record))
                kwargs["content"] = tr(
                    "{players}: game #{number} is over.", players=everyone, number=record.id
                )
                kwargs["allowed_mentions"] = MENTIONS
        message = await channel.send(**kwargs)
        await self.service.channels.set_table_message(
            record.id,
            channel_id,
            message.id,
            record.version,
            is_home=channel_id == record.channel_id,
        )

    async def show_abandoned(self, record: GameRecord, by: str, *, why: str | None = None) -> None:
        """A running game was abandoned: its table loses its buttons, so do the questions
        asked by DM, and the channel is told (``why``: the sentence that says so, instead of
        naming who abandoned it)."""
        await self.close_questions(record)
        tr = lang.texts(table_language(record))
        for stored in await self.service.channels.table_messages(record.id):
            channel = self.channel(record, stored.channel_id)
            if stored.version != LOBBY_VERSION:
                await self._retire(record, channel, stored, ABANDONED)
            text = why or tr(
                "Game #{number} was abandoned by {player}.", number=record.id, player=plain(by)
            )
            if not stored.is_home:
                text += "\n" + tr("This channel no longer follows it.")
                with contextlib.suppress(UserError):
                    await self.service.channels.remove_spectator(stored.channel_id)
            try:
                await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException:
                log.warning(
                    "Could not announce the end of game #%s in channel %s",
                    record.id,
                    stored.channel_id,
                )

    async def follow(self, record: GameRecord, channel_id: int) -> None:
        """A spectator channel gets the current table at once."""
        async with self.lock(record.id):
            record = await self.service.get(record.id)
            view = record.view()
            presenter = self.presenter(record)
            clock = await self.table_clock(record)
            recent = (await self.happened(record))[1]
            language = table_language(record)
            embed = table_embed(
                record, view, presenter, clock=clock, recent=recent, language=language
            )
            await self._show_in(record, channel_id, None, embed, view, None, None, True, again=True)
