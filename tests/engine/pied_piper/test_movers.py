"""Emperor, Nun, Bishop, Courier and Pied Piper: one test or more per ability and rule line."""

from __future__ import annotations

import random

import pytest

from engine import rattus
from engine.core import IllegalAction
from engine.rattus.game import Game
from engine.rattus.pied_piper import pieces
from tests.engine.helpers import notations, play, token
from tests.engine.pied_piper.helpers import pp_position


def walls(g: Game) -> list[list[str] | None]:
    return list(pieces.pieces(g.state)["walls"])


def spots(g: Game, kind: str) -> list[str | None]:
    return list(pieces.pieces(g.state)[kind])


def final_round(**kw: object) -> Game:
    """Seat 0 moves the plague with an empty rat supply: seat 2 then has the first final turn."""
    g = pp_position(3, supply_rats=0, plague="gallia", **kw)  # type: ignore[arg-type]
    g = play(g, "plague:italia")
    assert g.view()["status"] == "final_round" and g.actors() == [2]
    return g


# Emperor


def test_emperor_places_walls_from_the_box_one_edge_by_region_then_neighbour() -> None:
    g = pp_position(4, hands={0: ["emperor"]})
    g = play(g, "use:emperor")
    assert notations(g) == ["back", "wall:box"]
    g = play(g, "wall:box")
    assert "region:gallia" in notations(g) and "back" in notations(g)
    g = play(g, "region:gallia")
    assert notations(g) == [
        "back",
        "border:anglia",
        "border:germania",
        "border:hispania",
        "border:italia",
    ]
    g = play(g, "border:italia")
    assert walls(g) == [["gallia", "italia"], None, None]
    assert "back" not in notations(g)  # a wall stands: no backing out now
    assert "done" in notations(g)
    assert any("placed a wall between Gallia and Italia" in e.text for e in g.events)


def test_emperor_moves_any_or_all_walls_each_once_then_stops() -> None:
    g = pp_position(
        4,
        hands={0: ["emperor"]},
        walls=[("gallia", "italia"), ("anglia", "scandia"), ("bulgaria", "turcia")],
    )
    g = play(g, "use:emperor")
    assert notations(g) == [
        "back",
        "wall:anglia:scandia",
        "wall:bulgaria:turcia",
        "wall:gallia:italia",
    ]
    g = play(g, "wall:gallia:italia", "region:hispania")
    assert "border:italia" in notations(g)
    g = play(g, "border:italia")
    assert "wall:hispania:italia" not in notations(g)  # each wall moves once per use
    assert sorted(notations(g)) == ["done", "wall:anglia:scandia", "wall:bulgaria:turcia"]
    g = play(g, "wall:anglia:scandia", "region:polonia", "border:russia")
    g = play(g, "wall:bulgaria:turcia", "region:hungaria", "border:russia")
    assert walls(g) == [["hispania", "italia"], ["polonia", "russia"], ["hungaria", "russia"]]
    assert g.decision(0).kind == "turn"  # type: ignore[union-attr]
    assert "use:emperor" not in notations(g)


def test_emperor_done_keeps_the_other_walls_and_uses_the_card() -> None:
    g = pp_position(4, hands={0: ["emperor"]}, walls=[("gallia", "italia")])
    g = play(g, "use:emperor", "wall:box", "region:anglia", "border:scandia", "done")
    assert walls(g) == [["gallia", "italia"], ["anglia", "scandia"], None]
    assert "use:emperor" not in notations(g)


def test_emperor_offers_only_free_borders_between_regions_in_use() -> None:
    g = pp_position(2, hands={0: ["emperor"]}, walls=[("gallia", "italia")])
    g = play(g, "use:emperor", "wall:box", "region:gallia")
    assert "border:italia" not in notations(g)  # already walled
    g = play(g, "back")
    g = play(g, "use:emperor", "wall:box")
    assert "region:bulgaria" not in notations(g)  # not in use with 2 players
    g = play(g, "region:hungaria")
    assert "border:bulgaria" not in notations(g) and "border:russia" not in notations(g)


def test_emperor_back_before_a_change_leaves_the_card_unused() -> None:
    g = pp_position(3, hands={0: ["emperor"]})
    g = play(g, "use:emperor", "wall:box", "region:gallia", "back")
    assert walls(g) == [None, None, None]
    assert "use:emperor" in notations(g)


