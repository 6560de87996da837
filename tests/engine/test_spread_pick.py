"""Two new rats placed in one answer: the spread decision's pick (``rat:italia1-hispania1``)."""

from __future__ import annotations

import json

import pytest

from engine import rattus
from engine.core import IllegalAction
from engine.rattus.game import Game
from tests.engine.helpers import notations, play, position, token


def _spreading(n: int = 2, supply_rats: int | None = None) -> Game:
    g = position(4, plague="anglia", rats={"gallia": [token(99)] * n}, supply_rats=supply_rats)
    return play(g, "plague:gallia")


def test_two_new_rats_are_one_pick_and_one_answer() -> None:
    g = _spreading()
    decision = g.decision(0)
    assert decision is not None and decision.pick is not None
    pick = decision.pick
    assert (pick.kind, pick.least, pick.most) == ("rat", 2, 2)
    assert [grp.code for grp in pick.groups] == ["anglia", "germania", "hispania", "italia"]
    assert "the 2 new rats go" in str(decision.prompt)
    version = g.version
    g = play(g, "rat:italia1-hispania1")
    assert len(g.state.rats["italia"]) == 1 and len(g.state.rats["hispania"]) == 1
    assert g.actors() == [1] and g.version == version + 1
    assert [e.text for e in g.events].count("A new rat arrived in Italia.") == 1


def test_both_rats_may_go_to_one_region_with_room() -> None:
    g = play(_spreading(3), "rat:italia2")
    assert len(g.state.rats["italia"]) == 2


def test_the_pick_never_offers_more_room_than_a_region_has() -> None:
    g = position(4, plague="anglia", rats={"gallia": [token(99)] * 2, "italia": [token(99)] * 2})
    g = play(g, "plague:gallia")
    pick = g.decision(0).pick  # type: ignore[union-attr]
    assert pick is not None
    assert {grp.code: grp.available for grp in pick.groups}["italia"] == 1
    with pytest.raises(IllegalAction):
        g.apply(0, "rat:italia2")


@pytest.mark.parametrize("answer", ["rat:italia1", "rat:italia3", "rat:polonia1-italia1"])
def test_answers_the_pick_does_not_allow_are_refused(answer: str) -> None:
    g = _spreading()
    with pytest.raises(IllegalAction):
        g.apply(0, answer)


def test_one_rat_at_a_time_still_works_and_the_legal_list_is_unchanged() -> None:
    g = _spreading()
    assert sorted(notations(g)) == ["rat:anglia", "rat:germania", "rat:hispania", "rat:italia"]
    g = play(g, "rat:italia")
    assert g.decision(0).pick is None  # type: ignore[union-attr]
    g = play(g, "rat:italia")
    assert len(g.state.rats["italia"]) == 2 and g.actors() == [1]


def test_one_rat_or_one_left_in_the_supply_is_no_pick() -> None:
    g = position(4, plague="anglia", rats={"gallia": [token(99)]}, supply_rats=10)
    assert play(g, "plague:gallia").decision(0).pick is None  # type: ignore[union-attr]
    last = _spreading(2, supply_rats=1).decision(0)
    assert last is not None and last.pick is None


def test_a_pick_answer_replays_from_the_saved_game() -> None:
    g = _spreading()
    again = rattus.from_dict(json.loads(json.dumps(g.to_dict())))
    assert (
        again.apply(0, "rat:hispania1-italia1").to_dict()
        == g.apply(0, "rat:hispania1-italia1").to_dict()
    )
    assert g.view(0)["decision"]["pick"]["kind"] == "rat"  # type: ignore[index, typeddict-item]
    assert "pick" not in (g.view(1)["decision"] or {})
