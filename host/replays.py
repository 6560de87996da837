"""A game's history as the host keeps it: rebuilt from its seed and action log, written out as
a replay file, and shown turn by turn once the game is over.

The action log holds every action and every undo (notation ``undo``) in order, so
``engine.replay`` rebuilds the game exactly; the saved game must equal what it rebuilds.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from engine import replay
from engine.contract import Game
from engine.replay import History
from engine.text import Msg, msg, text_of
from host.errors import UserError
from host.hosting import Hosting
from host.models import ActionLogEntry, GameRecord
from host.seat_store import SeatChangeEntry


async def rebuild(
    service: Hosting, record: GameRecord, entries: list[ActionLogEntry] | None = None
) -> History:
    """The game's history from its seed and its whole action log (``entries``: the log, when
    the caller has read it already)."""
    if record.seed is None:
        raise UserError(msg("Game #{number} has not started yet.", number=record.id))
    first = service.kind(record.kind).new_game(len(record.seats), record.options, record.seed)
    if entries is None:
        entries = await service.store.actions(record.id)
    return replay.replay_actions(first, [(e.seat, e.notation) for e in entries])


def players(record: GameRecord) -> list[dict[str, Any]]:
    return [{"seat": s.seat, "name": s.name, "computer": s.is_ai} for s in record.seats]


def names_at(record: GameRecord, changes: Sequence[SeatChangeEntry], version: int) -> list[str]:
    """Each seat's name when the game stood at ``version``: the name a seat had before the
    first change of who plays it made at that version or later (``changes``, oldest first),
    or its name now when none was."""
    names = record.names()
    named: set[int] = set()
    for change in changes:
        if change.version >= version and change.seat not in named:
            if change.name_before is not None and 0 <= change.seat < len(names):
                names[change.seat] = change.name_before
            named.add(change.seat)
    return names


async def replay_file(service: Hosting, record: GameRecord) -> tuple[str, bytes]:
    """(file name, JSON bytes) of a finished game's replay file (docs/replays.md). Refused
    while the game is running: the file holds every private answer."""
    if record.status != "finished" or record.game is None or record.seed is None:
        raise UserError(replay_refusal(record))
    history = await rebuild(service, record)
    data = replay.replay_file(
        kind=record.kind,
        seed=record.seed,
        options=record.options,
        players=players(record),
        entries=history.entries,
        final=history.game,
        game_id=record.id,
    )
    text = json.dumps(data, ensure_ascii=False, indent=1)
    return f"{record.kind}-game-{record.id}.json", text.encode("utf-8")


def replay_refusal(record: GameRecord) -> Msg:
    if record.status in ("lobby", "running"):
        return msg(
            "Game #{number} is still going: its replay is ready once it ends, so that "
            "nobody learns a secret from it.",
            number=record.id,
        )
    if record.game is None:
        return msg(
            "Game #{number} was closed before it started: it has no replay.", number=record.id
        )
    return msg("Game #{number} was abandoned: only finished games have replays.", number=record.id)


async def at_turn(service: Hosting, record: GameRecord, turn: int) -> tuple[Game, list[int]]:
    """A finished game as it stood when ``turn`` ended, and the turns it had."""
    if record.status != "finished" or record.game is None:
        raise UserError(replay_refusal(record))
    history = await rebuild(service, record)
    try:
        return history.at_turn(turn), history.turns()
    except ValueError as error:
        raise UserError(text_of(error)) from None
