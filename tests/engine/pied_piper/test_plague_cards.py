"""Crusader, Soldier, Serf and Wizard: their turn effects, final-round uses and combinations."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import IllegalAction
from engine.rattus import board
from engine.rattus.game import Game
from engine.rattus.pied_piper import pieces
from tests.engine.helpers import notations, play, token
from tests.engine.pied_piper.helpers import pp_position
from tests.engine.pied_piper.test_pp_playouts import playout


def kind(g: Game) -> str:
    decision = g.decision(g.actors()[0])
    assert decision is not None
    return decision.kind


def moves(g: Game) -> set[str]:
    return {n.split(":")[1] for n in notations(g) if n.startswith("plague:")}


def final_round(holder_cards: list[str], **base: Any) -> Game:
    """Seat 0 plays the last regular turn (plague Hispania -> Italia, no rats left to draw);
    seat 2 holds the given cards and acts first in the final round."""
    g = pp_position(3, hands={2: holder_cards}, supply_rats=0, plague="hispania", **base)
    g = play(g, "plague:italia")
    assert g.view()["status"] == "final_round" and g.actors() == [2]
    return g


# Crusader and Soldier: the longer plague move


@pytest.mark.parametrize("card", ["crusader", "soldier"])
def test_chivalry_cards_move_the_plague_up_to_two_steps(card: str) -> None:
    without = pp_position(3, plague="anglia")
    assert moves(without) == {"gallia", "scandia"}
    g = pp_position(3, hands={0: [card]}, plague="anglia")
    assert moves(g) == {"gallia", "scandia", "germania", "hispania", "italia", "polonia"}


def test_several_chivalry_cards_still_move_only_two_steps() -> None:
    g = pp_position(3, hands={0: ["crusader", "soldier", "knight"]}, plague="anglia")
    assert moves(g) == set(board.reachable(g.state, "anglia", 2))
    assert "hungaria" not in moves(g)  # three steps away


# Crusader: all rats face up, the holder picks their order


def crusader_turn(holder: int = 0) -> Game:
    """Anglia has Yellow's 2 cubes and two rats: T1 (limit 2, A) and T2 (limit 1, A).
    Scandia has a bishop, so the plague's new rats all go to Gallia without asking."""
    return pp_position(
        3,
        hands={holder: ["crusader"]},
        plague="gallia",
        cubes={"anglia": {1: 2}},
        rats={"anglia": [token(2, a=1), token(1, a=1)]},
        bishops=["scandia"],
    )


@pytest.mark.parametrize(("first", "yellow_left"), [("reveal:1", 0), ("reveal:2", 1)])
def test_crusader_turns_the_rats_face_up_and_picks_their_order(
    first: str, yellow_left: int
) -> None:
    g = play(crusader_turn(), "plague:anglia")
    assert kind(g) == "crusader_order" and g.actors() == [0]
    g = play(g, "order:choose")
    assert kind(g) == "reveal_choice" and g.actors() == [0]
    for viewer in (None, 1, 2):
        slots = g.view(viewer)["regions"]["anglia"]["slots"]
        assert [slot["known"]["limit"] for slot in slots] == [2, 1]
    g = play(g, first)
    assert g.state.cubes["anglia"][1] == yellow_left
    assert g.state.rats["anglia"] == [] and g.state.face_up == []
    assert g.actors() == [1] and kind(g) == "turn"


def test_crusader_may_keep_the_random_order() -> None:
    g = play(crusader_turn(), "plague:anglia", "order:random")
    assert g.actors() == [1] and kind(g) == "turn"
    assert len(g.state.revealed) == 2 and g.state.face_up == []


def test_crusader_is_not_asked_about_a_single_rat() -> None:
    g = pp_position(
        3,
        hands={0: ["crusader"]},
        plague="gallia",
        cubes={"anglia": {1: 2}},
        rats={"anglia": [token(1, a=1)]},
        bishops=["scandia"],
    )
    g = play(g, "plague:anglia")
    assert g.actors() == [1] and g.state.cubes["anglia"][1] == 1


def test_crusader_helps_only_its_holder_on_their_own_turn() -> None:
    g = play(crusader_turn(holder=2), "plague:anglia")
    assert g.actors() == [1] and kind(g) == "turn"  # revealed at random, nobody asked


def test_final_crusader_moves_up_to_two_steps_and_resolves_the_rats_in_chosen_order() -> None:
    g = final_round(
        ["crusader"],
        cubes={"anglia": {1: 2}},
        rats={"anglia": [token(2, a=1), token(1, a=1)]},
    )
    g = play(g, "use:crusader")
    assert kind(g) == "plague_final_move"
    assert moves(g) == set(board.reachable(g.state, "italia", 2)) and "anglia" in moves(g)
    g = play(g, "plague:anglia")
    assert g.state.plague == "anglia" and kind(g) == "reveal_choice" and g.actors() == [2]
    g = play(g, "reveal:1")
    assert g.state.cubes["anglia"][1] == 0 and g.state.rats["anglia"] == []
    assert notations(g) == ["done"]  # the final turn goes on; the Crusader is spent


