"""The whole state of one game of Rattus, as plain data that saves to JSON and copies fast."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any

from ..core import Event, fill_names, seat_ref
from ..saved import BadState

FORMAT = 1
COLOURS = ("red", "yellow", "green", "blue", "purple", "orange")
CUBES_PER_PLAYER = 20
LOG_KEEP = 12

_SHARED = frozenset({"tokens"})
"""State fields that are never changed once the game is set up."""

Frame = dict[str, Any]
"""A pending step: {"kind": ..., "seat": ..., ...}. The top of the stack acts next."""


_NESTED = (dict, list)


def _copy(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists and immutable leaves), fast on flat lists."""
    if type(value) is dict:
        return {k: _copy(v) if type(v) in _NESTED else v for k, v in value.items()}
    if type(value) is list:
        return [_copy(v) if type(v) in _NESTED else v for v in value]
    return value


def _same(value: Any) -> Any:
    return value


def _flat_values(value: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return {k: v[:] for k, v in value.items()}


def _flat_lists(value: list[list[Any]]) -> list[list[Any]]:
    return [v[:] for v in value]


_COPIERS: dict[str, Any] = {
    **{name: _same for name in _SHARED},
    **{name: _flat_values for name in ("cubes", "rats", "known")},
    "hands": _flat_lists,
}
"""How ``clone`` copies a field whose shape is known (the rest: ``_copy``)."""


@cache
def _field_names() -> tuple[str, ...]:
    return tuple(f.name for f in fields(State))


ADDED_LATER = frozenset({"ravages"})
"""Fields a game saved before they existed lacks: it loads with their defaults."""


@dataclass
class State:
    players: int
    expansions: list[str]
    regions: list[str]  # regions in use, board order
    cards_in_play: list[str]
    tokens: dict[str, dict[str, Any]]  # the fronts this game was dealt: id -> front
    rng: int
    seed: int | str
    # pieces
    cubes: dict[str, list[int]]  # region -> cubes per seat
    palace: list[int]
    supply: list[int]  # cubes per seat not on the board
    rats: dict[str, list[str]]  # region -> face-down token ids in place order
    rat_supply: list[str]  # face-down draw pile, top last
    removed: list[str]  # taken out at setup, never seen
    gone: list[str]  # revealed and out of the game
    known: dict[str, list[int]]  # face-down token id -> seats that have seen its front
    plague: str
    hands: list[list[str]]  # class cards per seat, in the order taken
    # flow
    status: str = "placement"
    turn: int = 0
    active: int = 0
    stack: list[Frame] = field(default_factory=list)
    used: list[str] = field(default_factory=list)  # cards used this turn
    took: bool = False
    placed: bool = False
    revealed: list[dict[str, Any]] = field(default_factory=list)  # latest ravage, public
    ravages: list[dict[str, Any]] = field(default_factory=list)
    """Every ravage of the last round, oldest first (public): {"turn", "seat" (whose move
    brought it), "region", "tokens" (its ``revealed`` entries)}; see ``plague.remember``."""
    face_up: list[str] = field(default_factory=list)  # tokens shown to all before they act
    last_seat: int | None = None
    final_order: list[int] = field(default_factory=list)
    scores: list[int] | None = None
    ranking: list[int] | None = None
    log: list[str] = field(default_factory=list)
    version: int = 0
    ext: dict[str, Any] = field(default_factory=dict)  # expansion pieces, keyed by expansion

    def clone(self) -> State:
        """A copy to change. The token fronts never change after setup, so both share them."""
        new = object.__new__(State)
        for name in _field_names():
            value = getattr(self, name)
            setattr(new, name, _COPIERS.get(name, _copy)(value))
        return new

    def to_dict(self) -> dict[str, Any]:
        out = {f.name: _copy(getattr(self, f.name)) for f in fields(self)}
        out["format"] = FORMAT
        return out

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> State:
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise BadState("not a saved Rattus game of a format this version can read")
        # the saved form has every field, defaults included (``to_dict``): one that lacks
        # any (its pending decisions, say) is damaged
        required = {f.name for f in fields(cls) if f.init} - ADDED_LATER
        missing = required - set(raw)
        if missing:
            raise BadState(f"saved game lacks {', '.join(sorted(missing))}")
        names = {f.name for f in fields(cls)} & set(raw)
        return cls(**{k: _copy(raw[k]) for k in names})

    # small queries used everywhere

    def holder(self, card: str) -> int | None:
        for seat, hand in enumerate(self.hands):
            if card in hand:
                return seat
        return None

    def cubes_in(self, region: str) -> int:
        return sum(self.cubes[region])

    def colour(self, seat: int) -> str:
        """The seat inside event text: shown by colour, or by name where the host knows it."""
        return seat_ref(seat)

    def colour_name(self, seat: int) -> str:
        return COLOURS[seat].capitalize()

    def colour_names(self) -> list[str]:
        return [self.colour_name(p) for p in range(self.players)]

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players


@dataclass
class Ctx:
    """One apply in progress: the state being changed and the events it produces."""

    s: State
    events: list[Event] = field(default_factory=list)

    def say(self, kind: str, template: str, **data: Any) -> None:
        """A public event. Seats in the text are written with ``State.colour``."""
        text = fill_names(template, self.s.colour_names())
        self.events.append(Event(kind, text, None, data, template))
        self.s.log.append(template)
        if len(self.s.log) > LOG_KEEP:
            del self.s.log[: len(self.s.log) - LOG_KEEP]

    def tell(self, seats: tuple[int, ...], kind: str, template: str, **data: Any) -> None:
        """An event only these seats may see."""
        text = fill_names(template, self.s.colour_names())
        self.events.append(Event(kind, text, seats, data, template))
