"""The public face of Rattus Cartus: new_game, Game (actors, decision, legal_actions, apply,
view), from_dict. The same face as ``engine.rattus``.

A decision whose answer chooses several cards (which cards to play in a building, which to
give after a Sword or to a Guard Tower, which to discard at the Hospital) carries a
``Pick`` (``engine.core``): one multi-select menu whose ticked entries make one answer such
as ``commit:ch2-jo1``. Any answer the pick allows is legal; ``legal_actions`` lists up to 25
ready-made ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from .. import contract, kernel
from ..core import Rng
from ..text import listing, msg
from . import buildings as _buildings  # noqa: F401  (registers the building actions)
from . import data, disclosure, scoring, steps, validate, views
from . import resolve as _resolve  # noqa: F401  (registers the resolution steps)
from .setup import BUILDING_MODES, EVERYONE_DEAD, choose_buildings, deal_cards
from .state import Ctx, State
from .view_types import CartusOutcome, CartusView

MIN_PLAYERS, MAX_PLAYERS = 2, 5


def _outcome(s: State) -> CartusOutcome | None:
    return None if s.outcome is None else scoring.result(s.outcome)


RULES: kernel.Rules[State, Ctx, CartusView, CartusOutcome] = kernel.Rules(
    steps=steps.STEPS,
    context=Ctx,
    view=views.view,
    outcome=_outcome,
    disclosure=disclosure.disclosure,
)


class Game(kernel.Game[State, Ctx, CartusView, CartusOutcome]):
    """One moment of a game. ``apply`` returns the next moment; this one never changes."""

    __slots__ = ()
    rules = RULES


def _building_cards(chosen: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Each chosen building card ("<building>-<copy>") with its building, class and supply."""
    return {card: _building_card(card) for card in chosen}


@cache
def _building_card(card: str) -> dict[str, Any]:
    """One building card's entry, made once and shared by every game that deals it: a building
    card never changes (the rules read it, and views copy what they show of it)."""
    building, copy = card.rsplit("-", 1)
    supply = data.table().buildings[building].supplies[int(copy) - 1]
    return {"building": building, "class": data.building_class(building), "supply": dict(supply)}


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
    return Game.begin(state, ctx)


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
    population = rng.shuffled(_ids_of(data.CLASSES))
    nun_row = [population.pop() for _ in range(t.nun_row)]
    hands = [[population.pop() for _ in range(t.starting_hand)] for _ in range(players)]
    supplies = {kind: list(_ids_of((kind,))) for kind in ("joker", *data.SPECIALS)}
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


@cache
def _ids_of(types: tuple[str, ...]) -> tuple[str, ...]:
    """The sorted ids of the cards ``deal_cards`` deals of these types (worked out once: the
    cards of a new game are always the same)."""
    return tuple(sorted(c for c, v in deal_cards().items() if v["type"] in types))


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
