"""Real Cartus views match their typed definitions (engine/cartus/view_types.py) key by key."""

from engine.cartus.game import Game
from engine.cartus.view_types import STATUSES, CartusView
from engine.conformance import problems
from tests.engine.cartus.helpers import random_playout

CHECK_EVERY = 5


def _check(game: Game, seen: set[str]) -> None:
    for seat in [None, *range(game.players)]:
        view = game.view(seat)
        found = problems(view, CartusView)
        assert not found, f"seat {seat}, version {game.version}: {found}"
        assert view["status"] in STATUSES
        assert [p["seat"] for p in view["players"]] == list(range(game.players))
        seen.update(view)
        decision = view["decision"]
        if decision is not None and decision.get("pick") is not None:
            seen.add("decision.pick")


def test_views_of_seeded_games_conform_at_two_and_five_players() -> None:
    for players in (2, 5):
        seen: set[str] = set()

        def check(game: Game, seen: set[str] = seen) -> None:
            if game.version % CHECK_EVERY == 0 or game.is_over:
                _check(game, seen)

        end, _ = random_playout(
            players, 11, check=check, buildings="random", simultaneous_supply=True
        )
        final = end.view(None)
        assert final["status"] == "over"
        assert sorted(final["ranking"]) == list(range(players))
        outcome = end.outcome
        assert outcome is not None and outcome["winners"] == final["winners"]
        assert {"outcome", "scores", "decision.pick"} <= seen
