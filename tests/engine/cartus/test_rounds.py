"""Setup, drawing buildings, supplies, the 2-player premium and the final round."""

from __future__ import annotations

import json

import pytest

from engine import cartus
from engine.cartus import data, steps
from engine.cartus.state import Ctx
from engine.core import IllegalAction
from tests.engine.cartus.helpers import play, position, set_hand, set_supply


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_for_each_player_count(players: int) -> None:
    g = cartus.new_game(players, seed=3)
    s = g.state
    counts = data.table().counts[players]
    assert s.rounds == counts.rounds and s.round == 1
    assert len(s.replacement) == counts.replacement_deck
    assert len(s.row) == counts.buildings_per_round
    assert len(s.building_deck) == 30 - counts.replacement_deck - counts.buildings_per_round
    assert len(s.nun_row) == 5 and all(not seen for seen in s.seen)
    assert [len(h) for h in s.hands] == [5] * players
    assert s.rats == [10] * players
    assert len(s.deck) == 84 - 5 - 5 * players
    assert all(v == [0] * players for v in s.influence.values())
    assert g.actors() == [0] and g.view(None)["status"] == "supply"


def test_the_first_game_set_and_the_random_choices_of_buildings() -> None:
    first = cartus.new_game(3, seed=1).state
    assert first.in_play == sorted(data.table().first_game_set)
    for seed in range(12):
        per_class = cartus.new_game(3, buildings="per_class", seed=seed).state
        assert sorted(data.building_class(b) for b in per_class.in_play) == sorted(data.CLASSES)
        random_cards = cartus.new_game(4, buildings="random", seed=seed).state
        classes = [c["class"] for c in random_cards.building_cards.values()]
        assert all(classes.count(cls) == 5 for cls in data.CLASSES)
    seen = {
        b
        for seed in range(30)
        for b in cartus.new_game(3, buildings="random", seed=seed).state.in_play
    }
    assert seen == set(data.buildings())


def test_two_player_games_leave_the_guard_tower_out_unless_the_host_insists() -> None:
    for mode in ("per_class", "random"):
        assert not any(
            "guard_tower" in cartus.new_game(2, buildings=mode, seed=s).state.in_play
            for s in range(30)
        )
        assert any(
            "guard_tower"
            in cartus.new_game(2, buildings=mode, guard_tower=True, seed=s).state.in_play
            for s in range(30)
        )


def test_a_custom_list_of_buildings() -> None:
    six = ["brewery", "office", "hospital", "guard_tower", "pied_pipers_hut", "treasury"]
    s = cartus.new_game(2, buildings=six, seed=1).state
    assert s.in_play == sorted(six) and len(s.building_cards) == 30
    mixed = ["farm"] * 3 + ["brewery"] * 2 + ["office"] * 5 + ["hospital"] * 5
    mixed += ["castle"] * 5 + ["pied_pipers_hut"] * 5 + ["palace"] * 5
    assert len(cartus.new_game(3, buildings=mixed, seed=1).state.building_cards) == 30
    with pytest.raises(ValueError, match="unknown building"):
        cartus.new_game(3, buildings=["farm", "nowhere"], seed=1)
    with pytest.raises(ValueError, match="one building of each class"):
        cartus.new_game(3, buildings=["farm", "brewery", "office", "hospital", "castle", "palace"])


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError):
        cartus.new_game(6)
    with pytest.raises(ValueError):
        cartus.new_game(1)
    with pytest.raises(ValueError):
        cartus.new_game(3, everyone_dead="maybe")


def test_a_row_of_one_building_is_fixed_from_the_replacement_deck() -> None:
    g = cartus.new_game(4, seed=2)
    s = g.state.clone()
    s.building_deck = ["farm-1", "farm-2", "farm-3"]
    s.replacement = ["farm-4", "castle-1", "palace-1"]
    for card in ("farm-4", "castle-1", "palace-1"):
        b = card.split("-")[0]
        s.building_cards.setdefault(card, {"building": b, "class": data.building_class(b)})
    s.stack = [{"kind": "begin_round"}]
    s.round = 1
    ctx = Ctx(s)
    steps.advance(ctx)
    # farm-1 was replaced by farm-4 (still a Farm), then by the Castle; both went under the deck
    assert [b["card"] for b in s.row] == ["farm-3", "farm-2", "castle-1"]
    assert s.replacement == ["palace-1", "farm-1", "farm-4"]
    assert sum(1 for e in ctx.events if e.kind == "replace") == 2


def test_supply_actions_draw_discard_rats_and_look_at_the_nun_row() -> None:
    g = cartus.new_game(3, seed=5)
    s = g.state
    set_supply(s, 0, {"draw": 2, "peek_nun_row": 1})
    set_supply(s, 1, {"discard_rats": 2})
    g = g.apply(0, "supply:1")
    assert len(g.state.hands[0]) == 7
    assert g.decision(0).kind == "peek" and g.decision(0).private  # type: ignore[union-attr]
    g = g.apply(0, "peek:3")
    told = [e for e in g.events if e.kind == "peeked"]
    assert told and told[0].audience == (0,)
    public = [e for e in g.events if e.kind == "peek"]
    assert public and "3" not in public[0].text_for(None)
    assert g.view(0)["nun_row"][2]["card"] is not None
    assert g.view(1)["nun_row"][2]["card"] is None
    g = g.apply(1, "supply:2")
    assert g.state.rats[1] == 8
    assert g.view(1)["players"][1]["rats"] == 8 and g.view(0)["players"][1]["rats"] is None


