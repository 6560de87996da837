"""The public face of Rattus: new_game, Game (actors, decision, legal_actions, apply, view)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .. import kernel
from ..contract import Outcome, StartOption
from ..core import Rng
from ..text import N_, msg, plural
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


RULES: kernel.Rules[State, Ctx, RattusView, Outcome] = kernel.Rules(
    steps=steps.STEPS,
    context=Ctx,
    view=views.view,
    outcome=flow.result,
    disclosure=disclosure.disclosure,
)


class Game(kernel.Game[State, Ctx, RattusView, Outcome]):
    """One moment of a game. ``apply`` returns the next moment; this one never changes."""

    __slots__ = ()
    rules = RULES


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
        plural(
            "A game for {n} player begins. The plague starts in {region}.",
            "A game for {n} players begins. The plague starts in {region}.",
            players,
            region=msg(m.names[state.plague]),
        ),
    )
    return Game.begin(state, ctx)


START_OPTIONS: dict[str, StartOption] = {
    "expansions": StartOption(N_("a list of expansion names"), (list,)),
    "class_cards": StartOption(N_("a name, a list of card names or null"), (str, list, type(None))),
    "ensure_chivalry": StartOption(N_("true or false"), (bool,)),
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
