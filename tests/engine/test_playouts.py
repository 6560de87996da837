"""Seeded random games at every player count, checking invariants after every action."""

from __future__ import annotations

import json

import pytest

from engine import rattus
from engine.core import parse_notation
from engine.rattus import board
from engine.rattus.game import Game
from tests.engine.helpers import random_playout

GAMES_PER_COUNT = 100


def check_invariants(g: Game) -> None:
    s = g.state
    for seat in range(s.players):
        on_board = sum(s.cubes[r][seat] for r in s.regions)
        assert on_board + s.palace[seat] + s.supply[seat] + board.held_cubes(s, seat) == 20
        assert min(s.cubes[r][seat] for r in s.regions) >= 0
    placed = [t for r in s.regions for t in s.rats[r]]
    every = placed + s.rat_supply + s.removed + s.gone
    assert len(every) == len(set(every)) == len(s.tokens)
    assert all(len(s.rats[r]) <= 3 for r in s.regions)
    assert set(s.known) <= set(placed)
    if not g.is_over:
        seat = g.actors()[0]
        acts = g.legal_actions(seat)
        assert acts, "a seat must always have something to do"
        kinds: dict[str, int] = {}
        for a in acts:
            kinds[a.kind] = kinds.get(a.kind, 0) + 1
            assert parse_notation(a.notation) == a.notation and len(a.notation) <= 80
        assert max(kinds.values()) <= 25


def check_no_leaks(g: Game) -> None:
    s = g.state
    face_down = {t for r in s.regions for t in s.rats[r]} | set(s.rat_supply) | set(s.removed)
    for seat in [None, *range(s.players)]:
        text = json.dumps(g.view(seat))
        assert not any(f'"{t}"' in text for t in face_down)
        for r in s.regions:
            for tid, slot in zip(s.rats[r], g.view(seat)["regions"][r]["slots"], strict=True):
                knows = tid in s.face_up or (seat is not None and seat in s.known.get(tid, []))
                assert (slot["known"] is not None) == knows
    for e in g.events:
        if e.audience is None:
            assert "known" not in json.dumps(e.data)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant_and_end(players: int) -> None:
    lengths = []
    for seed in range(GAMES_PER_COUNT):
        g, log = random_playout(players, seed, check=check_invariants)
        assert g.is_over and g.outcome is not None
        ranking = g.outcome["ranking"]
        scores = g.outcome["scores"]
        assert sorted(ranking) == list(range(players))
        assert [scores[p] for p in ranking] == sorted(scores, reverse=True)
        lengths.append(len(log))
    assert min(lengths) > 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_never_leak_face_down_fronts(players: int) -> None:
    for seed in range(8):
        random_playout(players, 1000 + seed, check=check_no_leaks)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replaying_the_action_log_from_the_seed_gives_the_same_game(players: int) -> None:
    for seed in range(5):
        end, log = random_playout(players, 500 + seed)
        g = rattus.new_game(players, seed=500 + seed)
        for seat, notation in log:
            g = g.apply(seat, notation)
        assert json.dumps(g.to_dict(), sort_keys=True) == json.dumps(end.to_dict(), sort_keys=True)
        assert g.version == len(log)


def test_to_dict_round_trips_through_json_mid_game() -> None:
    seen = 0

    def check(g: Game) -> None:
        nonlocal seen
        seen += 1
        d = g.to_dict()
        back = rattus.from_dict(json.loads(json.dumps(d)))
        assert back.to_dict() == d
        assert back.view(None) == g.view(None)
        if not g.is_over:
            seat = g.actors()[0]
            assert back.legal_actions(seat) == g.legal_actions(seat)

    random_playout(3, 77, check=check)
    assert seen > 20


def test_from_dict_refuses_what_is_not_a_saved_game() -> None:
    with pytest.raises(ValueError):
        rattus.from_dict({"format": 999})
    with pytest.raises(ValueError):
        rattus.from_dict({"format": 1})


def test_same_seed_same_setup_other_seed_other_setup() -> None:
    a = rattus.new_game(4, seed=11).to_dict()
    assert a == rattus.new_game(4, seed=11).to_dict()
    assert a != rattus.new_game(4, seed=12).to_dict()


def test_no_rule_changes_the_token_fronts_a_game_was_dealt() -> None:
    """Game versions share the fronts (they are never copied), so no rule may change them."""
    start = rattus.new_game(4, seed=21)
    fronts = json.dumps(start.state.tokens, sort_keys=True)
    end, _ = random_playout(4, 21)
    assert json.dumps(end.state.tokens, sort_keys=True) == fronts
    assert json.dumps(start.state.tokens, sort_keys=True) == fronts
