"""Every building's premium and standard action.

In each test seat 0 enters the building first with more population cards (the premium),
seat 1 enters it too with fewer (the standard action), seat 2 goes to the Farm next door.
"""

from __future__ import annotations

import pytest

from engine import cartus
from engine.cartus.game import Game
from engine.cartus.state import State
from tests.engine.cartus.helpers import play, position

PREMIUM, STANDARD, ELSEWHERE = 0, 1, 2


def _held(s: State, seat: int, card_type: str) -> int:
    return sum(1 for c in s.hands[seat] if s.type_of(c) == card_type)


def _visit(
    building: str,
    premium_cards: str = "jo2",
    standard_cards: str = "jo1",
    **kw: object,
) -> tuple[Game, Game]:
    """The position before and the game after both seats visited ``building``."""
    g = position(
        3,
        [building, "farm"],
        hands={
            PREMIUM: ["joker", "joker", "church"],
            STANDARD: ["joker", "church", "royalty"],
            ELSEWHERE: ["peasantry"],
        },
        **kw,  # type: ignore[arg-type]
    )
    after = play(
        g,
        "enter:1",
        f"commit:{premium_cards}",
        "enter:1",
        f"commit:{standard_cards}",
        "enter:2",
        "commit:none",
    )
    return g, after


@pytest.mark.parametrize(
    ("building", "card_type"),
    [
        ("treasury", "gold"),
        ("castle", "sword"),
        ("marketplace", "joker"),
        ("office", "pass"),
        ("pied_pipers_hut", "flute"),
    ],
)
def test_buildings_that_give_cards_give_two_and_one(building: str, card_type: str) -> None:
    before, after = _visit(building, "ch1", "none")
    for seat, n in ((PREMIUM, 2), (STANDARD, 1)):
        gained = _held(after.state, seat, card_type) - _held(before.state, seat, card_type)
        assert gained == n, seat


def test_palace_draws_victory_point_tokens_seen_only_by_their_owner() -> None:
    _, after = _visit("palace")
    s = after.state
    assert [len(v) for v in s.vp] == [2, 1, 0]
    assert after.view(PREMIUM)["players"][PREMIUM]["vp"] == s.vp[PREMIUM]
    assert after.view(STANDARD)["players"][PREMIUM]["vp"] is None
    assert after.view(None)["players"][PREMIUM]["vp_tokens"] == 2
    told = [e for e in after.events if e.kind == "vp_drawn"]
    assert [e.audience for e in told] == [(PREMIUM,), (STANDARD,)]


def test_monastery_discards_two_and_one_rats() -> None:
    _, after = _visit("monastery", rats={PREMIUM: 4, STANDARD: 4})
    assert after.state.rats[:2] == [2, 3]


def test_monastery_cannot_discard_rats_a_player_does_not_have() -> None:
    _, after = _visit("monastery", rats={PREMIUM: 1, STANDARD: 0})
    assert after.state.rats[:2] == [0, 0]


def test_farm_draws_four_and_two() -> None:
    before, after = _visit("farm")
    # both played jokers (2 and 1) and drew 4 and 2; the Farm next door gives seat 2 its draw
    assert len(after.state.hands[PREMIUM]) == len(before.state.hands[PREMIUM]) - 2 + 4
    assert len(after.state.hands[STANDARD]) == len(before.state.hands[STANDARD]) - 1 + 2


def test_brewery_draws_per_influence_gained_this_round() -> None:
    g = cartus.position(
        3,
        ["brewery", "farm"],
        hands={
            PREMIUM: ["peasantry"] * 3,
            STANDARD: ["peasantry"] * 3,
            ELSEWHERE: [],
        },
    )
    g.state.gained[STANDARD] = 1  # an earlier building this round gave 1 influence
    after = play(g, "enter:1", "commit:pe3", "enter:1", "commit:pe2", "enter:2", "commit:none")
    s = after.state
    assert s.influence["peasantry"][:2] == [3, 2]
    assert len(s.hands[PREMIUM]) == 0 + 3  # one card per point gained (3)
    assert len(s.hands[STANDARD]) == 1 + (1 + 2) // 2  # one per two points gained (3 -> 1)


