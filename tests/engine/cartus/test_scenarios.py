"""The rulebook's worked example (a Fortune-teller's Tent and two Monasteries), played out."""

from __future__ import annotations

from engine.cartus import data
from tests.engine.cartus.helpers import play, position

RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3


def _example() -> object:
    return position(
        4,
        ["fortune_tellers_tent", "monastery", "monastery"],
        hands={
            RED: ["church", "royalty", "magic", "magic", "peasantry"],
            YELLOW: ["magic", "magic", "church", "royalty"],
            GREEN: ["peasantry", "peasantry", "chivalry", "bourgeoisie", "gold"],
            BLUE: ["sword", "church"],
        },
        rats={RED: 5, YELLOW: 5, GREEN: 5, BLUE: 5},
    )


def test_the_fortune_tellers_tent_and_two_monasteries() -> None:
    g = _example()
    g = play(
        g,  # type: ignore[arg-type]
        "enter:2",  # red: the first Monastery, space 1, four cards
        "commit:ch1-ma2-ro1",
        "enter:1",  # yellow: the Tent, three cards
        "commit:ch1-ma2",
        "enter:3",  # green: the second Monastery, space 1, no cards
        "commit:none",
        "enter:3",  # blue: the second Monastery, space 2, one Sword
        "commit:sw1",
    )
    s = g.state
    row = g.view(None)["row"]
    assert [e["space"] for e in row[2]["entries"]] == [1, 2]
    assert [e["count"] for b in row for e in b["entries"]] == [3, 4, 0, 1]
    # The Tent resolves first: yellow takes a rat for the Monk, 3 Magic, then looks twice.
    assert s.influence["magic"][YELLOW] == 3
    assert s.rats[YELLOW] == 6
    assert g.actors() == [YELLOW] and g.decision(YELLOW).kind == "peek"  # type: ignore[union-attr]
    g = play(g, "peek:4")
    assert g.decision(YELLOW).kind == "peek"  # type: ignore[union-attr]
    g = play(g, "peek:5")
    seen = [c["card"] for c in g.view(YELLOW)["nun_row"]]
    assert [c is not None for c in seen] == [False, False, False, True, True]
    assert all(c["card"] is None for c in g.view(RED)["nun_row"])
    # The first Monastery: red scores 4 Church, takes a rat per off-class card (King and two
    # Witches) and discards two with the premium.
    s = g.state
    assert s.influence["church"][RED] == 4
    assert s.rats[RED] == 5 + 3 - 2
    # The second Monastery: blue's Sword makes green give half his 5 cards (2), his choice.
    assert g.actors() == [GREEN]
    decision = g.decision(GREEN)
    assert decision is not None and decision.kind == "give" and decision.private
    assert decision.pick is not None and decision.pick.least == decision.pick.most == 2
    before_blue = len(s.hands[BLUE])
    g = play(g, "give:pe1-go1")
    s = g.state
    assert len(s.hands[BLUE]) == before_blue + 2
    assert sorted(s.type_of(c) for c in s.hands[BLUE])[-2:] == ["gold", "peasantry"]
    # Then green (tied at no population cards, first to enter) discards two rats with the
    # premium, blue one with the standard action; nobody scored Church there.
    assert s.rats[GREEN] == 3
    assert s.rats[BLUE] == 4
    assert s.influence["church"][GREEN] == s.influence["church"][BLUE] == 0
    # The round is over: the starting player card went left and round 2 begins.
    assert s.round == 2 and s.start_player == YELLOW and g.view(None)["status"] == "supply"
    assert len(s.row) == data.table().counts[4].buildings_per_round
