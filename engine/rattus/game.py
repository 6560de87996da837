"""The public face of Rattus: new_game, Game (actors, decision, legal_actions, apply, view)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..contract import Disclosure, Outcome, StartOption, tie_groups
from ..core import (
    NOTATION,
    Action,
    Decision,
    Event,
    IllegalAction,
    Rng,
    chained,
    find_action,
    listed_here,
    parse_notation,
)
from . import base_cards as _base_cards  # noqa: F401  (registers the base abilities)
from . import class_cards as class_cards_
from . import data, disclosure, flow, steps, validate, views
from .state import CUBES_PER_PLAYER, Ctx, State
from .view_types import RattusView

EXPANSIONS: dict[str, str] = {}
"""Expansion id -> display name, for the expansions this engine can play."""

ExpansionSetup = Callable[[State, Rng], None]
EXPANSION_SETUP: dict[str, ExpansionSetup] = {}
"""Expansion id -> what it adds to a new game's state (its pieces, in ``State.ext``)."""

MIN_PLAYERS, MAX_PLAYERS = 2, 4

MORE_PLAYERS: dict[str, int] = {}
"""Expansion id -> the most players a game with it may have (above the base game's 4)."""

TOKEN_SETS: dict[str, str] = {}
"""Expansion id -> the rat token set that replaces the base tokens when it is on."""


def player_limits(expansions: Iterable[str] = ()) -> tuple[int, int]:
    """Fewest and most players for a game with these expansions."""
    most = max([MAX_PLAYERS, *(MORE_PLAYERS.get(e, MAX_PLAYERS) for e in expansions)])
    return MIN_PLAYERS, most


class Game:
    """One moment of a game. ``apply`` returns the next moment; this one never changes."""

    __slots__ = ("_actors", "_legal", "_offered", "_s", "events")

    def __init__(
        self, state: State, events: Iterable[Event] = (), offered: list[Action] | None = None
    ) -> None:
        self._s = state
        self.events: list[Event] = list(events)
        self._offered = offered
        """What the frame on top offers, unsorted, when the apply that made this moment
        listed it already (``steps.advance``)."""
        self._actors: list[int] | None = None  # once asked (this moment never changes)
        self._legal: list[Action] | None = None
        """The sorted legal actions of the seat deciding now, once asked (this moment never
        changes, and ``apply`` checks against the list its caller has just read)."""

    # who acts and how

    def actors(self) -> list[int]:
        if self._actors is None:
            self._actors = views.actors(self._s)
        return list(self._actors)

    def decision(self, seat: int) -> Decision | None:
        if seat not in self.actors():
            return None
        frame = self._s.stack[-1]
        step = steps.STEPS[frame["kind"]]
        pick = step.pick(self._s, frame) if step.pick is not None else None
        return Decision(seat, frame["kind"], step.prompt(self._s, frame), step.private, pick)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.actors():
            return []
        if self._legal is None:
            frame = self._s.stack[-1]
            offered = self._offered
            if offered is None:
                offered = steps.STEPS[frame["kind"]].options(self._s, frame)
            self._legal = sorted(offered, key=NOTATION)
        return list(self._legal)

    def apply(self, seat: int, action: Action | str) -> Game:
        """The next moment. A chained notation (``use:king+palace:gallia``, see
        ``engine.core.CHAIN``) answers the seat's next decisions in order, as one move: each
        answer must be legal when it comes, and the seat must still be deciding."""
        if (
            isinstance(action, Action)
            and seat in self.actors()
            and listed_here(self._legal, action)
        ):
            return self._apply_chosen(action)  # the very action this moment listed: legal
        notation = action.notation if isinstance(action, Action) else parse_notation(action)
        parts = chained(notation)
        if len(parts) == 1:
            return self._apply_one(seat, notation)
        moved: Game = self
        events: list[Event] = []
        for part in parts:
            moved = moved._apply_one(seat, part)
            events += moved.events
        moved._s.version = self._s.version + 1
        return Game(moved._s, events)

    def _apply_one(self, seat: int, notation: str) -> Game:
        if self.is_over:
            raise IllegalAction("The game is over.")
        if not isinstance(seat, int) or not 0 <= seat < self._s.players:
            raise IllegalAction("There is no such seat in this game.")
        if seat not in self.actors():
            raise IllegalAction(f"It is not {self._s.colour(seat)}'s decision now.")
        return self._apply_chosen(self._chosen(seat, notation))

    def _apply_chosen(self, chosen: Action) -> Game:
        s = self._s.clone()
        ctx = Ctx(s)
        frame = s.stack[-1]
        steps.STEPS[frame["kind"]].act(ctx, frame, chosen)
        offered = steps.advance(ctx)
        s.version += 1
        return Game(s, ctx.events, offered)

    def _chosen(self, seat: int, notation: str) -> Action:
        """The legal action for a notation; for a decision with a pick, also any answer the
        pick allows (several pieces placed at once)."""
        try:
            return find_action(self.legal_actions(seat), notation)
        except IllegalAction:
            frame = self._s.stack[-1]
            pick_of = steps.STEPS[frame["kind"]].pick
            pick = pick_of(self._s, frame) if pick_of is not None else None
            if pick is None or notation.split(":", 1)[0] != pick.kind:
                raise
        counts = pick.parse(notation)
        return Action(pick.counts_notation(counts), pick.describe(counts), pick.ends_turn)

    # what can be seen

    def view(self, seat: int | None = None, names: list[str] | None = None) -> RattusView:
        """What ``seat`` may see (None: a spectator). ``names`` fills players into log lines."""
        if seat is not None and not 0 <= seat < self._s.players:
            raise ValueError("no such seat")
        return views.view(self._s, seat, names)

    @property
    def players(self) -> int:
        return self._s.players

    @property
    def version(self) -> int:
        return self._s.version

    @property
    def is_over(self) -> bool:
        return self._s.status == "over"

    @property
    def outcome(self) -> Outcome | None:
        s = self._s
        if s.scores is None or s.ranking is None:
            return None
        ties = tie_groups(s.scores, s.ranking)
        return {
            "scores": list(s.scores),
            "ranking": list(s.ranking),
            "winners": [s.ranking[0]],
            "lines": flow.score_lines(s),
            "ties": ties,
            "tie_break": flow.TIE_BREAK if ties else "",
        }

    def to_dict(self) -> dict[str, Any]:
        return self._s.to_dict()

    def disclosure(self) -> Disclosure:
        """What chance has dealt and who has seen what (``engine.contract.Disclosure``)."""
        return disclosure.disclosure(self._s)

    def renumbered(self, version: int) -> Game:
        """This moment saved under another version number (an undo back to it)."""
        s = self._s.clone()
        s.version = version
        return Game(s)

    @property
    def state(self) -> State:
        """The live state, for tests that build positions. Never change a game others hold.
        (Asking for it forgets the legal actions this moment has listed: they are listed
        again from the state as it is then.)"""
        self._offered = self._legal = self._actors = None
        return self._s


