"""The public face of Rattus Cartus: new_game, Game (actors, decision, legal_actions, apply,
view), from_dict. The same face as ``engine.rattus``.

A decision whose answer chooses several cards (which cards to play in a building, which to
give after a Sword or to a Guard Tower, which to discard at the Hospital) carries a
``Pick`` (``engine.core``): one multi-select menu whose ticked entries make one answer such
as ``commit:ch2-jo1``. Any answer the pick allows is legal; ``legal_actions`` lists up to 25
ready-made ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .. import contract
from ..core import (
    NOTATION,
    Action,
    Decision,
    Event,
    IllegalAction,
    Rng,
    find_action,
    listed_here,
    parse_notation,
)
from ..text import Seat, listing, msg
from . import buildings as _buildings  # noqa: F401  (registers the building actions)
from . import data, disclosure, scoring, steps, validate, views
from . import resolve as _resolve  # noqa: F401  (registers the resolution steps)
from .setup import BUILDING_MODES, EVERYONE_DEAD, choose_buildings, deal_cards
from .state import Ctx, State
from .view_types import CartusOutcome, CartusView

MIN_PLAYERS, MAX_PLAYERS = 2, 5


class Game:
    """One moment of a game. ``apply`` returns the next moment; this one never changes."""

    __slots__ = ("_actors", "_legal", "_s", "events")

    def __init__(self, state: State, events: Iterable[Event] = ()) -> None:
        self._s = state
        self.events: list[Event] = list(events)
        self._actors: list[int] | None = None  # once asked (this moment never changes)
        self._legal: dict[int, list[Action]] = {}
        """Seat -> its sorted legal actions, once asked (this moment never changes, and
        ``apply`` checks against the list its caller has just read)."""

    def actors(self) -> list[int]:
        if self._actors is None:
            self._actors = views.actors(self._s)
        return list(self._actors)

    def decision(self, seat: int) -> Decision | None:
        if seat not in self.actors():
            return None
        frame = self._s.stack[-1]
        step = steps.STEPS[frame["kind"]]
        assert step.prompt is not None
        pick = step.pick(self._s, frame, seat) if step.pick is not None else None
        secret = step.secret_kinds(self._s, frame, seat) if step.secret_kinds is not None else ()
        prompt = step.prompt(self._s, frame, seat)
        return Decision(seat, frame["kind"], prompt, step.private, pick, secret)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.actors():
            return []
        listed = self._legal.get(seat)
        if listed is None:
            frame = self._s.stack[-1]
            options = steps.STEPS[frame["kind"]].options
            assert options is not None
            listed = self._legal[seat] = sorted(options(self._s, frame, seat), key=NOTATION)
        return list(listed)

    def _checked(self, seat: int, action: Action | str) -> Action:
        """The legal action ``seat`` means, or IllegalAction saying why there is none."""
        notation = action.notation if isinstance(action, Action) else parse_notation(action)
        if self.is_over:
            raise IllegalAction(msg("The game is over."))
        if not isinstance(seat, int) or not 0 <= seat < self._s.players:
            raise IllegalAction(msg("There is no such seat in this game."))
        if seat not in self.actors():
            raise IllegalAction(msg("It is not {player}'s decision now.", player=Seat(seat)))
        return self._chosen(seat, notation)

    def _chosen(self, seat: int, notation: str) -> Action:
        """The legal action for a notation; for a pick, any answer the pick allows (the pick
        is the authority there, so its ready-made answers need not be listed)."""
        frame = self._s.stack[-1]
        pick_of = steps.STEPS[frame["kind"]].pick
        pick = pick_of(self._s, frame, seat) if pick_of is not None else None
        if pick is None or notation.split(":", 1)[0] != pick.kind:
            return find_action(self.legal_actions(seat), notation)
        counts = pick.parse(notation)
        return Action(pick.counts_notation(counts), pick.describe(counts), pick.ends_turn)

    def apply(self, seat: int, action: Action | str) -> Game:
        if isinstance(action, Action) and listed_here(self._legal.get(seat), action):
            chosen = action  # the very action this moment listed for the seat: it is legal
        else:
            chosen = self._checked(seat, action)
        s = self._s.clone()
        ctx = Ctx(s)
        frame = s.stack[-1]
        act = steps.STEPS[frame["kind"]].act
        assert act is not None
        act(ctx, frame, seat, chosen)
        steps.advance(ctx)
        ctx.finish()
        s.version += 1
        return Game(s, ctx.events)

    def view(self, seat: int | None = None, names: list[str] | None = None) -> CartusView:
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
    def outcome(self) -> CartusOutcome | None:
        o = self._s.outcome
        if o is None:
            return None
        return {
            "scores": list(o["scores"]),
            "ranking": list(o["ranking"]),
            "winners": list(o["winners"]),
            "lines": [dict(line) for line in o["lines"]],
            **scoring.ties(o),
            "rats": list(o["rats"]),
            "nuns": int(o["nuns"]),
            "dead": list(o["dead"]),
            "spared": list(o["spared"]),
        }

    def to_dict(self) -> dict[str, Any]:
        return self._s.to_dict()

    def disclosure(self) -> contract.Disclosure:
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
        self._legal.clear()
        self._actors = None
        return self._s


def _building_cards(chosen: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Each chosen building card ("<building>-<copy>") with its building, class and supply."""
    t = data.table()
    building_cards: dict[str, dict[str, Any]] = {}
    for card in chosen:
        building, copy = card.rsplit("-", 1)
        supply = t.buildings[building].supplies[int(copy) - 1]
        building_cards[card] = {
            "building": building,
            "class": data.building_class(building),
            "supply": dict(supply),
        }
    return building_cards


