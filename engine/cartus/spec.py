"""Rattus Cartus as the rest of the bot knows it (``engine.games`` registers it)."""

from __future__ import annotations

from ..ai import cartus_player, cartus_strong
from ..contract import Game as AnyGame
from ..core import Rng
from ..hidden import shuffle_places
from ..spec import GameSpec, Strong
from . import rules_help
from .game import MAX_PLAYERS, MIN_PLAYERS, START_OPTIONS, Game, from_dict, start
from .view_types import CartusView


def redeal(game: AnyGame, rng: Rng) -> AnyGame:
    """The same moment with everything hidden dealt again: the population deck, the Nun-row,
    every hand and every building's cards played face down and not yet turned over (each
    keeping its size), the victory point tokens in the pile and in front of each player
    (each keeping how many), the building and replacement decks, the supply actions chosen
    in secret so far, and every draw to come."""
    assert isinstance(game, Game)
    saved = game.to_dict()
    face_down_entries = [
        entry["cards"]
        for place in saved["row"]
        if not place["revealed"]
        for entry in place["entries"]
    ]
    shuffle_places([saved["deck"], saved["nun_row"], *saved["hands"], *face_down_entries], rng)
    shuffle_places([saved["vp_pile"], *saved["vp"]], rng)
    shuffle_places([saved["building_deck"]], rng)
    shuffle_places([saved["replacement"]], rng)
    if any(place is None for place in saved["supply_chosen"]):  # not yet shown
        saved["supply_chosen"] = [
            None if place is None else rng.below(len(saved["row"]))
            for place in saved["supply_chosen"]
        ]
    saved["rng"] = rng.next64()
    return from_dict(saved)


SPEC = GameSpec(
    name="cartus",
    title="Rattus Cartus",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    start=start,
    load=from_dict,
    view_type=CartusView,
    start_options=START_OPTIONS,
    sample_options=(
        {"buildings": "first_game"},
        {"buildings": "random", "simultaneous_supply": True, "guard_tower": True},
    ),
    rules_help=rules_help,
    renderer="cartus_table",
    easy=cartus_player.easy_choice,
    strong=Strong(cartus_strong.RULES, simulations=300),
    redeal=redeal,
)
