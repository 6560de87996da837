"""Queen, Mayor and Baker: from literal positions, plus seeded random games with them in play."""

from __future__ import annotations

import random

import pytest

from engine import rattus
from engine.core import IllegalAction
from engine.rattus import flow
from engine.rattus.game import Game
from engine.rattus.pied_piper import growth, pieces
from engine.rattus.state import CUBES_PER_PLAYER
from tests.engine.helpers import notations, play, token
from tests.engine.pied_piper.helpers import pp_position


def held(g: Game, seat: int) -> int:
    return int(pieces.pieces(g.state)["baker"][seat])


def conserved(g: Game) -> None:
    s = g.state
    for p in range(s.players):
        board_cubes = sum(s.cubes[r][p] for r in s.regions)
        assert s.supply[p] + board_cubes + s.palace[p] + held(g, p) == CUBES_PER_PLAYER


def places(g: Game) -> list[str]:
    return [n for n in notations(g) if n.startswith("place:")]


# Queen


def test_queen_area_counts_the_largest_linked_group_and_walls_do_not_cut_it() -> None:
    g = pp_position(
        3,
        cubes={"gallia": {0: 1}, "italia": {0: 1}, "hungaria": {0: 1}, "anglia": {1: 1}},
        walls=[("gallia", "italia"), ("italia", "hungaria")],
    )
    assert growth.connected_area(g.state, 0) == 3
    assert growth.connected_area(g.state, 1) == 1
    assert growth.connected_area(g.state, 2) == 0


def test_queen_area_is_one_group_not_all_regions() -> None:
    g = pp_position(
        3,
        cubes={"anglia": {0: 1}, "hispania": {0: 1}, "turcia": {0: 1}, "gallia": {1: 1}},
        hands={1: ["queen"]},
    )
    s = g.state
    s.cubes["germania"][1] = 1
    s.supply[1] -= 1
    assert growth.connected_area(s, 0) == 1
    assert growth.connected_area(s, 1) == 2
    assert growth.queen_qualifies(s, 1)


def test_queen_with_strictly_largest_area_places_up_to_two_more() -> None:
    g = pp_position(
        3,
        cubes={"gallia": {0: 1}, "italia": {0: 1}, "anglia": {1: 1}},
        rats={"hispania": [token(9)]},
        hands={0: ["queen"]},
    )
    assert {"place:hispania", "place:hispania:1", "place:hispania:2"} <= set(places(g))
    assert "place:anglia" in places(g) and "place:anglia:1" in places(g)  # no rats: 1 or 2
    after = play(g, "place:hispania")
    assert after.state.cubes["hispania"][0] == 3
    fewer = play(g, "place:hispania:2")
    assert fewer.state.cubes["hispania"][0] == 2


def test_queen_gives_nothing_on_a_tied_area() -> None:
    g = pp_position(
        3,
        cubes={"gallia": {0: 1}, "italia": {0: 1}, "polonia": {1: 1}, "scandia": {1: 1}},
        rats={"hispania": [token(9)]},
        hands={0: ["queen"]},
    )
    assert not growth.queen_qualifies(g.state, 0)
    assert [n for n in places(g) if "hispania" in n] == ["place:hispania"]
    assert not any(n.startswith("place:anglia") for n in places(g))


def test_queen_gives_nothing_when_another_area_is_larger() -> None:
    g = pp_position(
        3,
        cubes={"gallia": {0: 5}, "polonia": {1: 1}, "scandia": {1: 1}},
        rats={"hispania": [token(9)]},
        hands={0: ["queen"]},
    )
    assert not growth.queen_qualifies(g.state, 0)
    assert play(g, "place:hispania").state.cubes["hispania"][0] == 1


def test_queen_bonus_never_exceeds_the_supply() -> None:
    g = pp_position(
        3,
        cubes={"gallia": {0: 10}, "italia": {0: 9}},
        rats={"hispania": [token(9)]},
        hands={0: ["queen"]},
    )
    assert g.state.supply[0] == 1
    assert [n for n in places(g) if "hispania" in n] == ["place:hispania"]


