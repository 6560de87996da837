"""The lobby options every game shares (``host.kinds.SHARED_OPTIONS``: the seat order and the
seats offered) are checked by ``GameKind`` itself: a new kind that writes none of it gets them,
with the refusals every game gives, within the seats its spec declares."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from cogs.runtime.games import hosted_games
from host.errors import UserError
from host.kinds import SHARED_OPTIONS, GameKind


class BareKind(GameKind):
    """A kind of the tests' counting game with no option of its own and no check written."""

    name = "count"

    def validate_own(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return {}

    def describe_options(self, options: Mapping[str, Any]) -> str:
        return "Counting."


def refusal(kind: GameKind, options: Mapping[str, Any]) -> str:
    with pytest.raises(UserError) as caught:
        kind.validate_options(options)
    return caught.value.message


def test_a_kind_that_writes_no_check_gets_the_shared_options() -> None:
    kind = BareKind()
    assert kind.validate_options({}) == {"seat_order": "random", "players": 3}
    assert kind.validate_options({"seat_order": "joined", "players": 2}) == {
        "seat_order": "joined",
        "players": 2,
    }
    assert kind.player_limits(kind.validate_options({"players": 2})) == (2, 2)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"players": 4}, "Counting game seats 2 to 3 players: choose a number in that range."),
        ({"players": 1}, "Counting game seats 2 to 3 players: choose a number in that range."),
        ({"players": True}, "Counting game seats 2 to 3 players: choose a number in that range."),
        ({"players": "3"}, "Counting game seats 2 to 3 players: choose a number in that range."),
        (
            {"seat_order": "alphabetical"},
            "The seat order is either 'random' or 'joined' (the order people joined).",
        ),
        ({"target": 5}, "Counting game has no option called 'target'."),
    ],
)
def test_a_kind_that_writes_no_check_refuses_bad_shared_options(
    options: dict[str, Any], said: str
) -> None:
    assert refusal(BareKind(), options) == said


@pytest.mark.parametrize("name", sorted(hosted_games()))
def test_no_hosted_kind_names_a_shared_option_as_its_own(name: str) -> None:
    kind = hosted_games()[name].kind
    assert not kind.own_options & set(SHARED_OPTIONS)
    assert set(kind.validate_options({})) == kind.own_options | set(SHARED_OPTIONS)
