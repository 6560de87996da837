"""Africanus: the Sultan's diplomats and the Caravaner's caravan."""

from __future__ import annotations

from typing import Any

import pytest

from engine import rattus
from engine.core import IllegalAction, Rng
from engine.rattus import board, data, flow
from engine.rattus.africanus import envoys, regions
from engine.rattus.game import Game
from engine.rattus.pied_piper import pieces
from engine.rattus.state import Ctx
from tests.engine.helpers import notations, play, position, random_playout


def af_position(
    players: int = 3,
    *,
    diplomats: dict[str, list[int]] | None = None,
    caravan: str | None = None,
    **base: Any,
) -> Game:
    """``position`` with Africanus on, the cards held put in play, diplomats and the caravan."""
    g = position(players, **base)
    s = g.state
    s.expansions = ["africanus"]
    regions.setup(s, Rng.from_seed(1))
    held = [c for hand in s.hands for c in hand]
    s.cards_in_play = [*held, *(c for c in s.cards_in_play if c not in held)][:6]
    t = regions.table(s)
    t["diplomats"] = {r: list(seats) for r, seats in (diplomats or {}).items()}
    t["caravan"] = caravan
    return g


# The Sultan


def test_sultan_puts_a_diplomat_in_a_region_with_own_cubes_and_none_of_own_there() -> None:
    g = af_position(
        cubes={"gallia": {0: 2, 1: 1}, "italia": {0: 1}, "anglia": {1: 3}},
        hands={0: ["sultan"]},
        diplomats={"italia": [0], "gallia": [1]},
    )
    g = play(g, "use:sultan")
    assert sorted(notations(g)) == ["back", "diplomat:gallia"]
    g = play(g, "diplomat:gallia")
    assert envoys.diplomats(g.state) == {"italia": [0], "gallia": [1, 0]}
    assert envoys.diplomats_left(g.state) == 12
    assert "use:sultan" not in notations(g)
    assert "diplomat" in g.events[-1].text


def test_sultan_back_leaves_the_card_unused() -> None:
    g = af_position(cubes={"gallia": {0: 1}}, hands={0: ["sultan"]})
    g = play(g, "use:sultan", "back")
    assert envoys.diplomats(g.state) == {}
    assert "use:sultan" in notations(g)


def test_sultan_cannot_be_used_when_all_fifteen_diplomats_are_out() -> None:
    spread = {r: [1] for r in ["anglia", "germania", "hispania", "hungaria", "italia"]}
    spread.update({r: [1, 2] for r in ["polonia", "scandia", "bulgaria", "turcia", "russia"]})
    g = af_position(
        4,
        cubes={"gallia": {0: 1}},
        hands={0: ["sultan"]},
        diplomats=spread,
    )
    assert envoys.diplomats_left(g.state) == 0
    assert "use:sultan" not in notations(g)
    with pytest.raises(IllegalAction):
        g.apply(0, "use:sultan")


def test_sultan_without_cubes_on_the_board_cannot_be_used() -> None:
    g = af_position(palace={0: 3}, hands={0: ["sultan"]})
    assert "use:sultan" not in notations(g)


def test_a_player_loses_plain_cubes_before_the_diplomat_cube() -> None:
    g = af_position(cubes={"gallia": {0: 2, 1: 1}}, diplomats={"gallia": [0, 1]})
    s = g.state.clone()
    ctx = Ctx(s)
    assert board.lose_cube(ctx, 0, "gallia") == "cube"
    assert envoys.diplomats(s) == {"gallia": [0, 1]}
    assert ctx.events == []
    board.lose_cube(ctx, 0, "gallia")
    assert envoys.diplomats(s) == {"gallia": [1]}
    assert envoys.diplomats_left(s) == 14
    assert "returns to the supply" in ctx.events[-1].text


def test_a_potion_dies_before_the_diplomat_cube() -> None:
    g = af_position(cubes={"gallia": {0: 1}}, diplomats={"gallia": [0]})
    s = g.state.clone()
    s.expansions.append("pied_piper")
    pieces.setup(s, Rng.from_seed(1))
    pieces.add_potion(s, 0, "gallia")
    ctx = Ctx(s)
    assert board.lose_cube(ctx, 0, "gallia") == "potion"
    assert envoys.diplomats(s) == {"gallia": [0]}
    board.lose_cube(ctx, 0, "gallia")
    assert envoys.diplomats(s) == {}


