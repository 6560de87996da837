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
    return dealt_again(game, rng, None)


def redeal_for(game: AnyGame, rng: Rng, seat: int) -> AnyGame:
    """The same moment with everything ``seat`` does not see dealt again: as ``redeal``, but
    the seat's own hand, the cards it played face down, the Nun-row places it looked at, its
    victory point tokens and its own secret supply choice stay as they are."""
    return dealt_again(game, rng, seat)


def dealt_again(game: AnyGame, rng: Rng, seat: int | None) -> AnyGame:
    """What is hidden from ``seat`` (from everybody for None) dealt again at random."""
    assert isinstance(game, Game)
    saved = game.to_dict()
    others = [p for p in range(len(saved["hands"])) if p != seat]
    face_down_entries = [
        entry["cards"]
        for place in saved["row"]
        if not place["revealed"]
        for entry in place["entries"]
        if entry["seat"] != seat
    ]
    unseen = [i for i, seats in enumerate(saved["seen"]) if seat is None or seat not in seats]
    nun_row = [saved["nun_row"][i] for i in unseen]
    hands = [saved["hands"][p] for p in others]
    shuffle_places([saved["deck"], nun_row, *hands, *face_down_entries], rng)
    for i, card in zip(unseen, nun_row, strict=True):
        saved["nun_row"][i] = card
    shuffle_places([saved["vp_pile"], *(saved["vp"][p] for p in others)], rng)
    shuffle_places([saved["building_deck"]], rng)
    shuffle_places([saved["replacement"]], rng)
    if any(place is None for place in saved["supply_chosen"]):  # not yet shown
        saved["supply_chosen"] = [
            place if p == seat or place is None else rng.below(len(saved["row"]))
            for p, place in enumerate(saved["supply_chosen"])
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
    redeal_for=redeal_for,
)
