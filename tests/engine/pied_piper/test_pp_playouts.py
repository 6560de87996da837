"""Seeded random games with Pied Piper on, every card of the expansion in play in turn."""

from __future__ import annotations

import json
import random

import pytest

from engine import rattus
from engine.rattus import data
from engine.rattus.game import Game
from engine.rattus.pied_piper import pieces
from tests.engine.helpers import random_playout
from tests.engine.test_playouts import check_invariants, check_no_leaks

ALL_CARDS = sorted(c.id for c in data.cards().values() if c.expansion in ("base", "pied_piper"))


def check_pieces(g: Game) -> None:
    s = g.state
    p = pieces.pieces(s)
    edges = [tuple(e) for e in pieces.all_edges(s)]
    placed_walls = [tuple(w) for w in p["walls"] if w is not None]
    assert len(placed_walls) == len(set(placed_walls)) and set(placed_walls) <= set(edges)
    assert all(r is None or r in s.regions for r in p["nuns"] + p["bishops"])
    assert pieces.potions_left(s) >= 0
    for region, per_seat in p["potions"].items():
        for seat, n in per_seat.items():
            assert n > 0 and s.cubes[region][int(seat)] > 0, (region, seat, n)
    assert all(n >= 0 for n in p["baker"])


def playout(players: int, seed: int, cards: list[str], *, leaks: bool = False) -> Game:
    def check(g: Game) -> None:
        check_invariants(g)
        check_pieces(g)
        if leaks:
            check_no_leaks(g)

    end, _ = random_playout(
        players, seed, expansions={"pied_piper"}, class_cards=cards, check=check
    )
    return end


def card_sets() -> list[list[str]]:
    """Sets of six that together hold every card, plus the rulebook's named sets."""
    rng = random.Random(18)
    out = [
        list(data.card_sets()[name])
        for name in ("prosperous_times", "rat_control", "europe_at_war")
    ]
    for _ in range(6):
        out.append(sorted(rng.sample(ALL_CARDS, 6)))
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_pied_piper_games_keep_every_invariant_and_end(players: int) -> None:
    for i, cards in enumerate(card_sets()):
        for seed in range(4):
            g = playout(players, 100 * i + seed, cards)
            assert g.outcome is not None


def test_random_pied_piper_views_never_leak() -> None:
    for seed, cards in enumerate(card_sets()[:4]):
        playout(3, 900 + seed, cards, leaks=True)


def test_a_pied_piper_game_round_trips_through_json() -> None:
    g = rattus.new_game(4, expansions={"pied_piper"}, class_cards="random", seed=5)
    rng = random.Random(5)
    for _ in range(60):
        if g.is_over:
            break
        seat = g.actors()[0]
        g = g.apply(seat, rng.choice(g.legal_actions(seat)))
        back = rattus.from_dict(json.loads(json.dumps(g.to_dict())))
        assert back.to_dict() == g.to_dict() and back.view(None) == g.view(None)


def test_random_card_modes_draw_from_all_eighteen() -> None:
    seen: set[str] = set()
    for seed in range(40):
        g = rattus.new_game(3, expansions={"pied_piper"}, class_cards="random-per-class", seed=seed)
        cards = g.state.cards_in_play
        assert len(cards) == 6 and len({data.cards()[c].cls for c in cards}) == 6
        seen |= set(cards)
    assert seen == set(ALL_CARDS)