def test_final_crusader_can_be_backed_out_of_before_the_move() -> None:
    g = final_round(["crusader"], cubes={"anglia": {1: 2}}, rats={"anglia": [token(9)]})
    g = play(g, "use:crusader", "back")
    assert g.state.plague == "italia" and "use:crusader" in notations(g)


def test_final_crusader_refuses_a_region_out_of_reach() -> None:
    g = play(final_round(["crusader"]), "use:crusader")
    with pytest.raises(IllegalAction):
        g.apply(2, "plague:turcia")  # three steps from Italia
    assert g.state.plague == "italia" and kind(g) == "plague_final_move"


# Soldier: one optional extra rat when the plague spreads


def soldier_turn(holder: int = 0, rats: int = 1) -> Game:
    """The plague goes from Gallia to Anglia (neighbours: Gallia, Scandia)."""
    return pp_position(
        3,
        hands={holder: ["soldier"]},
        plague="gallia",
        rats={"anglia": [token(9)] * rats},
    )


def new_rats(g: Game) -> int:
    return sum(len(g.state.rats[r]) for r in ("gallia", "scandia"))


def test_soldier_places_one_extra_rat_after_the_usual_ones() -> None:
    g = play(soldier_turn(), "plague:anglia", "rat:gallia")
    assert kind(g) == "spread" and "norat" in notations(g)
    g = play(g, "rat:scandia")
    assert new_rats(g) == 2 and g.actors() == [1]


def test_soldier_extra_rat_is_optional() -> None:
    g = play(soldier_turn(), "plague:anglia", "rat:gallia", "norat")
    assert new_rats(g) == 1 and g.actors() == [1]


def test_soldier_adds_no_rat_when_the_plague_spreads_none() -> None:
    g = play(soldier_turn(rats=0), "plague:anglia")
    assert new_rats(g) == 0 and g.actors() == [1] and kind(g) == "turn"


def test_soldier_helps_only_its_holder() -> None:
    g = play(soldier_turn(holder=1), "plague:anglia", "rat:gallia")
    assert new_rats(g) == 1 and g.actors() == [1] and kind(g) == "turn"


def test_final_soldier_adds_a_rat_next_to_the_plague_from_the_supply() -> None:
    g = pp_position(
        3,
        hands={2: ["soldier"]},
        plague="gallia",
        cubes={"hispania": {0: 20}},  # Red's supply is empty: the game ends after this turn
        bishops=["scandia"],
    )
    supply = len(g.state.rat_supply)
    g = play(g, "plague:anglia")
    assert g.view()["status"] == "final_round" and g.actors() == [2]
    g = play(g, "use:soldier")
    assert notations(g) == ["back", "rat:gallia"]  # the bishop keeps Scandia free of rats
    g = play(g, "rat:gallia")
    assert len(g.state.rats["gallia"]) == 1 and len(g.state.rat_supply) == supply - 1
    assert notations(g) == ["done"]


def test_final_soldier_draws_from_the_revealed_rats_when_the_supply_is_empty() -> None:
    g = pp_position(3, hands={2: ["soldier"]}, supply_rats=0, plague="hispania")
    gone = g.state.removed[:3]
    g.state.gone, g.state.removed = list(gone), g.state.removed[3:]
    g = play(g, "plague:italia", "use:soldier", "rat:gallia")
    (drawn,) = g.state.rats["gallia"]
    assert drawn in gone and sorted([*g.state.gone, drawn]) == sorted(gone)


def test_final_soldier_has_nothing_to_do_without_any_rat_to_draw() -> None:
    g = pp_position(3, hands={2: ["soldier"]}, supply_rats=0, plague="hispania")
    g = play(g, "plague:italia")
    assert any(e.text == "Green has no card to use in the final round." for e in g.events)


# Serf: a cube of the holder's for each rat that kills another player's cube


def serf_turn(holder: int = 0, **base: Any) -> Game:
    """The plague goes from Gallia to Anglia; its two new rats go to Gallia (bishop in Scandia)."""
    base.setdefault("rats", {"anglia": [token(1, a=1), token(1, a=1)]})
    return pp_position(3, hands={holder: ["serf"]}, plague="gallia", bishops=["scandia"], **base)


