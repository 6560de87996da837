"""Deacon, Assassin, Raider and Grave Robber: their plague-phase effects, final-round uses,
final-round combinations (with each other and with Knight, Crusader and Serf) and random games."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import IllegalAction
from engine.rattus import board
from engine.rattus.game import Game
from engine.rattus.mercatus import goods
from engine.rattus.pied_piper import pieces
from tests.engine.helpers import BLANK, notations, play, token
from tests.engine.mercatus.helpers import m_position
from tests.engine.mercatus.test_m_playouts import playout

FULL = [BLANK, BLANK, BLANK]
"""Three rats: a region that takes no new rat, so the plague's spreading asks nothing."""

NO_SPREAD = {"gallia": FULL, "scandia": FULL}
"""Anglia's neighbours, full: moving the plague into Anglia places no new rat."""

NONE_UP = {t: 0 for t in goods.TYPES}


def kind(g: Game) -> str:
    decision = g.decision(g.actors()[0])
    assert decision is not None
    return decision.kind


def coins(g: Game, seat: int) -> int:
    return goods.coins(g.state, seat)


def held(g: Game, seat: int) -> dict[str, int]:
    return dict(goods.market(g.state)["held"][seat])


def market(g: Game) -> dict[str, Any]:
    return goods.market(g.state)


def moves(g: Game) -> set[str]:
    return {n.split(":")[1] for n in notations(g) if n.startswith("plague:")}


def texts(g: Game) -> str:
    return " | ".join(e.text for e in g.events)


def anglia_turn(holder_cards: list[str], anglia: list[dict[str, Any]], **kw: Any) -> Game:
    """Red's turn, the plague in Gallia; Red holds the cards; Anglia has these rats and its
    neighbours are full, so moving there spreads nothing."""
    hands = kw.pop("hands", {0: holder_cards})
    return m_position(3, hands=hands, plague="gallia", rats={**NO_SPREAD, "anglia": anglia}, **kw)


def final_round(holder_cards: list[str], **kw: Any) -> Game:
    """Red plays the last regular turn (plague Hispania -> Italia, no rats left to draw); Green
    holds the cards and acts first in the final round."""
    g = m_position(3, hands={2: holder_cards}, supply_rats=0, plague="hispania", **kw)
    g = play(g, "plague:italia")
    assert g.view()["status"] == "final_round" and g.actors() == [2]
    return g


# Deacon: pay to be spared by a rat


def test_deacon_pays_one_coin_and_only_the_holder_is_spared() -> None:
    g = anglia_turn(["deacon"], [token(1, m=1)], cubes={"anglia": {0: 2, 1: 2}}, coins={0: 4})
    g = play(g, "plague:anglia")
    assert kind(g) == "deacon_pay" and g.actors() == [0]
    assert notations(g) == ["pay:no", "pay:yes"]
    g = play(g, "pay:yes")
    assert g.state.cubes["anglia"] == [2, 1, 0] and coins(g, 0) == 3
    assert "Red is spared" in texts(g) and g.actors() == [1]


def test_deacon_may_keep_the_coins_and_lose_the_cube() -> None:
    g = anglia_turn(["deacon"], [token(1, a=1)], cubes={"anglia": {0: 2}}, coins={0: 4})
    g = play(g, "plague:anglia", "pay:no")
    assert g.state.cubes["anglia"][0] == 1 and coins(g, 0) == 4 and g.actors() == [1]


def test_deacon_costs_one_then_two_then_three_coins_in_a_turn() -> None:
    g = anglia_turn(["deacon"], [token(1, a=1)] * 3, cubes={"anglia": {0: 3, 1: 3}}, coins={0: 7})
    g = play(g, "plague:anglia")
    paid = []
    for _ in range(3):
        assert kind(g) == "deacon_pay"
        before = coins(g, 0)
        g = play(g, "pay:yes")
        paid.append(before - coins(g, 0))
    assert paid == [1, 2, 3] and coins(g, 0) == 1
    assert g.state.cubes["anglia"] == [3, 0, 0] and g.actors() == [1]


def test_deacon_is_not_asked_when_the_next_price_is_beyond_the_coins() -> None:
    g = anglia_turn(["deacon"], [token(1, a=1)] * 2, cubes={"anglia": {0: 3}}, coins={0: 2})
    g = play(g, "plague:anglia", "pay:yes")  # 1 coin; the second time costs 2 more, 1 is left
    assert g.actors() == [1] and g.state.cubes["anglia"][0] == 2 and coins(g, 0) == 1


def test_deacon_is_not_asked_without_coins() -> None:
    g = anglia_turn(["deacon"], [token(1, a=1)], cubes={"anglia": {0: 2}}, coins={0: 0})
    g = play(g, "plague:anglia")
    assert g.actors() == [1] and g.state.cubes["anglia"][0] == 1