def test_hospital_premium_discards_a_rat_then_up_to_three_cards_for_a_rat_each() -> None:
    g = cartus.position(
        3,
        ["hospital", "farm"],
        hands={
            PREMIUM: ["church", "gold", "gold", "sword", "pass"],
            STANDARD: ["royalty", "flute", "flute", "flute"],
            ELSEWHERE: [],
        },
        rats={PREMIUM: 6, STANDARD: 6},
    )
    g = play(g, "enter:1", "commit:ch1", "enter:1", "commit:none", "enter:2", "commit:none")
    s = g.state
    assert s.rats[PREMIUM] == 5
    decision = g.decision(PREMIUM)
    assert decision is not None and decision.kind == "hospital" and decision.private
    assert decision.pick is not None and (decision.pick.least, decision.pick.most) == (0, 3)
    g = g.apply(PREMIUM, "discard:go2-pa1")
    assert g.state.rats[PREMIUM] == 2
    assert [g.state.type_of(c) for c in g.state.hands[PREMIUM]] == ["sword"]
    decision = g.decision(STANDARD)
    assert decision is not None and decision.pick is not None
    assert (decision.pick.least, decision.pick.most) == (0, 2)
    with pytest.raises(ValueError, match="between 0 and 2"):
        g.apply(STANDARD, "discard:fl3")
    g = g.apply(STANDARD, "discard:fl1")
    assert g.state.rats[STANDARD] == 5
    assert len(g.state.hands[STANDARD]) == 3


def test_hospital_offers_no_more_cards_than_rats_left() -> None:
    g = position(
        3,
        ["hospital", "farm"],
        hands={PREMIUM: ["church", "gold", "gold"], STANDARD: ["gold"], ELSEWHERE: []},
        rats={PREMIUM: 2, STANDARD: 0},
    )
    g = play(g, "enter:1", "commit:ch1", "enter:1", "commit:none", "enter:2", "commit:none")
    decision = g.decision(PREMIUM)
    assert decision is not None and decision.pick is not None and decision.pick.most == 1
    g = g.apply(PREMIUM, "discard:none")
    assert g.state.rats[PREMIUM] == 1
    # the standard player has no rats left to discard: not asked, the next round begins
    assert g.decision(g.actors()[0]).kind == "supply"  # type: ignore[union-attr]


def test_fortune_tellers_tent_looks_at_two_and_one() -> None:
    _, g = _visit("fortune_tellers_tent")
    assert g.decision(PREMIUM).kind == "peek"  # type: ignore[union-attr]
    g = g.apply(PREMIUM, "peek:1")
    g = g.apply(PREMIUM, "peek:2")
    assert g.decision(STANDARD).kind == "peek"  # type: ignore[union-attr]
    assert [a.notation for a in g.legal_actions(STANDARD)] == [f"peek:{i}" for i in range(1, 6)]
    g = g.apply(STANDARD, "peek:2")
    s = g.state
    assert s.seen[:3] == [[PREMIUM], [PREMIUM, STANDARD], []]
    view = g.view(STANDARD)["nun_row"]
    assert [c["card"] is not None for c in view] == [False, True, False, False, False]


def test_guard_tower_premium_takes_three_cards_from_each_player_outside_with_as_many() -> None:
    g = position(
        4,
        ["guard_tower", "farm", "monastery"],
        hands={
            0: ["chivalry", "gold"],
            1: ["gold"] * 6,  # enters the Guard Tower too: safe
            2: ["pass", "royalty"],  # two cards, as many as seat 0 holds then: gives both
            3: ["magic"],  # fewer cards than seat 0: safe
        },
    )
    g = play(
        g,
        "enter:1",
        "commit:cv1",
        "enter:1",
        "commit:none",
        "enter:2",
        "commit:none",
        "enter:3",
        "commit:none",
    )
    assert g.actors() == [2]
    decision = g.decision(2)
    assert decision is not None and decision.kind == "give" and decision.private
    assert decision.pick is not None and decision.pick.least == 2
    g = g.apply(2, "give:pa1-ro1")
    s = g.state
    assert sorted(s.type_of(c) for c in s.hands[0]) == ["gold", "pass", "royalty"]
    assert len(s.hands[1]) == 6 and len(s.hands[3]) == 1


def test_guard_tower_takes_three_of_the_givers_choice_when_they_hold_more() -> None:
    g = position(
        3,
        ["guard_tower", "farm"],
        hands={0: ["chivalry"], 1: ["joker"], 2: ["gold", "gold", "sword", "flute", "pass"]},
    )
    g = play(g, "enter:1", "commit:cv1", "enter:2", "commit:none", "enter:2", "commit:none")
    # seat 0's hand is empty once its card is played: everyone outside gives, from its left
    assert g.actors() == [1]
    g = g.apply(1, "give:jo1")
    assert g.actors() == [2]
    decision = g.decision(2)
    assert decision is not None and decision.pick is not None and decision.pick.most == 3
    g = g.apply(2, "give:go2-sw1")
    held = sorted(g.state.type_of(c) for c in g.state.hands[0])
    assert held == ["gold", "gold", "joker", "sword"]


def test_guard_tower_standard_action_protects_and_gives_nothing() -> None:
    before, after = _visit("guard_tower", "ch1", "none")
    assert len(after.state.hands[STANDARD]) == len(before.state.hands[STANDARD])
    assert any(e.kind == "guarded" and e.data["seat"] == STANDARD for e in after.events)
