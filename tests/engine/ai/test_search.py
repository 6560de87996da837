"""The paired search compares its candidates on the same sampled games and the same luck."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from engine import cartus
from engine.ai import cartus_strong
from engine.ai.search import Rules, each_time, search
from engine.cartus.game import Game
from engine.core import Rng


class Toy:
    """One decision, then a single roll of luck that dwarfs the difference between options:
    'better' scores 0.05 more than 'worse' on the same roll."""

    def __init__(self, luck: float) -> None:
        self.luck = luck
        self.chosen: str | None = None
        self.rolled: float | None = None


def _rules(favourite: str) -> Rules:
    def play(g: Toy, seat: int, action: Any) -> Toy:
        if g.chosen is None:
            g.chosen = str(action)
        else:
            g.rolled = float(action)
        return g

    def policy(g: Toy, seat: int, rng: Rng) -> float:
        return rng.below(1000) / 1000

    def score(g: Toy, seat: int) -> float:
        assert g.rolled is not None
        return g.rolled - 0.5 + (0.05 if g.chosen == "better" else 0.0)

    def sample(view: dict[str, Any], legal: Sequence[str], rng: Rng) -> Toy:
        return Toy(rng.below(1000) / 1000)

    return Rules(
        sampler=each_time(sample),
        actor=lambda g: 0 if g.rolled is None else None,
        policy=policy,
        play=play,
        score=score,
        horizon=lambda start: lambda g: False,
        prior=lambda view, legal, rng: favourite,
        clone=lambda g: Toy(g.luck),
    )


def test_a_paired_search_sees_a_small_edge_through_big_luck() -> None:
    view = {"seat": 0}
    for seed in range(20):
        chosen = search(_rules("worse"), view, ["worse", "better"], Rng(seed), simulations=8)
        assert chosen == "better"


def test_a_paired_search_keeps_the_favourite_when_options_tie() -> None:
    rules = replace(_rules("left"), score=lambda g, seat: 0.0)
    for seed in range(5):
        assert search(rules, {"seat": 0}, ["right", "left"], Rng(seed), simulations=8) == "left"


def test_a_choice_of_cards_compares_a_few_answers_of_every_size() -> None:
    g = cartus.new_game(players=3, seed=2)
    while g.view(g.actors()[0])["decision"]["kind"] != "commit":
        seat = g.actors()[0]
        g = g.apply(seat, g.legal_actions(seat)[0])
    s = g.state.clone()
    seat = g.actors()[0]
    s.hands[seat] += [c for c in sorted(s.cards) if c.startswith(("jo", "sw", "ch", "pe"))][:12]
    g = Game(s)
    view, legal = g.view(seat), [a.notation for a in g.legal_actions(seat)]
    assert len(legal) > cartus_strong.MAX_CANDIDATES
    chosen = cartus_strong.candidates(view, legal, legal[-1])
    assert len(chosen) == cartus_strong.MAX_CANDIDATES and chosen[0] == legal[-1]
    assert len(set(chosen)) == len(chosen) and set(chosen) <= set(legal)
    sizes = {sum(cartus_strong._sizes(n)) for n in chosen}
    assert len(sizes) >= 4


def test_belows_draws_what_below_draws_in_order() -> None:
    """``Rng.belows(n, k)``: the same k numbers as k calls of ``below(n)``, leaving the
    generator where they leave it."""
    for n in (1, 2, 3, 7, 1000, 2**63 + 1):
        one, many = Rng(n * 31), Rng(n * 31)
        assert many.belows(n, 40) == [one.below(n) for _ in range(40)]
        assert many.state == one.state
    with pytest.raises(ValueError):
        Rng(1).belows(0, 3)
