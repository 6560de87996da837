"""Who plays each seat of a running game: its person, or for a while a computer player.

A seat belongs to a person. A computer player (a level) may play it for now:

- after missed deadlines (``missed``): the seat is still the person's. They keep getting its
  secrets, as its owner, but are no longer asked to move; they take it back with ``back``;
- because the person left it: kicked by the host or a moderator (``kicked``), or handed over
  (``resigned``). The person is no longer in the game. Without a computer player the seat is
  open, and the game waits for the next person to ``join`` it; a person may also take over a
  left seat that a computer plays. A kicked person cannot take back the seat they were removed
  from by joining.

Every change is saved in one transaction that checks the game still runs at the version it
was decided on (so it can never cross an action), and it is logged with the line the table
shows about it, for everyone: nothing secret is in it. A computer player that must decide
after the change moves afterwards, like after any action (``GameService.computer_move``). This
module is the service's own
(it works under the service's game lock); the Discord side and the clocks call the functions
below.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.text import N_, Msg, msg
from host import computers, turns
from host.errors import NotSeated, UserError
from host.models import GameRecord, Seat, StandIn, Update, level_name
from host.seat_store import SeatChangeEntry

if TYPE_CHECKING:
    from host.service import GameService

DEFAULT_LEVEL = "easy"
"""The computer player that takes a seat unless someone chooses another."""


@dataclass
class SeatChange:
    """A change of who plays a seat, for the Discord side to show."""

    update: Update  # the game after it (computer players that must decide move afterwards)
    seat: int
    text: Msg  # what the table says about it (public), in no language yet


# -- the changes ------------------------------------------------------------------------------


async def hand_to_computer(
    service: GameService,
    game_id: int,
    seat: int,
    level: str = DEFAULT_LEVEL,
    reason: StandIn = "missed",
) -> SeatChange:
    """A computer player of ``level`` plays the seat from now on. With ``missed`` the seat
    stays its person's until they come back (``give_back``); with ``kicked`` or ``resigned``
    the person leaves the game."""
    async with service.holds.hold(game_id):
        record = await service.get(game_id)
        turns.running_game(record)
        computers.check_level(record.kind, level)
        entry = _persons_seat(record, seat)
        if reason != "missed":
            return await _leave(service, record, entry, reason, level)
        name = entry.name
        if entry.level is not None:
            raise UserError(msg("A computer player already plays {player}'s seat.", player=name))
        text = msg(
            "{player}'s seat is played by a computer player ({level}) until {player} is back "
            "({command}).",
            player=name,
            level=level_name(level),
            command=f"`/{record.kind} seat back`",
        )
        changed = replace(entry, level=level, stand_in="missed")
        return await _save(service, record, changed, text, concerns=entry.user_id)


async def open_seat(service: GameService, game_id: int, seat: int, reason: StandIn) -> SeatChange:
    """The seat's person leaves (``kicked`` or ``resigned``) and nobody plays it until a
    person takes it with ``join``: the game waits for them."""
    async with service.holds.hold(game_id):
        record = await service.get(game_id)
        turns.running_game(record)
        return await _leave(service, record, _persons_seat(record, seat), reason, None)


async def fill_open_seat(
    service: GameService, game_id: int, seat: int, level: str = DEFAULT_LEVEL
) -> SeatChange:
    """A computer player of ``level`` plays an open seat until a person takes it (``join``)."""
    async with service.holds.hold(game_id):
        record = await service.get(game_id)
        turns.running_game(record)
        computers.check_level(record.kind, level)
        entry = record.seat_entry(seat)
        if not entry.is_open:
            raise UserError(
                msg("{player}'s seat is not open: someone plays it.", player=entry.name)
            )
        text = msg(
            "A computer player ({level}) plays {player}'s open seat until someone takes it with "
            "{command}.",
            level=level_name(level),
            player=entry.name,
            command=f"`/{record.kind} join`",
        )
        return await _save(service, record, replace(entry, level=level), text, concerns=None)


async def give_back(service: GameService, game_id: int, seat: int, user_id: int) -> SeatChange:
    """The seat's person plays it again: the computer that stood in for them stops."""
    async with service.holds.hold(game_id):
        record = await service.get(game_id)
        turns.running_game(record)
        entry = record.seat_entry(seat)
        if entry.user_id != user_id:
            raise NotSeated(
                msg("Seat {seat} of game #{number} is not yours.", seat=seat + 1, number=game_id)
            )
        if entry.level is None:
            raise UserError(
                msg("You play your own seat in game #{number} already.", number=game_id)
            )
        text = msg("{player} is back and plays their own seat again.", player=entry.name)
        changed = replace(entry, level=None, stand_in=None)
        return await _save(service, record, changed, text, concerns=user_id)