def test_queen_and_peasant_keep_each_list_short_with_place_fewer() -> None:
    g = pp_position(
        4,
        cubes={"gallia": {0: 1}, "italia": {0: 1}, "anglia": {1: 1}},
        rats={"hispania": [token(9), token(9)], "scandia": [token(9)]},
        hands={0: ["queen", "peasant"]},
    )
    kinds: dict[str, int] = {}
    for a in g.legal_actions(0):
        kinds[a.kind] = kinds.get(a.kind, 0) + 1
    assert max(kinds.values()) <= flow.MAX_CHOICES
    assert "place:fewer" in places(g) and "place:hispania" in places(g)
    assert not any(n.count(":") == 2 for n in places(g))
    assert play(g, "place:hispania").state.cubes["hispania"][0] == 5
    g = play(g, "place:fewer")
    assert "region:hispania" in notations(g) and "back" in notations(g)
    g = play(g, "region:hispania")
    assert notations(g) == ["back", "count:2", "count:3", "count:4"]
    g = play(g, "count:3")
    assert g.state.cubes["hispania"][0] == 3 and g.state.placed
    assert not places(g)
    conserved(g)


def test_place_fewer_can_go_back_without_placing() -> None:
    g = pp_position(
        4,
        cubes={"gallia": {0: 1}, "italia": {0: 1}},
        rats={"hispania": [token(9)]},
        hands={0: ["queen", "peasant"]},
    )
    g = play(g, "place:fewer", "region:anglia", "back")
    assert g.state.stack[-1]["kind"] == "turn" and not g.state.placed
    assert "place:fewer" in places(g)


def test_place_fewer_goes_back_at_most_twice_a_turn() -> None:
    g = pp_position(
        4,
        cubes={"gallia": {0: 1}, "italia": {0: 1}},
        rats={"hispania": [token(9)]},
        hands={0: ["queen", "peasant"]},
    )
    g = play(g, "place:fewer", "back", "place:fewer", "region:anglia", "back", "place:fewer")
    assert "back" not in notations(g)
    g = play(g, "region:anglia")
    assert "back" not in notations(g) and notations(g)


def test_queen_in_the_final_round_places_two_in_any_region() -> None:
    g = pp_position(
        3,
        hands={2: ["queen"]},
        supply_rats=0,
        cubes={"gallia": {2: 1}, "italia": {2: 1}, "anglia": {1: 1}},
        plague="germania",
    )
    g = play(g, "plague:polonia")
    assert g.view()["status"] == "final_round" and g.actors() == [2]
    assert notations(g) == ["done", "use:queen"]
    g = play(g, "use:queen")
    assert "place:tartaria" not in notations(g) and "place:turcia" in notations(g)
    g = play(g, "place:turcia")
    assert g.state.cubes["turcia"][2] == 2
    conserved(g)


def test_queen_without_the_lead_has_nothing_to_do_in_the_final_round() -> None:
    g = pp_position(
        3,
        hands={2: ["queen"]},
        supply_rats=0,
        cubes={"gallia": {2: 1}, "anglia": {1: 1}},
        plague="germania",
    )
    g = play(g, "plague:polonia")
    assert g.actors() != [2]
    assert any("no card to use" in e.text for e in g.events)


# Mayor


def test_mayor_places_one_cube_in_each_region_it_leads_ties_excluded() -> None:
    g = pp_position(
        3,
        cubes={
            "gallia": {0: 2, 1: 1},
            "italia": {0: 1},
            "anglia": {0: 1, 1: 1},
            "scandia": {1: 3},
        },
        rats={"hispania": [token(9)]},
        hands={0: ["mayor"]},
    )
    assert "place:mayor" in places(g)
    assert "place:hispania" in places(g)  # the usual placement stays available
    g = play(g, "place:mayor")
    s = g.state
    assert (s.cubes["gallia"][0], s.cubes["italia"][0], s.cubes["anglia"][0]) == (3, 2, 1)
    assert s.cubes["hispania"][0] == 0 and s.placed
    assert g.state.stack[-1]["kind"] == "turn" and not places(g)
    conserved(g)


def test_mayor_is_not_offered_without_a_lead_or_to_others() -> None:
    g = pp_position(3, cubes={"gallia": {0: 1, 1: 1}}, hands={0: ["mayor"]})
    assert "place:mayor" not in notations(g)
    g = pp_position(3, cubes={"gallia": {0: 2}}, hands={1: ["mayor"]})
    assert "place:mayor" not in notations(g)


