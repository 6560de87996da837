"""The engine kernel (engine/kernel/): one step machine and one Game face for every game.

What used to be written once per game and had drifted apart is now the same for all of them:
chained answers (Rattus took them, Rattus Cartus refused them), the decision a view shows (a
pick's key only in the deciding seat's own view), the registry's checks.
"""

from __future__ import annotations

import random

import pytest

from engine import cartus, kernel, rattus
from engine.core import CHAIN, Action, IllegalAction
from engine.kernel import Step, Steps


def test_a_registry_refuses_a_kind_twice_and_a_step_that_neither_asks_nor_settles() -> None:
    steps: Steps[kernel.GameState, kernel.Ctx[kernel.GameState]] = Steps()
    steps.register(Step("settle", auto=lambda ctx, f: True))
    with pytest.raises(ValueError, match="twice"):
        steps.register(Step("settle", auto=lambda ctx, f: True))
    with pytest.raises(ValueError, match="decide alone or offer options"):
        steps.register(Step("nothing"))
    with pytest.raises(ValueError, match="cannot take or ask"):
        steps.register(Step("mute", options=lambda s, f, seat: [Action("go", "Go")]))


def _same_seat_twice(game: kernel.Game, rng: random.Random, limit: int = 400) -> tuple:  # type: ignore[type-arg]
    """A moment where one seat answers two decisions in a row, and the two answers."""
    for _ in range(limit):
        seat = game.actors()[0]
        first = rng.choice(game.legal_actions(seat))
        after = game.apply(seat, first)
        if not after.is_over and after.actors() == [seat] and game.actors() == [seat]:
            second = rng.choice(after.legal_actions(seat))
            return game, seat, first.notation, second.notation
        game = after
    raise AssertionError("no seat answered twice in a row")


@pytest.mark.parametrize(
    "start", [lambda: rattus.new_game(3, seed=5), lambda: cartus.new_game(3, seed=5)]
)
def test_every_game_takes_a_chain_of_one_seats_answers_as_one_move(start: object) -> None:
    game, seat, first, second = _same_seat_twice(start(), random.Random(2))  # type: ignore[operator]
    chained = game.apply(seat, f"{first}{CHAIN}{second}")
    stepwise = game.apply(seat, first).apply(seat, second)
    assert chained.version == game.version + 1
    assert {**chained.to_dict(), "version": 0} == {**stepwise.to_dict(), "version": 0}
    assert [e.text for e in chained.events] == [
        e.text for e in (*game.apply(seat, first).events, *stepwise.events)
    ]
    with pytest.raises(IllegalAction):
        game.apply(seat, f"{first}{CHAIN}no-such-answer")


def test_a_pick_is_shown_to_the_deciding_seat_alone_in_every_game() -> None:
    for game in (rattus.new_game(2, seed=1), cartus.new_game(2, seed=1)):
        seat = game.actors()[0]
        mine = game.view(seat)["decision"]
        other = game.view(1 - seat)["decision"]
        spectator = game.view(None)["decision"]
        assert mine is not None and "pick" in mine
        assert other is not None and "pick" not in other
        assert spectator is not None and "pick" not in spectator