def _saved_options(
    buildings: str | Sequence[str] | None,
    simultaneous_supply: bool,
    guard_tower: bool,
    everyone_dead: str,
) -> dict[str, Any]:
    """The options as the state keeps them (a custom building list as a list)."""
    return {
        "buildings": list(buildings)
        if buildings is not None and not isinstance(buildings, str)
        else (buildings or "first_game"),
        "simultaneous_supply": bool(simultaneous_supply),
        "guard_tower": bool(guard_tower),
        "everyone_dead": everyone_dead,
    }


def _begin(state: State) -> Game:
    """The dealt game announced and run up to its first decision."""
    ctx = Ctx(state)
    names = listing([msg(data.buildings()[b].name) for b in state.in_play])
    ctx.say(
        "setup",
        msg(
            "A game of Rattus Cartus for {n} players begins with: {buildings}.",
            n=state.players,
            buildings=names,
        ),
    )
    steps.push(state, "begin_round")
    steps.advance(ctx)
    ctx.finish()
    return Game(state, ctx.events)


def new_game(
    players: int,
    buildings: str | Sequence[str] | None = None,
    *,
    simultaneous_supply: bool = False,
    guard_tower: bool = False,
    everyone_dead: str = "no_winner",
    seed: int | str = 0,
) -> Game:
    """Set up a game for 2-5 players.

    ``buildings``: "first_game" (the default), "per_class", "random", or a custom list (see
    ``choose_buildings``). ``simultaneous_supply``: everyone chooses their supply action at
    once, in secret. ``guard_tower``: let random choices use the Guard Tower with 2 players.
    ``everyone_dead``: "no_winner" (everyone has lost, the default) or "spare_fewest_rats".
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Rattus Cartus needs {MIN_PLAYERS} to {MAX_PLAYERS} players")
    if everyone_dead not in EVERYONE_DEAD:
        raise ValueError(f"everyone_dead must be one of {', '.join(EVERYONE_DEAD)}")
    t = data.table()
    rng = Rng.from_seed(seed)
    chosen = choose_buildings(buildings, players, rng, guard_tower)
    building_cards = _building_cards(chosen)
    deck = rng.shuffled(chosen)
    counts = t.counts[players]
    replacement = deck[: counts.replacement_deck]
    cards = deal_cards()
    population = rng.shuffled(sorted(c for c, v in cards.items() if v["type"] in data.CLASSES))
    nun_row = [population.pop() for _ in range(t.nun_row)]
    hands = [[population.pop() for _ in range(t.starting_hand)] for _ in range(players)]
    supplies = {
        kind: sorted(c for c, v in cards.items() if v["type"] == kind)
        for kind in ("joker", *data.SPECIALS)
    }
    state = State(
        players=players,
        seed=seed,
        rng=0,
        options=_saved_options(buildings, simultaneous_supply, guard_tower, everyone_dead),
        cards=cards,
        building_cards=building_cards,
        in_play=sorted({v["building"] for v in building_cards.values()}),
        rounds=counts.rounds,
        deck=population,
        discard=[],
        supplies=supplies,
        hands=hands,
        nun_row=nun_row,
        seen=[[] for _ in nun_row],
        rats=[t.starting_rats] * players,
        vp_pile=rng.shuffled(list(t.vp_tokens)),
        vp=[[] for _ in range(players)],
        building_deck=deck[counts.replacement_deck :],
        replacement=replacement,
        building_discard=[],
        influence={cls: [0] * players for cls in data.CLASSES},
        arrived={cls: [0] * players for cls in data.CLASSES},
    )
    state.rng = rng.state
    return _begin(state)


START_OPTIONS: dict[str, contract.StartOption] = {
    "buildings": contract.StartOption(
        "a name, a list of building cards or null", (str, list, type(None))
    ),
    "simultaneous_supply": contract.StartOption("true or false", (bool,)),
    "guard_tower": contract.StartOption("true or false", (bool,)),
    "everyone_dead": contract.StartOption("a name", (str,)),
}
"""The lobby options ``start`` reads and the JSON types they may take (a replay file's are
checked against these); others are the host's and ignored."""


def start(players: int, options: Mapping[str, Any], seed: int | str) -> Game:
    """A new game from a lobby's options (``buildings``, ``simultaneous_supply``,
    ``guard_tower``, ``everyone_dead``; others are ignored): how the bot and a replay file
    deal a game."""
    return new_game(
        players,
        options.get("buildings", "first_game"),
        simultaneous_supply=bool(options.get("simultaneous_supply", False)),
        guard_tower=bool(options.get("guard_tower", False)),
        everyone_dead=str(options.get("everyone_dead", EVERYONE_DEAD[0])),
        seed=seed,
    )


def from_dict(raw: dict[str, Any]) -> Game:
    """The game saved by ``Game.to_dict``. ``engine.saved.BadState`` (a ValueError naming the
    problem) when ``raw`` is not a state a game could have reached (``validate.check``)."""
    state = State.from_dict(raw)
    validate.check(state)
    return Game(state)


__all__ = [
    "BUILDING_MODES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "START_OPTIONS",
    "Game",
    "from_dict",
    "new_game",
    "start",
]


def _keeps_the_contract(game: Game) -> contract.Game:
    """Never called: mypy checks here that a Cartus game has the shared public face."""
    return game