def test_a_diplomat_stays_while_some_of_its_players_cubes_leave() -> None:
    g = af_position(cubes={"gallia": {0: 3}}, hands={0: ["merchant"]}, diplomats={"gallia": [0]})
    g = play(g, "use:merchant", "from:gallia", "to:italia", "count:2")
    assert envoys.diplomats(g.state) == {"gallia": [0]}
    assert g.decision(0).kind == "diplomat_carry"  # type: ignore[union-attr]
    assert notations(g) == ["carry:0", "carry:1"]
    g = play(g, "carry:0")
    assert envoys.diplomats(g.state) == {"gallia": [0]}
    assert g.decision(0).kind == "turn"  # type: ignore[union-attr]


def test_the_mover_may_take_the_diplomats_cube_along() -> None:
    g = af_position(cubes={"gallia": {0: 3}}, hands={0: ["merchant"]}, diplomats={"gallia": [0]})
    g = play(g, "use:merchant", "from:gallia", "to:italia", "count:1", "carry:1")
    assert envoys.diplomats(g.state) == {"italia": [0]}
    assert g.state.cubes["gallia"][0] == 2 and g.state.cubes["italia"][0] == 1
    assert "diplomat" in g.events[-1].text


def test_a_diplomat_moves_with_the_last_cube_leaving() -> None:
    g = af_position(cubes={"gallia": {0: 2}}, hands={0: ["merchant"]}, diplomats={"gallia": [0]})
    g = play(g, "use:merchant", "from:gallia", "to:italia", "count:2")
    assert envoys.diplomats(g.state) == {"italia": [0]}
    assert g.decision(0).kind == "turn"  # type: ignore[union-attr]


def test_a_moving_diplomat_stays_with_its_cube_where_its_player_already_has_one() -> None:
    # Rule change: a diplomat stays with its cube until the cube dies or the game ends.
    g = af_position(
        cubes={"gallia": {0: 1}, "italia": {0: 1}},
        hands={0: ["merchant"]},
        diplomats={"gallia": [0], "italia": [0]},
    )
    g = play(g, "use:merchant", "from:gallia", "to:italia", "count:1")
    assert envoys.diplomats(g.state) == {"italia": [0, 0]}
    assert envoys.diplomats_left(g.state) == 13
    assert g.view()["regions"]["italia"]["diplomats"] == {"0": 2}


def test_a_diplomat_goes_to_the_palace_with_its_cube_and_still_scores() -> None:
    g = af_position(cubes={"gallia": {0: 1}}, hands={0: ["king"]}, diplomats={"gallia": [0]})
    g = play(g, "use:king", "palace:gallia")
    assert envoys.diplomats(g.state) == {"palace": [0]}
    assert envoys.diplomats_left(g.state) == 14
    assert envoys.diplomat_count(g.state, 0) == 1
    assert g.view()["palace_diplomats"] == {"0": 1}


def test_the_king_may_send_the_diplomats_cube_to_the_palace_or_a_plain_one() -> None:
    g = af_position(cubes={"gallia": {0: 2}}, hands={0: ["king"]}, diplomats={"gallia": [0]})
    kept = play(g, "use:king", "palace:gallia", "carry:0")
    assert envoys.diplomats(kept.state) == {"gallia": [0]}
    sent = play(g, "use:king", "palace:gallia", "carry:1")
    assert envoys.diplomats(sent.state) == {"palace": [0]}


def test_a_diplomat_dies_only_with_the_last_of_several_diplomat_cubes() -> None:
    g = af_position(cubes={"gallia": {0: 2}}, diplomats={"gallia": [0, 0]})
    s = g.state.clone()
    ctx = Ctx(s)
    board.lose_cube(ctx, 0, "gallia")
    assert envoys.diplomats(s) == {"gallia": [0]}
    board.lose_cube(ctx, 0, "gallia")
    assert envoys.diplomats(s) == {}


def test_the_courier_user_decides_whether_another_players_diplomat_cube_is_swapped() -> None:
    g = af_position(
        cubes={"gallia": {1: 2}, "italia": {2: 1}},
        hands={0: ["courier"]},
        diplomats={"gallia": [1]},
    )
    g.state.expansions.append("pied_piper")
    pieces.setup(g.state, Rng.from_seed(1))
    g = play(g, "use:courier", "from:gallia", "with:italia")
    assert g.actors() == [0] and g.decision(0).kind == "diplomat_carry"  # type: ignore[union-attr]
    g = play(g, "carry:1")
    assert envoys.diplomats(g.state) == {"italia": [1]}