def test_serf_cube_arrives_at_once_and_meets_the_next_rat() -> None:
    g = play(serf_turn(cubes={"anglia": {1: 1}}), "plague:anglia")
    assert kind(g) == "serf_cube" and g.actors() == [0]
    assert g.state.cubes["anglia"] == [0, 0, 0] and len(g.state.rats["anglia"]) == 1
    g = play(g, "cube:place")
    # The Serf's cube kept the ravage going: the second rat killed it (no new cube for that).
    assert g.state.cubes["anglia"] == [0, 0, 0] and g.state.rats["anglia"] == []
    assert g.state.supply[0] == 20 and g.actors() == [1] and kind(g) == "turn"


def test_serf_cube_is_optional() -> None:
    g = play(serf_turn(cubes={"anglia": {1: 1}}), "plague:anglia", "cube:skip")
    assert g.state.cubes["anglia"] == [0, 0, 0] and len(g.state.rats["anglia"]) == 1
    assert g.actors() == [1]


def test_serf_counts_a_rat_once_however_many_cubes_it_kills() -> None:
    g = serf_turn(cubes={"anglia": {1: 2, 2: 2}}, rats={"anglia": [token(1, a=2)]})
    g = play(g, "plague:anglia", "cube:place")
    assert g.state.cubes["anglia"] == [1, 0, 0] and g.actors() == [1]


def test_serf_gets_nothing_for_its_holders_own_losses() -> None:
    g = play(serf_turn(cubes={"anglia": {0: 3}}), "plague:anglia")
    assert g.state.cubes["anglia"][0] == 1 and g.actors() == [1]


def test_serf_gets_nothing_when_a_potion_saves_the_cube() -> None:
    g = serf_turn(
        cubes={"anglia": {1: 1}},
        rats={"anglia": [token(1, a=1)]},
        potions={"anglia": {1: 1}},
    )
    g = play(g, "plague:anglia")
    assert g.state.cubes["anglia"][1] == 1 and pieces.potions_of(g.state, 1, "anglia") == 0
    assert g.actors() == [1] and kind(g) == "turn"


def test_serf_helps_only_its_holder_on_their_own_turn() -> None:
    g = play(serf_turn(holder=2, cubes={"anglia": {1: 1}}), "plague:anglia")
    assert g.actors() == [1] and kind(g) == "turn"


def test_serf_without_cubes_in_supply_is_not_asked() -> None:
    g = play(serf_turn(cubes={"anglia": {1: 1}, "italia": {0: 20}}), "plague:anglia")
    # Nobody was asked: the ravage stopped with Anglia empty and the game ran to its end.
    assert g.is_over and len(g.state.rats["anglia"]) == 1


def test_final_serf_moves_the_plague_one_step_and_ravages_with_its_effect() -> None:
    g = final_round(
        ["serf"], cubes={"gallia": {1: 1}}, rats={"gallia": [token(1, a=1), token(1, a=1)]}
    )
    g = play(g, "use:serf")
    assert moves(g) == {"gallia", "germania", "hispania", "hungaria"}  # one step from Italia
    g = play(g, "plague:gallia")
    assert kind(g) == "serf_cube" and g.actors() == [2]
    g = play(g, "cube:place")
    assert g.state.cubes["gallia"] == [0, 0, 0] and g.state.rats["gallia"] == []
    assert notations(g) == ["done"]


# Final round: Crusader, Knight and Serf held together act as one


def test_final_crusader_and_serf_together_move_once_and_both_act() -> None:
    g = final_round(
        ["crusader", "serf"],
        cubes={"gallia": {1: 2}},
        rats={"gallia": [token(2, a=1), token(1, a=1)]},
    )
    assert {"use:crusader", "use:serf"} <= set(notations(g))
    g = play(g, "use:crusader", "plague:gallia", "reveal:1")
    assert kind(g) == "serf_cube"
    g = play(g, "cube:place")  # Gallia now: Yellow 1, Green 1; the last rat (limit 1) acts
    assert kind(g) == "serf_cube"
    g = play(g, "cube:place")
    assert g.state.cubes["gallia"] == [0, 0, 1] and notations(g) == ["done"]


def test_final_knight_and_serf_together_move_two_steps_with_the_knights_two_people() -> None:
    g = final_round(["knight", "serf"], cubes={"anglia": {1: 1}}, rats={"anglia": [token(3, a=1)]})
    g = play(g, "use:serf")
    assert "anglia" in moves(g)  # two steps, as the Knight allows
    g = play(g, "plague:anglia")
    assert kind(g) == "plague_bonus" and g.actors() == [2]
    g = play(g, "bonus:yes", "cube:skip")
    assert g.state.cubes["anglia"] == [0, 0, 0] and notations(g) == ["done"]