def test_deacon_is_not_asked_about_a_rat_that_would_not_strike_the_holder() -> None:
    g = anglia_turn(
        ["deacon"],
        [token(1, m=1), token(9, a=1)],
        cubes={"anglia": {0: 1, 1: 3}},
        coins={0: 4},
    )
    g = play(g, "plague:anglia")  # the majority is Yellow's; the other rat finds too few people
    assert g.actors() == [1] and g.state.cubes["anglia"] == [1, 2, 0] and coins(g, 0) == 4


def test_deacon_counts_the_holders_class_symbols() -> None:
    g = anglia_turn(["deacon"], [token(1, "church")], cubes={"anglia": {0: 2}}, coins={0: 1})
    g = play(g, "plague:anglia")
    assert kind(g) == "deacon_pay" and "one of your cubes" in str(g.decision(0).prompt)  # type: ignore[union-attr]


def test_deacon_helps_only_its_holder_on_their_own_turn() -> None:
    g = anglia_turn(
        [],
        [token(1, a=1)],
        hands={1: ["deacon"]},
        cubes={"anglia": {0: 1, 1: 1}},
        coins={1: 4},
    )
    g = play(g, "plague:anglia")
    assert g.actors() == [1] and kind(g) == "turn" and g.state.cubes["anglia"] == [0, 0, 0]


def test_final_deacon_moves_the_plague_one_step_and_pays_there() -> None:
    g = final_round(
        ["deacon"],
        coins={2: 1},
        cubes={"gallia": {1: 1, 2: 1}},
        rats={"gallia": [token(1, a=1)]},
    )
    g = play(g, "use:deacon")
    assert moves(g) == {"gallia", "germania", "hispania", "hungaria"}  # one step from Italia
    g = play(g, "plague:gallia")
    assert kind(g) == "deacon_pay" and g.actors() == [2]
    g = play(g, "pay:yes")
    assert g.state.cubes["gallia"] == [0, 0, 1] and coins(g, 2) == 0
    assert notations(g) == ["done"]


# Assassin: 2 steps, a coin for each rat that kills another player's cube


def test_assassin_moves_the_plague_up_to_two_steps() -> None:
    g = m_position(3, hands={0: ["assassin"]}, plague="anglia")
    assert moves(g) == set(board.reachable(g.state, "anglia", 2)) and "italia" in moves(g)
    assert moves(m_position(3, plague="anglia")) == {"gallia", "scandia"}


def test_assassin_earns_a_coin_for_each_rat_that_kills_another_players_cube() -> None:
    g = anglia_turn(
        ["assassin"],
        [token(1, a=1), token(1, a=1), token(1, a=1)],
        cubes={"anglia": {0: 3, 1: 1, 2: 1}},
        coins={0: 4},
    )
    g = play(g, "plague:anglia")
    # The first rat kills Yellow's and Green's cubes (one coin); the next two only Red's.
    assert g.state.cubes["anglia"] == [0, 0, 0] and coins(g, 0) == 5
    assert texts(g).count("(Assassin) earned 1 coin") == 1


def test_assassin_earns_nothing_for_its_holders_own_losses() -> None:
    g = anglia_turn(["assassin"], [token(1, a=1)], cubes={"anglia": {0: 2}}, coins={0: 4})
    g = play(g, "plague:anglia")
    assert g.state.cubes["anglia"][0] == 1 and coins(g, 0) == 4


def test_assassin_earns_nothing_when_a_potion_saves_the_cube() -> None:
    g = anglia_turn(
        ["assassin"], [token(1, a=1)], cubes={"anglia": {1: 1}}, coins={0: 4}, pied_piper=True
    )
    pieces.add_potion(g.state, 1, "anglia")
    g = play(g, "plague:anglia")
    assert g.state.cubes["anglia"][1] == 1 and coins(g, 0) == 4


def test_assassin_earns_only_on_its_holders_turn() -> None:
    g = anglia_turn(
        [], [token(1, a=1)], hands={2: ["assassin"]}, cubes={"anglia": {1: 1}}, coins={2: 4}
    )
    g = play(g, "plague:anglia")
    assert g.state.cubes["anglia"][1] == 0 and coins(g, 2) == 4


def test_final_assassin_moves_up_to_two_steps_and_earns_for_the_rats_there() -> None:
    g = final_round(
        ["assassin"],
        coins={2: 0},
        cubes={"anglia": {1: 2}},
        rats={"anglia": [token(1, a=1), token(1, a=1)]},
    )
    g = play(g, "use:assassin")
    assert moves(g) == set(board.reachable(g.state, "italia", 2)) and "anglia" in moves(g)
    g = play(g, "plague:anglia")
    assert g.state.cubes["anglia"][1] == 0 and coins(g, 2) == 2
    assert notations(g) == ["done"]


# Raider: 2 steps, then a goods token of the type shown where the plague arrives


