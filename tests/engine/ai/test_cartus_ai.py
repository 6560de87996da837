"""Rattus Cartus computer players: legal at every player count, deterministic, and blind to
what their seat cannot see."""

from __future__ import annotations

import random

import pytest

from engine import cartus, computers
from engine.cartus import simulate
from engine.cartus.game import Game
from engine.cartus.sampling import RAT_SPREAD, REBUILDS, sample_state
from engine.core import Rng
from tests.engine.cartus.test_playouts import perturbed


def cartus_game(
    players: int,
    seed: int,
    levels: list[str] | None = None,
    simulations: int = 3,
    **options: object,
) -> int:
    g = cartus.new_game(players=players, seed=seed, **options)  # type: ignore[arg-type]
    levels = levels or ["easy"] * players
    bots = [
        computers.computer("cartus", level=levels[i], seed=seed * 7 + i, simulations=simulations)
        for i in range(players)
    ]
    actions = 0
    while not g.is_over:
        for seat in g.actors():
            legal = g.legal_actions(seat)
            choice = bots[seat].choose(g.view(seat), legal)
            assert choice in {a.notation for a in legal}
            g = g.apply(seat, choice)
            actions += 1
            break
        assert actions < 5000
    assert g.outcome is not None
    return actions


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_computer_players_finish_cartus_games(players: int) -> None:
    assert cartus_game(players, seed=players) > 20


@pytest.mark.parametrize(("players", "simultaneous"), [(2, False), (3, True), (5, False)])
def test_a_strong_computer_player_finishes_cartus_games(players: int, simultaneous: bool) -> None:
    levels = ["easy", *["strong"] * (players - 1)]
    assert (
        cartus_game(players, players, levels, buildings="random", simultaneous_supply=simultaneous)
        > 20
    )


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_computer_players_never_choose_an_illegal_cartus_action(players: int) -> None:
    """Seeded games at every player count, buildings at random and supplies at once in some,
    with a strong player at a small budget in every other game."""
    for seed in range(40):
        levels = ["easy"] * players
        if seed % 2 == 0:
            levels[seed % players] = "strong"
        cartus_game(
            players,
            seed,
            levels,
            simulations=2,
            buildings="random" if seed % 3 else "first_game",
            simultaneous_supply=seed % 4 in (1, 2),
        )


def test_a_cartus_choice_is_the_same_for_the_same_seed_view_and_legal_list() -> None:
    g = cartus.new_game(players=3, seed=5)
    for _ in range(12):
        seat = g.actors()[0]
        g = g.apply(seat, g.legal_actions(seat)[0])
    seat = g.actors()[0]
    view, legal = g.view(seat), g.legal_actions(seat)
    for level in ("easy", "strong"):
        first = computers.computer("cartus", level=level, seed=4, simulations=20).choose(
            view, legal
        )
        again = [
            computers.computer("cartus", level=level, seed=4, simulations=20).choose(view, legal)
            for _ in range(2)
        ]
        assert again == [first, first]


def test_cartus_has_both_levels() -> None:
    assert computers.levels("cartus") == ("easy", "strong")
    with pytest.raises(ValueError, match="easy, strong"):
        computers.computer("cartus", level="hard")


def _decisions(players: int, seed: int, **options: object) -> list[Game]:
    """Every moment of a random game where some seat decides one of the kinds the sampler
    rebuilds."""
    g = cartus.new_game(players=players, seed=seed, **options)  # type: ignore[arg-type]
    rng = random.Random(seed)
    out = []
    while not g.is_over:
        seat = rng.choice(g.actors())
        if g.view(seat)["decision"]["kind"] in REBUILDS:
            out.append(g)
        g = g.apply(seat, rng.choice(g.legal_actions(seat)))
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_sampled_game_shows_the_seat_exactly_its_view(players: int) -> None:
    """The sampler rebuilds whole games whose view for the seat is the one it was given, with
    the same legal actions, at every decision kind it rebuilds."""
    kinds = set()
    for simultaneous in (False, True):
        for i, g in enumerate(
            _decisions(players, players, buildings="random", simultaneous_supply=simultaneous)
        ):
            for seat in g.actors():
                view, legal = g.view(seat), g.legal_actions(seat)
                sampled = sample_state(view, [a.notation for a in legal], Rng.from_seed(i))
                assert sampled is not None, view["decision"]
                rebuilt = Game(sampled)
                assert rebuilt.view(seat) == view
                assert rebuilt.legal_actions(seat) == legal
                kinds.add(view["decision"]["kind"])
    assert kinds == set(REBUILDS)


