"""One action, worked out away from the event loop: the engine applies it and the host works
out what everyone saw, what each seat is owed privately and whether a new turn began.

What is owed privately (``owed_dms``) goes into the store with the action, whoever's move it
was (a person's, a computer's, the deal at the start): the Discord side sends private messages
from that record only, each once, so a crash between saving and sending cannot lose one.

``GameService.act`` runs ``apply_action`` and ``turn_changed`` in a worker thread, so that the
engine's work never holds up the bot's answers to other clicks; what is left on the loop is
the saving and the publishing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, ParamSpec, TypeVar

import lang
from engine.contract import Game
from engine.core import Event, IllegalAction, parse_notation
from engine.text import Param, Text, as_msg, joined, msg, stored, with_names
from host import turns
from host.errors import StaleAction, UserError
from host.models import GameRecord, Seat

PUBLIC_TEXT_LIMIT = 1000
"""The longest text shown of what one action showed everyone: it fits a table's field (1,024
characters) whole. A longer one keeps its whole sentences that fit, then says it goes on."""
CUT = msg("…and more.")
ENGINE_THREADS = 2
"""Worker threads for the engine's work (apart from the ones drawing boards, so an action
never waits in line behind pictures)."""

P = ParamSpec("P")
T = TypeVar("T")
_engine = ThreadPoolExecutor(max_workers=ENGINE_THREADS, thread_name_prefix="engine")


async def off_loop(fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """``fn(*args, **kwargs)`` in one of the engine's worker threads."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(_engine, lambda: fn(*args, **kwargs))


@dataclass(frozen=True)
class Applied:
    """An action applied to a loaded game, ready to be saved (made in a worker thread: the
    saved ``state`` is drawn from ``after`` as it is made)."""

    seat: int
    notation: str
    label: Text | None  # players named, in no language yet
    before: Game
    after: Game
    public_text: Text | None
    dms: dict[int, list[str]]  # user -> the lines they are owed privately (``stored`` texts)
    state: dict[str, Any] = field(init=False)  # the game after it, as saved

    def __post_init__(self) -> None:
        object.__setattr__(self, "state", self.after.to_dict())


def apply_action(record: GameRecord, user_id: int, notation: str, version: int | None) -> Applied:
    """The user's action applied to the record's game (CPU work: call it in a thread).
    Raises ``StaleAction`` for an old version and ``UserError`` for anything not allowed."""
    if version is not None and version != record.version:
        raise StaleAction(current_version=record.version)
    turns.running_game(record)
    return apply_for_seat(record, turns.seat_to_act(record, user_id), notation)


def apply_for_seat(record: GameRecord, seat: int, notation: str) -> Applied:
    """An action for ``seat`` applied to the record's game, whoever chose it (a stand-in for
    an absent person too; CPU work: call it in a thread). UserError if it is not allowed."""
    game = turns.running_game(record)
    try:
        wanted = parse_notation(notation)
        after: Game = game.apply(seat, wanted)
    except IllegalAction as exc:
        raise UserError(with_names(exc.text, record.seat_names())) from exc
    label = turns.action_label(game, seat, wanted, record.seat_names())
    return Applied(
        seat=seat,
        notation=wanted,
        label=label,
        before=game,
        after=after,
        public_text=public_text(record, game, seat, after, label),
        dms=owed_dms(record.seats, after.events),
    )


def turn_changed(before: Game, after: Game) -> bool:
    """Whether the table starts a new message: the game ended, or its status, turn or active
    player changed (CPU work: it draws both views)."""
    return after.is_over or _turn_marker(before.view(None)) != _turn_marker(after.view(None))


def _turn_marker(view: Mapping[str, Any]) -> tuple[Any, Any, Any]:
    return view.get("status"), view.get("turn"), view.get("active")


def public_text(
    record: GameRecord, before: Game, seat: int, after: Game, label: Text | None
) -> Text | None:
    """What everyone saw of an action: its public events, or for a public decision that told
    nobody anything, the action's label. A private answer's label is never public. A text in
    no language (shown in the reader's, ``public_line``), players named as they are now."""
    names = record.seat_names()
    texts: list[Param] = [with_names(e.shown, names) for e in after.events if e.audience is None]
    texts = [text for text in texts if text]
    if texts:
        return joined(texts)
    decision = before.decision(seat)
    if decision is None or decision.private or not label:
        return None
    return msg("{player}: {action}", player=names[seat], action=label)


def public_line(text: Text, language: str) -> str:
    """What everyone saw of an action (``public_text``, or an older row's English) in
    ``language``, cut to whole sentences within ``PUBLIC_TEXT_LIMIT`` characters."""
    shown = lang.say(as_msg(text), language)
    if len(shown) <= PUBLIC_TEXT_LIMIT:
        return shown
    cut = " " + lang.say(CUT, language)
    head = shown[: PUBLIC_TEXT_LIMIT - len(cut)]
    end = head.rfind(". ")
    return (head[: end + 1] if end > 0 else head.rsplit(" ", 1)[0]) + cut


def private_lines(events: Iterable[Event], seat: int, names: Sequence[Param]) -> list[str]:
    """The texts of the non-public events this seat may see: what it is owed privately
    (``engine.text.stored``: shown in the reader's language when sent)."""
    return [
        stored(with_names(e.shown, names))
        for e in events
        if e.audience is not None and seat in e.audience
    ]


def owed_dms(
    seats: Sequence[Seat], events: Sequence[Event], *, everyone: bool = False
) -> dict[int, list[str]]:
    """user -> news lines for every person (not a computer) some event tells privately; with
    ``everyone`` (the deal), every person, so each is sent their secrets from the start."""
    names = [seat.said for seat in sorted(seats, key=lambda s: s.seat)]
    owed: dict[int, list[str]] = {}
    for seat in seats:
        if seat.user_id is None or seat.is_ai:
            continue
        lines = private_lines(events, seat.seat, names)
        if lines or everyone:
            owed[seat.user_id] = lines
    return owed