def test_raider_moves_the_plague_up_to_two_steps() -> None:
    g = m_position(3, hands={0: ["raider"]}, plague="anglia")
    assert moves(g) == set(board.reachable(g.state, "anglia", 2))


def test_raider_takes_the_face_up_token_shown_where_the_plague_arrives() -> None:
    g = m_position(3, hands={0: ["raider"]}, plague="gallia", region_goods={"anglia": "fish"})
    g = play(g, "plague:anglia")
    assert kind(g) == "plague_goods" and notations(g) == ["goods:fish", "goods:none"]
    with pytest.raises(IllegalAction):
        g.apply(0, "goods:cloth")
    g = play(g, "goods:fish")
    assert held(g, 0)["fish"] == 1 and market(g)["down"]["fish"] == 2  # turned up for Yellow
    assert g.actors() == [1] and kind(g) == "turn"


def test_raider_is_asked_right_after_the_move_before_the_rats_spread() -> None:
    g = m_position(
        3,
        hands={0: ["raider"]},
        plague="gallia",
        region_goods={"anglia": "salt"},
        rats={"anglia": [BLANK]},
    )
    g = play(g, "plague:anglia")
    assert kind(g) == "plague_goods"
    g = play(g, "goods:none")
    assert kind(g) == "spread" and held(g, 0)["salt"] == 0 and market(g)["up"]["salt"] == 1


def test_raider_gets_nothing_when_that_type_is_not_face_up() -> None:
    g = m_position(
        3, hands={0: ["raider"]}, plague="gallia", region_goods={"anglia": "fish"}, up={"fish": 0}
    )
    g = play(g, "plague:anglia")
    assert g.actors() == [1] and held(g, 0)["fish"] == 0


def test_raider_gets_nothing_in_a_region_without_goods() -> None:
    g = m_position(3, hands={0: ["raider"]}, plague="gallia", region_goods={})
    g = play(g, "plague:anglia")
    assert g.actors() == [1] and kind(g) == "turn"


def test_raider_helps_only_its_holder() -> None:
    g = m_position(3, hands={2: ["raider"]}, plague="gallia", region_goods={"anglia": "fish"})
    g = play(g, "plague:anglia")
    assert g.actors() == [1] and held(g, 2)["fish"] == 0


def test_final_raider_moves_and_takes_a_face_down_token_without_any_ravage() -> None:
    g = final_round(
        ["raider"],
        region_goods={"anglia": "fish"},
        up={"fish": 0},
        cubes={"anglia": {1: 1}},
        rats={"anglia": [token(1, a=1)]},
    )
    g = play(g, "use:raider")
    assert "anglia" in moves(g)  # two steps from Italia
    g = play(g, "plague:anglia")
    assert kind(g) == "plague_goods" and notations(g) == ["goods:fish", "goods:none"]
    g = play(g, "goods:fish")
    assert held(g, 2)["fish"] == 1 and market(g)["down"]["fish"] == 2
    assert g.state.cubes["anglia"][1] == 1 and len(g.state.rats["anglia"]) == 1
    assert notations(g) == ["done"]


def test_final_raider_says_so_when_nothing_of_that_type_is_left() -> None:
    g = final_round(["raider"], region_goods={"anglia": "fish"}, up={"fish": 0}, down={"fish": 0})
    g = play(g, "use:raider", "plague:anglia")
    assert "finds no goods to take" in texts(g) and notations(g) == ["done"]


# Grave Robber: a goods token of choice for each rat that kills another player's cube


def test_grave_robber_takes_a_face_up_token_for_each_killing_rat() -> None:
    g = anglia_turn(
        ["grave_robber"],
        [token(1, a=1), token(1, a=1)],
        cubes={"anglia": {1: 2}},
        up={"fish": 0},
    )
    g = play(g, "plague:anglia")
    assert kind(g) == "plague_goods" and g.actors() == [0]
    assert notations(g) == ["goods:cloth", "goods:lumber", "goods:none", "goods:salt"]
    g = play(g, "goods:salt")
    assert kind(g) == "plague_goods" and "goods:salt" not in notations(g)
    g = play(g, "goods:cloth")
    assert held(g, 0) == {"fish": 0, "cloth": 1, "lumber": 0, "salt": 1}
    assert g.state.cubes["anglia"][1] == 0 and g.actors() == [1]


def test_grave_robber_takes_nothing_for_its_holders_own_losses() -> None:
    g = anglia_turn(["grave_robber"], [token(1, a=1)], cubes={"anglia": {0: 2}})
    g = play(g, "plague:anglia")
    assert g.actors() == [1] and sum(held(g, 0).values()) == 0


