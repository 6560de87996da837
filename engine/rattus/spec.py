"""Rattus as the rest of the bot knows it (``engine.games`` registers it)."""

from __future__ import annotations

import json

from ..ai import rattus_player
from ..contract import Game as AnyGame
from ..core import Rng
from ..hidden import shuffle_places
from ..spec import GameSpec, Strong
from . import rules_help
from .africanus import regions
from .game import EXPANSIONS, START_OPTIONS, Game, from_dict, player_limits, start
from .view_types import RattusView


def face_down(game: Game) -> list[str]:
    """The ids of every token whose front nobody at the table may see: on the board or in the
    draw pile or set aside, not face up, and not named by a step in progress (a token being
    turned over is public)."""
    s = game.state
    mentioned = json.dumps([s.stack, s.ext, s.revealed])
    ids = [t for tokens in s.rats.values() for t in tokens] + list(s.rat_supply) + list(s.removed)
    return [t for t in ids if t not in s.face_up and f'"{t}"' not in mentioned]


def redeal(game: AnyGame, rng: Rng) -> AnyGame:
    """The same moment with everything hidden dealt again: the fronts of the face-down tokens
    (among tokens of the same back: starting or not), with Africanus the region-card deck and
    the hands (each keeping its size), and every draw to come."""
    return dealt_again(game, rng, None)


def redeal_for(game: AnyGame, rng: Rng, seat: int) -> AnyGame:
    """The same moment with everything ``seat`` does not see dealt again: as ``redeal``, but
    the tokens whose fronts the seat has looked at (its Witch, say) and its own region cards
    stay as they are."""
    return dealt_again(game, rng, seat)


def dealt_again(game: AnyGame, rng: Rng, seat: int | None) -> AnyGame:
    """What is hidden from ``seat`` (from everybody for None) dealt again at random."""
    assert isinstance(game, Game)
    saved = game.to_dict()
    tokens = saved["tokens"]
    known = game.state.known
    hidden = [t for t in face_down(game) if seat is None or seat not in known.get(t, [])]
    for starting in (True, False):
        ids = sorted(t for t in hidden if bool(tokens[t].get("starting")) == starting)
        fronts = [tokens[t] for t in ids]
        shuffle_places([fronts], rng)
        for token, front in zip(ids, fronts, strict=True):
            tokens[token] = front
    if regions.KEY in saved["ext"]:
        table = saved["ext"][regions.KEY]
        hands = [hand for p, hand in enumerate(table["hands"]) if p != seat]
        shuffle_places([table["deck"], *hands], rng)
    saved["rng"] = rng.next64()
    return from_dict(saved)


FEWEST, MOST = player_limits(EXPANSIONS)  # the expansions' sixth colour makes room for more

SPEC = GameSpec(
    name="rattus",
    title="Rattus",
    min_players=FEWEST,
    max_players=MOST,
    start=start,
    load=from_dict,
    view_type=RattusView,
    start_options=START_OPTIONS,
    sample_options=({}, {"expansions": sorted(EXPANSIONS)}),
    rules_help=rules_help,
    renderer="rattus_board",
    easy=rattus_player.easy_choice,
    strong=Strong(rattus_player.RULES, simulations=200),
    redeal=redeal,
    redeal_for=redeal_for,
)
