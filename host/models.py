"""Plain records the host hands to the Discord side. No behaviour beyond small look-ups."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from engine.contract import Game, View
from engine.core import Event
from host.errors import UserError

Status = Literal["lobby", "running", "finished", "abandoned"]
OPEN_STATUSES: tuple[Status, ...] = ("lobby", "running")


@dataclass(frozen=True)
class Seat:
    """One place at the table: a person (``user_id``) or a computer player."""

    seat: int
    user_id: int | None
    name: str
    is_ai: bool = False


@dataclass
class GameRecord:
    """A game as stored: who sits where, its lobby options and, once started, the engine game."""

    id: int
    kind: str
    guild_id: int | None
    channel_id: int
    status: Status
    version: int
    host_user_id: int
    options: dict[str, Any]
    seats: list[Seat]
    game: Game | None
    created_at: float
    updated_at: float
    seed: int | None = None

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def user_of(self, seat: int) -> int | None:
        for entry in self.seats:
            if entry.seat == seat:
                return entry.user_id
        return None

    def name_of(self, seat: int) -> str:
        for entry in self.seats:
            if entry.seat == seat:
                return entry.name
        return f"Player {seat + 1}"

    def names(self) -> list[str]:
        """Every seat's name, in seat order."""
        return [self.name_of(seat) for seat in range(len(self.seats))]

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

    def waiting_for(self, viewer: int | None = None) -> str:
        """Whom the game waits for, in words anyone may read: a seat answering a private
        question is not named (except to itself, ``viewer``)."""
        game = self.game
        if self.status != "running" or game is None:
            return "nobody"
        hidden = [seat for seat in self.private_actors() if seat != viewer]
        named = [self.name_of(seat) for seat in game.actors() if seat not in hidden]
        if hidden:
            named.append("private answers")
        return " and ".join(named) or "nobody"

    def view(self, seat: int | None = None) -> View:
        """The game's view for a seat (None: a spectator), with players named everywhere.

        Who answers a private question is hidden from everyone else: such seats are left out
        of ``actors`` and the decision shown is a blank private one.
        """
        if self.game is None:
            if self.status == "lobby":
                raise UserError(f"Game #{self.id} has not started yet.")
            raise UserError(f"Game #{self.id} was closed before it started.")
        view = self.game.view(seat, names=self.names())
        for player in view.get("players", []):
            player["name"] = self.name_of(int(player["seat"]))
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


@dataclass(frozen=True)
class TableMessage:
    """The message showing a game's table in one channel (its home or a spectator channel)."""

    game_id: int
    channel_id: int
    message_id: int
    version: int
    is_home: bool


@dataclass(frozen=True)
class ActionLogEntry:
    """One applied action, as kept in the action log."""

    version: int
    seat: int
    user_id: int | None
    name: str
    notation: str
    label: str | None
    at: float
    public_text: str | None = None
    """What everyone saw of the action (None: nothing, e.g. a private answer)."""


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
