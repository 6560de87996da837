"""Seeded random games with Mercatus on (and with Pied Piper too), every Mercatus card in turn."""

from __future__ import annotations

import random

import pytest

from engine.rattus import data
from engine.rattus.game import Game
from engine.rattus.mercatus import goods
from tests.engine.helpers import random_playout
from tests.engine.test_playouts import check_invariants, check_no_leaks

MERCATUS = sorted(c.id for c in data.cards().values() if c.expansion == "mercatus")
BASE_AND_MERCATUS = sorted(
    c.id for c in data.cards().values() if c.expansion in ("base", "mercatus")
)


def check_goods(g: Game) -> None:
    s = g.state
    m = goods.market(s)
    for kind in goods.TYPES:
        count = (
            m["up"][kind]
            + m["down"][kind]
            + list(m["regions"].values()).count(kind)
            + sum(held[kind] for held in m["held"])
            + list(m["on_card"].values()).count(kind)
            + m["out"][kind]
        )
        assert count == goods.PER_TYPE, (kind, count)
        assert m["up"][kind] in (0, 1) and m["down"][kind] >= 0
        assert all(held[kind] >= 0 for held in m["held"])
    assert all(c >= 0 for c in m["coins"])


def playout(
    players: int, seed: int, cards: list[str], expansions: set[str], *, leaks: bool = False
) -> Game:
    def check(g: Game) -> None:
        check_invariants(g)
        check_goods(g)
        if leaks:
            check_no_leaks(g)

    end, _ = random_playout(players, seed, expansions=expansions, class_cards=cards, check=check)
    return end


def card_sets() -> list[list[str]]:
    rng = random.Random(12)
    out = [list(data.card_sets()[n]) for n in ("the_aristocrats", "violent_times")]
    out.append(MERCATUS[:6])
    out.append(MERCATUS[6:])
    for _ in range(4):
        out.append(sorted(rng.sample(BASE_AND_MERCATUS, 6)))
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_mercatus_games_keep_every_invariant_and_end(players: int) -> None:
    for i, cards in enumerate(card_sets()):
        for seed in range(3):
            g = playout(players, 50 * i + seed, cards, {"mercatus"})
            assert g.outcome is not None


def test_mercatus_with_pied_piper() -> None:
    cards = list(data.card_sets()["production_and_trade"])
    for players in (2, 3, 4):
        for seed in range(3):
            playout(players, 700 + seed, cards, {"mercatus", "pied_piper"})


def test_mercatus_views_never_leak() -> None:
    for seed, cards in enumerate(card_sets()[:3]):
        playout(3, 800 + seed, cards, {"mercatus"}, leaks=True)