async def take_seat(service: GameService, game_id: int, user_id: int, name: str) -> SeatChange:
    """A person joins a game in progress in a seat its person left: an open one first, else
    one a computer plays for a person who left."""
    async with service.holds.hold(game_id):
        record = await service.get(game_id)
        turns.running_game(record)
        if record.seat_of(user_id) is not None:
            raise UserError(msg("You are already in game #{number}.", number=game_id))
        left = [
            s for s in record.seats if s.user_id is None and s.stand_in in ("kicked", "resigned")
        ]
        free = [s for s in left if not (s.stand_in == "kicked" and s.left_user_id == user_id)]
        if not free:
            if left:
                raise UserError(
                    msg(
                        "You were removed from game #{number}: you can't take a seat.",
                        number=game_id,
                    )
                )
            raise UserError(
                msg(
                    "Game #{number} has started and has no free seat: a seat is free when its "
                    "player was removed or handed it over.",
                    number=game_id,
                )
            )
        entry = min(free, key=lambda s: (s.computer_plays, s.seat))
        text = msg("{player} takes over {left}'s seat.", player=name, left=entry.name)
        changed = replace(entry, user_id=user_id, name=name, level=None, stand_in=None)
        changed = replace(changed, left_user_id=None)
        return await _save(service, record, changed, text, concerns=user_id)


# -- what players and moderators ask for ------------------------------------------------------


async def kick(
    service: GameService,
    game_id: int,
    by_user_id: int,
    seat: int,
    *,
    can_manage: bool,
    level: str | None = DEFAULT_LEVEL,
) -> SeatChange:
    """The host, or someone who manages the game's channel, removes a person from the game:
    a computer player of ``level`` takes the seat, or with ``level`` None it stays open. Named
    by an open seat, a computer player of ``level`` plays it until someone joins."""
    record = await service.get(game_id)
    turns.running_game(record)
    refusal = N_(
        "Only the host, {host}, or someone who can manage this channel can remove a player "
        "from game #{number}."
    )
    record.require_host(by_user_id, refusal, can_manage=can_manage)
    if record.seat_entry(seat).is_open:
        if level is None:
            raise UserError(msg("{player}'s seat is open already.", player=record.name_of(seat)))
        return await fill_open_seat(service, game_id, seat, level)
    entry = _persons_seat(record, seat)
    if entry.user_id == by_user_id:
        raise UserError(
            msg(
                "To hand over your own seat, use {command}.",
                command=f"`/{record.kind} seat resign`",
            )
        )
    if level is None:
        return await open_seat(service, game_id, seat, "kicked")
    return await hand_to_computer(service, game_id, seat, level, "kicked")


async def resign(
    service: GameService, game_id: int, user_id: int, level: str | None = DEFAULT_LEVEL
) -> SeatChange:
    """A person hands over their own seat: to a computer player of ``level``, or (None) open
    for someone to join."""
    record = await service.get(game_id)
    turns.running_game(record)
    seat = record.seat_of(user_id)
    if seat is None:
        raise NotSeated(msg("You are not in this game."))
    if level is None:
        return await open_seat(service, game_id, seat, "resigned")
    return await hand_to_computer(service, game_id, seat, level, "resigned")


async def back(service: GameService, game_id: int, user_id: int) -> SeatChange:
    """A person whose seat a computer plays after missed deadlines takes it back."""
    record = await service.get(game_id)
    turns.running_game(record)
    seat = record.seat_of(user_id)
    if seat is None:
        raise NotSeated(msg("You are not in this game."))
    return await give_back(service, game_id, seat, user_id)


