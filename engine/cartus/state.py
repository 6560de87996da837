"""The whole state of one game of Rattus Cartus, as plain data that saves to JSON."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .. import kernel, saved
from ..core import Rng

FORMAT = 1
COLOURS = ("red", "yellow", "green", "blue", "purple")
LOG_KEEP = 14

Frame = dict[str, Any]
"""A pending step: {"kind": ..., "seat": ..., ...}. The top of the stack acts next."""


@dataclass
class State(kernel.Coloured):
    players: int
    seed: int | str
    rng: int
    options: dict[str, Any]  # building_cards, simultaneous_supply, all_dead
    cards: dict[str, dict[str, Any]]  # card id -> {"type": ..., "nuns": ...} as dealt
    building_cards: dict[str, dict[str, Any]]  # building card id -> building, class, supply
    in_play: list[str]  # the buildings among the 30 cards, sorted
    rounds: int
    # cards
    deck: list[str]  # population deck, top last
    discard: list[str]  # population discard pile
    supplies: dict[str, list[str]]  # joker and special decks: type -> card ids
    hands: list[list[str]]
    nun_row: list[str]
    seen: list[list[int]]  # per Nun-row place: the seats that looked at it
    rats: list[int]  # each seat's rat total (private)
    vp_pile: list[int]  # victory point tokens left, top last (unseen)
    vp: list[list[int]]  # tokens each seat drew (seen only by that seat)
    building_deck: list[str]  # top last
    replacement: list[str]  # the replacement deck, top first
    building_discard: list[str]
    influence: dict[str, list[int]]  # class -> points per seat
    arrived: dict[str, list[int]]  # class -> when each disc last moved (lower sits lower)
    # the round
    round: int = 0
    start_player: int = 0
    row: list[dict[str, Any]] = field(default_factory=list)  # the round's buildings
    entered: list[int] = field(default_factory=list)  # seats in the order they entered
    gained: list[int] = field(default_factory=list)  # influence gained this round, per seat
    supply_chosen: list[int | None] = field(default_factory=list)  # hidden until all chose
    premium: dict[str, int] = field(default_factory=dict)  # row place (text) -> premium seat
    moves: int = 0
    status: str = "supply"
    stack: list[Frame] = field(default_factory=list)
    outcome: dict[str, Any] | None = None
    log: list[kernel.LogLine] = field(default_factory=list)
    """The last public event texts: each a ``Msg`` as said (written out with
    ``engine.text.stored`` only when the game is saved: most moments never are), or the stored
    string a loaded game read back."""
    version: int = 0

    COLOUR_NAMES: ClassVar[tuple[str, ...]] = tuple(c.capitalize() for c in COLOURS)

    def clone(self) -> State:
        """A copy that shares its parts with this state until one changes them: each
        rule that changes a part in place asks for it with ``mine`` first."""
        return _clone(self)

    def mine(self, part: str) -> Any:
        """The part (a field of ``_PARTS``: ``hands``, ``row``, ...) to change in place: copied
        first when this state still shares it with a copy, so no other moment changes."""
        d = self.__dict__
        own: set[str] | None = d.get(_OWN)
        if own is None or part in own:
            return d[part]
        own.add(part)
        value = d[part] = _PARTS[part](d[part])
        return value

    def building(self, place: int) -> dict[str, Any]:
        """The round's building at ``place`` (0-based), its entries too, to change in place:
        ``mine`` for that building alone (the others stay shared)."""
        d = self.__dict__
        own: set[str] | None = d.get(_OWN)
        row: list[dict[str, Any]] = d["row"]
        if own is None or "row" in own:
            return row[place]
        if _ROW_LIST not in own:
            row = d["row"] = row[:]
            own.add(_ROW_LIST)
        mark = f"row[{place}]"
        if mark not in own:
            row[place] = _copy_building(row[place])
            own.add(mark)
        return row[place]

    def top(self, frame: Frame) -> Frame:
        """The pending step on top of the stack, ``frame``, to change in place: a copy takes
        its place (a state's copy shares the steps of its stack until one changes)."""
        kernel.pop(self, frame)
        copied = {k: v[:] if type(v) is list else v for k, v in frame.items()}
        self.stack.append(copied)
        return copied

    def to_dict(self) -> dict[str, Any]:
        out = saved.to_dict(self, {"format": FORMAT, "game": "cartus"})
        out["log"] = kernel.logged(self.log)
        return out

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> State:
        return saved.from_dict(cls, raw, {"format": FORMAT, "game": "cartus"}, "Rattus Cartus")

    # small queries

    def type_of(self, card: str) -> str:
        card_type: str = self.cards[card]["type"]
        return card_type

    def building_of(self, place: int) -> str:
        """The building at a place of the round's row (0-based)."""
        return str(self.building_cards[self.row[place]["card"]]["building"])

    def class_of(self, place: int) -> str:
        return str(self.building_cards[self.row[place]["card"]]["class"])

    def seat_order(self, first: int) -> list[int]:
        """Every seat clockwise, starting with ``first``."""
        return [(first + i) % self.players for i in range(self.players)]

    @property
    def final_round(self) -> bool:
        return self.round == self.rounds


def _copy_row(row: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """How a copy copies the round's buildings: each entry's cards and shown counts anew."""
    return [_copy_building(b) for b in row]


def _copy_building(building: dict[str, Any]) -> dict[str, Any]:
    return {**building, "entries": [_copy_entry(e) for e in building["entries"]]}


def _copy_entry(entry: dict[str, Any]) -> dict[str, Any]:
    out = {**entry, "cards": entry["cards"][:]}
    shown = entry.get("shown")
    if shown is not None:
        out["shown"] = dict(shown)
    return out


_FLAT = ("in_play", "deck", "discard", "nun_row", "rats", "vp_pile", "building_deck")
_FLAT_TOO = ("replacement", "building_discard", "entered", "gained", "supply_chosen")

_PARTS: dict[str, Callable[[Any], Any]] = {
    **dict.fromkeys((*_FLAT, *_FLAT_TOO), saved.flat),
    **dict.fromkeys(("hands", "seen", "vp"), saved.flat_lists),
    **dict.fromkeys(("supplies", "influence", "arrived"), saved.flat_values),
    "premium": saved.flat_dict,
    "row": _copy_row,
}
"""The parts a copy shares with its original until one of them changes the part in place
(``State.mine``), each with how it is copied then: lists of card ids, hands, tracks, the
round's buildings (or one of them, ``State.building``). Numbers and texts are shared (a
change replaces them), the stack's list and the log are copied at once (the step machine and
every said event change them; a step that changes its frame copies it first, ``State.top``),
and what never changes once set up (cards, building cards, options, a finished game's
outcome) is never copied."""

_ROW_LIST = "row[]"
"""Marks a row list of its own whose buildings may still be shared (``State.building``)."""

_OWN = "_own"
"""The attribute (not a field: never saved) naming the parts a copy has made its own: a
state without it (a new game, a loaded one) owns every part."""


def _clone(state: State) -> State:
    """A copy that shares every part with ``state`` until either changes it (``mine``)."""
    d = state.__dict__
    d[_OWN] = set()  # the original's parts are now shared too
    out = object.__new__(State)
    shared = out.__dict__
    shared.update(d)
    shared["stack"] = d["stack"][:]
    shared["log"] = d["log"][:]
    shared[_OWN] = set()
    return out


class Ctx(kernel.Ctx[State]):
    """One apply in progress: the state being changed, its Rng and the events it produces.
    A ``quiet`` one (a look-ahead's) says nothing, so the rules played most often check
    ``quiet`` before making an event's text at all."""

    LOG_KEEP: ClassVar[int] = LOG_KEEP

    drawn: Rng | None = None
    """The state's Rng, once this apply has drawn from it (most never do)."""

    @property
    def rng(self) -> Rng:
        if self.drawn is None:
            self.drawn = Rng(self.s.rng)
        return self.drawn

    def finish(self) -> None:
        if self.drawn is not None:
            self.s.rng = self.drawn.state
