"""Plain records the host hands to the Discord side. No behaviour beyond small look-ups."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from typing import Any, Literal

import lang
from engine.contract import Game, View
from engine.core import Event
from engine.text import N_, Msg, Param, Text, as_msg, msg
from host.errors import UserError

Status = Literal["lobby", "running", "finished", "abandoned"]
OPEN_STATUSES: tuple[Status, ...] = ("lobby", "running")

StandIn = Literal["missed", "kicked", "resigned"]
"""Why a person's seat is not played by its person: ``missed`` deadlines (the seat is still
theirs: they come back with ``back``), or the person left it (``kicked``, ``resigned``)."""
STAND_IN_REASONS: tuple[StandIn, ...] = ("missed", "kicked", "resigned")


COMPUTER_NAME = re.compile(r"^Computer (\d+) \((\w+)\)$")
"""How a computer seat's name is kept: "Computer 2 (strong)" (shown in the reader's language
by ``Seat.said``)."""

LEVEL_NAMES = {"easy": N_("easy"), "strong": N_("strong")}
"""The computer players' levels in words."""


def level_name(level: str) -> Msg:
    """A computer player's level in words ("easy"), in no language yet."""
    shown = LEVEL_NAMES.get(level, level)
    return msg(shown)


def computer_name(number: int, level: str) -> Msg:
    """A computer seat's name, "Computer 2 (strong)", in no language yet."""
    return msg("Computer {number} ({level})", number=number, level=level_name(level))


def name_said(name: str, computer: bool) -> Msg | str:
    """A seat's name to show: a person's as they are called (data), a computer seat's
    ("Computer 2 (strong)", as it is kept) as a text made in the reader's language."""
    found = COMPUTER_NAME.match(name) if computer else None
    return name if found is None else computer_name(int(found.group(1)), found.group(2))


@dataclass(frozen=True)
class Seat:
    """One place at the table: a person's (``user_id``) or a computer player's.

    ``level`` is set while a computer player plays the seat: a computer seat's own level, or
    the level of a computer standing in for a person (``stand_in`` says why). A seat whose
    person left (kicked or resigned) has no ``user_id``; ``left_user_id`` keeps who it was.
    With no computer playing it either, it is open: a person may take it with ``join``.
    """

    seat: int
    user_id: int | None
    name: str
    is_ai: bool = False
    level: str | None = None
    stand_in: StandIn | None = None
    left_user_id: int | None = None

    @property
    def computer_plays(self) -> bool:
        """A computer player decides for this seat now (a computer seat or a stand-in)."""
        return self.is_ai or self.level is not None

    @property
    def is_open(self) -> bool:
        """Nobody plays this seat: its person left and no computer took it."""
        return self.user_id is None and not self.computer_plays

    @property
    def said(self) -> Msg | str:
        """The seat's name to show: a person's as they are called (data), a computer seat's
        as a text made in the reader's language ("Computer 2 (strong)")."""
        return name_said(self.name, self.is_ai)

    def name_in(self, language: str) -> str:
        """The seat's name shown in ``language`` (``said``)."""
        return lang.say(as_msg(self.said), language)


@dataclass(kw_only=True)
class GameRow:
    """What the store says of a game, read (``host.store.StoredGame``) or loaded (``GameRecord``)."""

    id: int
    kind: str
    guild_id: int | None
    channel_id: int
    status: Status
    version: int
    host_user_id: int
    options: dict[str, Any]
    seats: list[Seat]
    created_at: float
    updated_at: float
    seed: int | None = None
    language: str | None = None
    """The language the game's table speaks; None for games from before languages (they
    speak English)."""

    def row_fields(self) -> dict[str, Any]:
        """The fields of ``GameRow`` as this one has them (each object itself, not a copy)."""
        return {f.name: getattr(self, f.name) for f in fields(GameRow)}


