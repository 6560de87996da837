"""The contract every game keeps with the rest of the bot: the ``Game`` protocol and the view.

A view (``game.view(seat)``) is a JSON-able dict made of a shared header, which the host, the
Discord side and the renderers may rely on for every game, and one typed part per game
(``engine.rattus.view_types``, ``engine.cartus``'s own). Code outside a game's own modules
reads only the header; docs/views.md describes both parts of both games.
``engine.conformance`` checks real views against these definitions at run time.

The header is generic in the type of its player entries, so a game's view says exactly what
each player entry holds while the shared code still knows every entry has a ``seat``.
(No ``from __future__ import annotations`` here: TypedDict must see ``NotRequired`` at run time.)
"""

from collections.abc import Hashable
from typing import Any, Generic, NamedTuple, NotRequired, Protocol, TypedDict, TypeVar

from .core import JSON, Action, Decision, Event, IllegalAction, PickView, chained
from .text import Text, msg

PlayerT = TypeVar("PlayerT")


class DecisionView(TypedDict):
    """What the first of the seats that must decide now is deciding (see ``Decision``)."""

    seat: int | None  # None where the host hides who answers a private question
    kind: str
    prompt: JSON  # a text (``engine.text.from_json``); "" where a private prompt is hidden
    private: bool
    pick: NotRequired[PickView | None]  # only in the deciding seat's own view


class PlayerHeader(TypedDict):
    """The part of a player entry every game has."""

    seat: int
    name: NotRequired[str]  # added by the host from the seats; absent in the engine's own view


class ScoreDetails(TypedDict):
    """How each final score came about and how ties were broken (in ``game.outcome`` and in
    a finished game's view as ``breakdown``)."""

    lines: list[dict[str, int]]  # by seat: scoring line -> points; they add up to the score
    ties: list[list[int]]  # seats level on points, each group in the order the tie-break put it
    tie_break: str  # the game's tie-break in words ("" when nobody was level)


class ViewHeader(TypedDict, Generic[PlayerT]):
    """The keys every game's view has, whatever the game."""

    game: str  # the kind: "rattus", "cartus"
    seat: int | None  # the viewer's seat; None for a spectator
    status: str  # the game's stage; each game lists its values, "over" once it has ended
    turn: int  # a counter that grows as the game moves on (a turn, a round)
    active: int | None  # whose turn it is; None when nobody's in particular or when over
    actors: list[int]  # the seats that must decide now
    decision: DecisionView | None  # the first actor's decision, or None
    players: list[PlayerT]  # one entry per seat, in seat order; each extends PlayerHeader
    log: list[JSON]  # the latest public event texts (``engine.text.from_json``), oldest first
    scores: NotRequired[dict[str, int]]  # when over: seat (as text) -> final score
    ranking: NotRequired[list[int]]  # when over: seats, best first
    winners: NotRequired[list[int]]  # when over
    breakdown: NotRequired[ScoreDetails]  # when over: each score line by line, and the ties
    private_waiting: NotRequired[bool]  # added by the host: someone answers a private question


View = ViewHeader[Any]
"""Any game's view, as shared code sees it."""

OVER = "over"
"""The ``status`` of a game that has ended, in every game."""


class Outcome(ScoreDetails):
    """How a finished game ended (``game.outcome``)."""

    scores: list[int]  # by seat
    ranking: list[int]  # seats, best first
    winners: list[int]


def tie_groups(scores: list[int], ranking: list[int]) -> list[list[int]]:
    """The runs of seats next to each other in ``ranking`` with the same score."""
    groups: list[list[int]] = []
    for seat in ranking:
        if groups and scores[groups[-1][-1]] == scores[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return [group for group in groups if len(group) > 1]


class Disclosure(NamedTuple):
    """What chance has dealt so far and who has seen what, as two comparable values.

    ``chance`` changes whenever chance is drawn: the Rng is used, or a card or token comes off
    a face-down pile (whose order chance fixed earlier). ``knowledge`` changes whenever
    anything hidden is seen by anyone: a rat turned over, a Witch's look, a card shown or
    handed over. Equal values before and after an action mean it drew nothing and showed
    nothing (see ``irreversible``). Each game computes both from its own state.
    """

    chance: Hashable
    knowledge: Hashable


class StartOption(NamedTuple):
    """One lobby option a game's ``start`` reads, as a file handed to us may hold it: what it
    must be, in words ("true or false"), and the JSON types it may take (a list holds texts).

    Each game's package declares its own in ``START_OPTIONS`` (option name -> this), next to
    its ``start``; ``engine.replay_format`` checks a replay file's options against them."""

    wanted: str
    types: tuple[type, ...]


CHANCE = "chance"
"""``irreversible``'s answer for an action that drew on chance."""

REVEAL = "seen_hidden"
"""``irreversible``'s answer for an action that showed something hidden."""


def irreversible(before: "Game", after: "Game") -> str | None:
    """Why the action that took ``before`` to ``after`` can never be taken back: ``CHANCE``
    (it drew a random token, card or number), ``REVEAL`` (someone saw what was hidden), or
    None when it did neither. Pure: the same two games always give the same answer."""
    was, now = before.disclosure(), after.disclosure()
    if was.chance != now.chance:
        return CHANCE
    if was.knowledge != now.knowledge:
        return REVEAL
    return None


def action_label(game: "Game", seat: int, notation: str) -> Text | None:
    """How a seat's answer reads, as it was offered: its label; for a chain (``CHAIN``: a card
    and its first answer) each part's label, joined with ": " ("Use the Witch: Look at the
    rats in Polonia"); for a pick's answer, the items chosen in words. Seats are ``Seat``
    values, as in every engine text. None for an answer the game does not allow."""
    words: list[Text] = []
    parts = chained(notation)
    for index, part in enumerate(parts):
        label = next((a.label for a in game.legal_actions(seat) if a.notation == part), None)
        decision = game.decision(seat)
        if label is None and decision is not None and decision.pick is not None:
            try:
                label = decision.pick.describe(decision.pick.parse(part))
            except IllegalAction:
                label = None
        if label is None:
            return None
        words.append(label)
        if index < len(parts) - 1:
            try:
                game = game.apply(seat, part)
            except IllegalAction:
                return None
    joined = words[0]
    for word in words[1:]:
        joined = msg("{action}: {answer}", action=joined, answer=word)
    return joined


class Game(Protocol):
    """The public face every engine game offers (see DESIGN.md, "The engine's public face")."""

    @property
    def version(self) -> int: ...

    @property
    def events(self) -> list[Event]: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def outcome(self) -> Outcome | None: ...

    def actors(self) -> list[int]: ...

    def decision(self, seat: int) -> Decision | None: ...

    def legal_actions(self, seat: int) -> list[Action]:
        """What the seat may do now. Each action's ``ends_turn`` says, in both games, whether
        answering with it ends the seat's turn (its part of the round); a decision's ``pick``
        says the same of its answers."""
        ...

    def apply(self, seat: int, action: str | Action) -> "Game": ...

    def view(self, seat: int | None = None, names: list[str] | None = None) -> View: ...

    def to_dict(self) -> dict[str, Any]: ...

    def disclosure(self) -> Disclosure:
        """What chance has dealt and who has seen what (see ``Disclosure``)."""
        ...

    def renumbered(self, version: int) -> "Game":
        """This very moment under another version number: what an undo back to it restores
        (versions only grow, so buttons made before the undo are recognised as stale)."""
        ...