def test_a_wall_placed_by_the_emperor_blocks_the_plague_piece_cubes_and_rats() -> None:
    g = pp_position(
        4,
        hands={0: ["emperor", "merchant", "monk"]},
        plague="anglia",
        cubes={"anglia": {0: 2}},
        rats={"anglia": [token(9)]},
    )
    g = play(g, "use:emperor", "wall:box", "region:anglia", "border:gallia", "done")
    assert "plague:gallia" not in notations(g) and "plague:scandia" in notations(g)
    g = play(g, "use:merchant", "from:anglia")
    assert notations(g) == ["back", "to:scandia"]
    g = play(g, "back", "use:monk", "from:anglia")
    assert notations(g) == ["back", "to:scandia"]


def test_emperor_in_the_final_round() -> None:
    g = final_round(hands={2: ["emperor"]})
    g = play(g, "use:emperor", "wall:box", "region:gallia", "border:hispania", "done")
    assert walls(g)[0] == ["gallia", "hispania"]


# Nun


def test_nun_places_and_moves_nuns_several_may_share_a_region() -> None:
    g = pp_position(3, hands={0: ["nun"]}, nuns=["gallia"])
    g = play(g, "use:nun")
    assert notations(g) == ["back", "nun:box", "nun:gallia"]  # the two in the box are alike
    g = play(g, "nun:gallia")
    assert "to:gallia" not in notations(g) and "to:italia" in notations(g)
    g = play(g, "to:italia")
    assert "back" not in notations(g)
    assert notations(g) == ["done", "nun:box"]  # the moved nun is not offered again
    g = play(g, "nun:box", "to:italia", "nun:box", "to:italia")
    assert spots(g, "nuns") == ["italia", "italia", "italia"]
    assert g.decision(0).kind == "turn"  # type: ignore[union-attr]
    assert "use:nun" not in notations(g)


def test_nun_done_after_one_move() -> None:
    g = pp_position(3, hands={0: ["nun"]})
    g = play(g, "use:nun", "nun:box", "to:hispania")
    assert any("placed a nun in Hispania" in e.text for e in g.events)
    g = play(g, "done")
    assert spots(g, "nuns") == ["hispania", None, None]


def test_nuns_placed_by_the_nun_lower_the_population_against_the_limit() -> None:
    g = pp_position(
        3,
        hands={0: ["nun"]},
        plague="gallia",
        cubes={"italia": {1: 3}},
        rats={"italia": [token(3, a=1)]},
    )
    g = play(g, "use:nun", "nun:box", "to:italia", "done", "plague:italia")
    assert g.decision(0).kind == "spread"  # type: ignore[union-attr]
    g = play(g, "rat:hispania")
    assert g.state.cubes["italia"][1] == 3  # 3 cubes less 1 nun: below the limit of 3
    assert g.state.revealed[0]["outbreak"] is False


def test_nun_in_the_final_round() -> None:
    g = final_round(hands={2: ["nun"]}, nuns=["gallia"])
    g = play(g, "use:nun", "nun:gallia", "to:hispania", "done")
    assert spots(g, "nuns") == ["hispania", None, None]


# Bishop


def test_bishop_places_a_bishop_from_the_box_in_any_region() -> None:
    g = pp_position(3, hands={0: ["bishop"]})
    g = play(g, "use:bishop")
    assert "to:gallia" in notations(g) and "to:turcia" in notations(g) and "back" in notations(g)
    g = play(g, "to:gallia")
    assert spots(g, "bishops") == ["gallia", None]
    assert "use:bishop" not in notations(g)  # one bishop per use


def test_bishop_places_the_second_while_one_is_in_the_box_even_in_the_same_region() -> None:
    g = pp_position(3, hands={0: ["bishop"]}, bishops=["gallia"])
    g = play(g, "use:bishop")
    assert "to:gallia" in notations(g)
    g = play(g, "to:gallia")
    assert spots(g, "bishops") == ["gallia", "gallia"]


def test_bishop_moves_one_only_when_both_are_in_play() -> None:
    g = pp_position(3, hands={0: ["bishop"]}, bishops=["gallia", "italia"])
    g = play(g, "use:bishop")
    assert notations(g) == ["back", "bishop:gallia", "bishop:italia"]
    g = play(g, "bishop:italia")
    assert "to:italia" not in notations(g) and "to:gallia" in notations(g)
    g = play(g, "to:gallia")
    assert spots(g, "bishops") == ["gallia", "gallia"]
    assert any("moved a bishop from Italia to Gallia" in e.text for e in g.events)


