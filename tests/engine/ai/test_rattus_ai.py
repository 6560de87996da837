"""Rattus computer players: legal, deterministic, and blind to what their seat cannot see."""

from __future__ import annotations

import random

import pytest

from engine import computers, rattus
from engine.core import Rng
from engine.rattus.game import Game
from engine.rattus.sampling import sample_game

from .helpers import COMBOS, computer_game, player_counts


def _advance(g: Game, actions: int, seed: int = 0) -> Game:
    rng = random.Random(seed)
    for _ in range(actions):
        seat = g.actors()[0]
        legal = [a for a in g.legal_actions(seat) if a.notation != "back"]
        g = g.apply(seat, rng.choice(legal))
    return g


@pytest.mark.parametrize("expansions", COMBOS, ids=lambda c: "+".join(c) or "base")
def test_computer_players_finish_a_game_in_every_expansion_combination(
    expansions: tuple[str, ...],
) -> None:
    counts = player_counts(expansions)
    players = counts[len(expansions) % len(counts)]
    levels = ["strong", "easy", "easy", "easy", "easy", "easy"][:players]
    g, _ = computer_game(players, expansions, seed=len(expansions) + 1, levels=levels)
    assert g.outcome is not None


@pytest.mark.slow
@pytest.mark.parametrize("expansions", COMBOS, ids=lambda c: "+".join(c) or "base")
def test_computer_players_never_choose_an_illegal_action(expansions: tuple[str, ...]) -> None:
    """Many seeded games at every player count: easy players, and a strong one in some."""
    for players in player_counts(expansions):
        for seed in range(8):
            levels = ["easy"] * players
            if seed % 4 == 0:
                levels[seed % players] = "strong"
            g, _ = computer_game(players, expansions, seed, levels, simulations=2)
            assert g.outcome is not None


def test_the_same_seed_view_and_legal_list_give_the_same_choice() -> None:
    g = _advance(rattus.new_game(3, seed=4), 30)
    seat = g.actors()[0]
    view, legal = g.view(seat), g.legal_actions(seat)
    for level in ("easy", "strong"):
        first = computers.computer("rattus", level=level, seed=9, simulations=12).choose(
            view, legal
        )
        again = computers.computer("rattus", level=level, seed=9, simulations=12).choose(
            view, legal
        )
        assert first == again


def _hidden_shuffle(g: Game, seed: int) -> Game:
    """The same game with everything the seat cannot see changed: other rat fronts in the
    supply and on the board, and another future for the random generator."""
    s = g.state.clone()
    s.tokens = dict(s.tokens)
    unseen = [t for r in s.regions for t in s.rats[r] if not s.known.get(t)]
    pile = s.rat_supply + s.removed
    rng = random.Random(seed)
    for tid in unseen:
        alike = [p for p in pile if s.tokens[p]["starting"] == s.tokens[tid]["starting"]]
        if not alike:
            continue
        swap = rng.choice(alike)
        for r in s.regions:
            s.rats[r] = [swap if t == tid else t for t in s.rats[r]]
        pile[pile.index(swap)] = tid
    s.rat_supply = pile[: len(s.rat_supply)]
    s.removed = pile[len(s.rat_supply) :]
    rng.shuffle(s.rat_supply)
    s.rng ^= 0x5DEECE66D
    return Game(s)


def test_a_choice_depends_only_on_the_view_and_the_legal_actions() -> None:
    g = _advance(rattus.new_game(4, seed=11), 40, seed=3)
    seat = g.actors()[0]
    other = _hidden_shuffle(g, 5)
    assert other.state.rat_supply != g.state.rat_supply

    def fronts(game: Game) -> list[dict[str, object]]:
        return [game.state.tokens[t] for r in game.state.regions for t in game.state.rats[r]]

    assert fronts(other) != fronts(g)
    assert other.view(seat) == g.view(seat)
    player = computers.computer("rattus", level="strong", seed=2, simulations=40)
    assert player.choose(g.view(seat), g.legal_actions(seat)) == player.choose(
        other.view(seat), other.legal_actions(seat)
    )


def test_a_computer_player_takes_only_json_data_from_a_seat() -> None:
    g = rattus.new_game(2, seed=1)
    seat = g.actors()[0]
    player = computers.computer("rattus", level="easy")
    with pytest.raises(TypeError):
        player.choose({**g.view(seat), "game_object": g}, g.legal_actions(seat))
    with pytest.raises(ValueError):
        player.choose(g.view(None), g.legal_actions(seat))
    with pytest.raises(ValueError):
        computers.computer("rattus", level="hard")


@pytest.mark.parametrize("expansions", COMBOS, ids=lambda c: "+".join(c) or "base")
def test_a_sampled_game_shows_the_seat_exactly_its_view(expansions: tuple[str, ...]) -> None:
    """The sampler rebuilds whole games whose view for the seat is the one it was given."""
    players = player_counts(expansions)[-1]
    g = rattus.new_game(players, expansions=expansions, seed=7)
    rng = random.Random(7)
    rebuilt = 0
    while not g.is_over:
        seat = g.actors()[0]
        legal = g.legal_actions(seat)
        view = g.view(seat)
        sampled = sample_game(view, [a.notation for a in legal], Rng.from_seed(rebuilt))
        if sampled is not None:
            rebuilt += 1
            assert sampled.view(seat) == view
            assert sampled.legal_actions(seat) == legal
        elif view["decision"]["kind"] in ("turn", "start_place"):
            raise AssertionError(f"could not rebuild a {view['decision']['kind']} decision")
        g = g.apply(seat, rng.choice([a for a in legal if a.notation != "back"] or legal))
    assert rebuilt > 20
