"""Phase C: spreading and ravaging, including the rulebook's Gallia example."""

from __future__ import annotations

from engine import rattus
from engine.rattus.game import Game
from engine.text import english
from tests.engine.helpers import notations, play, position, token


def _last_revealed(g: Game) -> list[dict[str, object]]:
    return list(g.view()["revealed"])


def test_no_rats_in_the_plague_region_means_nothing_happens() -> None:
    g = position(3, plague="anglia", cubes={"gallia": {0: 3}})
    g = play(g, "plague:gallia")
    assert g.state.rats["gallia"] == [] and g.state.cubes["gallia"][0] == 3
    assert g.actors() == [1] and g.view()["turn"] == 2


def test_one_rat_spreads_one_new_rat_chosen_by_the_active_player() -> None:
    g = position(4, plague="anglia", rats={"gallia": [token(99)]}, supply_rats=10)
    g = play(g, "plague:gallia")
    assert g.decision(0).kind == "spread"  # type: ignore[union-attr]
    assert sorted(notations(g)) == ["rat:anglia", "rat:germania", "rat:hispania", "rat:italia"]
    g = play(g, "rat:italia")
    assert len(g.state.rats["italia"]) == 1 and len(g.state.rat_supply) == 9
    assert g.actors() == [1]


def test_two_or_three_rats_spread_two_new_rats() -> None:
    for n in (2, 3):
        g = position(4, plague="anglia", rats={"gallia": [token(99)] * n})
        g = play(g, "plague:gallia", "rat:italia", "rat:italia")
        assert len(g.state.rats["italia"]) == 2
        assert g.actors() == [1]


def test_never_more_than_three_rats_in_a_region() -> None:
    g = position(4, plague="gallia", rats={"anglia": [token(99)] * 2, "scandia": [token(99)] * 3})
    # Anglia's neighbours are Gallia and Scandia; Scandia is full, so both rats go to Gallia
    # without a question.
    g = play(g, "plague:anglia")
    assert len(g.state.rats["gallia"]) == 2 and len(g.state.rats["scandia"]) == 3
    assert g.actors() == [1]


def test_when_every_neighbour_is_full_no_rat_is_placed() -> None:
    full = [token(99)] * 3
    g = position(2, plague="gallia", rats={"anglia": [token(99)], "gallia": full, "scandia": full})
    supply = len(g.state.rat_supply)
    g = play(g, "plague:anglia")
    assert len(g.state.rat_supply) == supply
    assert g.actors() == [1]


def test_an_empty_supply_places_what_it_can_and_ends_the_game_after_the_turn() -> None:
    g = position(
        3,
        plague="anglia",
        rats={"gallia": [token(99)] * 2},
        supply_rats=1,
        hands={2: ["merchant"]},
        cubes={"hispania": {2: 2}},
    )
    g = play(g, "plague:gallia", "rat:italia")
    assert g.state.rat_supply == []
    assert len(g.state.rats["italia"]) == 1  # the second new rat had no token left to come from
    assert g.view()["status"] == "final_round"
    assert g.state.last_seat == 0 and g.actors() == [2]


def test_ravage_reveals_until_cubes_are_gone_and_keeps_the_rest_face_down() -> None:
    every_one = rattus.token(1, every=1)
    g = rattus.position(
        2,
        plague="anglia",
        cubes={"gallia": {0: 1}},
        rats={"gallia": [every_one, every_one, every_one]},
        supply_rats=20,
    )
    g = play(g, "plague:gallia", "rat:italia", "rat:italia")
    assert g.state.cubes["gallia"] == [0, 0]
    assert len(g.state.rats["gallia"]) == 2  # one token killed the only cube; two stay
    assert len(_last_revealed(g)) == 1
    assert g.state.supply[0] == 20


def test_a_token_below_its_limit_does_nothing_but_still_leaves_the_game() -> None:
    g = position(
        2, plague="anglia", cubes={"gallia": {0: 2, 1: 1}}, rats={"gallia": [token(4, a=1)]}
    )
    g = play(g, "plague:gallia", "rat:hispania")
    assert g.state.cubes["gallia"] == [2, 1]
    assert g.state.rats["gallia"] == []
    (entry,) = _last_revealed(g)
    assert entry["outbreak"] is False
    assert "T1" in g.state.gone


def test_limit_counts_every_colour() -> None:
    g = rattus.position(
        2,
        plague="anglia",
        cubes={"gallia": {0: 1, 1: 2}},
        rats={"gallia": [rattus.token(3, every=1)]},
    )
    g = play(g, "plague:gallia", "rat:hispania")
    assert g.state.cubes["gallia"] == [0, 1]


def test_majority_is_recounted_for_each_m_and_ties_all_lose() -> None:
    g = position(
        3, plague="anglia", cubes={"gallia": {0: 3, 1: 2, 2: 1}}, rats={"gallia": [token(1, m=3)]}
    )
    g = play(g, "plague:gallia", "rat:hispania")
    # M1: red 3->2 (tie with yellow next); M2: red and yellow 2->1 each; M3: all three tied at 1.
    assert g.state.cubes["gallia"] == [0, 0, 0]