def test_a_bishop_keeps_new_rats_out() -> None:
    g = pp_position(
        3,
        hands={0: ["bishop"]},
        plague="italia",
        walls=[("anglia", "gallia"), ("gallia", "hispania")],
        rats={"gallia": [token(99)]},
    )
    g = play(g, "use:bishop", "to:germania", "plague:gallia")
    # Gallia's open neighbours are Germania and Italia; the bishop leaves only Italia
    assert g.state.rats["germania"] == [] and len(g.state.rats["italia"]) == 1


@pytest.mark.parametrize("bishop", ["gallia", "italia"])
def test_the_witch_may_not_swap_a_rat_into_or_out_of_a_bishops_region(bishop: str) -> None:
    g = pp_position(
        3,
        hands={0: ["witch"]},
        bishops=[bishop],
        rats={"gallia": [token(2)], "italia": [token(3)]},
    )
    g = play(g, "use:witch", "look:gallia", "look:italia")
    assert g.decision(0).kind == "turn"  # type: ignore[union-attr]
    assert len(g.state.rats["gallia"]) == len(g.state.rats["italia"]) == 1
    assert g.state.tokens[g.state.rats["gallia"][0]]["limit"] == 2


def test_the_witch_still_swaps_between_two_regions_without_a_bishop() -> None:
    g = pp_position(
        3,
        hands={0: ["witch"]},
        bishops=["hispania"],
        rats={"gallia": [token(2)], "italia": [token(3)]},
    )
    g = play(g, "use:witch", "look:gallia", "look:italia", "swap")
    assert g.state.tokens[g.state.rats["gallia"][0]]["limit"] == 3


def test_bishop_in_the_final_round() -> None:
    g = final_round(hands={2: ["bishop"]})
    g = play(g, "use:bishop", "to:hispania")
    assert spots(g, "bishops") == ["hispania", None]


# Courier


def test_courier_swaps_two_cubes_of_different_colours_in_different_regions() -> None:
    g = pp_position(
        3,
        hands={0: ["courier"]},
        cubes={"gallia": {0: 2, 1: 1}, "italia": {1: 2, 2: 1}, "anglia": {0: 1}},
    )
    g = play(g, "use:courier")
    assert notations(g) == ["back", "from:anglia", "from:gallia", "from:italia"]
    g = play(g, "from:gallia")
    assert notations(g) == ["back", "cube:red", "cube:yellow"]
    g = play(g, "cube:red")
    assert notations(g) == ["back", "with:italia"]  # Anglia holds only red cubes
    g = play(g, "with:italia")
    assert notations(g) == ["back", "cube:green", "cube:yellow"]
    g = play(g, "cube:yellow")
    assert g.state.cubes["gallia"] == [1, 2, 0] and g.state.cubes["italia"] == [1, 1, 1]
    assert "use:courier" not in notations(g)


def test_courier_may_swap_two_other_players_cubes_and_skips_a_single_colour_choice() -> None:
    g = pp_position(3, hands={0: ["courier"]}, cubes={"gallia": {1: 1}, "italia": {2: 3}})
    g = play(g, "use:courier", "from:gallia", "with:italia")
    assert g.state.cubes["gallia"] == [0, 0, 1] and g.state.cubes["italia"] == [0, 1, 2]
    assert any(
        "swapped a cube of Yellow in Gallia with a cube of Green" in e.text for e in g.events
    )


def test_courier_ignores_walls_and_distance() -> None:
    g = pp_position(
        4,
        hands={0: ["courier"]},
        walls=[("anglia", "gallia"), ("anglia", "scandia")],
        cubes={"anglia": {0: 1}, "tartaria": {3: 1}},
    )
    g = play(g, "use:courier", "from:anglia", "with:tartaria")
    assert g.state.cubes["anglia"][3] == 1 and g.state.cubes["tartaria"][0] == 1


