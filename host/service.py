"""GameService: lobbies, seats, actions and everything the Discord side asks of a game.

The service knows nothing of discord.py. Users are plain ints with display names. It is made
of parts, each along one seam, that other modules use by their public names:

- ``records`` (``host/records.py``): loading a game; a damaged one is set aside once;
- ``holds`` (``host/holds.py``): the one way to change a game. Every change runs under
  ``holds.hold`` (the game's asyncio lock and the store's game lock, which keeps other
  processes out on PostgreSQL) and is saved by one of its ``save_*`` methods with a version
  check, so two clicks at once give one winner and one StaleAction; what a hold saved is told
  to its ``change_listeners`` (the clocks). Seats, undo, clocks and computers' moves all
  change games through it;
- ``channels`` (``host/channels.py``): what the Discord side remembers between messages.

This module holds the lobby, play and the queries on top of them.
"""

from __future__ import annotations

import contextlib
import logging
import os
import random
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import lang
from engine.contract import Game, View
from engine.core import Action, Event
from engine.text import N_, msg, text_of
from host import computers, stats, turns
from host.acting import Applied, apply_action, apply_for_seat, off_loop, turn_changed
from host.channels import Channels, offered
from host.errors import NotFound, NotSeated, StaleAction, UserError
from host.holds import Holds
from host.kinds import GameKind
from host.models import ActionLogEntry, GameRecord, Seat, Status, Update
from host.records import Records
from host.sharding import Shards
from host.store import ChannelTaken, NewAction, Store
from host.turns import Turn

log = logging.getLogger(__name__)

FINISHED_GAMES_LISTED = 10


def urandom_seed() -> int:
    """A fresh 63-bit seed (it fits SQLite's signed INTEGER)."""
    return int.from_bytes(os.urandom(8), "big") >> 1