def test_grave_robber_finds_nothing_when_no_goods_are_face_up() -> None:
    g = anglia_turn(["grave_robber"], [token(1, a=1)], cubes={"anglia": {1: 1}}, up=NONE_UP)
    g = play(g, "plague:anglia")
    assert "finds no goods token to take" in texts(g) and g.actors() == [1]
    assert sum(held(g, 0).values()) == 0


def test_grave_robber_helps_only_its_holder_on_their_own_turn() -> None:
    g = anglia_turn([], [token(1, a=1)], hands={1: ["grave_robber"]}, cubes={"anglia": {2: 1}})
    g = play(g, "plague:anglia")
    assert g.actors() == [1] and kind(g) == "turn" and sum(held(g, 1).values()) == 0


def test_final_grave_robber_moves_one_step_and_takes_from_anything_left() -> None:
    g = final_round(
        ["grave_robber"], up=NONE_UP, cubes={"gallia": {1: 1}}, rats={"gallia": [token(1, a=1)]}
    )
    g = play(g, "use:grave_robber")
    assert moves(g) == {"gallia", "germania", "hispania", "hungaria"}
    g = play(g, "plague:gallia")
    assert kind(g) == "plague_goods" and "goods:lumber" in notations(g)
    g = play(g, "goods:lumber")
    assert held(g, 2)["lumber"] == 1 and market(g)["down"]["lumber"] == 2
    assert notations(g) == ["done"]


# Final round: the plague cards a player holds act as one


def test_final_raider_deacon_and_grave_robber_share_one_move_and_one_ravage() -> None:
    g = final_round(
        ["raider", "deacon", "grave_robber"],
        region_goods={"anglia": "fish"},
        coins={2: 5},
        cubes={"anglia": {1: 1, 2: 1}},
        rats={"anglia": [token(1, a=1)]},
    )
    assert {"use:raider", "use:deacon", "use:grave_robber"} <= set(notations(g))
    g = play(g, "use:deacon")
    assert "anglia" in moves(g)  # the Raider's two steps serve the Deacon too
    g = play(g, "plague:anglia")
    assert kind(g) == "plague_goods" and notations(g) == ["goods:fish", "goods:none"]
    g = play(g, "goods:fish", "pay:yes")
    assert g.state.cubes["anglia"] == [0, 0, 1] and coins(g, 2) == 4
    assert kind(g) == "plague_goods"  # the Grave Robber: Yellow lost a cube
    g = play(g, "goods:salt")
    assert held(g, 2)["fish"] == 1 and held(g, 2)["salt"] == 1
    assert notations(g) == ["done"]


def test_final_serf_and_assassin_together_with_pied_piper() -> None:
    g = final_round(
        ["serf", "assassin"],
        pied_piper=True,
        coins={2: 0},
        cubes={"anglia": {1: 1}},
        rats={"anglia": [token(1, a=1)]},
    )
    g = play(g, "use:serf")
    assert "anglia" in moves(g)  # the Assassin's reach
    g = play(g, "plague:anglia")
    assert kind(g) == "serf_cube" and coins(g, 2) == 1
    g = play(g, "cube:skip")
    assert notations(g) == ["done"]


def test_final_knight_moves_then_the_raider_takes_goods_where_the_plague_stands() -> None:
    g = final_round(["knight", "raider"], region_goods={"anglia": "cloth"})
    g = play(g, "use:knight", "plague:anglia")
    assert "use:raider" in notations(g)
    g = play(g, "use:raider")
    assert kind(g) == "plague_goods" and g.state.plague == "anglia"
    g = play(g, "goods:cloth")
    assert held(g, 2)["cloth"] == 1 and notations(g) == ["done"]


def test_final_group_cards_can_be_backed_out_of_before_the_move() -> None:
    g = final_round(["assassin", "raider"])
    g = play(g, "use:raider", "back")
    assert g.state.plague == "italia" and {"use:assassin", "use:raider"} <= set(notations(g))


# Random games with these cards never crash and keep every invariant

CARD_LISTS = [
    ["deacon", "assassin", "grave_robber", "king", "merchant", "peasant"],
    ["raider", "deacon", "grave_robber", "witch", "monk", "king"],
    ["assassin", "grave_robber", "deacon", "knight", "peasant", "treasurer"],
]


@pytest.mark.parametrize("cards", CARD_LISTS)
def test_random_mercatus_games_with_the_plague_cards_end_cleanly(cards: list[str]) -> None:
    for players in (2, 3, 4):
        for seed in range(3):
            assert playout(players, 3100 + 10 * players + seed, cards, {"mercatus"}).outcome


def test_random_games_with_both_expansions_and_the_plague_cards_end_cleanly() -> None:
    cards = ["raider", "deacon", "grave_robber", "crusader", "serf", "wizard"]
    for players in (2, 3, 4):
        for seed in range(3):
            game = playout(players, 3500 + seed, cards, {"mercatus", "pied_piper"}, leaks=True)
            assert game.outcome is not None