def new_game(
    players: int,
    expansions: Iterable[str] = (),
    class_cards: str | list[str] | None = None,
    seed: int | str = 0,
    *,
    ensure_chivalry: bool = True,
) -> Game:
    """Set up a game: class cards (``class_cards.deal``), regions for the player count, rats,
    plague piece, start placement."""
    exps = set(expansions)
    unknown = exps - set(EXPANSIONS)
    if unknown:
        raise ValueError(f"this engine cannot play: {', '.join(sorted(unknown))}")
    low, high = player_limits(exps)
    if not low <= players <= high:
        raise ValueError(f"Rattus with these expansions needs {low} to {high} players")
    in_play = class_cards_.deal(players, exps, class_cards, seed, ensure_chivalry=ensure_chivalry)
    m = data.board_map()
    regions = list(m.in_use[players])
    rng = Rng.from_seed(seed)
    section = next((TOKEN_SETS[e] for e in sorted(exps) if e in TOKEN_SETS), "base")
    tokens = data.tokens(section)
    starting = rng.shuffled([t for t in tokens if t.starting])
    regular = rng.shuffled([t for t in tokens if not t.starting])
    removed = regular[: data.removed_by_players(section)[players]]
    pile = regular[len(removed) :] + starting[len(regions) :]
    rng.shuffle(pile)
    rats = {r: [starting[i].id] for i, r in enumerate(regions)}
    state = State(
        players=players,
        expansions=sorted(exps),
        regions=regions,
        cards_in_play=in_play,
        tokens={t.id: {**t.front(), "starting": t.starting} for t in tokens},
        rng=0,
        seed=seed,
        cubes={r: [0] * players for r in regions},
        palace=[0] * players,
        supply=[CUBES_PER_PLAYER] * players,
        rats=rats,
        rat_supply=[t.id for t in pile],
        removed=[t.id for t in removed],
        gone=[],
        known={},
        plague=rng.choice(regions),
        hands=[[] for _ in range(players)],
    )
    for exp in sorted(exps):
        EXPANSION_SETUP[exp](state, rng)
    steps.push(state, "begin_turn", seat=0)
    for seat in reversed(flow.placement_order(players)):
        steps.push(state, "start_place", seat=seat, n=2)
    state.rng = rng.state
    ctx = Ctx(state)
    ctx.say(
        "setup",
        f"A game for {players} players begins. The plague starts in {m.names[state.plague]}.",
    )
    steps.advance(ctx)
    return Game(state, ctx.events)


START_OPTIONS: dict[str, StartOption] = {
    "expansions": StartOption("a list of expansion names", (list,)),
    "class_cards": StartOption("a name, a list of card names or null", (str, list, type(None))),
    "ensure_chivalry": StartOption("true or false", (bool,)),
}
"""The lobby options ``start`` reads and the JSON types they may take (a replay file's are
checked against these); others are the host's and ignored."""


def start(players: int, options: Mapping[str, Any], seed: int | str) -> Game:
    """A new game from a lobby's options (``expansions``, ``class_cards``,
    ``ensure_chivalry``; others are ignored): how the bot and a replay file deal a game."""
    return new_game(
        players=players,
        expansions=set(options.get("expansions", [])),
        class_cards=options.get("class_cards", "random-per-class"),
        seed=seed,
        ensure_chivalry=bool(options.get("ensure_chivalry", True)),
    )


def from_dict(raw: dict[str, Any]) -> Game:
    """The game saved by ``Game.to_dict``. ``engine.saved.BadState`` (a ValueError naming the
    problem) when ``raw`` is not a state a game could have reached (``validate.check``)."""
    state = State.from_dict(raw)
    validate.check(state)
    return Game(state)
