"""The end of the game: the trigger, the final round, the final plague and scoring."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from tests.engine.helpers import notations, play, position, random_playout, token


def test_a_player_with_no_cubes_left_ends_the_game_after_their_turn() -> None:
    g = position(3, cubes={"hispania": {0: 19}}, rats={"italia": [token(9)]}, plague="anglia")
    g = play(g, "place:italia")
    assert g.state.supply[0] == 0
    g = play(g, "plague:gallia")
    assert g.view()["status"] == "over"  # nobody holds a card: final round and ravage are empty


def test_final_round_runs_counter_clockwise_and_skips_the_last_player() -> None:
    hands = {0: ["merchant"], 1: ["king"], 2: ["monk"], 3: ["witch"]}
    g = position(
        4,
        active=1,
        hands=hands,
        supply_rats=0,
        cubes={"hispania": {p: 1 for p in range(4)}},
        rats={"italia": [token(9)]},
        plague="gallia",
    )
    g = play(g, "plague:anglia")
    assert g.view()["status"] == "final_round"
    assert g.view()["final_order"] == [3, 2]
    order = []
    while g.view()["status"] == "final_round":
        seat = g.actors()[0]
        order.append(seat)
        assert not any(n.startswith(("take:", "place:", "plague:")) for n in notations(g))
        g = g.apply(seat, "done")
    assert order == [0, 3, 2]


def test_final_round_allows_no_new_cards_or_cubes_without_the_peasant() -> None:
    g = position(3, hands={2: ["king"]}, supply_rats=0, cubes={"hispania": {2: 2}}, plague="gallia")
    g = play(g, "plague:italia")
    assert g.actors() == [2]
    assert notations(g) == ["done", "use:king"]
    with pytest.raises(IllegalAction):
        g.apply(2, "take:witch")


def test_knight_in_the_final_round_moves_the_plague_and_it_counts_as_two() -> None:
    g = position(
        3,
        hands={2: ["knight"]},
        supply_rats=0,
        cubes={"hispania": {1: 1}},
        rats={"hispania": [token(3, a=1)]},
        plague="germania",
    )
    g = play(g, "plague:gallia")  # last regular turn; Gallia has no rats
    assert g.actors() == [2]
    g = play(g, "use:knight", "plague:hispania", "done")
    assert g.state.plague == "hispania"
    # Final plague: only Hispania has people and rats; the Knight's holder is asked.
    assert g.decision(2).kind == "plague_bonus"  # type: ignore[union-attr]
    g = play(g, "bonus:yes")
    assert g.state.cubes["hispania"] == [0, 0, 0]
    assert g.is_over


def test_final_ravage_order_is_chosen_by_the_last_player_or_board_order() -> None:
    base = dict(
        supply_rats=0,
        cubes={"gallia": {0: 1}, "italia": {1: 1}, "germania": {2: 1}},
        rats={"gallia": [token(1, a=1)], "italia": [token(1, a=1)], "germania": [token(9)]},
        plague="anglia",
    )
    g = position(3, **base)  # type: ignore[arg-type]
    g = play(g, "plague:scandia")
    assert g.view()["status"] == "final_ravage" and g.actors() == [0]
    assert notations(g) == ["ravage:board", "ravage:gallia", "ravage:germania", "ravage:italia"]
    g2 = play(g, "ravage:italia")
    assert [e["region"] for e in g2.view()["revealed"]] == ["italia"]
    g3 = play(g, "ravage:board")
    assert g3.is_over
    assert [e["region"] for e in g3.view()["revealed"]] == ["gallia", "germania", "italia"]


def test_scores_count_the_palace_and_ties_go_to_the_next_in_turn() -> None:
    g = position(
        3,
        active=1,
        supply_rats=0,
        cubes={"gallia": {0: 3, 1: 1, 2: 4}},
        palace={1: 3},
        plague="anglia",
    )
    g = play(g, "plague:scandia")
    assert g.is_over
    out = g.outcome
    assert out is not None
    assert out["scores"] == [3, 4, 4]
    # Yellow (1) had the last turn; Green (2) would have been next, so Green wins the tie.
    assert out["ranking"] == [2, 1, 0] and out["winners"] == [2]
    assert g.view()["winners"] == [2]
    # the breakdown says where each point came from and how the tie was broken
    assert out["lines"] == [
        {"map": 3, "palace": 0},
        {"map": 1, "palace": 3},
        {"map": 4, "palace": 0},
    ]
    assert out["ties"] == [[2, 1]] and "would have played next" in out["tie_break"]
    assert g.view()["breakdown"] == {
        "lines": out["lines"],
        "ties": out["ties"],
        "tie_break": out["tie_break"],
    }
    with pytest.raises(IllegalAction, match="over"):
        g.apply(0, "done")


def test_without_a_tie_the_outcome_names_no_tie_break() -> None:
    g = position(3, active=1, supply_rats=0, cubes={"gallia": {0: 3, 1: 1, 2: 4}}, plague="anglia")
    out = play(g, "plague:scandia").outcome
    assert out is not None
    assert out["ranking"] == [2, 0, 1]
    assert out["ties"] == [] and out["tie_break"] == ""


@pytest.mark.parametrize(
    "expansions",
    [(), ("mercatus",), ("africanus",), ("africanus", "mercatus", "pied_piper")],
)
def test_the_scores_are_told_line_by_line_with_each_expansions_own_lines(
    expansions: tuple[str, ...],
) -> None:
    for seed in (1, 2):
        g, _ = random_playout(4, seed, expansions=expansions)
        out = g.outcome
        assert out is not None
        assert [sum(line.values()) for line in out["lines"]] == out["scores"]
        wanted = {"map", "palace"}
        if "mercatus" in expansions:
            wanted.add("money")
        if "africanus" in expansions:
            wanted.add("region_cards")
            if "sultan" in g.view()["cards_in_play"]:
                wanted.add("diplomats")
        assert all(set(line) == wanted for line in out["lines"])