def test_after_the_knights_final_move_the_serf_acts_where_the_plague_stands() -> None:
    g = final_round(["knight", "serf"], cubes={"anglia": {1: 1}}, rats={"anglia": [token(1, a=1)]})
    g = play(g, "use:knight", "plague:anglia", "use:serf")
    assert g.state.plague == "anglia" and kind(g) == "plague_bonus"
    g = play(g, "bonus:no", "cube:place")
    assert g.state.cubes["anglia"] == [0, 0, 1] and notations(g) == ["done"]


def test_another_players_knight_does_not_join_a_final_crusader_ravage() -> None:
    g = final_round(
        ["crusader"],
        cubes={"anglia": {1: 1}},
        rats={"anglia": [token(3, a=1)]},
    )
    g.state.hands[1].append("knight")
    g = play(g, "use:crusader", "plague:anglia")
    assert g.actors() == [2] and notations(g) == ["done"]  # no bonus asked of Yellow
    assert g.state.cubes["anglia"][1] == 1


# Wizard: potions on the holder's cubes


def test_wizard_puts_a_potion_on_a_cube_which_then_survives_a_rat() -> None:
    g = pp_position(
        3,
        hands={0: ["wizard"]},
        plague="anglia",
        cubes={"gallia": {0: 2}, "italia": {1: 1}},
        rats={"gallia": [token(1, a=1)]},
        bishops=["scandia", "germania"],
        walls=[("gallia", "hispania"), ("gallia", "italia")],
    )
    g = play(g, "use:wizard")
    assert notations(g) == ["back", "potion:gallia"]
    with pytest.raises(IllegalAction):
        g.apply(0, "potion:italia")  # Yellow's cube, not Red's
    g = play(g, "potion:gallia")
    assert pieces.potions_of(g.state, 0, "gallia") == 1 and pieces.potions_left(g.state) == 9
    assert "use:wizard" not in notations(g)
    g = play(g, "plague:gallia")  # the new rat has only Anglia to go to
    assert g.state.cubes["gallia"][0] == 2 and pieces.potions_of(g.state, 0, "gallia") == 0


def test_wizard_may_stack_potions_on_one_region() -> None:
    g = pp_position(3, hands={0: ["wizard"]}, cubes={"gallia": {0: 1}}, potions={"gallia": {0: 2}})
    g = play(g, "use:wizard", "potion:gallia")
    assert pieces.potions_of(g.state, 0, "gallia") == 3


def test_wizard_has_nothing_to_give_once_the_ten_potions_are_out() -> None:
    g = pp_position(
        3,
        hands={0: ["wizard"]},
        cubes={"gallia": {0: 1}, "italia": {1: 1}},
        potions={"italia": {1: 10}},
    )
    assert "use:wizard" not in notations(g)


def test_wizard_needs_a_cube_on_the_board() -> None:
    g = pp_position(3, hands={0: ["wizard"]}, palace={0: 2})
    assert "use:wizard" not in notations(g)


def test_final_wizard_puts_one_more_potion() -> None:
    g = final_round(["wizard"], cubes={"gallia": {2: 1}})
    g = play(g, "use:wizard", "potion:gallia")
    assert pieces.potions_of(g.state, 2, "gallia") == 1 and notations(g) == ["done"]


# Random games with these cards never crash and keep every invariant


@pytest.mark.parametrize(
    "cards",
    [
        ["crusader", "knight", "serf", "wizard", "monk", "merchant"],
        ["soldier", "crusader", "serf", "wizard", "king", "peasant"],
        ["knight", "soldier", "serf", "wizard", "witch", "bishop"],
    ],
)
def test_random_games_with_the_plague_cards_end_cleanly(cards: list[str]) -> None:
    for players in (2, 3, 4):
        for seed in range(2):
            assert playout(players, 7000 + 10 * players + seed, cards).outcome is not None


def test_rats_a_crusader_turned_face_up_leave_the_game_even_if_they_never_acted() -> None:
    """Rule change: every token the Crusader revealed leaves the game when that ravage ends,
    also those left when the region ran out of cubes (they used to be turned down again)."""
    g = pp_position(
        3,
        hands={0: ["crusader"]},
        plague="gallia",
        cubes={"anglia": {1: 1}},
        rats={"anglia": [token(1, a=1), token(3, "magic"), token(4, m=1)]},
        bishops=["scandia"],
    )
    never_acted = g.state.rats["anglia"][1:]
    g = play(g, "plague:anglia", "order:choose", "reveal:1")
    s = g.state
    assert s.cubes["anglia"] == [0, 0, 0] and s.rats["anglia"] == []
    assert s.face_up == [] and set(never_acted) <= set(s.gone)
    assert not set(never_acted) & set(s.known)
    assert [e["limit"] for e in g.view(None)["revealed"]] == [1, 3, 4]
    assert any("leave the game" in e.text and e.audience is None for e in g.events)