@dataclass(kw_only=True)
class GameRecord(GameRow):
    """A game as stored: who sits where, its lobby options and, once started, the engine game."""

    game: Game | None

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def require_host(self, user_id: int, refusal: str, *, can_manage: bool = False) -> None:
        """UserError unless the person hosts the game (or, with ``can_manage``, may manage
        its channel): ``refusal`` (a text marked with ``N_``) names the host ``{host}`` and
        the game ``{number}``."""
        if user_id != self.host_user_id and not can_manage:
            host = self.name_of(self.seat_of(self.host_user_id) or 0)
            raise UserError(msg(refusal, host=host, number=self.id))

    def user_of(self, seat: int) -> int | None:
        """The person whose seat it is (they see its secrets), even while a computer stands
        in for them; None for a computer seat or a seat its person left."""
        for entry in self.seats:
            if entry.seat == seat:
                return entry.user_id
        return None

    def player_of(self, seat: int) -> int | None:
        """The person who decides for the seat now: None while a computer plays it."""
        for entry in self.seats:
            if entry.seat == seat:
                return None if entry.computer_plays else entry.user_id
        return None

    def seat_entry(self, seat: int) -> Seat:
        """The seat's record (UserError for a seat the game does not have)."""
        for entry in self.seats:
            if entry.seat == seat:
                return entry
        raise UserError(msg("Game #{number} has no seat {seat}.", number=self.id, seat=seat + 1))

    @property
    def table_language(self) -> str:
        """The language the game's channel reads (English for a game from before languages,
        or in a language no longer offered)."""
        return self.language if self.language in lang.languages() else lang.DEFAULT

    def seat_name(self, seat: int) -> Msg | str:
        """The seat's name in no language yet (``Seat.said``): bind it into texts
        (``engine.text.with_names``) that are shown later, in the reader's language."""
        entry = next((s for s in self.seats if s.seat == seat), None)
        return msg("Player {n}", n=seat + 1) if entry is None else entry.said

    def seat_names(self) -> list[Msg | str]:
        """Every seat's name in no language yet, in seat order (``seat_name``)."""
        return [self.seat_name(seat) for seat in range(len(self.seats))]

    def name_of(self, seat: int, language: str | None = None) -> str:
        """The seat's name in ``language`` (default: the table's): a computer seat's name is
        a text ("Computer 1 (easy)")."""
        return lang.say(as_msg(self.seat_name(seat)), language or self.table_language)

    def names(self, language: str | None = None) -> list[str]:
        """Every seat's name in ``language`` (default: the table's), in seat order."""
        return [self.name_of(seat, language) for seat in range(len(self.seats))]

    def private_actors(self) -> list[int]:
        """The seats deciding now whose decision is private: who they are is a secret too."""
        game = self.game
        if self.status != "running" or game is None:
            return []
        found = []
        for seat in game.actors():
            decision = game.decision(seat)
            if decision is not None and decision.private:
                found.append(seat)
        return found

    def public_actors(self) -> list[int]:
        """The seats deciding now that everyone may know about."""
        game = self.game
        if self.status != "running" or game is None:
            return []
        hidden = set(self.private_actors())
        return [seat for seat in game.actors() if seat not in hidden]

    def waiting_for(self, viewer: int | None = None) -> Msg:
        """Whom the game waits for, in words anyone may read, in no language yet: a seat
        answering a private question is not named (except to itself, ``viewer``)."""
        game = self.game
        if self.status != "running" or game is None:
            return msg("nobody")
        hidden = [seat for seat in self.private_actors() if seat != viewer]
        named: list[Param] = [
            self._waited_for(seat) for seat in game.actors() if seat not in hidden
        ]
        if hidden:
            named.append(msg("private answers"))
        if not named:
            return msg("nobody")
        shown = named[0]
        for more in named[1:]:
            shown = msg("{first} and {last}", first=shown, last=more)
        return shown if isinstance(shown, Msg) else msg("{player}", player=shown)

    def shown_name(self, seat: int, language: str | None = None) -> str:
        """The seat's name as the table shows it, in ``language`` (default: the table's): a
        person's seat a computer plays for now says so ("Ben (computer)"), an open one too
        ("Ben (open seat)")."""
        name = self.seat_name(seat)
        entry = next((s for s in self.seats if s.seat == seat), None)
        shown: Msg = as_msg(name)
        if entry is not None and not entry.is_ai and entry.is_open:
            shown = msg("{player} (open seat)", player=name)
        elif entry is not None and not entry.is_ai and entry.computer_plays:
            shown = msg("{player} (computer)", player=name)
        return lang.say(shown, language or self.table_language)

    def _waited_for(self, seat: int) -> Param:
        name = self.seat_name(seat)
        entry = next((s for s in self.seats if s.seat == seat), None)
        if entry is not None and entry.is_open:
            return msg(
                "someone to take {player}'s seat ({command})",
                player=name,
                command=f"`/{self.kind} join`",
            )
        return name

    def view(
        self, seat: int | None = None, names: list[str] | None = None, language: str | None = None
    ) -> View:
        """The game's view for a seat (None: a spectator), with players named everywhere:
        as the table names them now in ``language`` (default: the table's; a private reply or
        a DM passes its reader's, so "Computer 1 (leicht)" reads as the text around it), or by
        ``names`` (one per seat: who held each seat at another moment, for a replayed turn).

        Who answers a private question is hidden from everyone else: such seats are left out
        of ``actors`` and the decision shown is a blank private one.
        """
        if self.game is None:
            if self.status == "lobby":
                raise UserError(msg("Game #{number} has not started yet.", number=self.id))
            raise UserError(msg("Game #{number} was closed before it started.", number=self.id))
        view = self.game.view(seat, names=names or self.names(language))
        for player in view.get("players", []):
            at = int(player["seat"])
            player["name"] = names[at] if names else self.shown_name(at, language)
        hidden = [s for s in self.private_actors() if s != seat]
        if hidden:
            view["actors"] = [s for s in view.get("actors") or [] if s not in hidden]
            decision = view.get("decision")
            if isinstance(decision, dict) and decision.get("seat") in hidden:
                view["decision"] = {"seat": None, "kind": "private", "prompt": "", "private": True}
            view["private_waiting"] = True
        return view

    @property
    def is_open(self) -> bool:
        """A lobby or a running game: the one that owns its channel."""
        return self.status in OPEN_STATUSES


