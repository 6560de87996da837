"""Pick: several items chosen at once in one multi-select menu, answered by one notation."""

from __future__ import annotations

import pytest

from engine.core import Decision, IllegalAction, Pick, PickGroup
from engine.text import msg


def _pick(least: int = 0, most: int = 5) -> Pick:
    groups = (PickGroup("ch", msg("Church card"), 3), PickGroup("jo", msg("Joker"), 1))
    return Pick("commit", least, most, groups)


def test_options_list_one_entry_per_item_and_the_answer_counts_per_group() -> None:
    pick = _pick()
    assert [v for v, _ in pick.options()] == ["ch.1", "ch.2", "ch.3", "jo.1"]
    assert pick.notation(["ch.3", "jo.1", "ch.1"]) == "commit:ch2-jo1"
    assert pick.notation([]) == "commit:none"
    assert pick.parse("commit:ch2-jo1") == {"ch": 2, "jo": 1}
    assert pick.parse("commit:none") == {}


@pytest.mark.parametrize(
    "answer", ["commit:ch4", "commit:xx1", "commit:ch1-ch1", "give:ch1", "commit:", "commit:c"]
)
def test_answers_the_pick_does_not_allow_are_refused(answer: str) -> None:
    with pytest.raises(IllegalAction):
        _pick().parse(answer)


def test_totals_outside_least_and_most_are_refused() -> None:
    with pytest.raises(IllegalAction, match="exactly 2"):
        _pick(2, 2).parse("commit:ch1")
    with pytest.raises(IllegalAction, match="between 0 and 1"):
        _pick(0, 1).parse("commit:ch1-jo1")


def test_at_most_25_entries_spread_over_the_groups() -> None:
    groups = tuple(PickGroup(code, msg(code), 20) for code in ("aa", "bb", "cc"))
    options = Pick("give", 0, 30, groups).options()
    assert len(options) == 25
    counts = {code: sum(1 for v, _ in options if v.startswith(code)) for code in ("aa", "bb", "cc")}
    assert sorted(counts.values()) == [8, 8, 9]


def test_entries_never_exceed_what_may_be_chosen() -> None:
    assert len(_pick(0, 2).options()) == 3  # two Church cards and the joker


def test_a_decision_says_its_pick_in_its_saved_form() -> None:
    d = Decision(0, "commit", msg("Choose cards"), True, _pick())
    assert d.to_dict()["pick"] == {
        "kind": "commit",
        "least": 0,
        "most": 5,
        "groups": [
            {"code": "ch", "label": {"k": "Church card"}, "available": 3},
            {"code": "jo", "label": {"k": "Joker"}, "available": 1},
        ],
    }
    assert Decision(0, "turn", msg("Go")).to_dict()["pick"] is None


def test_an_unknown_group_is_refused_with_the_choices_named() -> None:
    with pytest.raises(IllegalAction, match=r"ch \(Church card\), jo \(Joker\)"):
        _pick().parse("commit:cv1")


def test_a_choice_in_words() -> None:
    assert _pick().describe({"ch": 2, "jo": 1}).english() == "2 x Church card, 1 x Joker"
    assert _pick().describe({}).english() == "nothing"
