"""Stadtholder, Treasurer, Pope, Brewer and Swindler: each ability, its limits and its final
round, from literal positions; then seeded random games with these cards in play."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import IllegalAction
from engine.rattus.game import Game
from engine.rattus.mercatus import goods
from engine.rattus.pied_piper import pieces
from engine.text import Msg, Seat, english
from tests.engine.helpers import notations, play, token
from tests.engine.mercatus.helpers import m_position
from tests.engine.mercatus.test_m_playouts import playout

GOODS = {
    "anglia": "fish",
    "gallia": "cloth",
    "germania": "lumber",
    "hispania": "salt",
    "italia": "fish",
}


def coins(g: Game, seat: int = 0) -> int:
    return goods.coins(g.state, seat)


def held(g: Game, seat: int = 0) -> dict[str, int]:
    return {t: n for t, n in goods.market(g.state)["held"][seat].items() if n}


def texts(g: Game) -> str:
    return " | ".join(e.text for e in g.events)


def final_round(gone: int = 0, **kw: Any) -> Game:
    """Seat 0 moves the plague with an empty rat supply (unless ``supply_rats`` says otherwise:
    then seat 0 must have placed all its cubes): seat 2 has the first final turn. ``gone``
    tokens have left the game by then."""
    kw.setdefault("region_goods", GOODS)
    kw.setdefault("supply_rats", 0)
    g = m_position(3, plague="gallia", **kw)
    g.state.gone.extend(g.state.removed.pop() for _ in range(gone))
    g = play(g, "plague:italia")
    assert g.view()["status"] == "final_round" and g.actors() == [2]
    return g


def skipped_final_turn(g: Game, seat: int) -> bool:
    """Whether the seat's final turn was passed over for want of a usable card."""
    return any(
        e.kind == "final"
        and "has no card to use" in e.text
        and isinstance(e.template, Msg)
        and e.template.values.get("player") == Seat(seat)
        for e in g.events
    )


# Stadtholder


def test_stadtholder_buys_up_to_three_cubes_for_one_region_of_choice() -> None:
    g = m_position(3, hands={0: ["stadtholder"]}, coins={0: 7})
    g = play(g, "use:stadtholder")
    opts = notations(g)
    assert "back" in opts and len([n for n in opts if n.startswith("region:")]) == 10
    g = play(g, "region:anglia")
    assert notations(g) == ["back", "count:1", "count:2", "count:3"]
    labels = [english(a.label) for a in g.legal_actions(0)]
    assert "3 cubes for 6 coins" in labels and "2 cubes for 3 coins" in labels
    g = play(g, "count:3")
    assert g.state.cubes["anglia"][0] == 3 and g.state.supply[0] == 17
    assert coins(g) == 1
    assert "paid 6 coins and placed 3 cubes in Anglia" in texts(g)
    assert "use:stadtholder" not in notations(g)


@pytest.mark.parametrize(
    ("money", "counts"),
    [
        (6, ["count:1", "count:2", "count:3"]),
        (5, ["count:1", "count:2"]),
        (3, ["count:1", "count:2"]),
    ],
)
def test_stadtholder_offers_only_what_the_coins_pay_for(money: int, counts: list[str]) -> None:
    g = m_position(3, hands={0: ["stadtholder"]}, coins={0: money})
    g = play(g, "use:stadtholder", "region:gallia")
    assert [n for n in notations(g) if n != "back"] == counts


def test_stadtholder_with_one_affordable_count_places_at_once() -> None:
    g = m_position(3, hands={0: ["stadtholder"]}, coins={0: 2})
    g = play(g, "use:stadtholder")
    assert english(g.legal_actions(0)[1].label) == "Pay 1 coin: 1 cube in Anglia"
    g = play(g, "region:anglia")
    assert g.state.cubes["anglia"][0] == 1 and coins(g) == 1
    assert g.state.stack[-1]["kind"] == "turn"


