"""Choosing several cards at once: one multi-select menu, whatever the hand holds."""

from __future__ import annotations

import random
import threading

from engine.cartus import cards, data
from engine.core import MAX_OPTIONS, Pick, parse_notation
from engine.text import english
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


def test_a_ready_answer_is_labelled_alike_by_readers_in_several_threads() -> None:
    """The ready answers are kept for every game in the process and read from several threads:
    readers that make a new answer's label at once all get the same label."""
    pick = cards.pick_of_counts({"peasantry": 2, "joker": 1}, "thread", cards.PLAYABLE, 0, 3)
    answers = cards.ready_answers(pick, "Play {cards}")
    start = threading.Barrier(8)
    read: list[list[str]] = []

    def reader() -> None:
        start.wait()
        read.append([english(a.label) for a in answers])

    threads = [threading.Thread(target=reader) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(read) == 8 and all(labels == read[0] for labels in read)
    assert "Play 2 Peasantry cards, 1 Joker" in read[0]


def _walked(pick: Pick, first: tuple[str, ...]) -> list[str]:
    """The ready answers as ``ready_answers`` says it finds them, a card at a time: for each
    group (the ``first`` types' groups first) and each total, the answer that takes that group
    first and then the others in order; the first 25 found, sorted by notation."""
    codes = [g.code for g in pick.groups]
    lead = [data.CODES[t] for t in dict.fromkeys(first) if data.CODES[t] in codes]
    order = lead + [c for c in codes if c not in lead]
    available = {g.code: g.available for g in pick.groups}
    found: dict[str, None] = {}
    if pick.least == 0:
        found[pick.counts_notation({})] = None
    for head in order:
        runs = [head, *(c for c in order if c != head)]
        for total in range(max(pick.least, 1), min(pick.most, sum(available.values())) + 1):
            counts, left = {}, total
            for code in runs:
                counts[code] = min(available[code], left)
                left -= counts[code]
            found.setdefault(pick.counts_notation(counts))
    return sorted(list(found)[:MAX_OPTIONS])


def test_ready_answers_are_those_a_walk_card_by_card_finds() -> None:
    """``ready_answers`` works the walks out a group at a time (ranges, the walk in order's
    counts reused); a plain walk card by card must find the very same answers, and each
    answer must choose, and say, what its notation reads."""
    rng = random.Random(20)
    for i in range(1500):
        held = {
            t: rng.choice((0, 1, 1, 2, 3, 5, 14))
            for t in rng.sample(data.TYPES, rng.randint(0, 11))
        }
        total = sum(held.values())
        most = rng.choice((0, 1, 3, total, total + 2))
        least = rng.choice((0, 0, 1, most, min(2, most)))
        first = tuple(rng.sample(data.TYPES, rng.randint(0, 3)))
        pick = cards.pick_of_counts(held, f"walk{i % 7}", cards.PLAYABLE, least, most)
        answers = cards.ready_answers(pick, "Play {cards}", first)
        assert [a.notation for a in answers] == _walked(pick, first), (held, least, most, first)
        for a in answers[:3]:
            chosen = {cards.BY_CODE[code]: n for code, n in pick.parse(a.notation).items()}
            assert isinstance(a, cards.ReadyAnswer) and a.chosen() == chosen
            assert english(a.label) == "Play " + english(cards.summary(chosen))