def test_mayor_with_the_peasant_adds_one_optional_cube_to_a_led_region() -> None:
    g = pp_position(
        3,
        cubes={"gallia": {0: 2}, "italia": {0: 1, 1: 2}},
        hands={0: ["mayor", "peasant"]},
    )
    g = play(g, "place:mayor")
    assert g.actors() == [0] and notations(g) == ["done", "extra:gallia"]
    with pytest.raises(IllegalAction):
        g.apply(0, "extra:italia")
    g = play(g, "extra:gallia")
    assert g.state.cubes["gallia"][0] == 4 and g.state.stack[-1]["kind"] == "turn"
    skipped = play(
        pp_position(3, cubes={"gallia": {0: 2}}, hands={0: ["mayor", "peasant"]}),
        "place:mayor",
        "done",
    )
    assert skipped.state.cubes["gallia"][0] == 3


def test_mayor_with_a_qualified_queen_and_peasant_adds_three_to_one_or_two_regions() -> None:
    g = pp_position(
        3,
        cubes={"gallia": {0: 1}, "italia": {0: 1}, "anglia": {1: 1}},
        hands={0: ["mayor", "queen", "peasant"]},
    )
    g = play(g, "place:mayor")
    assert g.state.stack[-1]["left"] == 3
    g = play(g, "extra:gallia", "extra:italia", "extra:italia")
    s = g.state
    assert (s.cubes["gallia"][0], s.cubes["italia"][0]) == (3, 4)
    assert s.stack[-1]["kind"] == "turn"
    conserved(g)


def test_mayor_with_an_unqualified_queen_gets_no_extras() -> None:
    g = pp_position(
        3,
        cubes={"gallia": {0: 1}, "polonia": {1: 1}},
        hands={0: ["mayor", "queen"]},
    )
    g = play(g, "place:mayor")
    assert g.state.stack[-1]["kind"] == "turn" and g.state.cubes["gallia"][0] == 2


def test_mayor_with_too_few_cubes_lets_its_holder_choose_the_regions() -> None:
    g = pp_position(
        3,
        cubes={"gallia": {0: 9}, "italia": {0: 9}, "anglia": {0: 1}},
        hands={0: ["mayor", "peasant"]},
    )
    assert g.state.supply[0] == 1
    g = play(g, "place:mayor")
    assert notations(g) == ["place:anglia", "place:gallia", "place:italia"]
    g = play(g, "place:italia")
    s = g.state
    assert s.cubes["italia"][0] == 10 and s.supply[0] == 0
    assert s.stack[-1]["kind"] == "turn" and s.cubes["anglia"][0] == 1
    conserved(g)


def test_mayor_in_the_final_round_places_one_cube_in_one_led_region() -> None:
    g = pp_position(
        3,
        hands={2: ["mayor"]},
        supply_rats=0,
        cubes={"gallia": {2: 2, 1: 1}, "italia": {2: 1, 1: 1}, "hungaria": {2: 1}},
        plague="germania",
    )
    g = play(g, "plague:polonia")
    g = play(g, "use:mayor")
    assert sorted(n for n in notations(g) if n != "back") == ["place:gallia", "place:hungaria"]
    g = play(g, "place:hungaria")
    assert g.state.cubes["hungaria"][2] == 2
    assert notations(g) == ["done"]


# Baker


def test_baker_puts_one_supply_cube_on_the_card_once_per_turn() -> None:
    g = pp_position(3, hands={0: ["baker"]}, baker={1: 2})
    g = play(g, "use:baker")
    assert held(g, 0) == 1 and g.state.supply[0] == CUBES_PER_PLAYER - 1
    assert "use:baker" not in notations(g)
    assert g.view()["players"][0]["baker"] == 1
    conserved(g)


def test_baker_needs_a_cube_in_the_supply() -> None:
    g = pp_position(3, hands={0: ["baker"]}, cubes={"gallia": {0: 20}})
    assert "use:baker" not in notations(g)


