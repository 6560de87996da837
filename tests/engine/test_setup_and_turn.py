"""Setup, start placement and the parts of a turn before the plague moves."""

from __future__ import annotations

import pytest

from engine import rattus
from engine.core import IllegalAction
from engine.rattus import data
from engine.text import Seat, from_json, msg
from tests.engine.helpers import after_placement, notations, play, position, token


def test_data_tables_load_and_match_the_board() -> None:
    m = data.board_map()
    assert len([r for r in m.regions if m.areas[r] == "europe"]) == 12
    assert [len(m.in_use[p]) for p in (2, 3, 4)] == [8, 10, 12]
    assert len(data.base_tokens()) == 49
    assert sum(t.starting for t in data.base_tokens()) == 12
    assert set(data.card_sets()["base"]) == {
        "king",
        "knight",
        "merchant",
        "monk",
        "peasant",
        "witch",
    }


def test_a_broken_map_is_refused_with_a_readable_message() -> None:
    raw = {"europe": {"regions": {"Gallia": "light"}, "regions_by_players": {"2": ["Gallia"]}}}
    with pytest.raises(data.DataError, match="regions_by_players needs entries"):
        data.parse_map(raw)
    raw = {
        "europe": {
            "regions": {"Gallia": "light", "Italia": "light"},
            "regions_by_players": {"2": ["Gallia"], "3": ["Gallia"], "4": ["Italia"]},
            "edges": [{"a": "Gallia", "b": "Atlantis", "kind": "land"}],
        }
    }
    with pytest.raises(data.DataError, match="unknown regions gallia-atlantis"):
        data.parse_map(raw)


def test_broken_tokens_are_refused() -> None:
    raw = {"base": {"tokens": [{"id": "X", "limit": 2, "classes": ["wizardry"]}]}}
    with pytest.raises(data.DataError, match="unknown class 'wizardry'"):
        data.parse_tokens(raw, "base")


@pytest.mark.parametrize(("players", "removed"), [(2, 12), (3, 6), (4, 0)])
def test_setup_for_each_player_count(players: int, removed: int) -> None:
    g = rattus.new_game(players, seed=3)
    s = g.state
    assert len(s.regions) == {2: 8, 3: 10, 4: 12}[players]
    assert all(len(s.rats[r]) == 1 for r in s.regions)
    assert all(s.tokens[s.rats[r][0]] for r in s.regions)
    assert all(t.startswith("S") for r in s.regions for t in s.rats[r])
    assert len(s.removed) == removed and all(t.startswith("R") for t in s.removed)
    assert len(s.rat_supply) == 49 - removed - len(s.regions)
    leftover_starting = 12 - len(s.regions)
    assert sum(t.startswith("S") for t in s.rat_supply) == leftover_starting
    assert s.plague in s.regions
    assert s.cards_in_play == ["king", "knight", "merchant", "monk", "peasant", "witch"]
    assert g.view()["beside_board"] == s.cards_in_play
    assert s.supply == [20] * players


def test_start_placement_goes_clockwise_then_back() -> None:
    g = rattus.new_game(3, seed=5)
    order = []
    while g.decision(g.actors()[0]).kind == "start_place":  # type: ignore[union-attr]
        seat = g.actors()[0]
        order.append(seat)
        g = g.apply(seat, "place:italia")
    assert order == [0, 1, 2, 2, 1, 0]
    assert g.state.cubes["italia"] == [4, 4, 4]
    assert g.actors() == [0] and g.decision(0).kind == "turn"  # type: ignore[union-attr]
    assert g.view()["turn"] == 1


def test_start_placement_may_use_any_region_in_use_only() -> None:
    g = rattus.new_game(2, seed=5)
    assert len(g.legal_actions(0)) == 8
    with pytest.raises(IllegalAction):
        g.apply(0, "place:russia")


def test_take_a_card_from_beside_the_board_then_not_again() -> None:
    g = position(3)
    g = play(g, "take:witch")
    assert g.state.hands[0] == ["witch"]
    assert not any(n.startswith("take:") for n in notations(g))
    with pytest.raises(IllegalAction):
        g.apply(0, "take:king")


def test_take_a_card_from_another_player_but_not_your_own() -> None:
    g = position(3, hands={0: ["king"], 1: ["witch"]})
    assert "take:king" not in notations(g)
    g = play(g, "take:witch")
    assert g.state.hands == [["king", "witch"], [], []]


def test_place_as_many_cubes_as_rats() -> None:
    g = position(3, rats={"italia": [token(9), token(9)], "gallia": [token(9)]})
    assert "place:hispania" not in notations(g)  # no rats there
    g = play(g, "place:italia")
    assert g.state.cubes["italia"][0] == 2 and g.state.supply[0] == 18
    assert not any(n.startswith("place:") for n in notations(g))


