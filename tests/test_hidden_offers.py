"""Offers that once told the table something hidden (issue 22, items 1 and 2), each checked on
the moment that showed it: two moments that differ only in a hidden thing give the very same
table controls, and the decider still reaches every answer they have.

The whole class (every hidden thing, at every moment of whole games of both games) is
``tests/test_public_surfaces.py``.
"""

from __future__ import annotations

from typing import Any, cast

import discord

from cogs.cartus.presenter import CARTUS
from cogs.rattus.presenter import RATTUS
from cogs.table.components import choices_view
from cogs.table.offers import follow_ups, panel
from cogs.table.presenters import Presenter
from cogs.table.table import table_groups
from engine.contract import Game
from engine.core import Action, Rng
from engine.rattus.africanus import regions
from host.models import GameRecord, Seat
from host.service import GameService
from tests.engine.cartus.helpers import position as cartus_position
from tests.engine.helpers import position as rattus_position

READER = GameService(cast(Any, None), kinds={})  # reads a loaded record only


NAMES = ["Alice", "Bob", "Cleo", "Dmitri", "Eve", "Farid"]


def record_of(game: Game, kind: str, players: int = 3) -> GameRecord:
    return GameRecord(
        id=1,
        kind=kind,
        guild_id=1,
        channel_id=2,
        status="running",
        version=game.version,
        host_user_id=1000,
        options={},
        seats=[Seat(n, 1000 + n, f"P{n}") for n in range(players)],
        game=game,
        created_at=0.0,
        updated_at=0.0,
    )


def controls(view: discord.ui.View | None) -> list[tuple[str, str]]:
    """(what it says, its custom id or option value) of every button, select and option."""
    out: list[tuple[str, str]] = []
    for child in view.children if view is not None else []:
        item = getattr(child, "item", child)
        if isinstance(item, discord.ui.Button):
            out.append((str(item.label), str(item.custom_id)))
        elif isinstance(item, discord.ui.Select):
            out.append((str(item.placeholder or ""), str(item.custom_id)))
            out += [(option.label, option.value) for option in item.options]
    return out


def table(game: Game, presenter: Presenter) -> list[tuple[str, str]]:
    record = record_of(game, presenter.kind)
    groups = table_groups(READER, record, presenter)
    return controls(choices_view(presenter.kind, record.id, record.version, groups))


def own_panel(game: Game, presenter: Presenter, seat: int) -> list[tuple[str, str]]:
    return controls(panel(READER, record_of(game, presenter.kind), presenter, 1000 + seat)[1])


# 1. The Explorer's draws were offered before they were drawn.


def explorer_turn(deck: list[str]) -> Game:
    """Seat 0's turn, holding the Explorer, with this region-card deck (top last)."""
    game = rattus_position(3, plague="anglia", hands={0: ["explorer"]})
    s = game.state
    regions.setup(s, Rng.from_seed(1))
    s.expansions = ["africanus"]
    regions.table(s)["hands"] = [[] for _ in range(s.players)]
    regions.table(s)["deck"] = list(deck)
    return game


def test_the_explorer_is_offered_without_the_regions_it_will_draw() -> None:
    italia_next = explorer_turn(["gallia-1", "anglia-1", "italia-1", "italia-2"])
    gallia_next = explorer_turn(["italia-1", "anglia-1", "gallia-1", "gallia-2"])
    shown = table(italia_next, RATTUS)
    assert shown == table(gallia_next, RATTUS)
    assert ("Use the Explorer", "rattus:g:1:v:6:use") in shown  # one button: use it
    assert not any("Place one of your cubes" in text for text, _ in shown)
    # the player chooses without knowing the draws either
    assert own_panel(italia_next, RATTUS, 0) == own_panel(gallia_next, RATTUS, 0)
    # once drawn and shown, the regions are the answers
    drawn = italia_next.apply(0, "use:explorer")
    assert {value for _, value in table(drawn, RATTUS)} >= {"cube:anglia", "cube:italia"}


def test_no_preview_runs_an_action_that_draws() -> None:
    game = explorer_turn(["gallia-1", "anglia-1", "italia-1", "italia-2"])
    assert follow_ups(game, 0, Action("use:explorer", "Use the Explorer"), RATTUS, NAMES) == []
    king = rattus_position(3, cubes={"gallia": {0: 2}}, hands={0: ["king"]})
    assert [a.notation for a in follow_ups(king, 0, Action("use:king", "Use"), RATTUS, NAMES)] == [
        "use:king+palace:gallia"
    ]


# 2. A Pass card was offered on the table only when the decider's hidden hand held one.


def test_a_pass_card_is_offered_on_the_table_whatever_the_hand_holds() -> None:
    with_pass = cartus_position(3, hands={0: ["pass", "church"]})
    without = cartus_position(3, hands={0: ["church", "church"]})
    shown = table(with_pass, CARTUS)
    assert shown == table(without, CARTUS)
    assert ("Play a Pass card…", "cartus:g:1:v:0:hand") in shown
    assert not any("choose after the others" in text for text, _ in shown)
    # the decider's own controls list the Pass only when it is there to play
    play_it = ("Play a Pass card: choose after the others (ends your turn)", "cartus:g:1:v:0:pass")
    assert play_it in own_panel(with_pass, CARTUS, 0)
    assert play_it not in own_panel(without, CARTUS, 0)
    assert not any("Pass" in text for text, _ in own_panel(without, CARTUS, 0))


def test_no_pass_is_offered_to_the_last_to_enter() -> None:
    game = cartus_position(3, hands={0: ["church"], 1: ["church"], 2: ["pass", "pass"]})
    for _ in range(2):
        seat = game.actors()[0]
        game = game.apply(seat, "enter:1")
        game = game.apply(seat, "commit:none")
    assert game.actors() == [2]
    decision = game.decision(2)
    assert decision is not None and decision.secret_kinds == ()
    assert not any("Pass" in text for text, _ in table(game, CARTUS))
