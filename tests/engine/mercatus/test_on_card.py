"""Hanseatic Trader, Shaman and Landowner: the goods token kept on the card and each ability."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import IllegalAction
from engine.rattus import data
from engine.rattus.game import Game
from engine.rattus.mercatus import goods
from engine.rattus.pied_piper import pieces
from tests.engine.helpers import BLANK, notations, play, random_playout
from tests.engine.mercatus.helpers import m_position
from tests.engine.mercatus.test_m_playouts import check_goods
from tests.engine.test_playouts import check_invariants

FISH = {"gallia": "fish", "italia": "fish", "anglia": "salt", "turcia": "fish"}


def market(g: Game) -> dict[str, Any]:
    return goods.market(g.state)


def texts(g: Game) -> list[str]:
    return [e.text for e in g.events]


def final_round(**kw: Any) -> Game:
    """Seat 0 moves the plague with an empty rat supply: seat 2 has the first final turn."""
    g = m_position(3, supply_rats=0, plague="gallia", **kw)
    g = play(g, "plague:italia")
    assert g.view()["status"] == "final_round" and g.actors() == [2]
    return g


# The token on the card


def test_putting_a_token_on_the_card_takes_it_from_the_holder_and_shows_it() -> None:
    g = m_position(3, hands={0: ["landowner"]}, held={0: {"fish": 2}}, region_goods=FISH)
    g = play(g, "use:landowner")
    assert notations(g) == ["back", "put:fish"]
    g = play(g, "put:fish")
    assert market(g)["held"][0]["fish"] == 1
    assert market(g)["on_card"] == {"landowner": "fish"}
    assert g.view()["goods_on_cards"] == {"landowner": "fish"}
    assert texts(g) == ["Red put a fish token on the Landowner."]


def test_a_new_token_does_not_use_the_card_up_later_keeps_it_for_this_turn() -> None:
    g = m_position(3, hands={0: ["landowner"]}, held={0: {"fish": 1}}, region_goods=FISH)
    g = play(g, "use:landowner", "put:fish")
    assert "back" not in notations(g) and "later" in notations(g)
    g = play(g, "later")
    assert g.state.stack[-1]["kind"] == "turn" and "landowner" not in g.state.used
    assert market(g)["on_card"] == {"landowner": "fish"}
    g = play(g, "use:landowner")
    assert "later" not in notations(g) and "back" in notations(g)
    g = play(g, "place:turcia")
    assert g.state.cubes["turcia"][0] == 2
    assert "use:landowner" not in notations(g)


def test_replacing_the_token_sends_the_old_one_face_down_to_the_supply() -> None:
    g = m_position(
        3,
        hands={0: ["landowner"]},
        held={0: {"salt": 1}},
        on_card={"landowner": "fish"},
        region_goods=FISH,
        down={"fish": 1},
    )
    g = play(g, "use:landowner")
    assert notations(g) == ["back", "keep", "put:salt"]
    g = play(g, "put:salt")
    assert market(g)["on_card"] == {"landowner": "salt"}
    assert market(g)["down"]["fish"] == 2 and market(g)["up"]["fish"] == 1
    assert market(g)["held"][0]["salt"] == 0
    assert "The fish token there went back to the supply." in texts(g)[0]
    assert notations(g) == ["later", "place:anglia"]


def test_without_goods_held_the_card_works_straight_away_with_its_token() -> None:
    g = m_position(3, hands={0: ["landowner"]}, on_card={"landowner": "fish"}, region_goods=FISH)
    g = play(g, "use:landowner")
    assert notations(g) == ["back", "place:gallia", "place:italia", "place:turcia"]
    g = play(g, "back")
    assert g.state.stack[-1]["kind"] == "turn" and "landowner" not in g.state.used


def test_no_token_and_no_goods_means_no_use() -> None:
    g = m_position(3, hands={0: ["landowner", "shaman", "hanseatic_trader"]}, region_goods=FISH)
    assert not any(n.startswith("use:") for n in notations(g))


def test_a_token_that_gives_the_ability_nothing_to_do_is_no_use_without_goods() -> None:
    g = m_position(3, hands={0: ["landowner"]}, on_card={"landowner": "cloth"}, region_goods=FISH)
    assert "use:landowner" not in notations(g)


def test_a_new_token_with_nothing_to_do_ends_the_use_and_leaves_the_card_unused() -> None:
    g = m_position(3, hands={0: ["landowner"]}, held={0: {"cloth": 1}}, region_goods=FISH)
    g = play(g, "use:landowner", "put:cloth")
    assert g.state.stack[-1]["kind"] == "turn" and "landowner" not in g.state.used
    assert market(g)["on_card"] == {"landowner": "cloth"}


def test_backing_out_of_the_token_choice_changes_nothing() -> None:
    g = m_position(3, hands={0: ["landowner"]}, held={0: {"fish": 1}}, region_goods=FISH)
    before = g.to_dict()
    g = play(g, "use:landowner", "back")
    after = g.to_dict()
    for d in (before, after):
        d.pop("version"), d.pop("log")
    # The turn counts how often a card was backed out of (at most twice a turn).
    assert after["stack"][-1].pop("backs") == {"landowner": 1}
    assert after == before


def test_a_token_the_player_does_not_hold_is_refused() -> None:
    g = m_position(3, hands={0: ["landowner"]}, held={0: {"fish": 1}}, region_goods=FISH)
    g = play(g, "use:landowner")
    with pytest.raises(IllegalAction):
        g.apply(0, "put:salt")
    assert market(g)["held"][0]["fish"] == 1 and market(g)["on_card"] == {}


def test_after_the_use_the_token_may_still_be_replaced_before_the_plague_moves() -> None:
    g = m_position(
        3,
        hands={0: ["landowner"]},
        held={0: {"salt": 1, "cloth": 1}},
        on_card={"landowner": "fish"},
        region_goods=FISH,
    )
    assert not any(n.startswith("oncard:") for n in notations(g))
    g = play(g, "use:landowner", "keep", "place:gallia")
    oncard = [n for n in notations(g) if n.startswith("oncard:")]
    assert oncard == ["oncard:landowner:cloth", "oncard:landowner:salt"]
    down = market(g)["down"]["fish"]
    g = play(g, "oncard:landowner:salt")
    assert market(g)["on_card"] == {"landowner": "salt"}
    assert market(g)["down"]["fish"] == down + 1
    assert "use:landowner" not in notations(g)


def test_taking_the_card_sends_its_token_back_face_down() -> None:
    g = m_position(3, hands={1: ["shaman"]}, on_card={"shaman": "salt"}, down={"salt": 0})
    g = play(g, "take:shaman")
    assert market(g)["on_card"] == {}
    assert market(g)["down"]["salt"] == 1
    assert "The salt token on the Shaman went back to the supply." in texts(g)
    assert g.view()["goods_on_cards"] == {}


def test_the_token_on_the_card_is_never_sold() -> None:
    g = m_position(
        3,
        hands={0: ["landowner"]},
        on_card={"landowner": "fish"},
        held={0: {"fish": 1}},
        region_goods=FISH,
        up={"fish": 0},
        down={"fish": 0},
        cubes={"gallia": {0: 2}, "italia": {0: 1}},
        plague="anglia",
    )
    g = play(g, "plague:gallia")
    assert any("a sale" in t for t in texts(g))
    assert market(g)["coins"][0] == goods.START_COINS + goods.SALE_PRICE
    assert market(g)["held"][0]["fish"] == 0
    assert market(g)["on_card"] == {"landowner": "fish"}


# Hanseatic Trader


def test_hanseatic_trader_moves_up_to_5_cubes_into_any_region_of_its_type() -> None:
    g = m_position(
        4,
        hands={0: ["hanseatic_trader"]},
        on_card={"hanseatic_trader": "fish"},
        region_goods=FISH,
        cubes={"anglia": {0: 7}, "gallia": {0: 1, 1: 2}},
    )
    g = play(g, "use:hanseatic_trader")
    assert notations(g) == ["back", "from:anglia", "from:gallia"]
    g = play(g, "from:anglia")
    assert notations(g) == ["back", "to:gallia", "to:italia", "to:turcia"]
    g = play(g, "to:turcia")
    assert notations(g) == ["back", "count:1", "count:2", "count:3", "count:4", "count:5"]
    g = play(g, "count:5")
    assert g.state.cubes["anglia"][0] == 2 and g.state.cubes["turcia"][0] == 5
    assert texts(g) == ["Red (Hanseatic Trader) moved 5 cubes from Anglia to Turcia."]
    assert "use:hanseatic_trader" not in notations(g)


def test_hanseatic_trader_moves_no_more_cubes_than_are_there_and_never_in_place() -> None:
    g = m_position(
        3,
        hands={0: ["hanseatic_trader"]},
        on_card={"hanseatic_trader": "fish"},
        region_goods=FISH,
        cubes={"gallia": {0: 3}},
    )
    g = play(g, "use:hanseatic_trader", "from:gallia")
    assert notations(g) == ["back", "to:italia", "to:turcia"]
    g = play(g, "to:italia")
    assert notations(g) == ["back", "count:1", "count:2", "count:3"]


def test_hanseatic_trader_needs_cubes_outside_a_lone_region_of_its_type() -> None:
    g = m_position(
        3,
        hands={0: ["hanseatic_trader"]},
        on_card={"hanseatic_trader": "salt"},
        region_goods=FISH,
        cubes={"anglia": {0: 3}},
    )
    assert "use:hanseatic_trader" not in notations(g)


def test_hanseatic_trader_ignores_walls_and_carries_potions_with_the_last_cubes() -> None:
    g = m_position(
        3,
        hands={0: ["hanseatic_trader"]},
        on_card={"hanseatic_trader": "fish"},
        region_goods=FISH,
        cubes={"gallia": {0: 2}},
        pied_piper=True,
    )
    pieces.pieces(g.state)["walls"][0] = ["gallia", "italia"]
    pieces.add_potion(g.state, 0, "gallia")
    g = play(g, "use:hanseatic_trader", "from:gallia", "to:italia", "count:2")
    assert g.state.cubes["italia"][0] == 2
    assert pieces.potions_of(g.state, 0, "italia") == 1
    assert pieces.potions_of(g.state, 0, "gallia") == 0


# Landowner


def test_landowner_places_2_cubes_in_a_region_of_its_type_only() -> None:
    g = m_position(3, hands={0: ["landowner"]}, on_card={"landowner": "salt"}, region_goods=FISH)
    g = play(g, "use:landowner")
    assert notations(g) == ["back", "place:anglia"]
    supply = g.state.supply[0]
    g = play(g, "place:anglia")
    assert g.state.cubes["anglia"][0] == 2 and g.state.supply[0] == supply - 2
    assert texts(g) == ["Red (Landowner) placed 2 cubes in Anglia."]


def test_landowner_places_what_the_supply_has_and_nothing_from_an_empty_one() -> None:
    g = m_position(
        3,
        hands={0: ["landowner"]},
        on_card={"landowner": "salt"},
        region_goods=FISH,
        cubes={"gallia": {0: 19}},
    )
    g = play(g, "use:landowner", "place:anglia")
    assert g.state.cubes["anglia"][0] == 1 and g.state.supply[0] == 0
    assert texts(g) == ["Red (Landowner) placed 1 cube in Anglia."]
    g = m_position(
        3,
        hands={0: ["landowner"]},
        on_card={"landowner": "salt"},
        region_goods=FISH,
        cubes={"gallia": {0: 20}},
    )
    assert "use:landowner" not in notations(g)


# Shaman


def test_shaman_moves_rats_unseen_between_far_regions_of_its_type() -> None:
    g = m_position(
        4,
        hands={0: ["shaman"]},
        on_card={"shaman": "fish"},
        region_goods=FISH,
        rats={"gallia": [BLANK, BLANK], "anglia": [BLANK], "turcia": [BLANK]},
    )
    g = play(g, "use:shaman")
    assert notations(g) == ["back", "rat:gallia:1", "rat:gallia:2", "rat:turcia:1"]
    g = play(g, "rat:turcia:1")
    assert notations(g) == ["back", "to:gallia", "to:italia"]
    g = play(g, "to:italia")
    # Nothing moves until the arrangement is done; the planned rat is not offered again.
    assert [len(g.state.rats[r]) for r in ("gallia", "italia", "turcia")] == [2, 0, 1]
    assert notations(g) == ["back", "done", "rat:gallia:1", "rat:gallia:2"]
    g = play(g, "rat:gallia:2", "to:turcia", "done")
    assert [len(g.state.rats[r]) for r in ("gallia", "italia", "turcia")] == [1, 1, 1]
    assert texts(g) == [
        "Red (Shaman) moved a rat from Turcia to Italia.",
        "Red (Shaman) moved a rat from Gallia to Turcia.",
    ]
    assert len(g.state.rats["anglia"]) == 1
    assert "use:shaman" not in notations(g)


def test_shaman_knowledge_of_a_front_follows_the_token() -> None:
    g = m_position(
        3,
        hands={0: ["shaman"]},
        on_card={"shaman": "fish"},
        region_goods=FISH,
        rats={"gallia": [BLANK, {**BLANK, "limit": 3}]},
    )
    token = g.state.rats["gallia"][1]
    g.state.known[token] = [1]
    g = play(g, "use:shaman", "rat:gallia:2", "to:italia", "done")
    assert g.state.rats["italia"] == [token] and g.state.known[token] == [1]
    assert g.view(1)["regions"]["italia"]["slots"][0]["known"]["limit"] == 3
    assert g.view(0)["regions"]["italia"]["slots"][0]["known"] is None
    assert all(e.audience is None for e in g.events)


def test_shaman_keeps_at_most_3_rats_a_region_and_exchanges_with_a_full_one() -> None:
    g = m_position(
        3,
        hands={0: ["shaman"]},
        on_card={"shaman": "fish"},
        region_goods={"gallia": "fish", "italia": "fish"},
        rats={"gallia": [BLANK, BLANK, BLANK], "italia": [BLANK, BLANK, BLANK]},
    )
    a, b = g.state.rats["gallia"][0], g.state.rats["italia"][2]
    g = play(g, "use:shaman", "rat:gallia:1", "to:italia")
    # Italia would hold 4: "done" waits until one of its rats is planned to leave.
    assert "done" not in notations(g) and "rat:italia:3" in notations(g)
    g = play(g, "rat:italia:3")
    assert notations(g) == ["back", "to:gallia"]
    g = play(g, "to:gallia", "done")
    assert g.state.rats["gallia"][-1] == b and g.state.rats["italia"][-1] == a
    assert [len(g.state.rats[r]) for r in ("gallia", "italia")] == [3, 3]


def test_shaman_moves_no_rat_into_a_bishops_region() -> None:
    g = m_position(
        3,
        hands={0: ["shaman"]},
        on_card={"shaman": "fish"},
        region_goods=FISH,
        rats={"gallia": [BLANK], "italia": [BLANK, BLANK, BLANK]},
        pied_piper=True,
    )
    pieces.pieces(g.state)["bishops"][0] = "gallia"
    g = play(g, "use:shaman")
    assert notations(g) == ["back", "rat:gallia:1", "rat:italia:1", "rat:italia:2", "rat:italia:3"]
    g = play(g, "rat:italia:1")
    assert notations(g) == ["back", "to:turcia"]
    g = play(g, "back", "use:shaman", "rat:gallia:1")
    assert notations(g) == ["back", "to:italia", "to:turcia"]  # rats may leave it
    g = play(g, "to:turcia", "rat:italia:2")
    assert notations(g) == ["back", "to:turcia"]  # never into Gallia, whose rat left


def test_shaman_leaves_a_bishops_region_out_of_swaps_but_lets_rats_leave_it() -> None:
    g = m_position(
        3,
        hands={0: ["shaman"]},
        on_card={"shaman": "fish"},
        region_goods={"gallia": "fish", "italia": "fish", "hispania": "fish"},
        rats={"gallia": [BLANK, BLANK, BLANK], "italia": [BLANK, BLANK, BLANK]},
        pied_piper=True,
    )
    pieces.pieces(g.state)["bishops"][0] = "italia"
    g = play(g, "use:shaman")
    assert notations(g) == [
        "back",
        "rat:gallia:1",
        "rat:gallia:2",
        "rat:gallia:3",
        "rat:italia:1",
        "rat:italia:2",
        "rat:italia:3",
    ]
    g = play(g, "rat:gallia:1")
    assert notations(g) == ["back", "to:hispania"]
    g = play(g, "to:hispania", "rat:italia:2")
    assert notations(g) == ["back", "to:gallia", "to:hispania"]
    g = play(g, "to:gallia", "done")
    assert [len(g.state.rats[r]) for r in ("gallia", "italia", "hispania")] == [3, 2, 1]


def test_the_shaman_arrangement_is_a_bounded_chain() -> None:
    """Each rat is planned at most once: however it is chosen, the chain ends."""
    g = m_position(
        3,
        hands={0: ["shaman"]},
        on_card={"shaman": "fish"},
        region_goods={"gallia": "fish", "italia": "fish", "hispania": "fish"},
        rats={"gallia": [BLANK, BLANK, BLANK], "italia": [BLANK, BLANK], "hispania": [BLANK]},
    )
    g = play(g, "use:shaman")
    clicks = 0
    while g.decision(0).kind in ("shaman_rat", "shaman_to"):  # type: ignore[union-attr]
        options = [n for n in notations(g) if n not in ("back", "done")]
        g = play(g, options[-1] if options else "done")
        clicks += 1
    assert clicks <= 2 * 6 + 1
    counts = [len(g.state.rats[r]) for r in ("gallia", "italia", "hispania")]
    assert sum(counts) == 6 and max(counts) <= 3


def test_shaman_only_touches_regions_of_its_type() -> None:
    g = m_position(
        3,
        hands={0: ["shaman"]},
        on_card={"shaman": "salt"},
        region_goods=FISH,
        rats={"gallia": [BLANK], "anglia": [BLANK]},
    )
    assert "use:shaman" not in notations(g)


# The final round


def test_final_round_token_may_be_replaced_and_the_landowner_used() -> None:
    g = final_round(
        hands={2: ["landowner"]},
        held={2: {"salt": 1}},
        on_card={"landowner": "fish"},
        region_goods=FISH,
    )
    assert notations(g) == ["done", "use:landowner"]
    g = play(g, "use:landowner")
    assert notations(g) == ["back", "keep", "put:salt"]
    g = play(g, "put:salt", "place:anglia")
    assert g.state.cubes["anglia"][2] == 2
    assert market(g)["on_card"] == {"landowner": "salt"}
    assert notations(g) == ["done"]


def test_final_round_hanseatic_trader_and_shaman_act_as_usual() -> None:
    g = final_round(
        hands={2: ["hanseatic_trader", "shaman"]},
        on_card={"hanseatic_trader": "fish", "shaman": "fish"},
        region_goods=FISH,
        cubes={"anglia": {2: 4}},
        rats={"gallia": [BLANK]},
    )
    g = play(g, "use:hanseatic_trader", "from:anglia", "to:gallia", "count:4")
    assert g.state.cubes["gallia"][2] == 4
    g = play(g, "use:shaman", "rat:gallia:1", "to:italia", "done")
    assert len(g.state.rats["italia"]) == 1 and not g.state.rats["gallia"]
    assert notations(g) == ["done"]


# Random games


def test_random_games_with_these_cards_end_and_keep_every_goods_token() -> None:
    others = sorted(
        c.id
        for c in data.cards().values()
        if c.expansion in ("base", "mercatus", "pied_piper")
        and c.id not in ("hanseatic_trader", "shaman", "landowner")
    )
    rng = random.Random(3)
    used = 0
    for n in range(9):
        players = 2 + n % 3
        exps = {"mercatus", "pied_piper"} if n % 3 == 2 else {"mercatus"}
        pool = [c for c in others if data.cards()[c].expansion in exps | {"base"}]
        cards = ["hanseatic_trader", "shaman", "landowner", *rng.sample(pool, 3)]

        def check(g: Game) -> None:
            check_invariants(g)
            check_goods(g)

        end, log = random_playout(players, n, expansions=exps, class_cards=cards, check=check)
        assert end.is_over
        used += sum(
            notation in ("put:fish", "keep") or notation.startswith("oncard:")
            for _, notation in log
        )
    assert used > 0
