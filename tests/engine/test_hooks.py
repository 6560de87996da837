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


def test_an_expansions_hooks_act_only_in_games_with_it() -> None:
    """A hook function defined in an expansion's package belongs to it: a base game's rules
    never call it, a game with the expansion does, in the declared order."""
    from engine.rattus import hooks
    from engine.rattus.pied_piper import pieces

    assert hooks.expansion_of(pieces.setup) == "pied_piper"
    assert hooks.expansion_of(flow.score) is None  # the base game's
    assert hooks.expansion_of(lambda: None) is None  # defined outside the rules (here)
    assert board.EDGE_BLOCKERS.in_game([]) == ()
    assert board.EDGE_BLOCKERS.in_game(["mercatus", "pied_piper"]) == board.EDGE_BLOCKERS.fns
    # a base card's hook acts in every game; the Pied Piper's Crusader only with its expansion
    knight, crusader = plague.RAVAGE_START.fns
    assert plague.RAVAGE_START.in_game([]) == (knight,)
    assert plague.RAVAGE_START.slots([]) == (knight, None)  # places as in the whole list
    assert plague.RAVAGE_START.slots(["pied_piper"]) == (knight, crusader)
    base_game = [cards.PLACE_BONUS, cards.PLAGUE_STEPS, flow.TURN_START, plague.TOKEN_RESOLVED]
    for hook in base_game:
        assert all(hooks.expansion_of(fn) is None for fn in hook.in_game([]))


def test_a_hook_added_later_is_in_the_games_lists() -> None:
    hook: Hooks[Callable[[], str]] = Hooks("example", ("first", "second"))
    hook.add("second", lambda: "b")
    assert [fn() for fn in hook.in_game([])] == ["b"]
    hook.add("first", lambda: "a")
    assert [fn() for fn in hook.in_game([])] == ["a", "b"]
    assert len(hook.slots(["mercatus"])) == 2
