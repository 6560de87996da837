"""The public face every game built on the kernel shares: ``Game`` over a game's ``Rules``.

A game keeps its whole state in one plain dataclass (``GameState``: its stack of pending
steps, players, status, version, log; copied by ``clone``, saved by ``to_dict``) and declares
its rules once in a ``Rules``: its step registry, its apply context, its view, outcome and
disclosure. ``Game`` does the rest the same way for every game: who decides, what they decide,
what is legal (sorted, listed once per moment), applying an answer or a chain of answers
(``use:king+palace:gallia``) on a copy, picks, renumbering for an undo.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, Self, TypeVar

from ..contract import OVER, Disclosure, Outcome, View
from ..core import (
    NOTATION,
    Action,
    Decision,
    Event,
    IllegalAction,
    chained,
    find_action,
    listed_here,
    parse_notation,
)
from ..text import Seat, msg
from .context import Ctx, Logged, Said
from .steps import Offered, Steps, deciders


class GameState(Logged, Protocol):
    """What the kernel reads of a game's state (both games' ``State`` dataclasses)."""

    version: int

    @property
    def players(self) -> int: ...

    @property
    def status(self) -> str:
        """The game's stage: ``engine.contract.OVER`` once it has ended."""
        ...

    def clone(self: ST) -> ST:
        """A copy to change (what never changes may be shared)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The saved form."""
        ...


ST = TypeVar("ST", bound=GameState)
CT = TypeVar("CT", bound=Ctx[Any])
VT = TypeVar("VT", bound=View)
OT = TypeVar("OT", bound=Outcome)


@dataclass(frozen=True)
class Rules(Generic[ST, CT, VT, OT]):
    """What makes one game: everything ``Game`` asks of it."""

    steps: Steps[ST, CT]
    context: Callable[[ST], CT]
    """A new apply on a state (the game's ``Ctx`` class)."""
    view: Callable[[ST, int | None, list[str] | None], VT]
    """(state, viewer seat or None, names) -> what that viewer may see."""
    outcome: Callable[[ST], OT | None]
    """How a finished game ended (None until it has)."""
    disclosure: Callable[[ST], Disclosure]
    """What chance has dealt and who has seen what (``engine.contract.Disclosure``)."""


def actors(s: GameState) -> list[int]:
    """The seats that must decide now: the deciders of the frame on top, none once over."""
    if s.status == OVER or not s.stack:
        return []
    return deciders(s.stack[-1])


