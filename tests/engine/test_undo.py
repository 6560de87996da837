"""Undo in the engine: an action may be taken back by its player only while nothing hidden
was shown, no chance was drawn and nobody else has decided since (``engine.replay.History``,
``engine.contract.irreversible``)."""

from __future__ import annotations

import json
import random

import pytest

from engine import cartus, rattus
from engine.contract import CHANCE, REVEAL, irreversible
from engine.core import IllegalAction
from engine.replay import NOT_YOURS, REFUSALS, History
from engine.text import english
from tests.engine.helpers import position, token


def test_taking_a_card_back_restores_the_game_exactly_under_a_new_version() -> None:
    g = position(3, rats={"gallia": [token(2)]})
    h = History(g)
    h.apply(0, "take:" + sorted(g.view(0)["beside_board"])[0])
    assert h.undo_refusal(0) is None
    back = h.undo(0)
    expected = g.to_dict()
    expected["version"] = g.version + 2
    assert back.to_dict() == expected
    assert h.entries[-1] == (0, "undo") and h.played == []


def test_several_actions_of_one_turn_are_taken_back_one_by_one() -> None:
    g = position(3, cubes={"gallia": {0: 1}}, rats={"gallia": [token(2)]})
    h = History(g)
    card = sorted(g.view(0)["beside_board"])[0]
    h.apply(0, f"take:{card}")
    h.apply(0, "place:gallia")
    placed = h.game
    h.undo(0)
    assert h.game.view(0)["regions"] == h.played[-1].after.view(0)["regions"]
    assert h.game.view(0)["regions"] != placed.view(0)["regions"]
    h.undo(0)
    assert {k: v for k, v in h.game.to_dict().items() if k != "version"} == {
        k: v for k, v in g.to_dict().items() if k != "version"
    }
    assert h.undo_refusal(0) == REFUSALS["nothing"]


def test_undo_is_refused_after_a_witch_look_reveals_a_rat() -> None:
    g = position(4, hands={0: ["witch"]}, rats={"gallia": [token(2, "church")]})
    h = History(g)
    h.apply(0, "use:witch")
    assert h.undo_refusal(0) is None  # choosing the card shows nothing yet
    h.apply(0, "look:gallia")
    assert irreversible(h.played[-1].before, h.game) == REVEAL
    refusal = h.undo_refusal(0)
    assert refusal == REFUSALS[REVEAL]
    assert refusal is not None
    words = refusal.english().lower()
    assert "church" not in words and "gallia" not in words
    with pytest.raises(IllegalAction, match="hidden"):
        h.undo(0)
    assert h.played[-1].notation == "look:gallia"


@pytest.mark.parametrize("game", ["rattus", "cartus"])
def test_in_random_games_every_draw_and_every_reveal_is_refused_and_the_rest_allowed(
    game: str,
) -> None:
    """Each public action of a player who decides again next is offered for undo: it is
    refused exactly when it drew on chance or showed something hidden, and accepted
    otherwise, restoring the game as it was."""
    seen = {CHANCE: 0, REVEAL: 0, None: 0}
    for seed in range(4):
        rng = random.Random(seed)
        first = (
            rattus.new_game(4, expansions={"pied_piper", "africanus"}, seed=seed)
            if game == "rattus"
            else cartus.new_game(4, seed=seed)
        )
        h = History(first)
        while not h.game.is_over:
            seat = h.game.actors()[0]
            before = h.game
            decision = before.decision(seat)
            h.apply(seat, rng.choice(before.legal_actions(seat)).notation)
            if decision is None or decision.private or h.game.is_over:
                continue
            if h.game.view(None)["turn"] != before.view(None)["turn"]:
                continue
            if h.game.view(None)["active"] != before.view(None)["active"]:
                continue
            why = irreversible(before, h.game)
            seen[why] += 1
            if why is None:
                assert h.undo_refusal(seat) is None
                h.undo(seat)
                assert h.game.to_dict() == {**before.to_dict(), "version": h.game.version}
                h.apply(seat, rng.choice(before.legal_actions(seat)).notation)
            else:
                assert h.undo_refusal(seat) == REFUSALS[why]
    # In Cartus what is hidden is shown only by private answers (a peek) or by the last
    # card played into the round's buildings (a private answer too): no public reveal.
    assert seen[CHANCE] and seen[None] and (game == "cartus" or seen[REVEAL]), seen


