"""How decisions are offered: every choice of the moment at once, in words, and the actions
that end a turn say so before the click.

The words check is whitelist-free: over whole seeded games of both games (every expansion),
no button label, select placeholder or option a player sees in their controls or on the
table is a notation, an action kind, or holds notation-like text (``place:gallia``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any, cast

import discord
import pytest

from cogs.cartus.presenter import CARTUS
from cogs.rattus.presenter import CARD_EFFECTS, RATTUS
from cogs.table.components import Group, choices_view, shown
from cogs.table.offers import ends_turn, panel, with_chains
from cogs.table.presenters import Presenter
from cogs.table.table import table_groups
from engine import cartus, rattus
from engine.contract import Game
from engine.core import Action
from host.models import GameRecord, Seat
from host.service import GameService
from tests.engine.helpers import after_placement, position, token
from tests.engine.pied_piper.helpers import pp_position

NOTATION_LIKE = re.compile(r"\b[a-z_]+:[a-z0-9_.:-]+")
READER = GameService(cast(Any, None), kinds={})  # reads a loaded record only


def record_of(game: Game, kind: str, players: int) -> GameRecord:
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


def texts(view: discord.ui.View | None) -> list[str]:
    """Every text of a set of controls a person reads: labels, placeholders, options."""
    out: list[str] = []
    for child in view.children if view is not None else []:
        item = getattr(child, "item", child)
        if isinstance(item, discord.ui.Button):
            out.append(str(item.label))
        elif isinstance(item, discord.ui.Select):
            out.append(str(item.placeholder or ""))
            out += [option.label for option in item.options]
            out += [option.description for option in item.options if option.description]
    return out


def options_of(view: discord.ui.View | None) -> list[discord.SelectOption]:
    items = [getattr(c, "item", c) for c in (view.children if view is not None else [])]
    return [o for i in items if isinstance(i, discord.ui.Select) for o in i.options]


def raw(text: str, words: set[str]) -> bool:
    """Text that is no words for a player: empty, a notation or kind, or notation-like."""
    bare = text.rstrip("…").strip()
    return not bare or bare.lower() in words or bool(NOTATION_LIKE.search(bare))


def walk(
    new: Callable[[int], Game], presenter: Presenter, players: int, seed: int, prefer: str
) -> tuple[set[str], int]:
    """Play a seeded game (choices of kind ``prefer`` first when offered); at every moment
    check the deciding player's controls and the table's. Returns the decision kinds seen and
    how many ends-turn marks were shown."""
    game = new(seed)
    rng = random.Random(seed)
    kinds: set[str] = set()
    marks = 0
    for _ in range(4000):
        if game.is_over:
            break
        seat = game.actors()[0]
        actions = game.legal_actions(seat)
        decision = game.decision(seat)
        assert decision is not None
        kinds.add(decision.kind)
        words = {a.notation for a in actions} | {a.kind for a in actions} | {decision.kind}
        record = record_of(game, presenter.kind, players)
        _, controls = panel(READER, record, presenter, 1000 + seat)
        seen = texts(controls)
        groups = table_groups(READER, record, presenter)
        seen += texts(choices_view(presenter.kind, 1, record.version, groups))
        for text in seen:
            assert not raw(text, words), (decision.kind, text)
        ending = [a for a in actions if a.ends_turn]
        for action in ending:
            if len(actions) <= 25 and decision.pick is None:
                assert shown(action) in seen, (action, seen)
        marks += sum(" (ends your turn)" in text for text in seen)
        for option in options_of(controls):
            card = option.value.split("+")[0].split(":")
            if presenter is RATTUS and card[0] in ("take", "use"):
                assert option.description == CARD_EFFECTS[card[1]], option
            assert len(option.description or "") <= 100
        ordered = [group for group in groups if group.actions]
        last = [ends_turn(group) for group in ordered]
        assert last == sorted(last), "a group that ends the turn comes after every other"
        for group in ordered:
            ends = [a.ends_turn for a in group.actions]
            assert ends == sorted(ends), "a choice that ends the turn comes last in its list"
        wanted = [a for a in actions if a.kind == prefer]
        chosen = rng.choice(wanted if wanted and rng.random() < 0.6 else actions)
        game = game.apply(seat, chosen)
    assert game.is_over
    return kinds, marks


RATTUS_GAMES = [((), 3), (("pied_piper",), 4), (("mercatus", "pied_piper"), 3)]
RATTUS_GAMES += [(tuple(rattus.EXPANSIONS), 6)]


@pytest.mark.parametrize(("expansions", "players"), RATTUS_GAMES)
def test_rattus_controls_are_words_and_say_what_ends_the_turn(
    expansions: tuple[str, ...], players: int
) -> None:
    def new(seed: int) -> Game:
        return rattus.new_game(players, expansions=set(expansions), seed=seed)

    kinds, marks = walk(new, RATTUS, players, 5 + players, "use")
    assert {"turn", "spread", "start_place"} <= kinds
    assert len(kinds) >= 6
    assert marks > 0


@pytest.mark.parametrize("players", [2, 4])
def test_cartus_controls_are_words_and_say_what_ends_the_turn(players: int) -> None:
    kinds, marks = walk(lambda seed: cartus.new_game(players, seed=seed), CARTUS, players, 3, "")
    assert {"supply", "enter", "commit"} <= kinds
    assert marks > 0


def test_every_choice_of_a_turn_is_a_select_at_once() -> None:
    groups = [
        Group("take", "Take a class card", (Action("take:king", "Take the King"),) * 2),
        Group("place", "Place cubes", (Action("place:gallia", "Place 2 cubes in Gallia"),) * 2),
        Group("use", "Use a card", (Action("use:witch", "Use the Witch"),)),
        Group("plague", "Move the plague", (Action("plague:italia", "Move", True),) * 2),
        Group("back", "Back", (Action("back", "Back"),), quiet=True),
    ]
    items = [getattr(c, "item", c) for c in choices_view("rattus", 3, 9, groups).children]
    selects = [i for i in items if isinstance(i, discord.ui.Select)]
    buttons = [i for i in items if isinstance(i, discord.ui.Button)]
    assert [s.custom_id for s in selects] == [
        "rattus:g:3:v:9:take:s0",
        "rattus:g:3:v:9:place:s0",
        "rattus:g:3:v:9:plague:s0",
    ]
    assert selects[2].options[0].label == "Move (ends your turn)"
    assert [b.label for b in buttons] == ["Use the Witch", "Back"]


def test_groups_beyond_five_rows_become_buttons() -> None:
    many = [
        Group(f"g{n}", f"Choose thing {n}", (Action(f"g{n}:a", "A"), Action(f"g{n}:b", "B")))
        for n in range(6)
    ]
    items = [getattr(c, "item", c) for c in choices_view("rattus", 3, 9, many).children]
    assert sum(isinstance(i, discord.ui.Select) for i in items) == 4
    assert [i.label for i in items if isinstance(i, discord.ui.Button)] == [
        "Choose thing 4…",
        "Choose thing 5…",
    ]


def test_an_unknown_group_is_titled_by_its_labels_never_by_its_kind() -> None:
    actions = [Action("zap:a", "Zap the rat in Gallia"), Action("zap:b", "Zap the rat in Italia")]
    assert RATTUS.group_title("zap", actions) == "Zap the rat in"
    assert RATTUS.group_title("zap", actions[:1]) == "Choose"
    assert RATTUS.group_title("rat", decision="spread") == "Choose where the new rats go"
    assert RATTUS.group_title("rat", decision="shaman_rat") == "Choose a rat"


def test_using_a_card_and_its_first_answer_is_one_choice() -> None:
    game = position(3, cubes={"gallia": {0: 2}, "italia": {0: 1}}, hands={0: ["king"]})
    _, controls = panel(READER, record_of(game, "rattus", 3), RATTUS, 1000)
    assert controls is not None
    items = [getattr(c, "item", c) for c in controls.children]
    [use] = [i for i in items if isinstance(i, discord.ui.Select) and ":use:" in i.custom_id]
    assert {(o.value, o.label) for o in use.options} == {
        ("use:king+palace:gallia", "Use the King: Move a cube from Gallia to the palace"),
        ("use:king+palace:italia", "Use the King: Move a cube from Italia to the palace"),
    }
    moved = game.apply(0, use.options[0].value)
    assert moved.state.palace[0] == 1 and moved.actors() == [0]


def test_cards_whose_answers_would_not_fit_one_select_stay_one_option() -> None:
    game = after_placement(4)
    regions = list(game.state.regions)
    game = position(
        4,
        cubes={r: {0: 1} for r in regions[:5]},
        rats={r: [token(99)] for r in regions},
        hands={0: ["merchant", "monk", "witch"]},
    )
    record = record_of(game, "rattus", 4)
    uses = [a.notation for a in with_chains(record, 0, game.legal_actions(0), RATTUS)]
    uses = [n for n in uses if n.startswith("use:")]
    assert len(uses) <= 25
    assert sum(n.startswith("use:merchant+") for n in uses) == 5
    assert sum(n.startswith("use:monk+") for n in uses) == len(regions)
    assert "use:witch" in uses
    plain = with_chains(
        record, 0, game.legal_actions(0), replace(RATTUS, inline_groups=frozenset())
    )
    assert [a.notation for a in plain if a.kind == "use"] == [
        "use:merchant",
        "use:monk",
        "use:witch",
    ]


def test_the_nuns_are_set_in_one_multi_select_beside_the_one_at_a_time_way() -> None:
    game = pp_position(3, hands={0: ["nun"]}, nuns=["gallia"]).apply(0, "use:nun")
    _, controls = panel(READER, record_of(game, "rattus", 3), RATTUS, 1000)
    assert controls is not None
    items = [getattr(c, "item", c) for c in controls.children]
    [multi] = [i for i in items if isinstance(i, discord.ui.Select)]
    assert multi.custom_id.endswith(":nuns:m")
    assert multi.placeholder == "Choose where the nuns stand (choose 1 to 3)"
    assert (multi.min_values, multi.max_values) == (1, 3)
    assert "Gallia (1 nun there now)" in [o.label for o in multi.options]
    buttons = [i.label for i in items if isinstance(i, discord.ui.Button)]
    assert buttons == ["Choose a nun…", "Back (don't use the card now)"]