def test_taking_the_baker_places_every_cube_on_it_in_one_region_for_their_owners() -> None:
    g = pp_position(3, hands={1: ["baker"]}, baker={0: 1, 1: 2, 2: 1}, active=2)
    conserved(g)
    g = play(g, "take:baker")
    assert g.actors() == [2] and g.decision(2) is not None
    assert g.decision(2).kind == "baker_unload"  # type: ignore[union-attr]
    assert len(notations(g)) == len(g.state.regions)
    g = play(g, "place:scandia")
    assert g.state.cubes["scandia"] == [1, 2, 1]
    assert pieces.pieces(g.state)["baker"] == [0, 0, 0]
    assert g.state.stack[-1]["kind"] == "turn" and g.state.hands[2] == ["baker"]
    conserved(g)


def test_taking_an_empty_baker_asks_nothing() -> None:
    g = pp_position(3, hands={1: ["baker"]}, active=0)
    g = play(g, "take:baker")
    assert g.state.stack[-1]["kind"] == "turn"


def test_putting_the_last_cube_on_the_baker_ends_the_game() -> None:
    g = pp_position(3, hands={0: ["baker"]}, cubes={"gallia": {0: 19}}, plague="anglia")
    g = play(g, "use:baker", "plague:gallia")
    assert g.view()["status"] == "final_ravage" and g.actors() == [1]  # left of the holder
    assert g.decision(1).kind == "baker_unload"  # type: ignore[union-attr]


def test_after_the_final_round_the_holders_left_neighbour_places_the_baker_cubes() -> None:
    g = pp_position(
        3,
        hands={1: ["baker"]},
        baker={0: 2, 1: 1},
        supply_rats=0,
        cubes={"gallia": {0: 1}},
        rats={"hispania": [token(1, a=1)]},
        plague="germania",
    )
    g = play(g, "plague:polonia")
    assert g.view()["status"] == "final_round" and g.actors() == [1]
    g = play(g, "use:baker")  # the Baker works as usual in the final round
    assert held(g, 1) == 2
    g = play(g, "done")
    assert g.view()["status"] == "final_ravage" and g.actors() == [2]
    g = play(g, "place:hispania")
    kinds = [e.kind for e in g.events]
    assert kinds.index("baker") < kinds.index("reveal")  # placed before the final plague
    assert g.state.cubes["hispania"][:2] == [1, 1]  # 2 each, then the A symbol took one each
    assert g.is_over and g.outcome is not None
    conserved(g)


def test_no_final_baker_step_when_the_card_is_empty_or_unheld() -> None:
    g = pp_position(3, hands={1: ["baker"]}, supply_rats=0, plague="germania")
    g = play(g, "plague:polonia")
    while not g.is_over:
        assert g.state.stack[-1]["kind"] != "baker_unload"
        g = play(g, "done")


def test_bad_growth_input_changes_nothing() -> None:
    g = pp_position(3, cubes={"gallia": {0: 2}}, hands={0: ["mayor", "peasant"]})
    g = play(g, "place:mayor")
    before = g.to_dict()
    for bad in ("extra:anglia", "place:mayor", "extra:", "count:2"):
        with pytest.raises(IllegalAction):
            g.apply(0, bad)
    assert g.to_dict() == before


# Random games with these cards


GROWTH_SETS = [
    ["baker", "mayor", "peasant", "queen", "knight", "witch"],
    ["baker", "mayor", "queen", "monk", "crusader", "wizard"],
    ["baker", "peasant", "queen", "emperor", "soldier", "courier"],
]


def random_game(players: int, seed: int, cards: list[str]) -> Game:
    rng = random.Random(seed)
    g = rattus.new_game(players, expansions={"pied_piper"}, class_cards=cards, seed=seed)
    for _ in range(5000):
        if g.is_over:
            return g
        seat = g.actors()[0]
        actions = g.legal_actions(seat)
        kinds: dict[str, int] = {}
        for a in actions:
            kinds[a.kind] = kinds.get(a.kind, 0) + 1
        assert max(kinds.values()) <= flow.MAX_CHOICES
        g = g.apply(seat, rng.choice(actions))
        conserved(g)
    raise AssertionError(f"{players}p seed {seed} did not end")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_queen_mayor_and_baker_end_and_keep_every_cube(players: int) -> None:
    for seed, cards in enumerate(GROWTH_SETS):
        g = random_game(players, 40 + seed, cards)
        assert g.outcome is not None
        assert pieces.pieces(g.state)["baker"] == [0] * players
