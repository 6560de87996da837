"""A state's copy shares nothing that a later move could change.

A Rattus apply copies the state by a plan that names each field's shape
(``engine.saved.Cloner``); a field declared flat that holds a list or dict would let two
moments of one game change together. Along random games (with the Rattus expansions, whose
pieces live in ``ext``), each copy is checked against the original: equal when saved, and no
list or dict reachable from both, except the fields declared shared, the entries of the
remembered ravages and revealed tokens, and the Mercatus goods dealt to the regions, which
must then never change. The cards and building cards a Cartus game deals are shared by every
game and never change. A Cartus copy shares its parts until one is changed (copy on write),
and so does a Rattus copy each region's cubes and rats and each seat's hand, and the lists the
rules replace whole (``State.REPLACED``): their earlier moments are checked never to change.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine import cartus, rattus
from engine.cartus import simulate as cartus_simulate
from engine.cartus.setup import deal_cards
from engine.rattus import simulate as rattus_simulate
from engine.rattus.state import REPLACED
from engine.rattus.state import State as RattusState
from engine.saved import frozen

SHARED = {"tokens", "cards", "building_cards", "options"}
"""Fields every copy shares on purpose: set up once, never changed."""
SHARED_RATTUS = {"expansions", "regions", "cards_in_play", "removed", *REPLACED}
"""More of them, in a Rattus state: with those the rules replace whole, never change in place
(``State.REPLACED``: the palace, the tokens gone, the cards used, ...)."""
SHARED_UNTIL_CHANGED = {"cubes", "rats", "hands"}
"""Rattus fields whose container is new in a copy, its lists shared until changed
(``State.cubes_at``, ``rats_at``, ``hand_at``)."""
SHARED_ENTRIES = {"ravages", "revealed"}
"""Lists whose entries never change once kept (a Rattus copy shares the lists too)."""
SHARED_EXT = {("mercatus", "regions")}
"""Expansion pieces every copy shares (``State.EXT_COPY``): dealt at setup, never changed."""


def _kept(state: Any) -> Any:
    """What a copy shares with its original beyond the shared fields, frozen to compare."""
    ext = getattr(state, "ext", {})
    shared_ext = [ext[key][part] for key, part in sorted(SHARED_EXT) if key in ext]
    entries = [list(getattr(state, name, [])) for name in sorted(SHARED_ENTRIES)]
    replaced = [getattr(state, name) for name in REPLACED if hasattr(state, name)]
    return entries, shared_ext, replaced


def _containers(value: Any, into: set[int]) -> set[int]:
    if isinstance(value, dict | list):
        into.add(id(value))
        for inner in value.values() if isinstance(value, dict) else value:
            _containers(inner, into)
    return into


def _check_copy(state: Any) -> None:
    copy = state.clone()
    assert type(copy) is type(state)
    assert copy.to_dict() == state.to_dict()
    assert set(vars(copy)) == set(vars(state))
    rattus_state = isinstance(state, RattusState)
    for name, value in vars(state).items():
        if name in SHARED or (rattus_state and name in SHARED_RATTUS):
            assert getattr(copy, name) is value
            continue
        if rattus_state and name in SHARED_UNTIL_CHANGED:
            assert getattr(copy, name) is not value
            continue
        if name in SHARED_ENTRIES:  # the list is new; its entries are shared, never changed
            assert getattr(copy, name) is not value
            continue
        mine = _containers(value, set())
        theirs = _containers(getattr(copy, name), set())
        if name == "ext":
            for key, part in SHARED_EXT:
                if key in value:
                    assert copy.ext[key][part] is value[key][part]
                    mine -= _containers(value[key][part], set())
        assert not mine & theirs, f"a copy shares part of '{name}' with its original"


def _play(game: Any, seed: int, pick_actor: bool) -> int:
    rng = random.Random(seed)
    moves = 0
    while not game.is_over:
        _check_copy(game.state)
        kept = _kept(game.state)
        remembered = frozen(kept)
        actors = game.actors()
        seat = rng.choice(actors) if pick_actor else actors[0]
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
        # the ravages, tokens and goods the earlier moment shares are still what they were
        assert frozen(kept) == remembered
        moves += 1
    return moves


RATTUS_SETUPS = [
    (4, ()),
    (4, ("pied_piper",)),
    (3, ("mercatus",)),
    (6, ("africanus", "mercatus", "pied_piper")),
]
"""Players and expansions of the Rattus games the copy tests play."""


@pytest.mark.parametrize("players, expansions", RATTUS_SETUPS)
def test_rattus_copies_share_nothing_that_changes(
    players: int, expansions: tuple[str, ...]
) -> None:
    for seed in range(2):
        game = rattus.new_game(players, expansions=expansions, seed=seed)
        assert _play(game, seed, pick_actor=False) > 50


def _saved(state: Any) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def _look_ahead(simulate: Any, state: Any, rng: random.Random, moves: int) -> None:
    """Play a few random moves in place on ``state`` (a look-ahead's quiet path)."""
    for _ in range(moves):
        seat = simulate.actor(state)
        if seat is None:
            return
        simulate.play(state, seat, rng.choice(simulate.options(state, seat)))


def _moments_never_change(game: Any, simulate: Any, rng: random.Random) -> None:
    """Along a random game, no earlier moment ever changes: not when the next is made from
    it, not when a copy of it or of a copy of it plays on in place, and not when a copy is
    taken of a state that then plays on (the copy keeps what it saw)."""
    earlier: list[tuple[Any, str]] = []
    while not game.is_over:
        before = _saved(game)
        ahead = game.state.clone()
        kept = ahead.clone()  # taken before the look-ahead changes ``ahead``
        _look_ahead(simulate, ahead, rng, 12)
        _look_ahead(simulate, kept.clone(), rng, 12)
        assert _saved(kept) == before
        assert _saved(game) == before
        earlier.append((game, before))
        seat = rng.choice(game.actors())
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
        assert _saved(earlier[-1][0]) == before
    assert len(earlier) > 50
    for moment, saved in earlier:
        assert _saved(moment) == saved


@pytest.mark.parametrize("players", [2, 4, 5])
def test_cartus_moments_never_change_once_made(players: int) -> None:
    """A Cartus copy shares its parts with its original until either changes one
    (``State.mine``, ``building``, ``top``): a rule that changed a part in place without asking
    for it would change another moment too."""
    dealt = json.dumps(deal_cards(), sort_keys=True)
    for seed in range(2):
        rng = random.Random(seed)
        game = cartus.new_game(
            players, "random", simultaneous_supply=seed == 1, guard_tower=True, seed=seed
        )
        building_cards = json.dumps(game.state.building_cards, sort_keys=True)
        _moments_never_change(game, cartus_simulate, rng)
        # every game shares the entries of the cards and building cards it dealt
        assert json.dumps(game.state.building_cards, sort_keys=True) == building_cards
    assert json.dumps(deal_cards(), sort_keys=True) == dealt


@pytest.mark.parametrize("players, expansions", RATTUS_SETUPS)
def test_rattus_moments_never_change_once_made(players: int, expansions: tuple[str, ...]) -> None:
    """A Rattus copy shares each region's cubes and rats and each seat's hand with its
    original until either changes them (``State.cubes_at``, ``rats_at``, ``hand_at``), and the
    lists the rules replace whole rather than change (``State.REPLACED``)."""
    for seed in range(3):
        rng = random.Random(seed)
        game = rattus.new_game(players, expansions=expansions, seed=seed)
        _moments_never_change(game, rattus_simulate, rng)
