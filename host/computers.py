"""Computer seats: their names and levels, and their moves, thought out in a worker thread.

A computer seat is a ``Seat`` with ``is_ai`` set and no user; its level is the seat's
``level`` (and its name says it too: "Computer 2 (strong)"). A person's seat may be played by a
computer for a while (``host/seats.py``): it then has a ``level`` as well, and moves here like
a computer seat. The moves are chosen by ``engine.ai`` from the seat's view and legal actions
only, in a thread so the event loop keeps answering everyone else while it thinks.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import ai
from engine.contract import Game
from engine.core import Event
from host import metrics, turns
from host.acting import owed_dms, public_text
from host.errors import UserError
from host.models import GameRecord, Seat
from host.store import NewAction

if TYPE_CHECKING:
    from host.service import GameService

LEVELS = ai.LEVELS
THINK_SECONDS = 2.5
"""The strong player's time cap per decision (its simulation budget usually ends sooner)."""

SIMULATIONS: int | None = None
"""The strong player's simulation budget (None: the engine's default)."""

_NAME = re.compile(r"^Computer (\d+) \((\w+)\)$")


def check_level(kind: str, level: str) -> str:
    if kind not in ai.GAMES:
        raise UserError("Computer players can't play this game yet.")
    if level not in ai.levels(kind):
        raise UserError(f"A computer player is {' or '.join(ai.levels(kind))}.")
    return level


def new_name(seats: Sequence[Seat], level: str) -> str:
    """'Computer N (level)': N counts the computer seats, so every name is different."""
    taken = {int(m.group(1)) for s in seats if s.is_ai and (m := _NAME.match(s.name))}
    number = next(n for n in range(1, len(seats) + 2) if n not in taken)
    return f"Computer {number} ({level})"


def number_of(seat: Seat) -> int | None:
    """N of a computer seat named 'Computer N (level)', else None."""
    found = _NAME.match(seat.name) if seat.is_ai else None
    return int(found.group(1)) if found else None


def level_of(seat: Seat) -> str:
    return seat.level if seat.level is not None and seat.level in LEVELS else "easy"


def deciding(record: GameRecord, game: Game) -> int | None:
    """A seat played by a computer (its own or a stand-in) that must decide now, if any."""
    computers = {s.seat for s in record.seats if s.computer_plays}
    return next((seat for seat in game.actors() if seat in computers), None)


async def choose(record: GameRecord, game: Game, seat: int, level: str | None = None) -> str:
    """The seat's answer from a computer player (of the seat's own level, or ``level``: a
    stand-in for a person), chosen in a worker thread from its view and legal actions."""
    entry = next(s for s in record.seats if s.seat == seat)
    deadline = time.monotonic() + THINK_SECONDS
    player = ai.computer(
        record.kind,
        level=level or level_of(entry),
        seed=f"{record.seed}:{seat}",
        simulations=SIMULATIONS,
        stop=lambda: time.monotonic() > deadline,
    )
    view, legal = game.view(seat), game.legal_actions(seat)
    started = time.perf_counter()
    try:
        return await asyncio.to_thread(player.choose, view, legal)
    finally:
        metrics.THINK_SECONDS.labels(record.kind, level or level_of(entry)).observe(
            time.perf_counter() - started
        )


async def move(service: GameService, record: GameRecord) -> tuple[GameRecord, list[Event]]:
    """Every move computer seats must make now, each saved like a person's; stops at a
    person's decision or the end. Returns the record after them and their events."""
    events: list[Event] = []
    while record.status == "running" and record.game is not None:
        game: Game = record.game
        seat = deciding(record, game)
        if seat is None:
            break
        notation = await choose(record, game, seat)
        after = game.apply(seat, notation)
        label = turns.action_label(game, seat, notation, record.names())
        action = NewAction(
            seat=seat,
            user_id=None,
            notation=notation,
            label=label,
            at=service.now(),
            public_text=public_text(record, game, seat, after, label),
        )
        dms = owed_dms(record.seats, after.events)
        record = await service.save_action(record, after, action, dms=dms, cause=False)
        events += after.events
        if action.public_text and not any(e.public for e in after.events):
            # a choice that told nobody anything is told as the log tells it ("Computer 1:
            # Use the King"), so whoever is shown these moves reads every one of them
            events.append(Event("choice", action.public_text, None, {"seat": seat}))
    return record, events