class GameService:
    """The games the bot hosts, over one Store: lobbies, play and queries here; its parts
    ``records`` (loading), ``holds`` (holding a game and saving its changes) and ``channels``
    (what the Discord side remembers between messages)."""

    def __init__(
        self,
        store: Store,
        *,
        kinds: Mapping[str, GameKind],
        clock: Callable[[], float] = time.time,
        seed_source: Callable[[], int] = urandom_seed,
        shards: Shards | None = None,
    ) -> None:
        self.store = store
        self.shards = shards
        self.records = Records(store, kinds, clock=clock)
        self.kinds = self.records.kinds
        self.holds = Holds(store, self.records, clock=clock, on_ended=self._ended)
        self.channels = Channels(store, self.records)
        self._clock = clock
        self._seed_source = seed_source

    def now(self) -> float:
        return self._clock()

    def kind(self, name: str) -> GameKind:
        """The kind of game named; UserError if this bot does not host it."""
        return self.records.kind(name)

    async def _ended(self, game_id: int) -> None:
        await stats.game_ended(self, game_id)

    # -- lobby ----------------------------------------------------------------------------

    async def open_lobby(
        self,
        *,
        kind: str,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        options: Mapping[str, Any],
        rematch_of: int | None = None,
        language: str = lang.DEFAULT,
    ) -> GameRecord:
        """A new lobby in the channel with its host seated. UserError if the channel is busy.
        ``rematch_of``: the finished game this lobby plays again (``host.rematch``);
        ``language``: the one its table speaks (the lobby may change it)."""
        normalised = self.kind(kind).validate_options(options)
        if rematch_of is not None:
            normalised["rematch_of"] = rematch_of
        try:
            game_id = await self.store.create_game(
                kind=kind,
                guild_id=guild_id,
                channel_id=channel_id,
                host_user_id=host_id,
                host_name=host_name,
                options=normalised,
                now=self._clock(),
                language=offered(language),
            )
        except ChannelTaken as taken:
            existing = await self.records.load(taken.game_id)
            raise UserError(
                msg(
                    "This channel already has a lobby: game #{number}. Finish or abandon it "
                    "first, or open the new game in another channel or a thread.",
                    number=existing.id,
                )
                if existing.status == "lobby"
                else msg(
                    "This channel already has a running game: game #{number}. Finish or abandon "
                    "it first, or open the new game in another channel or a thread.",
                    number=existing.id,
                )
            ) from None
        return await self.records.load(game_id)

    def _require_lobby(self, record: GameRecord) -> None:
        if record.status == "lobby":
            return
        if record.status == "running":
            raise UserError(msg("Game #{number} has already started.", number=record.id))
        if record.status == "finished":
            raise UserError(msg("Game #{number} is over.", number=record.id))
        raise UserError(msg("Game #{number} is abandoned.", number=record.id))

    def _require_room(self, record: GameRecord) -> None:
        """UserError if the lobby has as many seats as it offers."""
        _, most = self.kind(record.kind).player_limits(record.options)
        if len(record.seats) >= most:
            raise UserError(
                msg("Game #{number} is full: it seats {most} players.", number=record.id, most=most)
            )

    async def join(self, game_id: int, user_id: int, name: str) -> GameRecord:
        async with self.holds.hold(game_id):
            record = await self.records.load(game_id)
            self._require_lobby(record)
            if record.seat_of(user_id) is not None:
                raise UserError(msg("You are already in game #{number}.", number=game_id))
            self._require_room(record)
            seats = [*record.seats, Seat(len(record.seats), user_id, name)]
            return await self.holds.save_lobby(record, seats=seats, host=record.host_user_id)

    async def add_computer(self, game_id: int, user_id: int, level: str) -> GameRecord:
        """Seat a computer player of this level in the lobby (anyone seated may)."""
        async with self.holds.hold(game_id):
            record = await self.records.load(game_id)
            self._require_lobby(record)
            computers.check_level(record.kind, level)
            if record.seat_of(user_id) is None:
                raise NotSeated(msg("Only players in this lobby can add computer players."))
            self._require_room(record)
            name = computers.new_name(record.seats, level)
            seats = [*record.seats, Seat(len(record.seats), None, name, is_ai=True, level=level)]
            return await self.holds.save_lobby(record, seats=seats, host=record.host_user_id)

    async def remove_computer(self, game_id: int, user_id: int, number: int) -> GameRecord:
        """Take computer player number ``number`` ("Computer 2 (easy)") out of the lobby
        (anyone seated may, as anyone seated may add one). Named by its number, not its seat,
        so a repeated click removes nobody else."""
        async with self.holds.hold(game_id):
            record = await self.records.load(game_id)
            self._require_lobby(record)
            if record.seat_of(user_id) is None:
                raise NotSeated(msg("Only players in this lobby can remove computer players."))
            gone = next(
                (s for s in record.seats if s.is_ai and computers.number_of(s) == number), None
            )
            if gone is None:
                raise UserError(
                    msg(
                        "Computer {computer} is not in game #{number} any more.",
                        computer=number,
                        number=game_id,
                    )
                )
            kept = [s for s in record.seats if s is not gone]
            seats = [replace(s, seat=i) for i, s in enumerate(kept)]
            return await self.holds.save_lobby(record, seats=seats, host=record.host_user_id)

    async def set_table_language(self, game_id: int, user_id: int, language: str) -> GameRecord:
        """The language the game's table speaks, chosen in its lobby by its host."""
        if language not in lang.languages():
            raise UserError(lang.msg("That language is not offered."))
        async with self.holds.hold(game_id):
            record = await self.records.load(game_id)
            self._require_lobby(record)
            if user_id != record.host_user_id:
                raise UserError(lang.msg("Only the host chooses the table's language."))
            return await self.holds.save_language(record, language)

    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        """Leave a lobby. A leaving host passes the lobby on; the last one out closes it."""
        async with self.holds.hold(game_id):
            record = await self.records.load(game_id)
            if record.status == "running":
                raise UserError(
                    msg(
                        "Game #{number} has started, so its seats are fixed. The host or a "
                        "moderator can abandon it.",
                        number=game_id,
                    )
                )
            self._require_lobby(record)
            if record.seat_of(user_id) is None:
                raise NotSeated(msg("You are not in this game."))
            remaining = [s for s in record.seats if s.user_id != user_id]
            if not any(s.user_id is not None for s in remaining):
                remaining = []
            seats = [replace(s, seat=i) for i, s in enumerate(remaining)]
            host = record.host_user_id
            if host == user_id and seats:
                host = next((s.user_id for s in seats if s.user_id is not None), host)
            status: Status = "lobby" if seats else "abandoned"
            return await self.holds.save_lobby(record, seats=seats, host=host, status=status)

    async def start(self, game_id: int, user_id: int) -> Update:
        """Deal the game (host only): seats are fixed, shuffled if the lobby asked for it."""
        async with self.holds.hold(game_id):
            record = await self.records.load(game_id)
            self._require_lobby(record)
            record.require_host(user_id, N_("Only the host, {host}, can start game #{number}."))
            kind = self.kind(record.kind)
            fewest, _ = kind.player_limits(record.options)
            if len(record.seats) < fewest:
                raise UserError(
                    msg(
                        "Game #{number} needs at least {fewest} players to start; it has {n}.",
                        number=game_id,
                        fewest=fewest,
                        n=len(record.seats),
                    )
                )
            seed = self._seed_source()
            seats = list(record.seats)
            if record.options.get("seat_order") == "random":
                random.Random(seed).shuffle(seats)
            seats = [replace(s, seat=i) for i, s in enumerate(seats)]
            try:
                game = kind.new_game(len(seats), record.options, seed)
            except ValueError as exc:
                raise UserError(text_of(exc)) from exc
            started = await self.holds.save_start(record, seats, seed, game)
            return self.update_of(started, list(game.events), new_turn=True)

    async def cancel(
        self, game_id: int, user_id: int, *, can_manage: bool, lobby_only: bool = False
    ) -> GameRecord:
        """Close a lobby or abandon a running game: the host or someone who manages the channel.

        With ``lobby_only`` (a lobby's own Cancel button) a game that has started is refused.
        """
        async with self.holds.hold(game_id):
            record = await self.records.load(game_id)
            if not record.is_open:
                raise UserError(
                    msg("Game #{number} is already over.", number=game_id)
                    if record.status == "finished"
                    else msg("Game #{number} is already abandoned.", number=game_id)
                )
            if lobby_only and record.status != "lobby":
                raise UserError(
                    msg(
                        "Game #{number} has already started, so this lobby can't be cancelled. "
                        "The host or a moderator can end the game with {command}.",
                        number=game_id,
                        command=f"`/{record.kind} abandon`",
                    )
                )
            record.require_host(
                user_id,
                N_(
                    "Only the host, {host}, or someone who can manage this channel can cancel "
                    "game #{number}."
                )
                if record.status == "lobby"
                else N_(
                    "Only the host, {host}, or someone who can manage this channel can abandon "
                    "game #{number}."
                ),
                can_manage=can_manage,
            )
            ended = await self.holds.save_status(
                game_id, "abandoned", only_from=("lobby", "running")
            )
            assert ended is not None  # held and open: nothing else changed its status
            return ended

    # -- play -----------------------------------------------------------------------------

    async def act(
        self, game_id: int, user_id: int, notation: str, *, version: int | None = None
    ) -> Update:
        """Apply one action for the user's seat and save it. ``version`` guards stale buttons."""
        async with self.holds.hold(game_id):
            record = await self.records.load(game_id)
            done = await off_loop(apply_action, record, user_id, notation, version)
            return await self._save_applied(record, done, user_id)

    async def apply_held(
        self,
        record: GameRecord,
        seat: int,
        notation: str,
        *,
        user_id: int | None = None,
        commit_with: Callable[[], Awaitable[None]] | None = None,
    ) -> Update:
        """Apply one action for ``seat`` of a record loaded under ``hold`` and save it like
        ``act`` does; ``user_id`` None: a stand-in chose it for the seat's absent person.
        ``commit_with`` makes writes that commit with the action or not at all (the stand-in's
        end of its deadline and the missed count): it runs just before the action is saved,
        in one transaction with it, on both backends; raising there saves nothing."""
        done = await off_loop(apply_for_seat, record, seat, notation)
        return await self._save_applied(record, done, user_id, commit_with=commit_with)

    async def computer_move(self, game_id: int, choice: computers.Choice) -> Update:
        """Save a computer seat's choice (``computers.think``) like a person's action, if the
        game is where it was when the computer thought (StaleAction otherwise: think again)."""
        async with self.holds.hold(game_id):
            record = await self.records.load(game_id)
            game = record.game
            if (
                record.version != choice.version
                or game is None
                or computers.deciding(record, game) != choice.seat
            ):
                raise StaleAction(current_version=record.version)
            done = await off_loop(apply_for_seat, record, choice.seat, choice.notation)
            return await self._save_applied(record, done, None, by_computer=True)

    async def move_computers(self, game_id: int) -> list[Update]:
        """Every move the computer seats must make now, each thought out and saved on its own
        (as the Discord side does, showing each): stops at a person's decision or the end."""
        moved: list[Update] = []
        while (choice := await computers.think(await self.records.load(game_id))) is not None:
            try:
                moved.append(await self.computer_move(game_id, choice))
            except StaleAction:
                continue
        return moved

    async def _save_applied(
        self,
        record: GameRecord,
        done: Applied,
        user_id: int | None,
        *,
        commit_with: Callable[[], Awaitable[None]] | None = None,
        by_computer: bool = False,
    ) -> Update:
        """Save an applied action (with ``commit_with``'s writes) on its own: a person's, a
        stand-in's or (``by_computer``) a computer's; computer seats that must decide next move
        afterwards (``computer_move``: their thinking never holds a lock or a transaction)."""
        after = done.after
        action = NewAction(
            done.seat, user_id, done.notation, done.label, self._clock(), done.public_text
        )
        together = self.store.unit() if commit_with is not None else contextlib.nullcontext()
        async with together:  # with nothing to commit with it, the action commits on its own
            if commit_with is not None:
                await commit_with()
            saved = await self.holds.save_action(
                record, after, action, state=done.state, dms=done.dms, cause=not by_computer
            )
        events = list(after.events)
        if by_computer and action.public_text and not any(e.public for e in after.events):
            # a choice that told nobody anything is told as the log tells it ("Computer 1:
            # Use the King"), so whoever is shown these moves reads every one of them
            events.append(Event("choice", action.public_text, None, {"seat": done.seat}))
        new_turn = await off_loop(turn_changed, done.before, after)
        return self.update_of(
            saved, events, new_turn=new_turn, own=None if by_computer else len(events)
        )

    async def end_for_departure(self, game_id: int) -> GameRecord | None:
        """The bot left the game's server: a lobby or running game ends as abandoned (its
        stats recorded as for any abandoned game). The ended game, or None if it was over."""
        async with self.holds.hold(game_id):
            return await self.holds.save_status(
                game_id, "abandoned", only_from=("lobby", "running")
            )

    async def end_idle(self, game_id: int) -> GameRecord | None:
        """End a running game nobody plays as abandoned (holding it; its stats as ``cancel``);
        the game ended, or None if it was not running."""
        return await self.holds.save_status(game_id, "abandoned", only_from=("running",))

    # -- whose move (on a loaded record; the Discord side asks these instead of the game) ----

    def turn(self, record: GameRecord, user_id: int) -> Turn:
        """Where the game stands for this user: the actors, and their decision and actions."""
        return turns.turn_of(record, user_id)

    def require_turn(self, record: GameRecord, user_id: int) -> Turn:
        """The user's turn, or the UserError (NotSeated, NotYourTurn, ...) that ``act`` raises."""
        return turns.require_turn(record, user_id)

    def people_to_move(self, record: GameRecord) -> list[int]:
        """The user ids of the people who must decide now."""
        return turns.people_to_move(record)

    def table_actions(
        self, record: GameRecord, seats: Sequence[int] | None = None
    ) -> dict[int, list[Action]]:
        """The legal actions of the given seats (default: every actor seated by a person)."""
        return turns.actions_of(record, seats)

    def update_of(
        self, record: GameRecord, events: list[Event], *, new_turn: bool, own: int | None = None
    ) -> Update:
        """The update of ``events`` on the saved ``record`` (what the Discord side shows of a
        change); ``own``: how many of them the acting person's action made (the rest are
        computer players' moves after it)."""
        private: dict[int, list[Event]] = {}
        for seat in record.seats:
            if seat.user_id is None:
                continue
            mine = [e for e in events if e.audience is not None and seat.seat in e.audience]
            if mine:
                private[seat.user_id] = mine
        return Update(
            record=record,
            events=events,
            public_events=[e for e in events if e.audience is None],
            private=private,
            new_turn=new_turn,
            finished=record.status == "finished",
            own_public=None if own is None else sum(e.audience is None for e in events[:own]),
        )

    # -- queries --------------------------------------------------------------------------

    async def get(self, game_id: int) -> GameRecord:
        return await self.records.load(game_id)

    async def get_for(
        self, game_id: int, *, guild_id: int | None, user_id: int, kind: str | None = None
    ) -> GameRecord:
        """A game named by someone: only a game of the server they are in, or from direct
        messages (``guild_id`` None) one of their own games; with ``kind``, only a game of that
        kind. Anything else is answered exactly as an unknown number."""
        record = await self.records.load(game_id)
        if guild_id is not None:
            foreign = record.guild_id != guild_id
        else:
            foreign = record.seat_of(user_id) is None
        if foreign or (kind is not None and record.kind != kind):
            raise NotFound(msg("There is no game #{number}.", number=game_id))
        return record

    async def game_in_channel(self, channel_id: int) -> GameRecord | None:
        """The lobby or running game whose home is this channel, if any."""
        game_id = await self.store.open_game_in_channel(channel_id)
        return None if game_id is None else await self.records.load(game_id)

    async def latest_game_in_channel(self, channel_id: int) -> GameRecord | None:
        """The game most recently played in this channel (running or ended), if any."""
        game_id = await self.store.latest_started_game_in_channel(channel_id)
        return None if game_id is None else await self.records.load(game_id)

    async def games_for_user(self, user_id: int) -> list[GameRecord]:
        """The user's lobbies and running games first, then their recently finished ones."""
        ids = await self.store.game_ids_for_user(user_id, finished_limit=FINISHED_GAMES_LISTED)
        return await self.records.load_each(ids)

    async def running_games(self) -> list[GameRecord]:
        """Every running game that can be loaded and that this process owns (all of them
        unless its ``shards`` say otherwise): the ones its start-up repair looks after."""
        return await self.records.load_each(
            await self.store.game_ids(["running"], shards=self.shards)
        )

    async def recently_finished_games(self, within: float) -> list[GameRecord]:
        """This process's games that finished in the last ``within`` seconds and whose home
        table does not show their end: start-up repair shows their final scores (a crash kept
        them from the channel). Only those are loaded."""
        since = self.now() - within
        ids = await self.store.game_ids(["finished"], shards=self.shards, unshown_since=since)
        return await self.records.load_each(ids)

    async def legal_actions(self, game_id: int, user_id: int) -> list[Action]:
        """What the user may do now; empty when they are not deciding anything."""
        return list(turns.turn_of(await self.records.load(game_id), user_id).actions)

    async def private_view(self, game_id: int, user_id: int) -> View:
        """What the user's seat may see, secrets included, with every seat's name."""
        record = await self.records.load(game_id)
        seat = record.seat_of(user_id)
        if seat is None:
            raise NotSeated(msg("You are not in this game."))
        return record.view(seat)

    async def public_view(self, game_id: int) -> View:
        """What a spectator may see, with every seat's name."""
        record = await self.records.load(game_id)
        return record.view(None)

    async def action_log(self, game_id: int, limit: int = 20) -> list[ActionLogEntry]:
        """The latest ``limit`` actions, oldest first."""
        await self.records.load(game_id)
        return await self.store.actions(game_id, limit=limit)

    async def replay(self, game_id: int) -> Game:
        """The game rebuilt from its seed and its action log, undos included (equal to the
        saved one)."""
        from host.replays import rebuild

        return (await rebuild(self, await self.records.load(game_id))).game
