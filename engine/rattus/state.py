"""The whole state of one game of Rattus, as plain data that saves to JSON and copies fast."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, TypeVar

from .. import kernel, saved
from ..saved import BadState, copy_json

FORMAT = 1
COLOURS = ("red", "yellow", "green", "blue", "purple", "orange")
CUBES_PER_PLAYER = 20
LOG_KEEP = 12

_SHARED = frozenset({"tokens", "expansions", "regions", "cards_in_play", "removed"})
"""State fields that are never changed once the game is set up (``positions`` builds a test's
position with new lists)."""


T = TypeVar("T")

Frame = dict[str, Any]
"""A pending step: {"kind": ..., "seat": ..., ...}. The top of the stack acts next."""


ADDED_LATER = frozenset({"ravages"})
"""Fields a game saved before they existed lacks: it loads with their defaults."""


@dataclass
class State(kernel.Coloured):
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
    log: list[kernel.LogLine] = field(default_factory=list)
    """The latest public events' texts: each as said (a ``Msg``) or as saved (``to_dict``
    writes them ``engine.text.stored``; a game saved before texts had keys holds English
    lines, read back by ``restored`` as they were)."""
    version: int = 0
    ext: dict[str, Any] = field(default_factory=dict)  # expansion pieces, keyed by expansion

    COLOUR_NAMES: ClassVar[tuple[str, ...]] = tuple(c.capitalize() for c in COLOURS)

    def __post_init__(self) -> None:
        self._own: set[str | int] = set()
        """The regions (by name) and hands (by seat) whose lists this state made for itself
        since it was made or last copied (``cubes_at``, ``rats_at``, ``hand_at``)."""

    def clone(self) -> State:
        """A copy to change. What never changes after setup is shared (the token fronts, the
        regions, the cards in play), and so are the lists the rules replace rather than change
        (``REPLACED``); so are each region's cubes and rats and each seat's hand,
        until the copy or the original changes them: the rules change those lists only through
        ``cubes_at``, ``rats_at`` and ``hand_at``, which copy a shared list first. (Most moves
        change one or two regions: copying every region's lists on every move cost more than
        anything else in a move.)"""
        out: State = _CLONE(self)
        out._own = set()
        self._own = set()  # from now on the original shares its lists with the copy too
        return out

    def _owned(self, key: str | int) -> None:
        """Make the lists of region (or hand) ``key`` this state's own, copying shared ones."""
        if isinstance(key, int):
            self.hands[key] = self.hands[key][:]
        else:
            self.cubes[key] = self.cubes[key][:]
            self.rats[key] = self.rats[key][:]
        self._own.add(key)

    def cubes_at(self, region: str) -> list[int]:
        """The cubes per seat in ``region``, to change (``clone``)."""
        if region not in self._own:
            self._owned(region)
        return self.cubes[region]

    def rats_at(self, region: str) -> list[str]:
        """The face-down tokens in ``region``, to change (``clone``)."""
        if region not in self._own:
            self._owned(region)
        return self.rats[region]

    def hand_at(self, seat: int) -> list[str]:
        """The class cards of ``seat``, to change (``clone``)."""
        if seat not in self._own:
            self._owned(seat)
        return self.hands[seat]

    def to_dict(self) -> dict[str, Any]:
        out = {f.name: copy_json(getattr(self, f.name)) for f in fields(self) if f.name != "log"}
        out["log"] = kernel.logged(self.log)
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
        return cls(**{k: copy_json(raw[k]) for k in names})

    # small queries used everywhere

    def holder(self, card: str) -> int | None:
        for seat, hand in enumerate(self.hands):
            if card in hand:
                return seat
        return None

    def cubes_in(self, region: str) -> int:
        return sum(self.cubes[region])

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players


EXT_COPY: dict[str, Callable[[Any], Any]] = {}
"""Expansion id -> how a copy of its pieces (``State.ext[id]``) is made (``saved.shaped``);
an expansion not named here has its pieces copied whole. tests/engine/test_clone.py checks
the copies along random games with every expansion."""


def without(items: list[T], item: T) -> list[T]:
    """A new list: ``items`` less the first ``item`` (a ``REPLACED`` list is never changed)."""
    out = items[:]
    out.remove(item)
    return out


def added(counts: list[int], seat: int, n: int) -> list[int]:
    """A new list: ``counts`` with ``n`` more for ``seat`` (a ``REPLACED`` list is never
    changed)."""
    out = counts[:]
    out[seat] += n
    return out


def expansion_part(
    key: str,
) -> tuple[Callable[[State], dict[str, Any]], Callable[[State], bool]]:
    """An expansion's two accessors: its pieces (``State.ext[key]``, in a game that has the
    expansion) and whether a game has it."""

    def pieces(s: State) -> dict[str, Any]:
        found: dict[str, Any] = s.ext[key]
        return found

    def on(s: State) -> bool:
        return key in s.ext

    return pieces, on


def _copy_ext(ext: dict[str, Any]) -> dict[str, Any]:
    if not ext:  # the base game's
        return {}
    return {k: EXT_COPY[k](v) if k in EXT_COPY else copy_json(v) for k, v in ext.items()}


_SCALARS = ("players", "rng", "seed", "plague", "status", "turn", "active", "took", "placed")
_FLAT = ("scores", "ranking", "log")
REPLACED = (
    *("palace", "supply", "rat_supply", "gone", "used", "face_up", "final_order"),
    *("ravages", "revealed"),
)
"""Lists every copy shares, that the rules never change in place: a change writes a new list
(``without``, ``added``, ``[*s.gone, token]``). tests/engine/test_clone.py checks earlier moments keep
theirs."""

_CLONE = saved.Cloner(
    State,
    {
        **dict.fromkeys((*_SHARED, *_SCALARS, *REPLACED, "last_seat", "version"), saved.share),
        # (a ravage of the round and a token revealed are never changed once kept either: a
        # ravage shares its tokens with ``revealed``, ``plague.remember``; a reveal is whole
        # when kept, ``plague.resolve_token``)
        **dict.fromkeys(_FLAT, saved.flat),
        # each region's and seat's lists are shared until changed (``State.clone``)
        **dict.fromkeys(("cubes", "rats"), saved.flat_dict),
        "known": saved.flat_values,
        "hands": saved.flat,
        "stack": saved.frames,
        "ext": _copy_ext,
    },
)
"""How a copy is made: numbers, texts and what never changes shared, flat lists copied once,
the regions' and hands' lists shared until changed, the rest whole."""


class Ctx(kernel.Ctx[State]):
    """One apply in progress: the state being changed and the events it produces."""

    LOG_KEEP: ClassVar[int] = LOG_KEEP