def test_stadtholder_never_buys_more_cubes_than_the_supply_holds() -> None:
    g = m_position(3, hands={0: ["stadtholder"]}, coins={0: 20}, cubes={"gallia": {0: 18}})
    g = play(g, "use:stadtholder", "region:anglia")
    assert [n for n in notations(g) if n != "back"] == ["count:1", "count:2"]
    with pytest.raises(IllegalAction):
        g.apply(0, "count:3")


def test_stadtholder_needs_a_coin() -> None:
    g = m_position(3, hands={0: ["stadtholder"]}, coins={0: 0})
    assert "use:stadtholder" not in notations(g)


def test_stadtholder_is_independent_of_phase_b_and_of_rats() -> None:
    g = m_position(
        3,
        hands={0: ["stadtholder"]},
        coins={0: 1},
        rats={"gallia": [token(9), token(9)]},
    )
    g = play(g, "place:gallia", "use:stadtholder", "region:scandia")
    assert g.state.cubes["gallia"][0] == 2 and g.state.cubes["scandia"][0] == 1
    assert coins(g) == 0


def test_stadtholder_back_leaves_coins_and_card_unused() -> None:
    g = m_position(3, hands={0: ["stadtholder"]}, coins={0: 6})
    g = play(g, "use:stadtholder", "region:gallia", "back")
    assert coins(g) == 6 and g.state.cubes["gallia"][0] == 0
    assert "use:stadtholder" in notations(g)


def test_stadtholder_emptying_the_cube_supply_ends_the_game_after_the_turn() -> None:
    g = m_position(3, hands={0: ["stadtholder"]}, coins={0: 1}, cubes={"gallia": {0: 19}})
    g = play(g, "use:stadtholder", "region:anglia", "plague:italia")
    assert "The game is ending" in texts(g) and "has no cubes left" in texts(g)


def test_stadtholder_in_the_final_round_buys_one_cube_for_one_coin() -> None:
    g = final_round(hands={2: ["stadtholder"]}, coins={2: 9})
    g = play(g, "use:stadtholder")
    assert g.decision(2) is not None and "1 coin to place 1 cube" in str(g.decision(2).prompt)
    g = play(g, "region:hispania")
    assert g.state.cubes["hispania"][2] == 1 and coins(g, 2) == 8
    assert "use:stadtholder" not in notations(g)


def test_stadtholder_in_the_final_round_needs_a_coin() -> None:
    g = m_position(3, supply_rats=0, plague="gallia", hands={2: ["stadtholder"]}, coins={2: 0})
    g = play(g, "plague:italia")
    assert skipped_final_turn(g, 2)


# Treasurer


def test_treasurer_takes_two_coins_once_a_turn() -> None:
    g = m_position(3, hands={0: ["treasurer"]}, coins={0: 4})
    g = play(g, "use:treasurer")
    assert coins(g) == 6
    assert "(Treasurer) took 2 coins from the bank" in texts(g)
    assert "use:treasurer" not in notations(g)
    g = play(g, "plague:italia")
    assert coins(g) == 6


def test_treasurer_works_in_the_final_round() -> None:
    g = final_round(hands={2: ["treasurer"]}, coins={2: 3})
    g = play(g, "use:treasurer")
    assert coins(g, 2) == 5 and notations(g) == ["done"]


def test_treasurer_coins_count_at_the_end() -> None:
    g = final_round(hands={2: ["treasurer"]}, coins={0: 0, 1: 0, 2: 3})
    g = play(g, "use:treasurer", "done")
    while not g.is_over:
        g = play(g, "done")
    assert g.outcome is not None and g.outcome["scores"][2] == 1


# Pope


def test_pope_pays_two_coins_to_move_a_cube_into_the_palace() -> None:
    g = m_position(
        3,
        hands={0: ["pope"]},
        coins={0: 3},
        cubes={"gallia": {0: 2, 1: 1}, "italia": {1: 3}},
        rats={"gallia": [token(9)]},
    )
    g = play(g, "use:pope")
    assert notations(g) == ["back", "palace:gallia"]  # rats are no obstacle, unlike the King
    g = play(g, "palace:gallia")
    assert g.state.cubes["gallia"][0] == 1 and g.state.palace[0] == 1 and coins(g) == 1
    assert "(Pope) paid 2 coins and moved a cube from Gallia to the palace" in texts(g)
    assert "use:pope" not in notations(g)


