"""Choosing several cards at once: one multi-select menu, whatever the hand holds."""

from __future__ import annotations

from engine.cartus import data
from engine.cartus.cards import ReadyAnswer
from engine.core import parse_notation
from engine.text import Msg, english, msg
from tests.engine.cartus.helpers import give_cards, position


def test_a_huge_hand_still_fits_one_menu_and_typing_may_play_more() -> None:
    hand = ["church"] * 10 + ["joker"] * 14 + ["sword"] * 6 + ["flute"] * 5 + ["gold"] * 3
    g = position(3, ["monastery", "farm"], hands={0: hand})
    g = g.apply(0, "enter:1")
    decision = g.decision(0)
    assert decision is not None and decision.pick is not None
    pick = decision.pick
    assert (pick.least, pick.most) == (0, 35)  # Gold cannot be played
    options = pick.options()
    assert len(options) == 25
    assert {v.split(".")[0] for v, _ in options} == {"ch", "jo", "sw", "fl"}
    legal = g.legal_actions(0)
    assert 1 < len(legal) <= 25
    assert all(parse_notation(a.notation) == a.notation for a in legal)
    # typed, any amount the hand allows is legal, also beyond the menu's 25 entries
    g = g.apply(0, "commit:ch10-jo14-sw3")
    entry = g.state.row[0]["entries"][0]
    assert entry["count"] == 27


def test_ready_answers_put_the_buildings_class_and_jokers_first() -> None:
    g = position(3, ["monastery", "farm"], hands={0: ["magic", "church", "joker", "sword"]})
    g = g.apply(0, "enter:1")
    labels = {a.notation: english(a.label) for a in g.legal_actions(0)}
    assert "commit:none" in labels
    assert "commit:ch1" in labels and "commit:ch1-jo1" in labels
    assert labels["commit:ch1-jo1"] == "Play 1 Church card, 1 Joker"
    assert labels["commit:none"] == "Play nothing"


def test_an_empty_hand_has_one_answer_nothing() -> None:
    g = position(3, ["monastery", "farm"], hands={0: []})
    g = g.apply(0, "enter:1")
    pick = g.decision(0).pick  # type: ignore[union-attr]
    assert pick is not None and pick.options() == [] and pick.most == 0
    assert [a.notation for a in g.legal_actions(0)] == ["commit:none"]


def test_the_menu_labels_name_the_card_types() -> None:
    g = position(3, ["monastery", "farm"], hands={0: []})
    give_cards(g.state, 0, ["chivalry", "chivalry", "flute"])
    g = g.apply(0, "enter:1")
    pick = g.decision(0).pick  # type: ignore[union-attr]
    assert pick is not None
    assert [(value, english(label)) for value, label in pick.options()] == [
        ("cv.1", "Chivalry card"),
        ("cv.2", "A second Chivalry card"),
        ("fl.1", "Flute card"),
    ]
    assert set(data.CODES.values()) >= {g.code for g in pick.groups}


def test_a_ready_answer_is_labelled_while_another_reader_labels_it() -> None:
    """The ready answers are kept for every game in the process and read from several threads:
    a reader that comes while another is still making the label gets the same label (here the
    second reader comes from inside the first one's making, the same interleaving)."""
    inner: list[object] = []
    reading = [False]

    def label() -> Msg:
        if not reading[0]:
            reading[0] = True
            inner.append(answer.label)
        return msg("Play {n} cards", n=2)

    answer = ReadyAnswer.later("play:p2", label, False, {"peasantry": 2})
    assert answer.label == msg("Play {n} cards", n=2)
    assert inner == [answer.label]