class Game(Generic[ST, CT, VT, OT]):
    """One moment of a game. ``apply`` returns the next moment; this one never changes.

    A game subclasses it once, naming its rules: ``class Game(kernel.Game[State, Ctx, View,
    Outcome]): rules = RULES``."""

    __slots__ = ("_actors", "_events", "_legal", "_offered", "_s")

    rules: Rules[ST, CT, VT, OT]

    def __init__(
        self, state: ST, events: Iterable[Event] | Said = (), offered: Offered | None = None
    ):
        self._s = state
        self._events: list[Event] | Said = events if isinstance(events, Said) else list(events)
        """What the apply that made this moment said (a ``Said`` until first read)."""
        self._offered = offered
        """What the frame on top offers its first seat, unsorted, when the apply that made
        this moment listed it already (``Steps.advance``)."""
        self._actors: list[int] | None = None  # once asked (this moment never changes)
        self._legal: dict[int, list[Action]] = {}
        """Seat -> its sorted legal actions, once asked (this moment never changes, and
        ``apply`` checks against the list its caller has just read)."""

    @property
    def events(self) -> list[Event]:
        """What the apply that made this moment said, in order (the list itself: never change
        it)."""
        events = self._events
        if isinstance(events, Said):
            # made when first read: most moments' events never are (a random playout's, a
            # replay's run up to a move); two readers at once both make the same list
            made = self._events = events.events()
            return made
        return events

    # who acts and how

    def actors(self) -> list[int]:
        return list(self._acting())

    def _acting(self) -> list[int]:
        """The seats deciding now (the cached list itself: never change it)."""
        acting = self._actors
        if acting is None:
            acting = self._actors = actors(self._s)
        return acting

    def decision(self, seat: int) -> Decision | None:
        if seat not in self._acting():
            return None
        s = self._s
        frame = s.stack[-1]
        step = self.rules.steps[frame["kind"]]
        assert step.prompt is not None
        pick = step.pick(s, frame, seat) if step.pick is not None else None
        secret = step.secret_kinds(s, frame, seat) if step.secret_kinds is not None else ()
        return Decision(
            seat, frame["kind"], step.prompt(s, frame, seat), step.private, pick, secret
        )

    def _listed(self, seat: int) -> list[Action]:
        """The seat's sorted legal actions (the cached list itself: never change it)."""
        listed = self._legal.get(seat)
        if listed is None:
            offered = self._offered
            if offered is not None and offered[0] == seat:
                unsorted = offered[1]
            else:
                unsorted = self.rules.steps.offers(self._s, self._s.stack[-1], seat)
            listed = self._legal[seat] = sorted(unsorted, key=NOTATION)
        return listed

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self._acting():
            return []
        return list(self._listed(seat))

    def apply(self, seat: int, action: Action | str) -> Self:
        """The next moment. A chained notation (``use:king+palace:gallia``, see
        ``engine.core.CHAIN``) answers the seat's next decisions in order, as one move: each
        answer must be legal when it comes, and the seat must still be deciding."""
        if isinstance(action, Action) and listed_here(self._legal.get(seat), action):
            return self._apply_chosen(seat, action)  # the very action this moment listed
        notation = action.notation if isinstance(action, Action) else parse_notation(action)
        parts = chained(notation)
        if len(parts) == 1:
            return self._apply_one(seat, notation)
        moved = self
        events: list[Event] = []
        for part in parts:
            moved = moved._apply_one(seat, part)
            events += moved.events
        moved._s.version = self._s.version + 1
        return type(self)(moved._s, events)

    def _apply_one(self, seat: int, notation: str) -> Self:
        if self.is_over:
            raise IllegalAction(msg("The game is over."))
        if not isinstance(seat, int) or not 0 <= seat < self._s.players:
            raise IllegalAction(msg("There is no such seat in this game."))
        if seat not in self._acting():
            raise IllegalAction(msg("It is not {player}'s decision now.", player=Seat(seat)))
        return self._apply_chosen(seat, self._chosen(seat, notation))

    def _apply_chosen(self, seat: int, chosen: Action) -> Self:
        s = self._s.clone()
        rules = self.rules
        ctx = rules.context(s)
        rules.steps.answer(ctx, seat, chosen)
        offered = rules.steps.advance(ctx)
        ctx.finish()
        s.version += 1
        return type(self)(s, ctx.said, offered)

    def _chosen(self, seat: int, notation: str) -> Action:
        """The legal action for a notation; for a decision with a pick, also any answer the
        pick allows (several pieces placed at once)."""
        try:
            return find_action(self._listed(seat), notation)
        except IllegalAction:
            frame = self._s.stack[-1]
            pick_of = self.rules.steps[frame["kind"]].pick
            pick = pick_of(self._s, frame, seat) if pick_of is not None else None
            if pick is None or notation.split(":", 1)[0] != pick.kind:
                raise
        counts = pick.parse(notation)
        return Action(pick.counts_notation(counts), pick.describe(counts), pick.ends_turn)

    # what can be seen

    def view(self, seat: int | None = None, names: list[str] | None = None) -> VT:
        """What ``seat`` may see (None: a spectator). ``names`` fills players into log lines."""
        if seat is not None and not 0 <= seat < self._s.players:
            raise ValueError("no such seat")
        return self.rules.view(self._s, seat, names)

    @property
    def players(self) -> int:
        return self._s.players

    @property
    def version(self) -> int:
        return self._s.version

    @property
    def is_over(self) -> bool:
        return self._s.status == OVER

    @property
    def outcome(self) -> OT | None:
        return self.rules.outcome(self._s)

    def to_dict(self) -> dict[str, Any]:
        return self._s.to_dict()

    def disclosure(self) -> Disclosure:
        """What chance has dealt and who has seen what (``engine.contract.Disclosure``)."""
        return self.rules.disclosure(self._s)

    def renumbered(self, version: int) -> Self:
        """This moment saved under another version number (an undo back to it)."""
        s = self._s.clone()
        s.version = version
        return type(self)(s)

    @property
    def state(self) -> ST:
        """The live state, for tests that build positions. Never change a game others hold.
        (Asking for it forgets the legal actions this moment has listed: they are listed
        again from the state as it is then.)"""
        self._offered = self._actors = None
        self._legal.clear()
        return self._s

    @classmethod
    def begin(cls, state: ST, ctx: CT) -> Self:
        """A dealt game run up to its first decision (``ctx`` holds the setup's events)."""
        offered = cls.rules.steps.advance(ctx)
        ctx.finish()
        return cls(state, ctx.said, offered)
