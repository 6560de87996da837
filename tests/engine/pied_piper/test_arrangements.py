"""Walls, nuns and the Shaman's rats set in one answer: the first question of an Emperor's, a
Nun's or a Shaman's use may be answered with where all the pieces stand at the end (a pick),
decided as the fewest moves."""

from __future__ import annotations

import json

import pytest

from engine import rattus
from engine.core import IllegalAction
from engine.rattus.game import Game
from engine.rattus.pied_piper import pieces
from tests.engine.helpers import BLANK, notations, play
from tests.engine.mercatus.helpers import m_position
from tests.engine.pied_piper.helpers import pp_position


def spots(g: Game, kind: str) -> list[object]:
    return list(pieces.pieces(g.state)[kind])


def test_the_nun_sets_every_nun_in_one_answer() -> None:
    g = play(pp_position(3, hands={0: ["nun"]}, nuns=["gallia"]), "use:nun")
    pick = g.decision(0).pick  # type: ignore[union-attr]
    assert pick is not None and (pick.kind, pick.least, pick.most) == ("nuns", 1, 3)
    version = g.version
    g = play(g, "nuns:hispania1-italia2")
    assert sorted(str(r) for r in spots(g, "nuns")) == ["hispania", "italia", "italia"]
    assert g.version == version + 1 and g.decision(0).kind == "turn"  # type: ignore[union-attr]
    assert "use:nun" not in notations(g)
    said = [e.text for e in g.events]
    assert sum("moved a nun from Gallia" in t for t in said) == 1
    assert sum("placed a nun in" in t for t in said) == 2


def test_a_nun_already_where_it_is_wanted_stays() -> None:
    g = play(pp_position(3, hands={0: ["nun"]}, nuns=["gallia", "italia"]), "use:nun")
    g = play(g, "nuns:gallia1-hispania1")
    assert spots(g, "nuns") == ["gallia", "hispania", None]
    assert [e.text for e in g.events if "nun" in e.text.lower()] == [
        next(e.text for e in g.events if "from Italia to Hispania" in e.text)
    ]


@pytest.mark.parametrize("answer", ["nuns:none", "nuns:gallia4", "nuns:gallia1"])
def test_nuns_on_the_board_never_go_back_to_the_box(answer: str) -> None:
    g = play(pp_position(3, hands={0: ["nun"]}, nuns=["gallia", "italia"]), "use:nun")
    with pytest.raises(IllegalAction):
        g.apply(0, answer)


def test_after_one_nun_moved_the_rest_go_one_at_a_time() -> None:
    g = play(pp_position(3, hands={0: ["nun"]}), "use:nun", "nun:box", "to:hispania")
    assert g.decision(0).pick is None  # type: ignore[union-attr]


def test_the_emperor_sets_every_wall_in_one_answer() -> None:
    g = pp_position(4, hands={0: ["emperor"]}, walls=[("gallia", "italia")])
    g = play(g, "use:emperor")
    pick = g.decision(0).pick  # type: ignore[union-attr]
    assert pick is not None and (pick.kind, pick.least, pick.most) == ("walls", 1, 3)
    assert pick.groups[0].code == "gallia_italia"  # the walls standing come first
    g = play(g, "walls:anglia_scandia1-hispania_italia1")
    walls = spots(g, "walls")
    assert sorted(map(str, walls)) == sorted(
        [str(["anglia", "scandia"]), str(["hispania", "italia"]), "None"]
    )
    assert g.decision(0).kind == "turn"  # type: ignore[union-attr]
    assert any("moved the wall between Gallia and Italia" in e.text for e in g.events)


def test_a_wall_answer_replays_from_the_saved_game() -> None:
    g = play(pp_position(4, hands={0: ["emperor"]}), "use:emperor")
    again = rattus.from_dict(json.loads(json.dumps(g.to_dict())))
    answer = "walls:anglia_gallia1-gallia_italia1"
    assert again.apply(0, answer).to_dict() == g.apply(0, answer).to_dict()
    with pytest.raises(IllegalAction):
        g.apply(0, "walls:anglia_gallia2")


def _shaman(**rats: list[dict[str, object]]) -> Game:
    g = m_position(
        4,
        pied_piper=True,
        hands={0: ["shaman"]},
        on_card={"shaman": "fish"},
        region_goods={"gallia": "fish", "italia": "fish", "anglia": "salt", "turcia": "fish"},
        rats=rats,  # type: ignore[arg-type]
    )
    return play(g, "use:shaman")


def test_the_shaman_sets_how_many_rats_end_in_each_region_in_one_answer() -> None:
    g = _shaman(gallia=[BLANK, BLANK], anglia=[BLANK], turcia=[BLANK])
    pick = g.decision(0).pick  # type: ignore[union-attr]
    assert pick is not None and (pick.kind, pick.least, pick.most) == ("rats", 3, 3)
    assert [grp.code for grp in pick.groups] == ["gallia", "italia", "turcia"]
    last = g.state.rats["gallia"][1]
    g = play(g, "rats:gallia1-italia1-turcia1")
    assert [len(g.state.rats[r]) for r in ("gallia", "italia", "turcia")] == [1, 1, 1]
    assert g.state.rats["italia"] == [last]  # the last rat of a region is the one to leave
    assert len(g.state.rats["anglia"]) == 1  # another type's region is untouched
    assert [e.text for e in g.events if "Shaman" in e.text] == [
        "Red (Shaman) moved a rat from Gallia to Italia."
    ]
    assert g.decision(0).kind == "turn"  # type: ignore[union-attr]


@pytest.mark.parametrize("answer", ["rats:gallia2", "rats:gallia4", "rats:anglia1-gallia2"])
def test_the_shaman_keeps_every_rat_and_at_most_three_a_region(answer: str) -> None:
    g = _shaman(gallia=[BLANK, BLANK], turcia=[BLANK])
    with pytest.raises(IllegalAction):
        g.apply(0, answer)


def test_no_rat_enters_a_bishops_region_by_the_shamans_pick() -> None:
    g = _shaman(gallia=[BLANK, BLANK], turcia=[BLANK])
    pieces.pieces(g.state)["bishops"] = ["italia", None]
    pick = g.decision(0).pick  # type: ignore[union-attr]
    assert pick is not None and "italia" not in [grp.code for grp in pick.groups]
    with pytest.raises(IllegalAction):
        g.apply(0, "rats:gallia1-italia1-turcia1")