def test_pope_needs_two_coins_and_a_cube_on_the_board() -> None:
    poor = m_position(3, hands={0: ["pope"]}, coins={0: 1}, cubes={"gallia": {0: 2}})
    assert "use:pope" not in notations(poor)
    no_cube = m_position(3, hands={0: ["pope"]}, coins={0: 5}, palace={0: 3})
    assert "use:pope" not in notations(no_cube)


def test_pope_back_costs_nothing() -> None:
    g = m_position(3, hands={0: ["pope"]}, coins={0: 2}, cubes={"gallia": {0: 2}})
    g = play(g, "use:pope", "back")
    assert coins(g) == 2 and g.state.palace[0] == 0 and "use:pope" in notations(g)


def test_pope_in_the_final_round() -> None:
    g = final_round(hands={2: ["pope"]}, coins={2: 2}, cubes={"anglia": {2: 1}})
    g = play(g, "use:pope", "palace:anglia")
    assert g.state.palace[2] == 1 and g.state.cubes["anglia"][2] == 0 and coins(g, 2) == 0


def test_pope_takes_the_potion_of_the_last_cube_off_the_board() -> None:
    g = m_position(
        3,
        hands={0: ["pope"]},
        coins={0: 2},
        cubes={"gallia": {0: 1}},
        pied_piper=True,
    )
    pieces.add_potion(g.state, 0, "gallia")
    g = play(g, "use:pope", "palace:gallia")
    assert pieces.potions_of(g.state, 0, "gallia") == 0 and g.state.palace[0] == 1


# Brewer


def test_brewer_takes_a_second_type_never_the_same_twice() -> None:
    g = m_position(3, hands={0: ["brewer"]})
    g = play(g, "goods:fish", "use:brewer")
    assert notations(g) == ["back", "goods:cloth", "goods:lumber", "goods:salt"]
    with pytest.raises(IllegalAction):
        g.apply(0, "goods:fish")
    g = play(g, "goods:salt")
    assert held(g) == {"fish": 1, "salt": 1}
    assert "took a salt token (Brewer)" in texts(g)
    assert not any(n.startswith("goods:") or n == "use:brewer" for n in notations(g))


def test_brewer_first_then_the_regular_take_of_another_type() -> None:
    g = m_position(3, hands={0: ["brewer"]})
    g = play(g, "use:brewer", "goods:cloth")
    assert "goods:cloth" not in notations(g) and "goods:fish" in notations(g)
    g = play(g, "goods:fish")
    assert held(g) == {"cloth": 1, "fish": 1}


def test_brewer_only_takes_face_up_tokens() -> None:
    g = m_position(
        3,
        hands={0: ["brewer"]},
        up={"fish": 0, "cloth": 0, "lumber": 0, "salt": 1},
        down={"fish": 3, "cloth": 3, "lumber": 3, "salt": 0},
    )
    g = play(g, "goods:salt")
    assert "use:brewer" not in notations(g)


def test_brewer_in_the_final_round_takes_any_type_left_in_the_supply() -> None:
    g = final_round(
        hands={2: ["brewer"]},
        up={"fish": 0, "cloth": 0, "lumber": 0, "salt": 0},
        down={"fish": 0, "cloth": 2, "lumber": 0, "salt": 0},
    )
    g = play(g, "use:brewer")
    assert notations(g) == ["back", "goods:cloth"]
    g = play(g, "goods:cloth")
    assert held(g, 2) == {"cloth": 1} and goods.market(g.state)["down"]["cloth"] == 1


def test_brewer_in_the_final_round_with_an_empty_supply_cannot_be_used() -> None:
    empty = {t: 0 for t in goods.TYPES}
    g = m_position(3, supply_rats=0, hands={2: ["brewer"]}, up=empty, down=empty)
    g = play(g, "plague:italia")
    assert skipped_final_turn(g, 2)


# Swindler


def swindler_game(**kw: Any) -> Game:
    kw.setdefault("hands", {0: ["swindler"]})
    kw.setdefault("region_goods", GOODS)
    return m_position(3, **kw)


