"""One test or more per class card ability of the base game."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from tests.engine.helpers import notations, play, position, token


def test_king_moves_a_cube_from_a_region_without_rats_to_the_palace() -> None:
    g = position(
        3,
        hands={0: ["king"]},
        cubes={"gallia": {0: 2}, "italia": {0: 1}},
        rats={"italia": [token(9)]},
    )
    g = play(g, "use:king")
    assert notations(g) == ["back", "palace:gallia"]  # Italia has rats
    g = play(g, "palace:gallia")
    assert g.state.palace[0] == 1 and g.state.cubes["gallia"][0] == 1
    assert "use:king" not in notations(g)  # once per turn


def test_king_is_not_offered_without_a_rat_free_region_of_yours() -> None:
    g = position(3, hands={0: ["king"]}, cubes={"italia": {0: 1}}, rats={"italia": [token(9)]})
    assert "use:king" not in notations(g)


def test_back_leaves_the_card_unused() -> None:
    g = position(3, hands={0: ["king"]}, cubes={"gallia": {0: 2}})
    g = play(g, "use:king", "back")
    assert g.decision(0).kind == "turn"  # type: ignore[union-attr]
    assert "use:king" in notations(g)


def test_a_card_taken_this_turn_may_be_used_this_turn() -> None:
    g = position(3, hands={1: ["king"]}, cubes={"gallia": {0: 2}})
    g = play(g, "take:king")
    assert "use:king" in notations(g)


def test_merchant_moves_up_to_three_cubes_to_a_neighbour() -> None:
    g = position(4, hands={0: ["merchant"]}, cubes={"gallia": {0: 5, 1: 2}})
    g = play(g, "use:merchant", "from:gallia")
    assert sorted(notations(g)) == ["back", "to:anglia", "to:germania", "to:hispania", "to:italia"]
    g = play(g, "to:italia")
    assert notations(g) == ["back", "count:1", "count:2", "count:3"]
    g = play(g, "count:3")
    assert g.state.cubes["gallia"] == [2, 2, 0, 0] and g.state.cubes["italia"][0] == 3


def test_merchant_moves_no_more_cubes_than_you_have_there() -> None:
    g = position(4, hands={0: ["merchant"]}, cubes={"gallia": {0: 1}})
    g = play(g, "use:merchant", "from:gallia", "to:italia")
    assert notations(g) == ["back", "count:1"]


def test_monk_moves_one_rat_to_a_neighbour_with_room() -> None:
    full = [token(9)] * 3
    g = position(4, hands={0: ["monk"]}, rats={"gallia": [token(1), token(2)], "italia": full})
    g = play(g, "use:monk", "from:gallia")
    assert notations(g) == ["back", "slot:1", "slot:2"]
    g = play(g, "slot:2")
    assert "to:italia" not in notations(g)  # full
    moved = g.state.rats["gallia"][1]
    g = play(g, "to:hispania")
    assert g.state.rats["hispania"] == [moved] and len(g.state.rats["gallia"]) == 1


def test_peasant_in_the_final_round_places_one_cube_anywhere() -> None:
    g = position(3, hands={2: ["peasant"]}, supply_rats=0, rats={"gallia": [token(9)]})
    g = play(g, "plague:italia")  # empty supply: the game ends after this turn
    assert g.view()["status"] == "final_round" and g.actors() == [2]
    g = play(g, "use:peasant", "place:hispania")
    assert g.state.cubes["hispania"][2] == 1


def test_witch_looks_privately_then_swaps_and_keeps_knowing() -> None:
    g = position(
        4,
        hands={0: ["witch"]},
        rats={"gallia": [token(1, "magic")], "russia": [token(4, a=1), token(3)]},
    )
    g = play(g, "use:witch", "look:gallia")
    peek = [e for e in g.events if e.kind == "peek"]
    assert len(peek) == 1 and peek[0].audience == (0,)
    assert "limit 1" in peek[0].text and "Magic" in peek[0].text
    assert all(e.audience is None for e in g.events if e.kind != "peek")
    assert "done" in notations(g) and "back" not in notations(g)
    g = play(g, "look:russia", "slot:1")
    assert g.decision(0).kind == "witch_swap"  # type: ignore[union-attr]
    g = play(g, "swap")
    gallia_front = g.view(0)["regions"]["gallia"]["slots"][0]["known"]
    russia_front = g.view(0)["regions"]["russia"]["slots"][0]["known"]
    assert gallia_front["limit"] == 4 and russia_front["limit"] == 1
    assert g.view(1)["regions"]["gallia"]["slots"][0]["known"] is None
    assert g.view(None)["regions"]["russia"]["slots"][0]["known"] is None


def test_witch_knowledge_follows_a_token_the_monk_moves() -> None:
    g = position(4, hands={0: ["witch", "monk"]}, rats={"gallia": [token(2, "church")]})
    g = play(g, "use:witch", "look:gallia", "done")
    assert "done" not in notations(g)
    g = play(g, "use:monk", "from:gallia", "to:italia")
    assert g.view(0)["regions"]["italia"]["slots"][0]["known"]["limit"] == 2
    assert g.view(0)["regions"]["gallia"]["slots"] == []


def test_witch_cannot_look_at_the_same_rat_twice() -> None:
    g = position(4, hands={0: ["witch"]}, rats={"gallia": [token(2)], "italia": [token(3)]})
    g = play(g, "use:witch", "look:gallia")
    assert "look:gallia" not in notations(g)


def test_witch_is_not_offered_a_swap_within_one_region() -> None:
    g = position(4, hands={0: ["witch"]}, rats={"gallia": [token(2), token(3)]})
    g = play(g, "use:witch", "look:gallia", "slot:1", "look:gallia")
    assert g.decision(0).kind == "turn"  # type: ignore[union-attr]


def test_what_the_witch_saw_is_forgotten_once_revealed() -> None:
    g = position(
        2,
        hands={0: ["witch"]},
        cubes={"gallia": {1: 1}},
        rats={"gallia": [token(1, a=1)]},
        plague="anglia",
    )
    g = play(g, "use:witch", "look:gallia", "done", "plague:gallia", "rat:hispania")
    assert g.state.known == {}


def test_each_ability_once_per_turn() -> None:
    g = position(3, hands={0: ["merchant"]}, cubes={"gallia": {0: 3}})
    g = play(g, "use:merchant", "from:gallia", "to:italia", "count:1")
    with pytest.raises(IllegalAction):
        g.apply(0, "use:merchant")


def test_a_card_may_be_backed_out_of_twice_a_turn_then_its_chain_must_finish() -> None:
    g = position(3, hands={0: ["merchant"]}, cubes={"gallia": {0: 3}})
    g = play(g, "use:merchant", "back", "use:merchant", "back", "use:merchant")
    assert "back" not in notations(g)
    g = play(g, "from:gallia", "to:italia", "count:1")
    assert g.state.cubes["italia"][0] == 1 and "use:merchant" not in notations(g)


def test_backing_out_is_counted_afresh_each_turn() -> None:
    g = position(2, hands={0: ["merchant"], 1: ["king"]}, cubes={"gallia": {0: 3}})
    g = play(g, "use:merchant", "back", "use:merchant", "back", "plague:anglia")
    while g.actors() != [0] or g.decision(0).kind != "turn":  # type: ignore[union-attr]
        g = play(g, notations(g)[-1])
    g = play(g, "use:merchant")
    assert "back" in notations(g)