def test_courier_excludes_the_palace_same_colour_and_same_region() -> None:
    g = pp_position(
        3, hands={0: ["courier"]}, cubes={"gallia": {0: 1, 1: 1}, "italia": {0: 2}}, palace={1: 2}
    )
    assert "use:courier" in notations(g)
    g = play(g, "use:courier")
    assert notations(g) == ["back", "from:gallia", "from:italia"]
    g = play(g, "from:italia")
    assert notations(g) == ["back", "with:gallia"]
    g = play(g, "with:gallia")
    assert g.state.cubes["gallia"] == [2, 0, 0] and g.state.cubes["italia"] == [1, 1, 0]
    alone = pp_position(3, hands={0: ["courier"]}, cubes={"gallia": {0: 1, 1: 1}}, palace={1: 2})
    assert "use:courier" not in notations(alone)


def test_courier_potions_go_with_an_owners_last_cube_and_stay_with_the_others() -> None:
    g = pp_position(
        3,
        hands={0: ["courier"]},
        cubes={"gallia": {1: 1}, "italia": {2: 2}},
        potions={"gallia": {1: 2}, "italia": {2: 1}},
    )
    g = play(g, "use:courier", "from:gallia", "with:italia")
    assert pieces.potions_of(g.state, 1, "italia") == 2  # Yellow's only cube carried them
    assert pieces.potions_of(g.state, 1, "gallia") == 0
    assert pieces.potions_of(g.state, 2, "italia") == 1  # Green kept a cube there
    assert pieces.potions_of(g.state, 2, "gallia") == 0


def test_courier_in_the_final_round() -> None:
    g = final_round(hands={2: ["courier"]}, cubes={"gallia": {1: 1}, "hispania": {2: 1}})
    g = play(g, "use:courier", "from:gallia", "with:hispania")
    assert g.state.cubes["gallia"] == [0, 0, 1]


# Pied Piper


def test_pied_piper_leads_every_rat_that_fits() -> None:
    g = pp_position(
        3,
        hands={0: ["pied_piper"]},
        cubes={"gallia": {0: 2}},
        rats={"gallia": [token(1), token(2)], "italia": [token(3)]},
    )
    led = list(g.state.rats["gallia"])
    g = play(g, "use:pied_piper", "from:gallia")
    assert "to:italia" in notations(g) and "back" in notations(g)
    g = play(g, "to:italia")
    assert g.state.cubes["gallia"][0] == 1 and g.state.cubes["italia"][0] == 1
    assert g.state.rats["gallia"] == [] and g.state.rats["italia"][1:] == led
    assert any("led 2 rats along" in e.text for e in g.events)
    assert "use:pied_piper" not in notations(g)


def test_pied_piper_mover_chooses_which_rats_follow_when_not_all_fit() -> None:
    g = pp_position(
        3,
        hands={0: ["pied_piper"]},
        cubes={"gallia": {0: 1}},
        rats={"gallia": [token(1), token(2), token(3)], "italia": [token(4), token(5)]},
    )
    first, second, third = g.state.rats["gallia"]
    g = play(g, "use:pied_piper", "from:gallia", "to:italia")
    assert notations(g) == ["back", "lead:1", "lead:2", "lead:3"]
    g = play(g, "lead:2")
    assert g.state.rats["gallia"] == [first, third] and g.state.rats["italia"][2] == second


def test_pied_piper_chooses_two_of_three() -> None:
    g = pp_position(
        3,
        hands={0: ["pied_piper"]},
        cubes={"gallia": {0: 1}},
        rats={"gallia": [token(1), token(2), token(3)], "italia": [token(4)]},
    )
    first, second, third = g.state.rats["gallia"]
    g = play(g, "use:pied_piper", "from:gallia", "to:italia")
    assert notations(g) == ["back", "lead:1:2", "lead:1:3", "lead:2:3"]
    g = play(g, "lead:1:3")
    assert g.state.rats["gallia"] == [second] and g.state.rats["italia"][1:] == [first, third]


def test_pied_piper_leads_no_rat_into_a_bishops_region_but_may_still_move() -> None:
    g = pp_position(
        3,
        hands={0: ["pied_piper"]},
        bishops=["italia"],
        cubes={"gallia": {0: 1}},
        rats={"gallia": [token(1)]},
    )
    g = play(g, "use:pied_piper", "from:gallia", "to:italia")
    assert g.state.cubes["italia"][0] == 1 and len(g.state.rats["gallia"]) == 1
    assert g.state.rats["italia"] == []