@pytest.mark.parametrize(
    ("players", "counts", "points"),
    [
        (4, [3, 2, 1, 0], [4, 2, 0, 0]),
        (4, [2, 2, 1, 0], [3, 3, 0, 0]),
        (4, [1, 1, 1, 0], [2, 2, 2, 0]),
        (4, [3, 1, 1, 1], [4, 0, 0, 0]),
        (4, [3, 1, 1, 0], [4, 1, 1, 0]),
        (2, [2, 1], [4, 0]),
        (2, [1, 1], [3, 3]),
        (3, [0, 0, 0], [0, 0, 0]),
    ],
)
def test_diplomat_points(players: int, counts: list[int], points: list[int]) -> None:
    order = ["anglia", "gallia", "germania", "hispania"]
    spread: dict[str, list[int]] = {}
    for seat, n in enumerate(counts):
        for r in order[:n]:
            spread.setdefault(r, []).append(seat)
    g = af_position(players, hands={0: ["sultan"]}, diplomats=spread)
    assert envoys.diplomat_points(g.state) == points


def test_diplomat_points_are_added_to_the_final_score() -> None:
    g = af_position(
        3,
        cubes={"gallia": {0: 1, 1: 2}, "italia": {0: 1}},
        hands={2: ["sultan"]},
        diplomats={"gallia": [0, 1], "italia": [0]},
    )
    s = g.state.clone()
    flow.score(Ctx(s))
    assert s.scores == [2 + 4, 2 + 2, 0]


def test_sultan_in_the_final_round() -> None:
    g = af_position(3, cubes={"gallia": {1: 1}}, hands={1: ["sultan"]})
    s = g.state
    s.stack = []
    flow.start_final_round(s, 0)
    assert g.actors() == [2]
    g = play(g, "done", "use:sultan", "diplomat:gallia")
    assert envoys.diplomats(g.state) == {"gallia": [1]}


# The caravan


def _after_start(players: int, cards: list[str], seed: int = 3) -> Game:
    g = rattus.new_game(players, expansions={"africanus"}, class_cards=cards, seed=seed)
    while g.state.stack and g.state.stack[-1]["kind"] == "start_place":
        g = play(g, notations(g)[0])
    return g


CARDS = ["king", "knight", "merchant", "monk", "peasant", "caravaner"]


def test_the_last_player_places_the_caravan_before_the_first_turn() -> None:
    g = _after_start(4, CARDS)
    assert g.actors() == [3]
    assert len(notations(g)) == len(g.state.regions)
    g = play(g, "caravan:italia")
    assert envoys.caravan(g.state) == "italia"
    assert g.actors() == [0]
    assert g.state.stack[-1]["kind"] == "turn"
    assert g.view()["caravan"] == "italia"


def test_no_caravan_without_the_caravaner() -> None:
    g = _after_start(4, ["king", "knight", "merchant", "monk", "peasant", "sultan"])
    assert g.actors() == [0]
    assert g.state.stack[-1]["kind"] == "turn"
    assert envoys.caravan(g.state) is None


def test_caravan_moves_exactly_two_steps_never_back_to_its_start() -> None:
    g = af_position(hands={0: ["caravaner"]}, caravan="anglia")
    g = play(g, "use:caravaner")
    assert sorted(notations(g)) == ["back", "via:gallia", "via:scandia"]
    g = play(g, "via:gallia")
    assert sorted(notations(g)) == ["back", "to:germania", "to:hispania", "to:italia"]
    g = play(g, "to:italia")
    assert envoys.caravan(g.state) == "italia"
    assert "use:caravaner" not in notations(g)


def test_caravan_majorities_place_a_cube_in_the_start_and_middle_not_the_end() -> None:
    g = af_position(
        cubes={
            "anglia": {0: 2, 1: 2, 2: 1},
            "gallia": {2: 3},
            "italia": {1: 4},
        },
        hands={0: ["caravaner"]},
        caravan="anglia",
    )
    g = play(g, "use:caravaner", "via:gallia", "to:italia")
    # Rule change: each majority player may place the cube and is asked, in turn order.
    asked = []
    while g.decision(g.actors()[0]).kind == "caravan_cube":  # type: ignore[union-attr]
        asked.append(g.actors()[0])
        g = play(g, "cube:place")
    assert asked == [0, 1, 2]
    c = g.state.cubes
    assert c["anglia"] == [3, 3, 1]
    assert c["gallia"] == [0, 0, 4]
    assert c["italia"] == [0, 4, 0]


