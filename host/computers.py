"""Computer seats: their names and levels, and their moves, thought out in a worker thread.

A computer seat is a ``Seat`` with ``is_ai`` set and no user; its level is the seat's
``level`` (and its name says it too: "Computer 2 (strong)"). A person's seat may be played by a
computer for a while (``host/seats.py``): it then has a ``level`` as well, and moves here like
a computer seat. The moves are chosen by ``engine.computers`` from the seat's view and legal actions
only, in a thread so the event loop keeps answering everyone else while it thinks.

A computer's move is never part of anyone else's: a person's action is saved and shown on its
own, and the computer seats that must decide next move afterwards, one decision at a time:
``think`` chooses with no lock held, then ``GameService.computer_move`` saves the choice like a
person's action if the game has not moved on (``cogs/table/thinking.py`` runs this on the Discord
side, showing each move as it is made). A restart between the two leaves the decision owed,
and start-up repair lets the computer make it.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine import computers
from engine.contract import Game
from engine.text import Msg, Param, msg, plural
from host import metrics
from host.errors import UserError
from host.models import COMPUTER_NAME, GameRecord, Seat

LEVELS = computers.LEVELS
THINK_SECONDS = 2.5
"""The strong player's time cap per decision (its simulation budget usually ends sooner)."""

SIMULATIONS: int | None = None
"""The strong player's simulation budget (None: the engine's default)."""


def levels(kind: str) -> tuple[str, ...]:
    """The levels of computer player this kind of game has ("easy" at least)."""
    return computers.levels(kind)


def check_level(kind: str, level: str) -> str:
    if level not in computers.levels(kind):
        *most, last = computers.levels(kind)
        levels = msg("{first} or {last}", first=", ".join(most), last=last) if most else last
        raise UserError(msg("A computer player is {levels}.", levels=levels))
    return level


def new_name(seats: Sequence[Seat], level: str) -> str:
    """'Computer N (level)': N counts the computer seats, so every name is different."""
    taken = {int(m.group(1)) for s in seats if s.is_ai and (m := COMPUTER_NAME.match(s.name))}
    number = next(n for n in range(1, len(seats) + 2) if n not in taken)
    return f"Computer {number} ({level})"


def number_of(seat: Seat) -> int | None:
    """N of a computer seat named 'Computer N (level)', else None."""
    found = COMPUTER_NAME.match(seat.name) if seat.is_ai else None
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
    playing = computers.playable_level(record.kind, level or level_of(entry))
    player = computers.computer(
        record.kind,
        level=playing,
        seed=f"{record.seed}:{seat}",
        simulations=SIMULATIONS,
        stop=lambda: time.monotonic() > deadline,
    )
    view, legal = game.view(seat), game.legal_actions(seat)
    started = time.perf_counter()
    try:
        return await asyncio.to_thread(player.choose, view, legal)
    finally:
        metrics.THINK_SECONDS.labels(record.kind, playing).observe(time.perf_counter() - started)


@dataclass(frozen=True)
class Choice:
    """A computer seat's decision, thought out on the game at ``version``: saved only if the
    game is still at that version (``GameService.computer_move``)."""

    version: int
    seat: int
    notation: str


async def think(record: GameRecord) -> Choice | None:
    """The choice of the computer seat that must decide now in this record's game, thought
    out with no lock held (nothing else waits on it); None when no computer seat decides."""
    game = record.game
    if record.status != "running" or game is None:
        return None
    seat = deciding(record, game)
    if seat is None:
        return None
    return Choice(record.version, seat, await choose(record, game, seat))


def thinking(record: GameRecord) -> list[int]:
    """The seats a computer plays that decide now, when no person decides (the table says
    they are thinking and a person's click is answered that they are)."""
    game = record.game
    if record.status != "running" or game is None:
        return []
    actors = game.actors()
    played = {s.seat for s in record.seats if s.computer_plays}
    if not actors or any(seat not in played for seat in actors):
        return []
    return list(actors)


def thinking_names(record: GameRecord) -> tuple[Msg, int] | None:
    """Who is thinking while only computers decide, as the table names them ("Computer 2
    (strong)"; a computer answering a private question is not named: "A computer player"),
    and how many are named, in no language yet."""
    seats = thinking(record)
    if not seats:
        return None
    hidden = set(record.private_actors())
    names = [record.shown_name(seat) for seat in seats if seat not in hidden]
    if not names:
        return msg("A computer player"), 1
    shown: Param = names[0]
    for name in names[1:]:
        shown = msg("{first} and {last}", first=shown, last=name)
    return (shown if isinstance(shown, Msg) else msg("{player}", player=shown)), len(names)


def thinking_line(record: GameRecord, *, still: bool = False) -> Msg | None:
    """What the table says while only computers decide: "Computer 2 (strong) is thinking…";
    ``still``: a click's answer, "Computer 2 (strong) is still thinking"."""
    found = thinking_names(record)
    if found is None:
        return None
    names, count = found
    if still:
        return plural(
            "{players} is still thinking", "{players} are still thinking", count, players=names
        )
    return plural("{players} is thinking…", "{players} are thinking…", count, players=names)