def test_swindler_puts_a_supply_rat_where_it_has_a_cube_and_room() -> None:
    g = swindler_game(
        cubes={"gallia": {0: 1}, "anglia": {0: 2}, "italia": {1: 2}, "hispania": {0: 1}},
        rats={"anglia": [token(9)] * 3, "gallia": [token(9)]},
    )
    top = g.state.rat_supply[-1]
    before = len(g.state.rat_supply)
    g = play(g, "use:swindler")
    assert notations(g) == ["back", "rat:gallia", "rat:hispania"]
    g = play(g, "rat:gallia")
    assert g.state.rats["gallia"][-1] == top and len(g.state.rat_supply) == before - 1
    assert "(Swindler) put a rat from the supply into Gallia" in texts(g)
    assert notations(g) == ["goods:cloth", "nogoods"]  # no "back" once the rat is down
    g = play(g, "goods:cloth")
    assert held(g) == {"cloth": 1} and "took a cloth token (Swindler)" in texts(g)
    assert g.state.stack[-1]["kind"] == "turn" and "use:swindler" not in notations(g)


def test_swindler_rat_stays_unknown_to_everyone() -> None:
    g = swindler_game(cubes={"gallia": {0: 1}})
    g = play(g, "use:swindler", "rat:gallia", "nogoods")
    token_id = g.state.rats["gallia"][-1]
    assert token_id not in g.state.known
    assert all(slot["known"] is None for slot in g.view(0)["regions"]["gallia"]["slots"])


def test_swindler_may_leave_the_goods_token() -> None:
    g = swindler_game(cubes={"gallia": {0: 1}})
    g = play(g, "use:swindler", "rat:gallia", "nogoods")
    assert held(g) == {} and len(g.state.rats["gallia"]) == 1


def test_swindler_offers_no_goods_when_that_type_is_not_face_up_or_none_lies_there() -> None:
    g = swindler_game(cubes={"gallia": {0: 1}}, hands={0: ["swindler", "brewer"]})
    g = play(g, "goods:cloth", "use:swindler", "rat:gallia")
    assert g.state.stack[-1]["kind"] == "turn" and held(g) == {"cloth": 1}
    bare = swindler_game(cubes={"scandia": {0: 1}})
    bare = play(bare, "use:swindler", "rat:scandia")
    assert bare.state.stack[-1]["kind"] == "turn" and len(bare.state.rats["scandia"]) == 1


def test_swindler_goods_is_a_take_of_its_own_not_the_regular_one() -> None:
    g = swindler_game(cubes={"gallia": {0: 1}})
    g = play(g, "use:swindler", "rat:gallia", "goods:cloth")
    assert "goods:fish" in notations(g) and "goods:cloth" not in notations(g)


def test_swindler_respects_bishops() -> None:
    g = m_position(
        3,
        hands={0: ["swindler"]},
        cubes={"gallia": {0: 1}, "anglia": {0: 1}},
        pied_piper=True,
    )
    pieces.pieces(g.state)["bishops"][0] = "gallia"
    g = play(g, "use:swindler")
    assert notations(g) == ["back", "rat:anglia"]
    with pytest.raises(IllegalAction):
        g.apply(0, "rat:gallia")
    assert g.state.rats["gallia"] == []


def test_swindler_needs_a_rat_in_the_supply_and_a_region_with_room() -> None:
    empty = swindler_game(cubes={"gallia": {0: 1}}, supply_rats=0)
    assert "use:swindler" not in notations(empty)
    full = swindler_game(cubes={"gallia": {0: 1}}, rats={"gallia": [token(9)] * 3})
    assert "use:swindler" not in notations(full)
    nowhere = swindler_game(cubes={"gallia": {1: 1}})
    assert "use:swindler" not in notations(nowhere)


