"""Mercatus goods and money: setup, taking goods, turning them up, sales, the final sale."""

from __future__ import annotations

import json

import pytest

from engine import rattus
from engine.core import IllegalAction
from engine.rattus.mercatus import goods
from tests.engine.helpers import notations, play, random_playout, token
from tests.engine.mercatus.helpers import m_position


@pytest.mark.parametrize(("players", "out"), [(2, 4), (3, 2), (4, 0)])
def test_setup_puts_one_goods_token_on_each_region_and_four_of_each_in_the_supply(
    players: int, out: int
) -> None:
    g = rattus.new_game(players, expansions={"mercatus"}, seed=4)
    m = goods.market(g.state)
    assert set(m["regions"]) == set(g.state.regions)
    assert sum(m["out"].values()) == out and max(m["out"].values()) <= 1
    for kind in goods.TYPES:
        on_board = list(m["regions"].values()).count(kind)
        assert m["up"][kind] == 1 and m["down"][kind] == 3
        assert on_board + m["out"][kind] == 3
    assert m["coins"] == [4] * players
    view = g.view()
    assert all(view["regions"][r]["goods"] == k for r, k in m["regions"].items())
    assert view["players"][0]["coins"] == 4 and view["players"][0]["goods"] == {}
    assert view["goods_supply"]["fish"] == {"up": 1, "down": 3}


def test_take_one_face_up_goods_token_per_turn() -> None:
    g = m_position(3)
    assert sorted(n for n in notations(g) if n.startswith("goods:")) == [
        "goods:cloth",
        "goods:fish",
        "goods:lumber",
        "goods:salt",
    ]
    g = play(g, "goods:salt")
    assert goods.market(g.state)["held"][0]["salt"] == 1
    assert goods.market(g.state)["up"]["salt"] == 0
    assert not any(n.startswith("goods:") for n in notations(g))
    with pytest.raises(IllegalAction):
        g.apply(0, "goods:fish")


def test_a_taken_type_is_turned_up_again_at_the_next_turn() -> None:
    g = m_position(3, plague="anglia")
    g = play(g, "goods:salt", "plague:gallia")
    m = goods.market(g.state)
    assert m["up"]["salt"] == 1 and m["down"]["salt"] == 2
    assert "goods:salt" in notations(g)


def test_the_rulebook_fish_sale() -> None:
    """Fish lies on Germania, Polonia and Hungaria. Blue holds 3 fish and the majority in
    Germania and Polonia. Red takes the last fish and ends the turn sharing Germania with Blue
    and leading Hungaria: Blue sells 2 (6 coins, one back unsold), Red sells 1 (3 coins)."""
    g = m_position(
        4,
        region_goods={"germania": "fish", "polonia": "fish", "hungaria": "fish"},
        held={3: {"fish": 3}},
        up={"fish": 1},
        down={"fish": 0},
        coins={0: 0, 3: 0},
        cubes={"germania": {0: 2, 3: 2}, "polonia": {3: 1}, "hungaria": {0: 1}},
        plague="anglia",
    )
    g = play(g, "goods:fish", "plague:scandia")
    m = goods.market(g.state)
    assert m["coins"][3] == 6 and m["coins"][0] == 3
    assert m["held"][3]["fish"] == 0 and m["held"][0]["fish"] == 0
    assert any("sold 2 fish for 6 coins, 1 unsold" in e.text for e in g.events)
    # All four went back face down; the next turn has already turned one up.
    assert m["up"]["fish"] == 1 and m["down"]["fish"] == 3


def test_no_sale_while_any_token_of_the_type_is_left() -> None:
    g = m_position(
        3,
        region_goods={"gallia": "salt"},
        held={1: {"salt": 2}},
        up={"salt": 1},
        down={"salt": 1},
        cubes={"gallia": {1: 3}},
        plague="anglia",
    )
    g = play(g, "goods:salt", "plague:scandia")
    assert goods.market(g.state)["held"][1]["salt"] == 2


def test_a_sale_needs_a_majority_and_sells_one_token_per_region() -> None:
    g = m_position(
        3,
        region_goods={"gallia": "cloth", "italia": "cloth", "hispania": "cloth"},
        held={1: {"cloth": 3}, 2: {"cloth": 2}},
        up={"cloth": 1},
        down={"cloth": 0},
        coins={1: 0, 2: 0},
        cubes={"gallia": {1: 2, 2: 2}, "italia": {1: 1, 2: 3}, "hispania": {0: 1}},
        plague="anglia",
    )
    g = play(g, "goods:cloth", "plague:scandia")
    m = goods.market(g.state)
    # Yellow leads only Gallia (a tie): 1 of 3 sold. Green shares Gallia and leads Italia: 2 of 2.
    assert m["coins"][1] == 3 and m["coins"][2] == 6
    # Red took the last cloth and leads Hispania: 4 + 3.
    assert m["coins"][0] == 7
    assert sum(m["held"][p]["cloth"] for p in range(3)) == 0


def test_the_final_sale_comes_after_the_final_ravage_and_coins_score() -> None:
    g = m_position(
        3,
        region_goods={"gallia": "lumber", "italia": "salt"},
        held={0: {"lumber": 2, "salt": 1}},
        coins={0: 4, 1: 10, 2: 9},
        cubes={"gallia": {0: 1}, "italia": {0: 1}},
        rats={"italia": [token(1, a=1)]},
        supply_rats=0,
        plague="anglia",
    )
    g = play(g, "plague:scandia")
    assert g.is_over
    m = goods.market(g.state)
    # Italia's cube died in the final ravage, so only Gallia's lumber sells: 4 + 3 = 7 coins.
    assert m["coins"][0] == 7
    assert g.outcome is not None and g.outcome["scores"] == [1 + 1, 2, 1]


def test_a_mercatus_game_round_trips_and_ends() -> None:
    for players in (2, 3, 4):
        g, _ = random_playout(players, players, expansions={"mercatus"})
        back = rattus.from_dict(json.loads(json.dumps(g.to_dict())))
        assert back.to_dict() == g.to_dict()
        assert g.outcome is not None and len(g.outcome["scores"]) == players
