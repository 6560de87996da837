"""Chained notations: one seat's next answers given as one move (``use:king+palace:gallia``)."""

from __future__ import annotations

import json

import pytest

from engine import rattus
from engine.core import IllegalAction, chained, parse_notation
from tests.engine.helpers import position


def _king() -> rattus.Game:
    return position(3, cubes={"gallia": {0: 2}, "italia": {0: 1}}, hands={0: ["king"]})


def test_a_chain_is_its_answers_in_order_as_one_move() -> None:
    g = _king()
    one = g.apply(0, "use:king+palace:gallia")
    first = g.apply(0, "use:king")
    second = first.apply(0, "palace:gallia")
    assert one.to_dict() | {"version": 0} == second.to_dict() | {"version": 0}
    assert one.version == g.version + 1
    assert [e.text for e in one.events] == [e.text for e in first.events + second.events]
    assert one.state.palace[0] == 1 and one.actors() == [0]


def test_a_chain_replays_from_the_saved_game() -> None:
    g = _king()
    again = rattus.from_dict(json.loads(json.dumps(g.to_dict())))
    assert again.apply(0, "use:king+palace:italia").to_dict() == (
        g.apply(0, "use:king+palace:italia").to_dict()
    )


@pytest.mark.parametrize(
    "notation",
    [
        "use:king+palace:polonia",  # no cube of hers there
        "use:king+",  # an empty answer
        "plague:anglia+take:witch",  # after the plague moves, the turn has passed on
    ],
)
def test_a_chain_with_an_answer_not_legal_when_it_comes_is_refused_whole(notation: str) -> None:
    g = _king()
    before = g.to_dict()
    with pytest.raises(IllegalAction):
        g.apply(0, notation)
    assert g.to_dict() == before


def test_the_chain_mark_is_part_of_the_notation() -> None:
    assert parse_notation("Use:King + Palace:Gallia") == "use:king+palace:gallia"
    assert chained("use:king+palace:gallia") == ["use:king", "palace:gallia"]
    assert chained("place:gallia") == ["place:gallia"]
