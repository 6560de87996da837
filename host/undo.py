"""Undo: a player takes back their own latest action of this turn (``engine.replay.History``).

The game is rebuilt from its seed and action log, the engine says whether the action may be
taken back (nothing drawn, nothing hidden shown, not a private answer, nobody else has decided
since, still the same turn), the action must be the player's own (never one a seat's earlier
holder or a computer standing in played), and the game as it was before the action is saved under the next
version with an ``undo`` entry in the action log. A player whose secrets the undo changed is
owed a private message with them, recorded in the same transaction.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.contract import Game
from engine.core import Event, IllegalAction
from engine.replay import UNDO
from engine.text import Msg, Text, msg, stored, with_names
from host import replays, turns
from host.errors import NotSeated, StaleAction, UserError
from host.models import ActionLogEntry, GameRecord, Update
from host.store import NewAction

if TYPE_CHECKING:
    from host.service import GameService

log = logging.getLogger(__name__)

HEADER_ONLY = ("seat", "actors", "decision", "log")
"""View keys that differ between a seat's view and a spectator's without being a secret."""


def secrets_of(game: Game, seat: int) -> Any:
    """What the seat's view shows that a spectator's does not (its secrets), key by key."""
    return _beyond(dict(game.view(seat)), dict(game.view(None)), top=True)


def _beyond(mine: Any, public: Any, *, top: bool = False) -> Any:
    if mine == public:
        return None
    if isinstance(mine, dict) and isinstance(public, dict):
        return {
            key: _beyond(value, public.get(key))
            for key, value in mine.items()
            if value != public.get(key) and not (top and key in HEADER_ONLY)
        }
    if isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        return [_beyond(a, b) for a, b in zip(mine, public, strict=True)]
    return mine


@dataclass(frozen=True)
class Planned:
    """An undo the engine allows now: the game at ``record.version``, the seat taking back,
    the game after the undo, and how the action taken back reads (players named, in no
    language yet)."""

    record: GameRecord
    seat: int
    before: Game
    after: Game
    label: Text


async def _plan(service: GameService, record: GameRecord, user_id: int) -> Planned:
    """What an undo by the user would do to the game as it is; UserError (the engine's
    reason, which names nothing hidden) when it may not be done."""
    game = turns.running_game(record)
    seat = record.seat_of(user_id)
    if seat is None:
        raise NotSeated(msg("You are not in this game."))
    entries = await service.store.actions(record.id)
    history = await replays.rebuild(service, record, entries)
    if history.game.to_dict() != game.to_dict():
        log.error("Game #%s does not rebuild from its log; undo refused", record.id)
        raise UserError(msg("This game's history can't be rebuilt, so its actions stand."))
    taken = history.played[-1] if history.played else None
    if history.undo_refusal(seat) is None:
        whose = standing(entries)[-1]
        if whose.user_id != user_id:
            raise UserError(not_yours(whose))
    try:
        after = history.undo(seat, named=True)
    except IllegalAction as refusal:
        raise UserError(with_names(refusal.text, record.seat_names())) from None
    assert taken is not None
    return Planned(record, seat, game, after, with_names(taken.label, record.seat_names()))


async def preview(service: GameService, game_id: int, user_id: int) -> tuple[GameRecord, Text]:
    """The game as it is and the label of the action the user's undo would take back now
    (what ``/<kind> undo`` offers, valued with that version); UserError saying why not."""
    record = await service.get(game_id)
    planned = await _plan(service, record, user_id)
    return record, planned.label


async def undo(
    service: GameService, game_id: int, user_id: int, *, version: int | None = None
) -> tuple[Update, Text]:
    """Take back the user's latest action; returns the update and that action's label.
    With ``version``, only if the game is still at that version (StaleAction otherwise):
    an undo offered at one moment is never applied at another.
    UserError (with the engine's reason, which names nothing hidden) when it may not be."""
    async with service.holds.hold(game_id):
        record = await service.get(game_id)
        if version is not None and version != record.version:
            raise StaleAction(current_version=record.version)
        planned = await _plan(service, record, user_id)
        seat, after = planned.seat, planned.after
        shown = msg("{player} takes back their last action.", player=record.seat_name(seat))
        label = msg("Undo: {action}", action=planned.label)
        now = service.now()
        owed = _owed_secrets(record, planned.before, after)
        action = NewAction(seat, user_id, UNDO, label, now, public_text=shown)
        saved = await service.holds.save_action(record, after, action, dms=owed)
        event = Event("undo", shown, None, {"seat": seat})
        update = Update(record=saved, events=[event], public_events=[event])
        return update, planned.label


def standing(entries: list[ActionLogEntry]) -> list[ActionLogEntry]:
    """The log's actions that stand, in order: each undo took back the latest one standing
    (as ``engine.replay.History`` plays them)."""
    kept: list[ActionLogEntry] = []
    for entry in entries:
        if entry.notation != UNDO:
            kept.append(entry)
        elif kept:
            kept.pop()
    return kept


def not_yours(entry: ActionLogEntry) -> Msg:
    """Why an action of the seat, played by someone else than who holds it now, stands."""
    if entry.user_id is None:
        return msg(
            "That action was played for this seat by a computer player, so it stands: you can "
            "take back only what you played yourself."
        )
    return msg(
        "That action was played by {player}, who held this seat before you, so it stands: you "
        "can take back only what you played yourself.",
        player=entry.name,
    )


def _owed_secrets(record: GameRecord, before: Game, after: Game) -> dict[int, list[str]]:
    """user -> a line (``engine.text.stored``), for each person whose secrets differ after
    the undo."""
    owed: dict[int, list[str]] = {}
    for entry in record.seats:
        if entry.user_id is None or entry.is_ai:
            continue
        if secrets_of(before, entry.seat) != secrets_of(after, entry.seat):
            owed[entry.user_id] = [
                stored(msg("An action was taken back: your secrets are as they were before it."))
            ]
    return owed