def test_pied_piper_may_move_into_a_full_region_or_from_a_region_without_rats() -> None:
    full = [token(9), token(9), token(9)]
    g = pp_position(
        3,
        hands={0: ["pied_piper"]},
        cubes={"gallia": {0: 1}, "anglia": {0: 1}},
        rats={"gallia": [token(1)], "italia": full},
    )
    g = play(g, "use:pied_piper", "from:gallia", "to:italia")
    assert len(g.state.rats["gallia"]) == 1 and len(g.state.rats["italia"]) == 3
    g2 = pp_position(3, hands={0: ["pied_piper"]}, cubes={"anglia": {0: 1}})
    g2 = play(g2, "use:pied_piper", "from:anglia", "to:gallia")
    assert g2.state.cubes["gallia"][0] == 1
    assert any("led no rat along" in e.text for e in g2.events)


def test_pied_piper_cannot_cross_a_wall() -> None:
    g = pp_position(
        3, hands={0: ["pied_piper"]}, walls=[("anglia", "gallia")], cubes={"anglia": {0: 1}}
    )
    g = play(g, "use:pied_piper", "from:anglia")
    assert notations(g) == ["back", "to:scandia"]
    walled_in = pp_position(
        3,
        hands={0: ["pied_piper"]},
        walls=[("anglia", "gallia"), ("anglia", "scandia")],
        cubes={"anglia": {0: 1}},
    )
    assert "use:pied_piper" not in notations(walled_in)


def test_pied_piper_knowledge_of_fronts_follows_the_tokens() -> None:
    g = pp_position(
        3,
        hands={0: ["pied_piper"]},
        cubes={"gallia": {0: 1}},
        rats={"gallia": [token(2, a=1)]},
    )
    tid = g.state.rats["gallia"][0]
    g.state.known[tid] = [1]
    g = play(g, "use:pied_piper", "from:gallia", "to:italia")
    assert g.view(1)["regions"]["italia"]["slots"][0]["known"] == {
        **token(2, a=1),
        "starting": False,
    }
    assert g.view(0)["regions"]["italia"]["slots"][0]["known"] is None


def test_pied_piper_potions_follow_the_last_cube() -> None:
    g = pp_position(
        3, hands={0: ["pied_piper"]}, cubes={"gallia": {0: 1}}, potions={"gallia": {0: 1}}
    )
    g = play(g, "use:pied_piper", "from:gallia", "to:italia")
    assert pieces.potions_of(g.state, 0, "italia") == 1


def test_pied_piper_in_the_final_round() -> None:
    g = final_round(hands={2: ["pied_piper"]}, cubes={"hispania": {2: 1}})
    g = play(g, "use:pied_piper", "from:hispania", "to:gallia")
    assert g.state.cubes["gallia"][2] == 1


# Bad input and random play


def test_bad_answers_are_refused_and_change_nothing() -> None:
    g = pp_position(3, hands={0: ["pied_piper"]}, cubes={"anglia": {0: 1}})
    g = play(g, "use:pied_piper", "from:anglia")
    before = g.to_dict()
    for bad in ["to:italia", "to:anglia", "lead:1", "from:anglia", "to:"]:
        with pytest.raises(IllegalAction):
            g.apply(0, bad)
    assert g.to_dict() == before


MOVERS = ["emperor", "nun", "bishop", "courier", "pied_piper"]
CARD_LISTS = [
    [*MOVERS, "king"],
    [*MOVERS, "witch"],
    ["pied_piper", "bishop", "courier", "knight", "monk", "emperor"],
]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_these_cards_end_without_error(players: int) -> None:
    used: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed * 31 + players)
        g = rattus.new_game(
            players, expansions={"pied_piper"}, class_cards=CARD_LISTS[seed % 3], seed=seed
        )
        steps = 0
        while not g.is_over:
            seat = g.actors()[0]
            acts = g.legal_actions(seat)
            kinds = [a.kind for a in acts]
            assert max(kinds.count(k) for k in kinds) <= 25
            g = g.apply(seat, rng.choice(acts))
            used |= {e.kind for e in g.events}
            steps += 1
            assert steps < 5000
        s = g.state
        assert all(len(s.rats[r]) <= 3 for r in s.regions)
        assert sum(1 for w in pieces.pieces(s)["walls"] if w is not None) <= pieces.WALLS
    assert set(MOVERS) <= used  # every card here did something in these games
