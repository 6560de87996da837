"""Undo: a player takes back their own latest action of this turn (``engine.replay.History``).

The game is rebuilt from its seed and action log, the engine says whether the action may be
taken back (nothing drawn, nothing hidden shown, not a private answer, nobody else has decided
since, still the same turn), and the game as it was before the action is saved under the next
version with an ``undo`` entry in the action log. A player whose secrets the undo changed is
owed a private message with them, recorded in the same transaction.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.contract import Game
from engine.core import Event, IllegalAction
from engine.replay import UNDO
from host import replays, turns
from host.errors import NotSeated, StaleAction, UserError
from host.models import GameRecord, Update
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


async def undo(
    service: GameService, game_id: int, user_id: int, *, version: int | None = None
) -> tuple[Update, str]:
    """Take back the user's latest action; returns the update and that action's label.
    UserError (with the engine's reason, which names nothing hidden) when it may not be."""
    async with service._exclusive(game_id):
        record = await service._load(game_id)
        if version is not None and version != record.version:
            raise StaleAction(current_version=record.version)
        game = turns.running_game(record)
        seat = record.seat_of(user_id)
        if seat is None:
            raise NotSeated("You are not in this game.")
        history = await replays.rebuild(service, record)
        if history.game.to_dict() != game.to_dict():
            log.error("Game #%s does not rebuild from its log; undo refused", game_id)
            raise UserError("This game's history can't be rebuilt, so its actions stand.")
        taken = history.played[-1] if history.played else None
        try:
            after = history.undo(seat)
        except IllegalAction as refusal:
            raise UserError(str(refusal)) from None
        assert taken is not None
        label = next(
            (a.label for a in taken.before.legal_actions(seat) if a.notation == taken.notation),
            taken.notation,
        )
        shown = f"{record.name_of(seat)} takes back their last action."
        now = service.now()
        owed = _owed_secrets(record, game, after)
        await service.store.save_action(
            game_id,
            record.version,
            after.version,
            after.to_dict(),
            NewAction(seat, user_id, UNDO, "Undo", now, public_text=shown),
            dms=owed,
        )
        saved = replace(record, game=after, version=after.version, updated_at=now)
        event = Event("undo", shown, None, {"seat": seat}, "")
        update = Update(record=saved, events=[event], public_events=[event])
        return update, label


def _owed_secrets(record: GameRecord, before: Game, after: Game) -> dict[int, list[str]]:
    """user -> a line, for each person whose secrets differ after the undo."""
    owed: dict[int, list[str]] = {}
    for entry in record.seats:
        if entry.user_id is None or entry.is_ai:
            continue
        if secrets_of(before, entry.seat) != secrets_of(after, entry.seat):
            owed[entry.user_id] = [
                "An action was taken back: your secrets are as they were before it."
            ]
    return owed