def test_a_draw_alone_is_refused_as_chance() -> None:
    # Cartus: a supply action that draws population cards takes them off the face-down deck.
    g = cartus.new_game(3, seed=3)
    h = History(g)
    h.apply(0, "supply:1")
    assert len(h.game.state.deck) < len(g.state.deck)
    assert h.undo_refusal(0) == REFUSALS[CHANCE]


def test_undo_is_refused_once_another_player_has_acted() -> None:
    g = rattus.new_game(3, seed=4)  # the start placement: each seat places, then the next
    h = History(g)
    first = h.game.actors()[0]
    h.apply(first, h.game.legal_actions(first)[0].notation)
    assert h.undo_refusal(first) == REFUSALS["turn"]  # the placement passed the move on
    second = h.game.actors()[0]
    assert second != first
    assert h.undo_refusal(second) == NOT_YOURS
    h.apply(second, h.game.legal_actions(second)[0].notation)
    assert h.undo_refusal(first) == NOT_YOURS
    with pytest.raises(IllegalAction, match="someone else"):
        h.undo(first)
    assert len(h.played) == 2


def test_a_refusal_names_the_action_it_is_about() -> None:
    g = rattus.new_game(3, seed=4)
    h = History(g)
    first = h.game.actors()[0]
    placed = h.game.legal_actions(first)[0]
    h.apply(first, placed.notation)
    refusal = h.undo_refusal(first, named=True)
    assert refusal is not None
    assert refusal.english() == f"{english(placed.label)}: that ended your turn, so it stands."
    second = h.game.actors()[0]
    h.apply(second, h.game.legal_actions(second)[0].notation)
    with pytest.raises(IllegalAction) as refused:
        h.undo(first, named=True)
    assert str(refused.value).endswith(
        f"someone else has decided since your last action ({english(placed.label)})."
    )
    g = cartus.new_game(3, seed=3)
    h = History(g)
    h.apply(0, "supply:1")
    refusal = h.undo_refusal(0, named=True)
    assert refusal is not None
    assert refusal.english() == (
        f"{h.played[-1].label.english()}: it drew on chance (a face-down token, a card or a "
        "shuffle), so it stands."
    )
    assert h.played[-1].label.english() != "supply:1"


def test_a_private_answer_is_never_taken_back() -> None:
    g = cartus.new_game(3, seed=3)
    h = History(g)
    for _ in range(3):
        seat = h.game.actors()[0]
        h.apply(seat, "supply:1")
    seat = h.game.actors()[0]
    h.apply(seat, "enter:1")
    assert h.undo_refusal(seat) is None  # entering a building is public and shows nothing
    decision = h.game.decision(seat)
    assert decision is not None and decision.private
    h.apply(seat, h.game.legal_actions(seat)[0].notation)
    assert h.undo_refusal(seat) == REFUSALS["private"]


def _fronts_seen(g: rattus.Game, viewer: int | None) -> list[str]:
    """Every rat front a viewer's view shows, on the board and face up, as sorted texts."""
    view = g.view(viewer)
    slots = [slot for region in view["regions"].values() for slot in region["slots"]]
    return sorted(json.dumps(s["known"], sort_keys=True) for s in slots if s["known"])


def test_a_reversible_action_shows_nothing_new_to_anyone() -> None:
    """Whatever the engine lets be taken back shows no seat, nor a spectator, a rat front it
    did not see before, and takes no rat from the supply."""
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        g = rattus.new_game(4, expansions={"pied_piper", "mercatus"}, seed=seed)
        while not g.is_over:
            seat = g.actors()[0]
            after = g.apply(seat, rng.choice(g.legal_actions(seat)))
            if irreversible(g, after) is None:
                checked += 1
                assert after.state.rat_supply == g.state.rat_supply
                for viewer in [None, *range(4)]:
                    assert _fronts_seen(after, viewer) == _fronts_seen(g, viewer)
            g = after
    assert checked > 100