@dataclass
class Update:
    """What one ``start()`` or ``act()`` changed, for the Discord side to show."""

    record: GameRecord
    events: list[Event]
    public_events: list[Event]
    private: dict[int, list[Event]] = field(default_factory=dict)
    new_turn: bool = False
    finished: bool = False
    own_public: int | None = None
    """How many of ``public_events`` the acting person's own action made (the rest came from
    the computer players who moved after it); None: all of them."""


@dataclass(frozen=True)
class DmQuestion:
    """The direct message that asks a person a private question of a game, at a version."""

    game_id: int
    user_id: int
    seat: int
    channel_id: int
    message_id: int
    version: int


@dataclass(frozen=True)
class TableMessage:
    """The message showing a game's table in one channel (its home or a spectator channel)."""

    game_id: int
    channel_id: int
    message_id: int
    version: int
    is_home: bool
    posted_version: int | None = None
    """The game's version when the message was posted (None: not known, an older row)."""
    stage: str | None = None
    """The stage it showed then ("Turn 11"; None: not known)."""


@dataclass(frozen=True)
class ActionLogEntry:
    """One applied action, as kept in the action log."""

    version: int
    seat: int
    user_id: int | None
    name: str
    notation: str
    label: Text | None
    """How the action reads, players named, in no language yet (an older row: English)."""
    at: float
    public_text: Text | None = None
    """What everyone saw of the action, in no language yet (an older row: English, as the
    table showed it); None: nothing, e.g. a private answer."""

    @property
    def said(self) -> Msg | str:
        """The name of who played it (``name``, as it was then) to show: a computer
        player's in the reader's language."""
        return name_said(self.name, self.user_id is None)


@dataclass(frozen=True)
class ResultRow:
    """One seat's line in a finished game's results, kept for statistics."""

    game_id: int
    kind: str
    finished_at: float
    seat: int
    user_id: int | None
    name: str
    score: int | None
    rank: int
    winner: bool
