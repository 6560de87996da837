"""Hooks run in the order their declaration chooses, whatever order modules register them in."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.rattus import board, cards, flow, plague, views
from engine.rattus.hooks import Hooks


def test_functions_run_in_the_declared_order_not_the_order_they_were_added() -> None:
    hook: Hooks[Callable[[], str]] = Hooks("example", ("first", "second", "third"))
    hook.add("third", lambda: "c")
    hook.add("first", lambda: "a")
    hook.add("second", lambda: "b")
    assert [fn() for fn in hook] == ["a", "b", "c"] and hook[0]() == "a" and len(hook) == 3


def test_a_hook_refuses_a_name_it_has_no_place_for_or_twice() -> None:
    hook: Hooks[Callable[[], None]] = Hooks("example", ("known",))
    with pytest.raises(ValueError, match="no place for 'other'"):
        hook.add("other", lambda: None)
    hook.add("known", lambda: None)
    with pytest.raises(ValueError, match="twice"):
        hook.add("known", lambda: None)


def test_the_game_hooks_follow_their_rules() -> None:
    assert plague.RAVAGE_START.keys() == ["knight", "crusader"]
    assert plague.TOKEN_REACTIONS.keys() == ["region_cards", "deacon"]
    assert plague.TOKEN_RESOLVED.keys() == ["assassin", "grave_robber", "serf"]
    assert flow.TURN_START.keys() == ["goods", "caravan"]
    assert flow.BEFORE_SCORING.keys() == ["region_hands", "final_sale"]
    unordered = [board.EDGE_BLOCKERS, board.CUBES_MOVED, cards.PLACE_BONUS, views.VIEW_HOOKS]
    for hook in unordered:
        assert hook.keys() == sorted(hook.keys())