async def seat_log(
    service: GameService, game_id: int, *, limit: int | None = None
) -> list[SeatChangeEntry]:
    """The game's changes of who plays which seat, oldest first (with ``limit``, the latest)."""
    await service.get(game_id)
    return await service.store.seats.log(game_id, limit=limit)


# -- naming a player --------------------------------------------------------------------------


def people(record: GameRecord) -> list[Seat]:
    """The seats that belong to a person now (those a kick can name), by seat."""
    return [s for s in record.seats if s.user_id is not None]


def find_person(record: GameRecord, named: str) -> int:
    """The seat of the person named by a user id (what the autocomplete offers) or by name,
    or of an open seat by its name; UserError that says who can be named."""
    text = named.strip().lstrip("@")
    for entry in record.seats:
        by_id = text.isdigit() and entry.user_id == int(text)
        if by_id or entry.name.casefold() == text.casefold():
            if entry.is_open:
                return entry.seat
            if entry.user_id is None:
                raise UserError(
                    msg(
                        "{player} is a computer player: there is nobody to remove.",
                        player=entry.name,
                    )
                    if entry.is_ai
                    else msg(
                        "{player} is a seat whose player has left: there is nobody to remove.",
                        player=entry.name,
                    )
                )
            return entry.seat
    names = ", ".join(s.name for s in people(record))
    if not names:
        raise UserError(
            msg(
                "There is no player '{named}' in game #{number}. It has no players.",
                named=named,
                number=record.id,
            )
        )
    raise UserError(
        msg(
            "There is no player '{named}' in game #{number}. Its players: {names}.",
            named=named,
            number=record.id,
            names=names,
        )
    )


# -- inside the game lock ---------------------------------------------------------------------


def _persons_seat(record: GameRecord, seat: int) -> Seat:
    entry = record.seat_entry(seat)
    if entry.is_ai:
        raise UserError(
            msg("{player} is a computer player: its seat has no person.", player=entry.name)
        )
    if entry.user_id is None:
        raise UserError(
            msg("{player} has already left game #{number}.", player=entry.name, number=record.id)
        )
    return entry


async def _leave(
    service: GameService, record: GameRecord, entry: Seat, reason: StandIn, level: str | None
) -> SeatChange:
    """The person leaves the seat (kicked or resigned), to a computer or open."""
    if reason == "missed":
        raise ValueError("a person who missed deadlines keeps their seat")
    user = entry.user_id
    others = [s.user_id for s in people(record) if s.seat != entry.seat]
    if not others:
        raise UserError(
            msg(
                "{player} is the last person in game #{number}: end it with {command} instead.",
                player=entry.name,
                number=record.id,
                command=f"`/{record.kind} abandon`",
            )
        )
    host = others[0] if user == record.host_user_id else None
    text = _left_text(record, entry, reason, level)
    changed = replace(entry, user_id=None, level=level, stand_in=reason, left_user_id=user)
    return await _save(service, record, changed, text, concerns=user, host=host)


def _left_text(record: GameRecord, entry: Seat, reason: StandIn, level: str | None) -> Msg:
    """What the table says when a person leaves their seat (removed or resigned)."""
    kicked = reason == "kicked"
    if level is not None:
        text = (
            N_(
                "{player} was removed from the game; a computer player ({level}) plays their "
                "seat from now on."
            )
            if kicked
            else N_(
                "{player} has left the game; a computer player ({level}) plays their seat from "
                "now on."
            )
        )
        return msg(text, player=entry.name, level=level_name(level))
    text = (
        N_("{player} was removed from the game; their seat is open: {command} takes it.")
        if kicked
        else N_("{player} has left the game; their seat is open: {command} takes it.")
    )
    return msg(text, player=entry.name, command=f"`/{record.kind} join`")


async def _save(
    service: GameService,
    record: GameRecord,
    changed: Seat,
    text: Msg,
    *,
    concerns: int | None,
    host: int | None = None,
) -> SeatChange:
    record = await service.holds.save_seat(record, changed, text=text, concerns=concerns, host=host)
    update = service.update_of(record, [], new_turn=False)
    return SeatChange(update=update, seat=changed.seat, text=text)
