"""Base-game rules checked against the engine where it departs from them.

Each test names the rule it checks in its docstring, in our own words.
"""

from __future__ import annotations

from engine.rattus.game import Game
from tests.engine.helpers import play, position, token

NOT_PHASE_B = ("plague", "take", "use", "back", "end")


def _placement_results(g: Game, region: str) -> set[int]:
    """Every number of cubes the active seat can add to ``region`` with its phase B placement.

    Follows each placement in ``region`` and any question it raises, until the turn's main
    decision is back, whatever notation the engine uses for the choice.
    """
    seat = g.actors()[0]
    before = g.state.cubes[region][seat]
    results: set[int] = set()
    frontier = [
        g.apply(seat, a)
        for a in g.legal_actions(seat)
        if a.kind not in NOT_PHASE_B and region in a.args
    ]
    for _ in range(4):
        following: list[Game] = []
        for h in frontier:
            decision = h.decision(seat)
            if decision is None or decision.kind == "turn":
                results.add(h.state.cubes[region][seat] - before)
                continue
            following += [h.apply(seat, a) for a in h.legal_actions(seat) if a.kind != "back"]
        frontier = following
    return results


def test_peasant_extra_cube_is_optional() -> None:
    """The Peasant lets its holder place one cube more than usual in phase B; it does not oblige.

    Holding the Peasant, a player placing in a region with 2 rats may place 3 cubes or keep to
    the usual 2 (for instance to stay below a rat's limit there).
    """
    g = position(3, rats={"italia": [token(3), token(3)]}, hands={0: ["peasant"]})
    assert _placement_results(g, "italia") == {2, 3}


def test_final_round_knight_move_clears_the_previous_ravage_from_view() -> None:
    """Our rules notes: the tokens of the latest ravage stay face up in views until the plague
    moves again. The Knight moving the plague piece in the final round is such a move, so the
    tokens revealed in the last regular turn no longer show.
    """
    g = position(
        3,
        hands={2: ["knight"]},
        supply_rats=0,
        cubes={"gallia": {0: 1}},
        rats={"gallia": [token(1, a=1)]},
        plague="anglia",
    )
    g = play(g, "plague:gallia")
    assert g.view()["status"] == "final_round" and len(g.view()["revealed"]) == 1
    g = play(g, "use:knight", "plague:italia")
    assert g.view()["plague"] == "italia"
    assert g.view()["revealed"] == []