def test_sampled_games_differ_where_the_seat_cannot_see() -> None:
    g = _decisions(4, 3)[20]
    seat = g.actors()[0]
    view, legal = g.view(seat), [a.notation for a in g.legal_actions(seat)]
    samples = [sample_state(view, legal, Rng.from_seed(i)) for i in range(6)]
    assert all(s is not None for s in samples)
    others = {str([s.hands[p] for p in range(4) if p != seat]) for s in samples if s}
    mine = {str(s.hands[seat]) for s in samples if s}
    assert len(others) == 6 and len(mine) == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_cartus_choice_depends_only_on_the_view_and_the_legal_actions(players: int) -> None:
    """Everything the seat cannot see reshuffled (other hands, the cards others played face
    down, unseen Nun-row cards, the deck, others' rats and tokens): the same choice."""
    rng = random.Random(players)
    games = _decisions(players, 10 + players)
    checked = 0
    for g in games[5 :: max(1, len(games) // 6)]:
        seat = g.actors()[0]
        other = Game(perturbed(g.state, seat, rng))
        assert other.view(seat) == g.view(seat)
        assert other.state.hands != g.state.hands or other.state.rats != g.state.rats
        player = computers.computer("cartus", level="strong", seed=3, simulations=30)
        assert player.choose(g.view(seat), g.legal_actions(seat)) == player.choose(
            other.view(seat), other.legal_actions(seat)
        )
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("players", [2, 5])
def test_playing_in_place_matches_apply(players: int) -> None:
    """The look-ahead fast path plays by exactly the same rules as ``Game.apply``."""
    g = cartus.new_game(players=players, seed=8, buildings="random")
    fast = g.state.clone()
    rng = random.Random(8)
    while not g.is_over:
        seat = rng.choice(g.actors())
        assert simulate.actor(fast) == g.actors()[0]
        legal = g.legal_actions(seat)
        assert sorted(simulate.options(fast, seat)) == legal
        action = rng.choice(legal)
        g = g.apply(seat, action)
        simulate.play(fast, seat, action)
        slow = g.to_dict()
        assert {**fast.to_dict(), "log": slow["log"]} == slow
    assert simulate.actor(fast) is None


def test_others_rats_are_guessed_near_the_seats_own() -> None:
    """Nobody sees another's rats; the sampler guesses them near the seat's own total."""
    g = _decisions(3, 4)[10]
    seat = g.actors()[0]
    view, legal = g.view(seat), [a.notation for a in g.legal_actions(seat)]
    view["players"][seat]["rats"] = 2
    for i in range(10):
        s = sample_state(view, legal, Rng.from_seed(i))
        assert s is not None and s.rats[seat] == 2
        assert all(0 <= r <= 2 + RAT_SPREAD for r in s.rats)


def test_a_view_changed_after_a_sample_is_sampled_as_it_is_now() -> None:
    """The sampler works out once what a view fixes and uses it again for the next samples of
    that view: a view that changed since (the same object, edited) is read again."""
    g = _decisions(3, 4)[10]
    seat = g.actors()[0]
    view, legal = g.view(seat), [a.notation for a in g.legal_actions(seat)]
    before = sample_state(view, legal, Rng.from_seed(1))
    assert before is not None
    disc = view["influence"]["church"][seat]
    disc["points"] += 3
    after = sample_state(view, legal, Rng.from_seed(1))
    assert after is not None
    assert after.influence["church"][seat] == before.influence["church"][seat] + 3


def test_samples_of_one_view_share_nothing_a_playout_changes() -> None:
    """Each sampled game is its own: playing one out leaves the next sample of the same view
    as it would have been."""
    g = _decisions(4, 6)[12]
    seat = g.actors()[0]
    view, legal = g.view(seat), [a.notation for a in g.legal_actions(seat)]
    first = sample_state(view, legal, Rng.from_seed(2))
    assert first is not None
    untouched = first.to_dict()
    played = sample_state(view, legal, Rng.from_seed(3))
    assert played is not None
    rng = Rng.from_seed(4)
    while simulate.actor(played) is not None:
        actor = simulate.actor(played)
        assert actor is not None
        options = simulate.options(played, actor)
        simulate.play(played, actor, options[rng.below(len(options))])
    again = sample_state(view, legal, Rng.from_seed(2))
    assert again is not None and again.to_dict() == untouched
    assert first.to_dict() == untouched