def test_a_look_is_only_offered_at_cards_not_yet_seen() -> None:
    g = cartus.new_game(3, seed=5)
    set_supply(g.state, 0, {"peek_nun_row": 2})
    g.state.seen = [[0], [0], [], [0], [0]]
    g = g.apply(0, "supply:1")
    assert [a.notation for a in g.legal_actions(0)] == ["peek:3"]
    g = g.apply(0, "peek:3")
    assert g.actors() == [1]  # the second look had nothing left to see
    h = cartus.new_game(3, seed=5)
    set_supply(h.state, 0, {"peek_nun_row": 1})
    h.state.seen = [[0]] * 5
    h = h.apply(0, "supply:1")
    assert h.actors() == [1]


def test_simultaneous_supplies_stay_secret_until_everyone_has_chosen() -> None:
    g = cartus.new_game(3, simultaneous_supply=True, seed=8)
    assert g.actors() == [0, 1, 2]
    assert g.decision(1).private  # type: ignore[union-attr]
    hands = [len(h) for h in g.state.hands]
    g = g.apply(1, "supply:2")
    assert g.actors() == [0, 2]
    for viewer in (None, 0, 2):
        view = g.view(viewer)
        assert view["supply_chosen"] == [1] and view["active"] is None
        assert "supply:2" not in json.dumps(view) and "2nd building" not in json.dumps(view)
    assert [e.kind for e in g.events if e.audience is None] == ["chosen"]
    with pytest.raises(IllegalAction):
        g.apply(1, "supply:1")
    assert [len(h) for h in g.state.hands] == hands  # nothing carried out yet
    g = g.apply(2, "supply:1")
    g = g.apply(0, "supply:1")
    supplied = [e.data["seat"] for e in g.events if e.kind == "supply"]
    assert supplied == [0, 1, 2]  # carried out in turn order once all chose


def test_two_players_get_one_premium_per_round_for_the_most_cards() -> None:
    g = position(2, ["monastery", "farm"], hands={0: ["church"] * 2, 1: ["joker"] * 3})
    g = play(g, "enter:1", "commit:ch2", "enter:2", "commit:jo3")
    s = g.state
    assert s.rats[0] == 9  # standard Monastery action only
    assert len(s.hands[1]) == 4  # premium Farm action


def test_two_players_tied_the_first_to_enter_takes_the_only_premium() -> None:
    g = position(2, ["monastery", "farm"], hands={0: ["church"] * 2, 1: ["joker"] * 2})
    g = play(g, "enter:1", "commit:ch2", "enter:2", "commit:jo2")
    assert g.state.rats[0] == 8 and len(g.state.hands[1]) == 2
    # a Pass changes who entered first
    g = position(2, ["monastery", "farm"], hands={0: ["church"] * 2 + ["pass"], 1: ["joker"] * 2})
    g = play(g, "pass", "enter:2", "commit:jo2", "enter:1", "commit:ch2")
    assert g.state.rats[0] == 9 and len(g.state.hands[1]) == 4


def test_the_final_round_gives_the_premium_holder_one_influence_and_no_actions() -> None:
    g = position(
        3,
        ["treasury", "monastery"],
        hands={0: ["royalty"] * 2, 1: ["royalty"], 2: ["church"]},
        round=9,
    )
    s = g.state
    s.building_deck = []
    g = play(g, "enter:1", "commit:ro2", "enter:1", "commit:ro1", "enter:2", "commit:ch1")
    s = g.state
    assert g.is_over
    assert s.influence["royalty"] == [3, 1, 0]
    assert s.influence["church"][2] == 2
    assert not any(s.type_of(c) == "gold" for hand in s.hands for c in hand)
    assert s.rats == [10, 10, 10]
    assert g.outcome is not None and g.view(None)["status"] == "over"


def test_the_game_lasts_its_rounds_and_then_reveals_everything() -> None:
    g = cartus.new_game(2, seed=4)
    while not g.is_over:
        seat = g.actors()[0]
        g = g.apply(seat, g.legal_actions(seat)[0])
    assert g.state.round == 10
    view = g.view(None)
    assert all(c["card"] is not None for c in view["nun_row"])
    assert all(p["rats"] is not None and p["hand"] is not None for p in view["players"])
    with pytest.raises(IllegalAction, match="over"):
        g.apply(0, "pass")


def test_bad_input_never_changes_the_game() -> None:
    g = position(3, ["monastery", "farm"], hands={0: ["church"]})
    before = json.dumps(g.to_dict(), sort_keys=True)
    for seat, notation in [(1, "enter:1"), (0, "enter:9"), (0, "commit:ch1"), (7, "enter:1")]:
        with pytest.raises(IllegalAction):
            g.apply(seat, notation)
    g2 = g.apply(0, "enter:1")
    for bad in ("commit:ch2", "commit:xx1", "commit:", "give:ch1", "commit:ch1-ch1"):
        with pytest.raises(IllegalAction):
            g2.apply(0, bad)
    assert json.dumps(g.to_dict(), sort_keys=True) == before
    set_hand(g2.state, 0, [])  # the test may still change its own copy
