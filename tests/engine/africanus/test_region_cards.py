"""Region cards in play (shields against class symbols, end points) and the Astronomer and the
Explorer, which draw them."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine import rattus
from engine.core import IllegalAction, Rng
from engine.rattus.africanus import regions
from engine.rattus.game import Game
from engine.rattus.pied_piper import pieces
from tests.engine.helpers import notations, play, position, random_playout, token
from tests.engine.test_playouts import check_invariants

GALLIA_PEASANT = [token(1, "peasantry")]


def with_cards(
    g: Game,
    hands: dict[int, list[str]],
    deck: list[str] | None = None,
    discard: list[str] | None = None,
) -> Game:
    s = g.state
    regions.setup(s, Rng.from_seed(1))
    s.expansions = ["africanus"]
    t = regions.table(s)
    t["hands"] = [list(hands.get(p, [])) for p in range(s.players)]
    if deck is not None:
        t["deck"] = list(deck)
    if discard is not None:
        t["discard"] = list(discard)
    return g


def ravage_gallia(
    cubes: dict[int, int],
    class_hands: dict[int, list[str]],
    region_hands: dict[int, list[str]],
    rats: list[dict[str, Any]] | None = None,
    active: int = 0,
) -> Game:
    g = position(
        3,
        plague="anglia",
        cubes={"gallia": cubes},
        rats={"gallia": rats or GALLIA_PEASANT},
        hands=class_hands,
        supply_rats=0,
        active=active,
    )
    g = with_cards(g, region_hands)
    return play(g, "plague:gallia")


def test_a_matching_region_card_is_offered_and_protects_the_class_card() -> None:
    g = ravage_gallia({0: 2}, {0: ["peasant"]}, {0: ["gallia-2", "anglia-2"]})
    assert g.decision(0).kind == "region_play"  # type: ignore[union-attr]
    assert sorted(notations(g)) == ["pass", "play:gallia-2:peasant"]
    g = play(g, "play:gallia-2:peasant")
    s = g.state
    assert s.cubes["gallia"][0] == 2
    assert regions.table(s)["hands"][0] == ["anglia-2"]
    assert "gallia-2" in regions.table(s)["discard"] and regions.table(s)["played"] == []
    assert any(e.kind == "region_card" and e.audience is None for e in g.events)
    (told,) = [e for e in g.events if e.kind == "hand"]
    assert told.audience == (0,) and "Anglia" in told.text  # the owner learns their new hand


def test_passing_keeps_the_card_and_the_rat_strikes() -> None:
    g = ravage_gallia({0: 2}, {0: ["peasant"]}, {0: ["gallia-2"]})
    g = play(g, "pass")
    assert g.state.cubes["gallia"][0] == 1
    assert regions.table(g.state)["hands"][0] == ["gallia-2"]


def test_the_question_mark_card_protects_any_class() -> None:
    g = ravage_gallia({0: 1}, {0: ["peasant"]}, {0: ["anglia-3"]})
    assert sorted(notations(g)) == ["pass", "play:anglia-3:peasant"]


def test_a_holder_without_a_matching_card_is_asked_with_only_play_none() -> None:
    """Who is asked depends on how many region cards a hand holds, never on which: a player
    whose cards match nothing is asked like one whose cards do, with nothing to play."""
    matching = ravage_gallia({0: 2}, {0: ["peasant"]}, {0: ["gallia-2"]})
    other = ravage_gallia({0: 2}, {0: ["peasant"]}, {0: ["anglia-2"]})
    for g in (matching, other):
        assert g.actors() == [0]
        assert g.decision(0).kind == "region_play"  # type: ignore[union-attr]
    assert notations(other) == ["pass"]
    assert "None of your region cards" in str(other.decision(0).prompt)  # type: ignore[union-attr]
    assert "Play a region card" in str(matching.decision(0).prompt)  # type: ignore[union-attr]
    g = play(other, "pass")
    assert g.state.cubes["gallia"][0] == 1
    assert regions.table(g.state)["hands"][0] == ["anglia-2"]


def test_no_region_card_or_no_class_loss_means_no_question() -> None:
    g = ravage_gallia({0: 2}, {0: ["peasant"]}, {})
    assert g.state.cubes["gallia"][0] == 1
    g = ravage_gallia({0: 2}, {0: ["witch"]}, {0: ["gallia-3"]})
    assert g.state.cubes["gallia"][0] == 2
    assert regions.table(g.state)["hands"][0] == ["gallia-3"]


def test_region_cards_never_help_against_majority_and_all() -> None:
    g = ravage_gallia({0: 2, 1: 1}, {0: ["peasant"]}, {0: ["gallia-3"]}, rats=[token(1, m=1, a=1)])
    assert g.state.cubes["gallia"] == [0, 0, 0]
    assert regions.table(g.state)["hands"][0] == ["gallia-3"]


def test_no_question_when_majority_already_took_the_last_cube() -> None:
    g = ravage_gallia(
        {0: 1}, {0: ["peasant"]}, {0: ["gallia-3"]}, rats=[token(1, "peasantry", m=1)]
    )
    assert g.state.cubes["gallia"][0] == 0
    assert regions.table(g.state)["hands"][0] == ["gallia-3"]


def test_players_are_asked_in_turn_order_from_the_active_player() -> None:
    hands = {0: ["peasant"], 1: ["serf"], 2: ["baker"]}
    cards = {0: ["gallia-3"], 1: ["anglia-3"], 2: ["italia-3"]}
    g = ravage_gallia({0: 1, 1: 1, 2: 1}, hands, cards, active=1)
    asked = []
    while g.actors() and g.decision(g.actors()[0]).kind == "region_play":  # type: ignore[union-attr]
        asked.append(g.actors()[0])
        g = play(g, "pass")
    assert asked == [1, 2, 0]


def test_a_two_symbol_card_protects_one_class_card_of_one_class() -> None:
    hands = {0: ["peasant", "serf", "witch"]}
    g = ravage_gallia({0: 5}, hands, {0: ["turcia-1"]}, rats=[token(1, "peasantry", "magic")])
    assert sorted(notations(g)) == [
        "pass",
        "play:turcia-1:peasant",
        "play:turcia-1:serf",
        "play:turcia-1:witch",
    ]
    g = play(g, "play:turcia-1:witch")
    assert g.state.cubes["gallia"][0] == 3  # peasant and serf still count


def test_several_cards_on_different_class_cards_and_the_shield_lasts_the_ravage() -> None:
    rats = [token(1, "peasantry"), token(1, "peasantry")]
    g = ravage_gallia({0: 5}, {0: ["peasant", "serf"]}, {0: ["gallia-2", "italia-1"]}, rats=rats)
    g = play(g, "play:gallia-2:peasant")
    assert sorted(notations(g)) == ["pass", "play:italia-1:serf"]
    g = play(g, "play:italia-1:serf")
    s = g.state
    assert s.cubes["gallia"][0] == 5
    assert sorted(regions.table(s)["discard"]) == ["gallia-2", "italia-1"]
    assert regions.table(s)["played"] == []


def test_played_cards_are_public_while_the_ravage_lasts() -> None:
    rats = [token(1, "peasantry"), token(99)]
    g = ravage_gallia({0: 3}, {0: ["peasant", "serf"]}, {0: ["gallia-2", "italia-1"]}, rats=rats)
    while g.decision(g.actors()[0]).kind != "region_play":  # type: ignore[union-attr]
        g = play(g, notations(g)[0])
    g = play(g, "play:gallia-2:peasant")
    assert g.view(1)["region_cards_played"] == [
        {"seat": 0, "id": "gallia-2", "region": "gallia", "protects": "peasant"}
    ]
    g = play(g, "pass")
    assert g.view(1)["region_cards_played"] == []


def test_the_offer_does_not_reveal_the_hand_to_others() -> None:
    g = ravage_gallia({0: 2}, {0: ["peasant"]}, {0: ["gallia-2", "anglia-2"]})
    other = json.dumps(g.view(1)) + json.dumps(g.view(None))
    assert "gallia-2" not in other and "anglia-2" not in other
    assert [c["id"] for c in g.view(0)["players"][0]["hand"]] == ["gallia-2", "anglia-2"]
    prompt = str(g.decision(0).prompt)  # type: ignore[union-attr]
    assert "Islamic" not in prompt and "Anglia" not in prompt


def test_region_cards_work_in_the_final_plague() -> None:
    g = position(
        3, plague="anglia", cubes={"gallia": {0: 2}}, rats={"gallia": GALLIA_PEASANT}, supply_rats=0
    )
    g = with_cards(g, {0: ["gallia-2"]}, deck=[])
    g.state.hands[0] = ["peasant"]
    g = play(g, "plague:scandia")
    while g.decision(g.actors()[0]).kind != "region_play":  # type: ignore[union-attr]
        g = play(g, notations(g)[0])
    assert g.state.status == "final_ravage"
    g = play(g, "play:gallia-2:peasant")
    while not g.is_over:
        g = play(g, notations(g)[0])
    assert g.state.cubes["gallia"][0] == 2
    assert regions.table(g.state)["discard"] == ["gallia-2"]


# Scoring.


def test_a_card_in_hand_scores_one_per_region_with_a_majority() -> None:
    g = position(
        3,
        plague="anglia",
        cubes={"gallia": {0: 2, 1: 2}, "italia": {0: 1, 2: 3}, "hispania": {0: 1}},
        supply_rats=0,
    )
    g = with_cards(g, {0: ["gallia-1", "gallia-2", "italia-1", "anglia-1", "hispania-3"]})
    assert regions.table(g.state)["hands"][0]
    from engine.rattus.africanus.region_play import region_points

    # Gallia shared (one point for two cards), Italia lost, Anglia without cubes, Hispania alone.
    assert region_points(g.state, 0) == 2
    assert region_points(g.state, 1) == 0


def test_final_scores_include_region_points_and_reveal_the_hands() -> None:
    g = position(3, plague="anglia", cubes={"gallia": {0: 2}}, supply_rats=0)
    g = with_cards(g, {0: ["gallia-1"]})
    g = play(g, "plague:scandia")
    while not g.is_over:
        g = play(g, notations(g)[0])
    s = g.state
    on_board = sum(s.cubes[r][0] for r in s.regions) + s.palace[0]
    assert s.scores is not None and s.scores[0] == on_board + 1
    shown = [e for e in g.events if e.kind == "region_score"]
    assert shown and shown[0].audience is None and "Gallia" in shown[0].text


# Astronomer.


def astronomer_game() -> Game:
    g = position(3, plague="anglia", hands={0: ["astronomer"]})
    return with_cards(g, {0: ["anglia-1"]}, deck=["italia-1", "italia-2", "gallia-1", "polonia-2"])


def test_astronomer_draws_three_keeps_one_in_secret_discards_two() -> None:
    g = play(astronomer_game(), "use:astronomer")
    assert g.decision(0).private  # type: ignore[union-attr]
    assert sorted(notations(g)) == ["keep:gallia-1", "keep:italia-2", "keep:polonia-2"]
    private = [e for e in g.events if e.audience == (0,)]
    assert private and "Polonia" in private[0].text
    public = " ".join(e.text for e in g.events if e.audience is None)
    assert "Polonia" not in public and "Italia" not in public
    g = play(g, "keep:italia-2")
    t = regions.table(g.state)
    assert t["hands"][0] == ["anglia-1", "italia-2"]
    assert sorted(t["discard"]) == ["gallia-1", "polonia-2"] and t["deck"] == ["italia-1"]
    public = " ".join(e.text for e in g.events if e.audience is None)
    assert "Italia" not in public
    assert "italia-2" not in json.dumps(g.view(1)) + json.dumps(g.view(None))


def test_astronomer_has_no_back_once_drawn_and_refuses_other_cards() -> None:
    g = play(astronomer_game(), "use:astronomer")
    assert "back" not in notations(g)
    with pytest.raises(IllegalAction):
        g.apply(0, "keep:italia-1")


def test_astronomer_reshuffles_the_discard_pile_and_is_unusable_without_cards() -> None:
    g = position(3, plague="anglia", hands={0: ["astronomer"]})
    g = with_cards(g, {}, deck=["italia-1"], discard=["gallia-1", "polonia-2"])
    g = play(g, "use:astronomer")
    assert sorted(notations(g)) == ["keep:gallia-1", "keep:italia-1", "keep:polonia-2"]
    g = position(3, plague="anglia", hands={0: ["astronomer"]})
    g = with_cards(g, {}, deck=[], discard=[])
    assert "use:astronomer" not in notations(g)


# Explorer.


def explorer_game(deck: list[str]) -> Game:
    g = position(3, plague="anglia", hands={0: ["explorer"]})
    return with_cards(g, {}, deck=deck)


def test_explorer_shows_three_cards_and_places_a_cube_in_one_of_their_regions() -> None:
    g = play(explorer_game(["anglia-1", "italia-1", "italia-2", "gallia-1"]), "use:explorer")
    assert sorted(notations(g)) == ["cube:gallia", "cube:italia"]
    shown = [e for e in g.events if e.kind == "explorer"]
    assert shown[0].audience is None and "Gallia" in shown[0].text
    supply = g.state.supply[0]
    g = play(g, "cube:italia")
    s = g.state
    assert s.cubes["italia"][0] == 1 and s.supply[0] == supply - 1
    t = regions.table(s)
    assert sorted(t["discard"]) == ["gallia-1", "italia-1", "italia-2"] and t["hands"][0] == []


def test_explorer_needs_a_cube_in_supply_and_works_in_the_final_round() -> None:
    g = explorer_game(["anglia-1"])
    g.state.supply[0] = 0
    assert "use:explorer" not in notations(g)
    g = explorer_game(["anglia-1"])
    from engine.rattus import cards

    ability = cards.ABILITIES["explorer"]
    assert ability.final_usable is not None and ability.final_usable(g.state, 0)
    assert ability.final_start is ability.start


# Random playouts.

ISLAMIC = ["astronomer", "explorer"]


def hidden_hands_stay_hidden(g: Game) -> None:
    hands = regions.table(g.state)["hands"]
    public = json.dumps(g.view(None)) + json.dumps([e.data for e in g.events if e.audience is None])
    for p, hand in enumerate(hands):
        other = json.dumps(g.view((p + 1) % g.state.players))
        for cid in hand:
            assert f'"{cid}"' not in public and f'"{cid}"' not in other


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_with_region_cards_end_without_leaking_hands(players: int) -> None:
    base = ["king", "knight", "merchant", "monk", "peasant", "witch"]
    size = 8 if players >= 5 else 6
    for seed in range(3):
        rng = random.Random(seed * 31 + players)
        chosen = [*ISLAMIC, *rng.sample(base, size - 2)]
        exps = {"africanus"} | ({"pied_piper", "mercatus"} if seed == 2 else set())
        in_game = 3 * len(rattus.new_game(players, expansions=exps, seed=seed).state.regions)

        def check(g: Game, in_game: int = in_game) -> None:
            check_invariants(g)
            if not g.is_over:
                hidden_hands_stay_hidden(g)
            t = regions.table(g.state)
            held = sum(len(h) for h in t["hands"])
            held += sum(len(f["drawn"]) for f in g.state.stack if f["kind"] in ISLAMIC)
            assert len(t["deck"]) + len(t["discard"]) + len(t["played"]) + held == in_game

        random_playout(players, seed, expansions=exps, class_cards=chosen, check=check)


def potion_ravage(potions: int, rat: dict[str, Any]) -> Game:
    """Green (seat 0) holds the Peasant and a matching region card, with 1 cube and potions in
    Gallia, where the plague arrives with this one rat."""
    g = position(
        3,
        plague="anglia",
        cubes={"gallia": {0: 1}},
        rats={"gallia": [rat]},
        hands={0: ["peasant"]},
        supply_rats=0,
    )
    g = with_cards(g, {0: ["gallia-2"]})
    s = g.state
    s.expansions = ["africanus", "pied_piper"]
    pieces.setup(s, Rng.from_seed(1))
    pieces.add_potion(s, 0, "gallia", potions)
    return play(g, "plague:gallia")


def test_a_cube_saved_from_the_m_by_a_potion_and_then_struck_by_a_class_symbol_is_asked() -> None:
    g = potion_ravage(1, token(1, "peasantry", m=1))
    assert g.decision(0).kind == "region_play"  # type: ignore[union-attr]
    g = play(g, "play:gallia-2:peasant")
    assert g.state.cubes["gallia"][0] == 1 and pieces.potions_of(g.state, 0, "gallia") == 0


def test_a_class_symbol_a_potion_absorbs_without_costing_a_cube_asks_nobody() -> None:
    g = potion_ravage(2, token(1, "peasantry"))
    asked = [a for a in g.actors() if g.decision(a).kind == "region_play"]  # type: ignore[union-attr]
    assert asked == []
    assert g.state.cubes["gallia"][0] == 1 and pieces.potions_of(g.state, 0, "gallia") == 1


def test_a_class_symbol_that_uses_up_the_potion_an_a_needs_is_asked() -> None:
    g = potion_ravage(1, token(1, "peasantry", a=1))
    assert g.decision(0).kind == "region_play"  # type: ignore[union-attr]