def test_a_caravan_majority_player_may_decline_the_cube() -> None:
    g = af_position(
        cubes={"anglia": {1: 2}, "gallia": {0: 1, 2: 1}},
        hands={0: ["caravaner"]},
        caravan="anglia",
    )
    g = play(g, "use:caravaner", "via:gallia", "to:italia")
    assert g.actors() == [1] and notations(g) == ["cube:place", "cube:skip"]
    g = play(g, "cube:skip")
    assert g.actors() == [0]
    g = play(g, "cube:place")
    assert g.actors() == [2]
    g = play(g, "cube:skip")
    assert g.state.cubes["anglia"] == [0, 2, 0] and g.state.cubes["gallia"] == [2, 0, 1]
    assert g.decision(0).kind == "turn"  # type: ignore[union-attr]


def test_a_caravan_majority_player_without_cubes_in_supply_is_not_asked() -> None:
    g = af_position(cubes={"anglia": {1: 2}}, hands={0: ["caravaner"]}, caravan="anglia")
    g.state.supply[1] = 0
    g = play(g, "use:caravaner", "via:gallia", "to:italia")
    assert g.decision(0).kind == "turn"  # type: ignore[union-attr]


def test_caravan_places_nothing_in_empty_regions() -> None:
    g = af_position(hands={0: ["caravaner"]}, caravan="anglia")
    g = play(g, "use:caravaner", "via:scandia", "to:germania")
    assert all(g.state.cubes_in(r) == 0 for r in g.state.regions)


def test_caravan_back_after_the_first_step_changes_nothing() -> None:
    g = af_position(hands={0: ["caravaner"]}, caravan="anglia")
    g = play(g, "use:caravaner", "via:gallia", "back")
    assert envoys.caravan(g.state) == "anglia"
    assert "use:caravaner" in notations(g)


def test_walls_block_the_caravan() -> None:
    g = af_position(hands={0: ["caravaner"]}, caravan="anglia")
    s = g.state
    s.expansions.append("pied_piper")
    pieces.setup(s, Rng.from_seed(1))
    pieces.pieces(s)["walls"][0] = pieces.edge("anglia", "gallia")
    pieces.pieces(s)["walls"][1] = pieces.edge("germania", "scandia")
    g = play(g, "use:caravaner")
    assert sorted(notations(g)) == ["back", "via:scandia"]
    g = play(g, "via:scandia")
    assert sorted(notations(g)) == ["back", "to:polonia"]


def test_caravaner_in_the_final_round() -> None:
    g = af_position(3, cubes={"hispania": {1: 1}}, hands={1: ["caravaner"]}, caravan="hispania")
    s = g.state
    s.stack = []
    flow.start_final_round(s, 0)
    g = play(g, "done", "use:caravaner", "via:gallia", "to:anglia", "cube:place")
    assert envoys.caravan(g.state) == "anglia"
    assert g.state.cubes["hispania"][1] == 2


def test_views_show_the_caravan_and_diplomats() -> None:
    g = af_position(cubes={"gallia": {0: 1, 2: 1}}, diplomats={"gallia": [0, 2]}, caravan="italia")
    v = g.view()
    assert v["caravan"] == "italia"
    assert v["diplomats_left"] == 13
    assert v["regions"]["gallia"]["diplomats"] == {"0": 1, "2": 1}
    assert v["regions"]["italia"]["diplomats"] == {}


# Playouts


@pytest.mark.parametrize(
    ("players", "extra"),
    [(2, set()), (3, set()), (4, {"pied_piper"}), (5, {"mercatus"}), (6, set())],
)
def test_random_games_with_the_sultan_and_the_caravaner(players: int, extra: set[str]) -> None:
    base = ["sultan", "caravaner", "merchant", "king", "knight", "monk"]
    cards = base + (["peasant", "witch"] if players >= 5 else [])
    for seed in range(3):

        def check(g: Game) -> None:
            left = envoys.diplomats_left(g.state)
            assert 0 <= left <= envoys.DIPLOMATS
            for region, seats in envoys.diplomats(g.state).items():
                assert len(set(seats)) == len(seats)
                assert all(g.state.cubes[region][p] > 0 for p in seats)

        end, _ = random_playout(
            players, seed, expansions={"africanus", *extra}, class_cards=cards, check=check
        )
        assert end.state.scores is not None


def test_the_card_texts_say_what_the_envoys_do_now() -> None:
    cards = data.cards()
    assert "may place one more" in cards["caravaner"].text
    assert "even into the palace" in cards["sultan"].text
