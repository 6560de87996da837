"""Special cards and jokers: Sword and Flute with their ties, Pass, jokers, Gold in hand."""

from __future__ import annotations

import pytest

from engine.cartus.game import Game
from engine.core import IllegalAction
from tests.engine.cartus.helpers import play, position

FILLER = ["peasantry", "bourgeoisie", "church", "chivalry", "magic", "royalty", "gold"]


def _all_in(
    commits: list[str], hands: dict[int, list[str]], rats: int = 3, building: str = "farm"
) -> Game:
    """Three players enter the first building in seat order with these cards. The Farm
    (the default) changes no rats; the Monastery changes no cards."""
    row = [building, "office"]
    g = position(3, row, hands=hands, rats=dict.fromkeys(range(3), rats))
    for commit in commits:
        g = play(g, "enter:1", f"commit:{commit}")
    return g


def test_fewest_swords_gives_half_the_hand_rounded_down_to_most_swords() -> None:
    g = _all_in(
        ["sw2", "sw1", "none"],
        {0: ["sword", "sword"], 1: ["sword"], 2: FILLER},
        building="monastery",
    )
    assert g.actors() == [2]
    decision = g.decision(2)
    assert decision is not None and decision.pick is not None
    assert decision.pick.least == decision.pick.most == len(FILLER) // 2
    g = g.apply(2, "give:ma1-ro1-go1")
    s = g.state
    assert sorted(s.type_of(c) for c in s.hands[0]) == ["gold", "magic", "royalty"]
    assert len(s.hands[2]) == len(FILLER) - 3


def test_a_tie_for_most_swords_goes_to_who_entered_first() -> None:
    g = _all_in(
        ["sw1", "sw1", "none"], {0: ["sword"], 1: ["sword"], 2: FILLER[:4]}, building="monastery"
    )
    assert g.actors() == [2]
    g = g.apply(2, "give:pe1-bo1")
    assert len(g.state.hands[0]) == 2 and len(g.state.hands[1]) == 0


def test_a_tie_for_fewest_swords_lets_the_winner_choose_who_gives() -> None:
    g = _all_in(
        ["sw1", "none", "none"],
        {0: ["sword"], 1: ["gold"] * 2, 2: ["gold"] * 4},
        building="monastery",
    )
    assert g.actors() == [0]
    assert [a.notation for a in g.legal_actions(0)] == ["target:green", "target:yellow"]
    g = g.apply(0, "target:green")
    assert g.actors() == [2] and g.decision(2).pick.least == 2  # type: ignore[union-attr]
    g = g.apply(2, "give:go2")
    assert len(g.state.hands[0]) == 2 and len(g.state.hands[1]) == 2


def test_equal_swords_do_nothing_and_an_empty_half_asks_nothing() -> None:
    g = _all_in(
        ["sw1", "sw1", "sw1"],
        {0: ["sword"], 1: ["sword"], 2: ["sword", "gold"]},
        building="monastery",
    )
    assert not any(e.kind in ("sword", "give") for e in g.events)
    g = _all_in(["sw1", "none", "none"], {0: ["sword"], 1: [], 2: ["gold"]}, building="monastery")
    g = g.apply(0, "target:yellow")
    assert any(e.kind == "sword" and e.data["n"] == 0 for e in g.events)
    assert g.decision(g.actors()[0]).kind == "supply"  # type: ignore[union-attr]


def test_fewest_flutes_gets_a_rat_from_most_flutes() -> None:
    g = _all_in(["fl2", "fl1", "none"], {0: ["flute"] * 2, 1: ["flute"], 2: []})
    assert g.state.rats == [2, 3, 4]


def test_flute_ties_first_to_enter_wins_and_the_winner_chooses_among_the_fewest() -> None:
    g = _all_in(["fl1", "fl1", "none"], {0: ["flute"], 1: ["flute"], 2: []})
    assert g.state.rats == [2, 3, 4]
    g = _all_in(["none", "fl1", "none"], {0: [], 1: ["flute"], 2: []})
    assert g.actors() == [1]
    g = g.apply(1, "target:red")
    assert g.state.rats == [4, 2, 3]


def test_a_flute_winner_without_rats_passes_none_and_equal_flutes_do_nothing() -> None:
    g = _all_in(["fl1", "none", "none"], {0: ["flute"], 1: [], 2: []}, rats=0)
    g = g.apply(0, "target:green")
    assert g.state.rats == [0, 0, 0]
    g = _all_in(["fl1", "fl1", "fl1"], {0: ["flute"], 1: ["flute"], 2: ["flute"]})
    assert g.state.rats == [3, 3, 3]


def test_swords_and_flutes_played_alone_change_nothing_and_score_nothing() -> None:
    g = position(3, ["farm", "monastery"], hands={0: ["sword", "flute"]})
    g = play(g, "enter:1", "commit:sw1-fl1", "enter:2", "commit:none", "enter:2", "commit:none")
    s = g.state
    assert s.influence["peasantry"][0] == 0 and s.rats[0] == 10
    assert s.supplies["sword"][-1].startswith("sw") and s.supplies["flute"][-1].startswith("fl")


def test_jokers_give_influence_never_rats_and_count_for_the_premium() -> None:
    g = position(3, ["monastery", "farm"], hands={0: ["church"], 1: ["joker", "joker"]})
    g = play(g, "enter:1", "commit:ch1", "enter:1", "commit:jo2", "enter:2", "commit:none")
    s = g.state
    assert s.influence["church"][:2] == [1, 2]
    assert s.rats[:2] == [9, 8]  # seat 1 took the premium (2 rats), seat 0 the standard
    assert len(s.supplies["joker"]) == 15


def test_off_class_population_cards_bring_a_rat_each() -> None:
    g = position(3, ["monastery", "farm"], hands={0: ["church", "royalty", "magic", "magic"]})
    g = play(g, "enter:1", "commit:ch1-ma2-ro1", "enter:2", "commit:none", "enter:2", "commit:none")
    assert g.state.influence["church"][0] == 4
    assert g.state.rats[0] == 10 + 3 - 2


def test_a_pass_card_moves_its_player_behind_everyone_else() -> None:
    g = position(3, ["monastery", "farm"], hands={0: ["pass", "pass"], 1: [], 2: []})
    assert "pass" in [a.notation for a in g.legal_actions(0)]
    g = g.apply(0, "pass")
    assert g.actors() == [1]
    assert len(g.state.supplies["pass"]) == 12 - 1  # one back in its deck, one still held
    g = play(g, "enter:1", "commit:none", "enter:2", "commit:none")
    assert g.actors() == [0]
    # the last one to choose may not pass again: it would change nothing
    assert "pass" not in [a.notation for a in g.legal_actions(0)]
    g = g.apply(0, "enter:1")
    assert g.state.entered == [1, 2, 0]
    assert [e["seat"] for e in g.state.row[0]["entries"]] == [1, 0]


def test_pass_and_gold_cannot_be_played_in_a_building() -> None:
    g = position(3, ["monastery", "farm"], hands={0: ["pass", "gold", "church"]})
    g = g.apply(0, "enter:1")
    pick = g.decision(0).pick  # type: ignore[union-attr]
    assert pick is not None and [grp.code for grp in pick.groups] == ["ch"]
    with pytest.raises(IllegalAction):
        g.apply(0, "commit:go1")
    with pytest.raises(IllegalAction):
        g.apply(0, "commit:pa1")