def test_class_symbols_hit_every_card_of_that_class_held() -> None:
    g = rattus.position(
        3,
        plague="anglia",
        cubes={"gallia": {0: 3, 1: 3, 2: 3}},
        rats={"gallia": [rattus.token(1, "magic", "royalty")]},
        hands={0: ["witch"], 1: ["king"], 2: ["monk"]},
    )
    g = play(g, "plague:gallia", "rat:hispania")
    assert g.state.cubes["gallia"] == [2, 2, 3]


def test_a_card_holder_without_cubes_there_is_not_hit() -> None:
    g = position(
        3,
        plague="anglia",
        cubes={"gallia": {1: 3}, "italia": {0: 2}},
        rats={"gallia": [token(1, "magic")]},
        hands={0: ["witch"]},
    )
    g = play(g, "plague:gallia", "rat:hispania")
    assert g.state.cubes["gallia"] == [0, 3, 0] and g.state.cubes["italia"][0] == 2


def test_all_symbol_hits_every_player_with_cubes_there() -> None:
    g = position(
        4, plague="anglia", cubes={"gallia": {0: 1, 2: 2, 3: 5}}, rats={"gallia": [token(2, a=2)]}
    )
    g = play(g, "plague:gallia", "rat:hispania")
    assert g.state.cubes["gallia"] == [0, 0, 0, 3]


def test_rulebook_example_gallia_three_rats_and_an_m_token() -> None:
    """Gallia holds 3 rats and 6 cubes: Red 3, Yellow 2, Green 1. Red holds the Witch.

    The plague arrives and the three tokens are revealed one by one in random order. Whatever
    the order, each breaks out exactly when the people left there reach its limit, and the
    region ends with the people the outbreaks left.
    """
    g = position(
        3,
        plague="anglia",
        cubes={"gallia": {0: 3, 1: 2, 2: 1}},
        rats={"gallia": [token(2, m=1), token(6, "magic"), token(4, a=1)]},
        hands={0: ["witch"]},
        supply_rats=10,
    )
    g = play(g, "plague:gallia", "rat:italia", "rat:italia")
    revealed = _last_revealed(g)
    assert len(revealed) == 3
    people = 6
    for entry in revealed:
        assert entry["outbreak"] == (people >= entry["limit"])
        people -= sum(entry["losses"].values())  # type: ignore[attr-defined]
    assert sum(g.state.cubes["gallia"]) == people
    assert g.state.rats["gallia"] == []


def test_the_m_token_in_gallia_hits_the_majority_in_a_fixed_order() -> None:
    g = position(
        3,
        plague="anglia",
        cubes={"gallia": {0: 3, 1: 2, 2: 1}},
        rats={"gallia": [token(2, m=1)]},
        hands={0: ["witch"]},
    )
    g = play(g, "plague:gallia", "rat:hispania")
    assert g.state.cubes["gallia"] == [2, 2, 1]


def test_knight_may_count_the_plague_piece_as_two_people() -> None:
    for answer, expected in (("bonus:yes", [0, 0]), ("bonus:no", [1, 0])):
        g = position(
            2,
            plague="anglia",
            cubes={"gallia": {0: 1}},
            rats={"gallia": [token(3, a=1)]},
            hands={0: ["knight"]},
        )
        g = play(g, "plague:gallia", "rat:hispania")
        assert g.decision(0).kind == "plague_bonus"  # type: ignore[union-attr]
        g = play(g, answer)
        assert g.state.cubes["gallia"] == expected


def test_knight_is_not_asked_when_nothing_will_be_revealed() -> None:
    g = position(2, plague="anglia", rats={"gallia": [token(3)]}, hands={0: ["knight"]})
    g = play(g, "plague:gallia", "rat:hispania")
    assert g.actors() == [1]


def test_revealed_tokens_are_public_and_reset_next_turn() -> None:
    g = position(2, plague="anglia", cubes={"gallia": {0: 2}}, rats={"gallia": [token(1, a=1)]})
    g = play(g, "plague:gallia", "rat:hispania")
    assert g.view(None)["revealed"][0]["losses"] == {"0": 1}
    assert any("Rat revealed in Gallia" in e.text for e in g.events if e.public)
    assert g.view()["turn"] == 2  # the board after the turn still shows why people died
    g = play(g, "plague:germania")
    assert g.view()["revealed"] == []


def test_the_spread_menu_counts_a_second_new_rat_in_words() -> None:
    g = position(4, plague="anglia", rats={"gallia": [token(99)] * 2})
    g = play(g, "plague:gallia")
    pick = g.decision(0).pick  # type: ignore[union-attr]
    assert pick is not None
    labels = {value: english(label) for value, label in pick.options()}
    assert labels["italia.1"] == "Italia (0 there now)"
    assert labels["italia.2"] == "Italia: a second new rat"
    assert not any(label.endswith(")") and "(2)" in label for label in labels.values())
