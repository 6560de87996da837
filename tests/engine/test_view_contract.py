"""The view contract: real views of seeded games match their typed definitions key by key.

Every expansion combination at its fewest and most players is played out at random; the
spectator's view and every seat's view are checked at regular points and at the end. A key the
engine emits that the types do not name (or a key the types promise that the engine never
fills, or a value of the wrong type) fails here, so the view cannot drift from its readers.
(No ``from __future__ import annotations``: the sample TypedDicts below need real annotations.)
"""

import itertools
from typing import Any, NotRequired

import pytest

from engine import rattus
from engine.conformance import problems
from engine.contract import OVER, PlayerHeader, ViewHeader
from engine.rattus.view_types import STATUSES, RattusView
from tests.engine.helpers import random_playout

EVERY_COMBINATION = [
    combo
    for size in range(len(rattus.EXPANSIONS) + 1)
    for combo in itertools.combinations(sorted(rattus.EXPANSIONS), size)
]
CHECK_EVERY = 7


def _table_sizes(combo: tuple[str, ...]) -> list[int]:
    fewest, most = rattus.player_limits(combo)
    return sorted({fewest, most})


def _check_views(game: rattus.Game, players: int, seen: set[str]) -> None:
    for seat in [None, *range(players)]:
        view = game.view(seat)
        found = problems(view, RattusView)
        assert not found, f"seat {seat}, version {game.version}: {found}"
        assert view["status"] in STATUSES
        assert view["seat"] == seat
        assert [p["seat"] for p in view["players"]] == list(range(players))
        seen.update(view)
        for entry in view["players"]:
            seen.update(f"players.{key}" for key in entry)
        for region in view["regions"].values():
            seen.update(f"regions.{key}" for key in region)


@pytest.mark.parametrize("combo", EVERY_COMBINATION, ids=lambda c: "+".join(c) or "base")
def test_real_views_conform_to_the_rattus_view_types(combo: tuple[str, ...]) -> None:
    for players in _table_sizes(combo):
        seen: set[str] = set()

        def check(game: rattus.Game, players: int = players, seen: set[str] = seen) -> None:
            if game.version % CHECK_EVERY == 0:
                _check_views(game, players, seen)

        end, _ = random_playout(players, 5 + players, expansions=combo, check=check)
        _check_views(end, players, seen)
        final = end.view(None)
        assert final["status"] == OVER
        assert set(final["scores"]) == {str(seat) for seat in range(players)}
        assert sorted(final["ranking"]) == list(range(players))
        outcome = end.outcome
        assert outcome is not None and outcome["winners"] == final["winners"]
        # every optional key an expansion promises shows up in a game with that expansion
        if "pied_piper" in combo:
            assert {"walls", "pieces_left", "players.baker", "regions.nuns"} <= seen
        if "africanus" in combo:
            assert {"caravan", "diplomats_left", "region_deck", "players.hand"} <= seen
        if "mercatus" in combo:
            assert {"goods_supply", "goods_on_cards", "players.coins", "regions.goods"} <= seen
        if not combo:
            assert "diplomats_left" not in seen and "players.coins" not in seen


class _Player(PlayerHeader):
    cubes: int


class _View(ViewHeader[_Player]):
    board: dict[str, int]
    extra: NotRequired[list[int]]


def _sample() -> dict[str, Any]:
    return {
        "game": "sample",
        "seat": None,
        "status": "playing",
        "turn": 3,
        "active": 0,
        "actors": [0],
        "decision": {"seat": 0, "kind": "turn", "prompt": "Your turn", "private": False},
        "players": [{"seat": 0, "name": "Anna", "cubes": 2}, {"seat": 1, "cubes": 0}],
        "log": ["Anna moved"],
        "board": {"a": 1},
    }


def test_the_checker_accepts_a_conforming_view() -> None:
    assert problems(_sample(), _View) == []
    assert problems({**_sample(), "extra": [1, 2]}, _View) == []


def test_the_checker_finds_a_key_the_definition_does_not_name() -> None:
    view = _sample()
    view["players"][1]["diplomats_supply"] = 4
    assert problems(view, _View) == [
        "view['players'][1]: the key 'diplomats_supply' is not in the definition of _Player"
    ]


def test_the_checker_finds_missing_keys_and_wrong_types() -> None:
    view = _sample()
    del view["log"]
    view["turn"] = True  # a bool is not a turn number
    view["board"]["a"] = "one"
    view["extra"] = [1, None]
    view["decision"] = {"seat": 0}
    found = problems(view, _View)
    assert "view: the required key 'log' is missing" in found
    assert any(p.startswith("view['turn']: expected int") for p in found)
    assert any(p.startswith("view['board']['a']: expected int") for p in found)
    assert any(p.startswith("view['extra'][1]: expected int") for p in found)
    assert any(p.startswith("view['decision']: ") for p in found)
    assert len(found) == 5


def test_the_checker_reads_the_generic_header_per_game() -> None:
    view = _sample()
    view["players"][0]["cubes"] = "many"
    assert problems(view, _View) == ["view['players'][0]['cubes']: expected int, got 'many'"]