def test_swindler_emptying_the_rat_supply_ends_the_game_without_spreading() -> None:
    g = swindler_game(
        cubes={"gallia": {0: 1}},
        rats={"italia": [token(9), token(9)]},
        supply_rats=1,
    )
    g = play(g, "use:swindler", "rat:gallia")
    assert g.state.rat_supply == []
    assert "the game ends after this turn" in texts(g)
    g = play(g, "nogoods")
    g = play(g, "plague:italia")
    assert len(g.state.rats["italia"]) == 2
    assert all(len(g.state.rats[r]) <= 1 for r in ("gallia", "germania", "hispania", "hungaria"))
    assert not any(e.kind == "rat" for e in g.events)
    assert "The game is ending: the rat supply is empty" in texts(g)


def test_swindler_in_the_final_round_draws_a_rat_that_left_the_game() -> None:
    g = final_round(gone=2, hands={2: ["swindler"]}, cubes={"hispania": {2: 1}})
    gone = list(g.state.gone)
    g = play(g, "use:swindler", "rat:hispania")
    placed = g.state.rats["hispania"][-1]
    assert placed in gone and placed not in g.state.gone and len(g.state.gone) == 1
    assert placed not in g.state.known
    assert "drawn at random from the rats that left the game into Hispania" in texts(g)


def test_swindler_final_round_uses_the_supply_first() -> None:
    g = final_round(
        gone=1,
        supply_rats=1,
        hands={2: ["swindler"]},
        cubes={"hispania": {2: 1}, "anglia": {0: 20}},
    )
    top = g.state.rat_supply[-1]
    g = play(g, "use:swindler", "rat:hispania", "nogoods")
    assert g.state.rats["hispania"][-1] == top and len(g.state.gone) == 1


def test_swindler_final_round_goods_from_anywhere_in_the_supply() -> None:
    g = final_round(
        gone=1,
        hands={2: ["swindler"]},
        cubes={"hispania": {2: 1}},
        up={"salt": 0},
        down={"salt": 2},
    )
    g = play(g, "use:swindler", "rat:hispania")
    assert notations(g) == ["goods:salt", "nogoods"]
    g = play(g, "goods:salt")
    assert held(g, 2) == {"salt": 1} and goods.market(g.state)["down"]["salt"] == 1


def test_swindler_final_round_with_no_rats_anywhere_cannot_be_used() -> None:
    g = m_position(3, supply_rats=0, hands={2: ["swindler"]}, cubes={"hispania": {2: 1}})
    assert g.state.gone == []
    g = play(g, "plague:italia")
    assert skipped_final_turn(g, 2)


def test_bad_input_leaves_the_game_unchanged() -> None:
    g = m_position(3, hands={0: ["pope", "stadtholder"]}, coins={0: 1}, cubes={"gallia": {0: 1}})
    before = g.to_dict()
    for bad in ("use:pope", "use:treasurer", "palace:gallia", "count:9"):
        with pytest.raises(IllegalAction):
            g.apply(0, bad)
    g2 = play(g, "use:stadtholder")
    with pytest.raises(IllegalAction):
        g2.apply(0, "region:atlantis")
    assert g.to_dict() == before


# Random games with these cards in play


MONEY_CARDS = ["stadtholder", "treasurer", "pope", "brewer", "swindler"]
CARD_LISTS = [
    ["stadtholder", "treasurer", "pope", "brewer", "swindler", "knight"],
    ["stadtholder", "pope", "brewer", "swindler", "witch", "peasant"],
    ["treasurer", "pope", "swindler", "knight", "monk", "merchant"],
    ["stadtholder", "brewer", "swindler", "king", "knight", "witch"],
]
PP_LISTS = [
    ["stadtholder", "treasurer", "pope", "swindler", "bishop", "knight"],
    ["brewer", "swindler", "pope", "wizard", "baker", "crusader"],
]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_mercatus_games_with_these_cards_keep_invariants_and_end(players: int) -> None:
    for i, cards in enumerate(CARD_LISTS):
        for seed in range(3):
            g = playout(players, 40 * i + seed, cards, {"mercatus"})
            assert g.outcome is not None


def test_random_games_with_pied_piper_too() -> None:
    for i, cards in enumerate(PP_LISTS):
        for players in (2, 3, 4):
            g = playout(players, 700 + 10 * i + players, cards, {"mercatus", "pied_piper"})
            assert g.outcome is not None
