"""Africanus: its tokens, 5-6 players and Africa, 8 class cards, longer Chivalry moves, the
region card deck and hands."""

from __future__ import annotations

import json

import pytest

from engine import rattus
from engine.rattus import board, data
from engine.rattus.africanus import regions
from engine.rattus.state import Ctx
from tests.engine.helpers import notations, play, position, random_playout
from tests.engine.test_playouts import check_invariants

AFRICA = {"mauretania", "numidia", "africa", "libya", "aegyptus"}


@pytest.mark.parametrize(
    ("players", "in_use", "removed"), [(2, 8, 24), (3, 10, 20), (4, 12, 16), (5, 15, 8), (6, 17, 0)]
)
def test_africanus_tokens_replace_the_base_ones_at_every_player_count(
    players: int, in_use: int, removed: int
) -> None:
    g = rattus.new_game(players, expansions={"africanus"}, seed=3)
    s = g.state
    assert len(s.tokens) == 65 and all(t.startswith("A") for t in s.tokens)
    assert len(s.regions) == in_use and len(s.removed) == removed
    assert all(len(s.rats[r]) == 1 and s.tokens[s.rats[r][0]]["starting"] for r in s.regions)
    assert len(s.rat_supply) == 65 - removed - in_use


def test_five_players_use_africa_but_not_russia_or_tartaria() -> None:
    s = rattus.new_game(5, expansions={"africanus"}, seed=1).state
    assert set(s.regions) >= AFRICA and not {"russia", "tartaria"} & set(s.regions)
    s6 = rattus.new_game(6, expansions={"africanus"}, seed=1).state
    assert AFRICA | {"russia", "tartaria"} <= set(s6.regions)


def test_more_than_four_players_need_africanus() -> None:
    assert rattus.player_limits(()) == (2, 4)
    assert rattus.player_limits(["africanus"]) == (2, 6)
    with pytest.raises(ValueError, match="2 to 4 players"):
        rattus.new_game(5, seed=1)


def test_five_and_six_players_place_three_times_and_play_with_eight_cards() -> None:
    g = rattus.new_game(5, expansions={"africanus"}, seed=8)
    order = []
    while g.decision(g.actors()[0]).kind == "start_place":  # type: ignore[union-attr]
        seat = g.actors()[0]
        order.append(seat)
        g = g.apply(seat, g.legal_actions(seat)[0])
    assert order == [0, 1, 2, 3, 4, 4, 3, 2, 1, 0, 0, 1, 2, 3, 4]
    assert all(s == 14 for s in g.state.supply)
    assert len(g.state.cards_in_play) == 8
    classes = {data.cards()[c].cls for c in g.state.cards_in_play}
    assert len(classes) == 7  # one of each class first, then one more


def test_the_knight_moves_three_steps_with_five_or_six_players() -> None:
    g = position(5, hands={0: ["knight"]}, plague="anglia")
    g.state.expansions = ["africanus"]
    reach = {n.split(":")[1] for n in notations(g) if n.startswith("plague:")}
    assert "italia" in reach and "hungaria" in reach  # three steps from Anglia
    g4 = position(4, hands={0: ["knight"]}, plague="anglia")
    reach4 = {n.split(":")[1] for n in notations(g4) if n.startswith("plague:")}
    assert "hungaria" not in reach4


@pytest.mark.parametrize("card", ["knight", "crusader", "assassin", "raider"])
def test_every_chivalry_move_has_three_steps_in_the_final_round_too(card: str) -> None:
    g = position(5, hands={4: [card]}, supply_rats=0, plague="hispania")
    g = play(g, "plague:gallia")  # the last regular turn: seat 4 has the first final turn
    assert g.view()["status"] == "final_round" and g.actors() == [4]
    g = play(g, f"use:{card}")
    reach = {n.split(":")[1] for n in notations(g) if n.startswith("plague:")}
    assert reach == set(board.reachable(g.state, "gallia", 3))
    assert reach > set(board.reachable(g.state, "gallia", 2))


def test_card_texts_say_three_steps_in_five_and_six_player_games() -> None:
    every = {"africanus", "pied_piper", "mercatus"}
    five = rattus.new_game(5, expansions=every, class_cards=LONG, seed=2).view()
    four = rattus.new_game(4, expansions=every, class_cards=LONG[:6], seed=2).view()
    for card in ("knight", "crusader", "soldier", "assassin", "raider"):
        assert "up to 3 steps" in five["card_info"][card]["text"]
        assert "2 steps" not in five["card_info"][card]["text"]
    assert "up to 2 steps" in four["card_info"]["knight"]["text"]
    assert "3 with 5 or 6 players" in data.cards()["knight"].text  # the rules help, any game


LONG = ["knight", "crusader", "soldier", "assassin", "raider", "king", "monk", "witch"]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_each_player_gets_three_region_cards_of_regions_in_use(players: int) -> None:
    g = rattus.new_game(players, expansions={"africanus"}, seed=5)
    t = regions.table(g.state)
    in_use = set(g.state.regions)
    every = [c for hand in t["hands"] for c in hand] + t["deck"]
    assert all(len(hand) == 3 for hand in t["hands"])
    assert len(every) == len(set(every)) == 3 * len(in_use)
    assert {regions.card(c).region for c in every} == in_use


def test_a_hand_is_seen_only_by_its_owner() -> None:
    g = rattus.new_game(3, expansions={"africanus"}, seed=5)
    hand = regions.table(g.state)["hands"][1]
    mine = g.view(1)["players"][1]
    assert [c["id"] for c in mine["hand"]] == hand and mine["hand_count"] == 3
    for viewer in (None, 0, 2):
        text = json.dumps(g.view(viewer))
        assert not any(f'"{c}"' in text for c in hand)
        assert "hand" not in g.view(viewer)["players"][1]
        assert g.view(viewer)["players"][1]["hand_count"] == 3


def test_the_discard_pile_is_shuffled_into_a_new_deck_when_the_deck_runs_out() -> None:
    g = rattus.new_game(2, expansions={"africanus"}, seed=5)
    s = g.state.clone()
    t = regions.table(s)
    t["discard"], t["deck"] = t["deck"][:-1], t["deck"][-1:]
    ctx = Ctx(s)
    drawn = regions.draw(ctx, 3)
    assert len(drawn) == 3 and len(set(drawn)) == 3
    assert any(e.kind == "deck" for e in ctx.events)
    assert len(t["deck"]) + len(drawn) + len(t["discard"]) == 3 * 8 - 6


def test_random_africanus_games_at_every_player_count_keep_the_invariants() -> None:
    for players in (2, 3, 4, 5, 6):
        for seed in range(3):
            end, _ = random_playout(players, seed, expansions={"africanus"}, check=check_invariants)
            assert end.outcome is not None


def test_an_africanus_game_round_trips() -> None:
    g = rattus.new_game(6, expansions={"africanus"}, seed=2)
    assert rattus.from_dict(json.loads(json.dumps(g.to_dict()))).to_dict() == g.to_dict()