def test_peasant_places_one_more_even_without_rats() -> None:
    g = position(3, rats={"italia": [token(9), token(9), token(9)]}, hands={0: ["peasant"]})
    assert "place:hispania" in notations(g)
    g = play(g, "place:italia")
    assert g.state.cubes["italia"][0] == 4


def test_never_more_cubes_than_the_supply_holds() -> None:
    g = position(3, rats={"italia": [token(9)] * 3}, cubes={"gallia": {0: 19}})
    g = play(g, "place:italia")
    assert g.state.cubes["italia"][0] == 1 and g.state.supply[0] == 0


def test_the_plague_moves_one_step_to_a_neighbour_and_must_move() -> None:
    g = position(4, plague="gallia")
    moves = sorted(n for n in notations(g) if n.startswith("plague:"))
    assert moves == ["plague:anglia", "plague:germania", "plague:hispania", "plague:italia"]


def test_knight_moves_the_plague_up_to_two_steps_not_back_to_start() -> None:
    g = position(2, plague="anglia", hands={0: ["knight"]})
    moves = {n.split(":")[1] for n in notations(g) if n.startswith("plague:")}
    assert "anglia" not in moves
    assert moves == {"gallia", "scandia", "hispania", "germania", "italia", "polonia"}


def test_an_illegal_action_raises_and_leaves_the_game_unchanged() -> None:
    g = position(3, rats={"italia": [token(1)]})
    before = g.to_dict()
    for seat, bad in [
        (0, "place:hispania"),
        (1, "take:king"),
        (0, "fly:to-the-moon"),
        (0, "place gallia!!"),
        (0, ""),
        (0, "x" * 200),
        (7, "take:king"),
    ]:
        with pytest.raises(IllegalAction):
            g.apply(seat, bad)
        assert g.to_dict() == before


def test_error_messages_tell_the_player_what_is_possible() -> None:
    g = position(3, rats={"italia": [token(1)]})
    with pytest.raises(IllegalAction, match="place:italia"):
        g.apply(0, "place:hispania")
    with pytest.raises(IllegalAction, match="not Player 2's decision") as refused:
        g.apply(1, "take:king")
    assert refused.value.text == msg("It is not {player}'s decision now.", player=Seat(1))


def test_actions_are_sorted_with_stable_notation_that_parses_back() -> None:
    g = after_placement(4)
    acts = g.legal_actions(0)
    assert acts == sorted(acts)
    for a in acts:
        assert len(a.notation) <= 80 and a.label
        assert g.apply(0, a.notation.upper()).to_dict() == g.apply(0, a).to_dict()


def test_during_start_placement_the_placing_seat_is_shown_as_active() -> None:
    g = rattus.new_game(3, seed=5)
    g = g.apply(0, "place:italia")
    assert g.view()["active"] == 1 and g.view()["status"] == "placement"


def test_events_and_log_name_players_by_colour_or_by_the_names_given() -> None:
    g = position(3, rats={"italia": [token(9)]})
    g = play(g, "place:italia")
    (event,) = [e for e in g.events if e.kind == "place"]
    assert event.text == "Red placed 1 cube in Italia."
    assert event.text_for(["Anna", "Björn", "Chloé"]) == "Anna placed 1 cube in Italia."
    assert from_json(g.view()["log"][-1]).english() == "Red placed 1 cube in Italia."
    named = g.view(None, names=["Anna", "Björn", "Chloé"])["log"][-1]
    assert from_json(named).english() == "Anna placed 1 cube in Italia."
    assert "\u27e8" not in str(g.view()) and "\u27e8" not in event.text


def test_the_turn_prompt_lists_what_is_left_to_do() -> None:
    g = position(3, rats={"italia": [token(9)]}, hands={0: ["king"]}, cubes={"gallia": {0: 1}})
    assert str(g.decision(0).prompt) == (  # type: ignore[union-attr]
        "Your turn: you may take a class card, place cubes and use your cards in any order, "
        "then move the plague."
    )
    g = play(g, "take:witch", "place:italia")
    assert str(g.decision(0).prompt) == (  # type: ignore[union-attr]
        "Your turn: you may use your cards, then move the plague."
    )
    g = play(g, "use:king", "palace:gallia", "use:witch", "look:italia", "done")
    assert str(g.decision(0).prompt) == "Your turn: move the plague."  # type: ignore[union-attr]


def test_starting_rats_are_told_apart_face_down_as_their_backs_differ() -> None:
    g = rattus.new_game(4, seed=9)
    for region in g.view()["regions"].values():
        assert region["slots"] == [{"known": None, "starting": True}]
    g = position(4, rats={"gallia": ["R01", "S01"]})
    assert [s["starting"] for s in g.view()["regions"]["gallia"]["slots"]] == [False, True]
