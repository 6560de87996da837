"""Buttons and selects that survive restarts: every one is a ``DynamicItem``.

The custom_id carries the game kind, the game id and (for play) the version it was drawn
for, so a click after a restart is understood and a click on an old one is recognised:

    rattus:g:12:lobby:join                  lobby buttons
    rattus:g:12:v:34:place                  a group of actions (the notation's kind)
    rattus:g:12:v:34:place:s0               the select with that group's options, page 0
    rattus:g:12:v:34:place:p1               the button that turns to page 1

Views are sent already stopped: discord.py then keeps no per-message state, and the
registered dynamic items answer every click, before and after a restart.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol, cast

import discord

import lang
from cogs.runtime.gate import Gated, button, select
from cogs.table.presenters import said
from cogs.table.replies import report_error
from engine.core import Action, Pick
from engine.text import N_
from host import computers
from host.models import GameRecord

SELECT_SIZE = 25
GAME = r"(?P<kind>[a-z]+):g:(?P<game>[0-9]+)"
PLAY = GAME + r":v:(?P<version>[0-9]+):(?P<group>[a-z0-9_.-]+)"
LOBBY_BUTTONS = {
    "join": (N_("Join"), discord.ButtonStyle.success),
    "leave": (N_("Leave"), discord.ButtonStyle.secondary),
    "ai-easy": (N_("Add computer (easy)"), discord.ButtonStyle.secondary),
    "ai-strong": (N_("Add computer (strong)"), discord.ButtonStyle.secondary),
    "start": (N_("Start"), discord.ButtonStyle.primary),
    "cancel": (N_("Cancel"), discord.ButtonStyle.danger),
}
"""Each lobby button's label (an English source text, shown through ``lang``) and style."""
REMOVE_COMPUTER = N_("Remove computer")
ButtonItem = discord.ui.DynamicItem[discord.ui.Button[Any]]
SelectItem = discord.ui.DynamicItem[discord.ui.Select[Any]]
"""The two kinds of control: each is made again from its custom id after a restart."""


class Clicks(Protocol):
    """What a click on a control calls: the bot's ``play`` (``cogs.table.play.Play``), which
    knows what each control does."""

    async def clicked(self, interaction: discord.Interaction[Any], control: Control) -> None: ...


class Playing(Protocol):
    """The bot as its controls see it (``cogs.runtime.client.GameBot``)."""

    @property
    def play(self) -> Clicks: ...


async def _guarded(
    interaction: discord.Interaction[Any], action: Callable[[], Awaitable[None]]
) -> None:
    """Run a component's action; any failure is answered by the one error policy."""
    try:
        await action()
    except Exception as error:
        await report_error(interaction, error)


def parse_offered(value: str) -> tuple[str, int | None, int | None]:
    """An autocomplete value ``notation@game.version`` as (notation, game, version); text
    typed by hand is a notation alone and applies to the game as it is now."""
    notation, at, where = value.rpartition("@")
    game, dot, version = where.partition(".")
    if at and dot and game.isdigit() and version.isdigit():
        return notation, int(game), int(version)
    return value, None, None


class Place(NamedTuple):
    """Where a play control acts: the game (its kind and id), the version it was drawn for,
    and the group of actions it offers (the notation's kind)."""

    kind: str
    game_id: int
    version: int
    group: str

    @classmethod
    def read(cls, match: re.Match[str]) -> Place:
        """The place a play control's custom id (``PLAY``) names."""
        return cls(match["kind"], int(match["game"]), int(match["version"]), match["group"])

    def custom_id(self, suffix: str = "") -> str:
        """The ``PLAY`` id of a control here; ``suffix`` names the control within the group."""
        custom_id = f"{self.kind}:g:{self.game_id}:v:{self.version}:{self.group}{suffix}"
        if len(custom_id) > 100:
            raise ValueError(f"custom_id too long for Discord: {custom_id!r}")
        return custom_id


class Control(Gated):
    """A button or select of a lobby or a table: a click passes the gate, then goes to the
    bot's ``play``; any failure is answered by the one error policy."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _guarded(
            interaction, lambda: cast(Playing, interaction.client).play.clicked(interaction, self)
        )


class LobbyButton(
    Control,
    ButtonItem,
    template=GAME + r":lobby:(?P<op>join|leave|ai-easy|ai-strong|start|cancel|drop-[0-9]+)",
):
    """A lobby's buttons; ``drop-N`` takes out computer player N ("Computer N (easy)")."""

    def __init__(
        self,
        kind: str,
        game_id: int,
        op: str,
        *,
        label: str = "",
        disabled: bool = False,
        language: str = lang.DEFAULT,
    ) -> None:
        default, style = LOBBY_BUTTONS.get(op, (REMOVE_COMPUTER, discord.ButtonStyle.secondary))
        shown = label or lang.say(default, language)
        super().__init__(button(shown, f"{kind}:g:{game_id}:lobby:{op}", style, disabled=disabled))
        self.kind, self.game_id, self.op = kind, game_id, op

    @classmethod
    def rebuilt(cls, match: re.Match[str]) -> tuple[Any, ...]:
        return (match["kind"], int(match["game"]), match["op"])


class PlayControl(Control):
    """A control of a game's actions (its custom id is ``PLAY`` and more), made for one
    ``Place``: it is made again from its id with that place first, then what the id names
    besides (``rebuilt``)."""

    kind: str
    game_id: int
    version: int
    group: str

    def placed(self, at: Place) -> None:
        """Remember where the control acts (each control's ``__init__`` calls it)."""
        self.kind, self.game_id, self.version, self.group = at

    @classmethod
    def rebuilt(cls, match: re.Match[str]) -> tuple[Any, ...]:
        return (Place.read(match),)


class PagedControl(PlayControl):
    """A play control for one page of its group's options (``:s<page>`` or ``:p<page>``)."""

    page: int

    @classmethod
    def rebuilt(cls, match: re.Match[str]) -> tuple[Any, ...]:
        return (Place.read(match), int(match["page"]))


class GroupButton(PlayControl, ButtonItem, template=PLAY):
    """One group of actions; a click opens its select (or takes its only action)."""

    def __init__(
        self,
        at: Place,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(button(label or at.group, at.custom_id(), style))
        self.placed(at)


class PageButton(PagedControl, ButtonItem, template=PLAY + r":p(?P<page>[0-9]+)"):
    def __init__(self, at: Place, page: int, *, label: str = "") -> None:
        super().__init__(button(label or str(page + 1), at.custom_id(f":p{page}")))
        self.placed(at)
        self.page = page


class ActionSelect(PagedControl, SelectItem, template=PLAY + r":s(?P<page>[0-9]+)"):
    """The options of one group; the value of each option is the action's notation."""

    def __init__(
        self,
        at: Place,
        page: int,
        options: Sequence[discord.SelectOption] = (),
        *,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(select(at.custom_id(f":s{page}"), options, placeholder))
        self.placed(at)
        self.page = page


class PickSelect(PlayControl, SelectItem, template=PLAY + r":m"):
    """A choice of several items at once (a decision's ``Pick``): the ticked entries make one
    answer, which the play code turns into the action's notation."""

    def __init__(
        self,
        at: Place,
        options: Sequence[discord.SelectOption] = (),
        *,
        least: int = 0,
        most: int = 1,
        placeholder: str | None = None,
    ) -> None:
        custom_id = at.custom_id(":m")
        super().__init__(select(custom_id, options, placeholder, least=least, most=most))
        self.placed(at)


class ChoiceButton(PlayControl, ButtonItem, template=PLAY + r":c(?P<choice>[a-z0-9_.-]+)"):
    """One exact action (``group:choice``) as a button, such as choosing nothing in a pick."""

    def __init__(self, at: Place, choice: str, *, label: str = "") -> None:
        super().__init__(button(label or choice, at.custom_id(f":c{choice}")))
        self.placed(at)
        self.choice = choice

    @classmethod
    def rebuilt(cls, match: re.Match[str]) -> tuple[Any, ...]:
        return (Place.read(match), match["choice"])


class LobbyLanguage(
    Control,
    SelectItem,
    template=GAME + r":lobby:language",
):
    """The lobby's choice of the language its table speaks (the host chooses)."""

    def __init__(self, kind: str, game_id: int, language: str = lang.DEFAULT) -> None:
        tr = lang.texts(language)
        options = [
            discord.SelectOption(label=name, value=code, default=code == language)
            for code, name in lang.languages().items()
        ]
        custom_id = f"{kind}:g:{game_id}:lobby:language"
        super().__init__(select(custom_id, options[:SELECT_SIZE], tr("The table's language")))
        self.kind, self.game_id = kind, game_id


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    LobbyLanguage,
    GroupButton,
    PageButton,
    ActionSelect,
    PickSelect,
    ChoiceButton,
)


def stopped(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    view.stop()
    return view


FILLS_A_SEAT = ("join", "ai-easy", "ai-strong")


def lobby_view(record: GameRecord, most: int, language: str = lang.DEFAULT) -> discord.ui.View:
    """A lobby's buttons in the table's language: Add computer for each level of computer
    player the game has; with every seat taken (``most``) Join and Add computer are greyed out;
    with a computer seated, one button removes the latest one added; below them, the choice
    of the table's language (when more than one is offered)."""
    tr = lang.texts(language)
    full = len(record.seats) >= most
    offered = {f"ai-{level}" for level in computers.levels(record.kind)}
    items: list[discord.ui.Item[Any]] = [
        LobbyButton(
            record.kind, record.id, op, disabled=full and op in FILLS_A_SEAT, language=language
        )
        for op in LOBBY_BUTTONS
        if not op.startswith("ai-") or op in offered
    ]
    numbered = [(n, s) for s in record.seats if (n := computers.number_of(s)) is not None]
    if numbered:
        number, seat = numbered[-1]
        label = tr("Remove {name}", name=seat.said)
        items.append(LobbyButton(record.kind, record.id, f"drop-{number}", label=label))
    if len(lang.languages()) > 1:
        items.append(LobbyLanguage(record.kind, record.id, language))
    return stopped(items)


@dataclass(frozen=True)
class Group:
    """A button's worth of actions: one kind of notation."""

    name: str
    title: str
    actions: tuple[Action, ...]
    quiet: bool = False  # a grey button after the others (going back, ending a turn)
    descriptions: Mapping[str, str] = field(default_factory=dict)
    """A line under an action's option in a list (a class card's effect), by notation."""

    @property
    def single(self) -> Action | None:
        return self.actions[0] if len(self.actions) == 1 else None


ANSWER = "answer"
"""The table's one button for every private question: it opens the asker's own panel."""

HAND = "hand"
"""The table's button for the answers a decider may have from their hidden hand (a Pass
card, ``Decision.secret_kinds``), there whatever the hand holds: it opens the decider's own
panel, which lists them when they are there."""


BOARD = "board"
"""A panel's button that shows the board as it is now: the table keeps its picture while the
same player goes on deciding (``cogs.table.pictures``), so after a step of theirs the person sees
their move on a picture here, privately, uploaded only when they ask."""


def with_board_button(
    kind: str, game_id: int, version: int, view: discord.ui.View | None, language: str
) -> discord.ui.View | None:
    """The panel's controls with the ``BOARD`` button after them, when there is room."""
    if view is None:
        return None
    tr = lang.texts(language)
    label = "🖼 " + tr("Board now")
    at = Place(kind, game_id, version, BOARD)
    board = GroupButton(at, label=label, style=discord.ButtonStyle.secondary)
    with contextlib.suppress(ValueError):  # five full rows: the controls come first
        view.add_item(board)
    return view


def shown(action: Action, language: str = lang.DEFAULT) -> str:
    """An action as a player reads it on a button or in a list, in ``language``: its words,
    and that it ends the turn when it does (said before the click)."""
    tr = lang.texts(language)
    label = said(action.label, tr) or action.notation
    if not action.ends_turn or tr("{action} (ends your turn)", action="") in label:
        return label
    return tr("{action} (ends your turn)", action=label)


def group_buttons(
    kind: str, game_id: int, version: int, groups: Sequence[Group], language: str = lang.DEFAULT
) -> list[discord.ui.Item[Any]]:
    items: list[discord.ui.Item[Any]] = []
    for group in groups[:25]:
        only = group.single
        label = shown(only, language) if only is not None else f"{group.title}…"
        style = discord.ButtonStyle.secondary if group.quiet else discord.ButtonStyle.primary
        at = Place(kind, game_id, version, group.name)
        items.append(GroupButton(at, label=label, style=style))
    return items


def action_options(
    actions: Sequence[Action],
    descriptions: Mapping[str, str] | None = None,
    language: str = lang.DEFAULT,
) -> list[discord.SelectOption]:
    """Select options in words (the notation is only the value, never shown), each with its
    line of ``descriptions`` under it when it has one."""
    lines = descriptions or {}
    return [
        discord.SelectOption(
            label=shown(action, language)[:100],
            value=action.notation,
            description=lines.get(action.notation, "")[:100] or None,
        )
        for action in actions
    ]


ROWS = 5
"""The most rows of components one message holds (a select fills a row, buttons five)."""


def choices_view(
    kind: str,
    game_id: int,
    version: int,
    groups: Sequence[Group],
    extra: Sequence[discord.ui.Item[Any]] = (),
    language: str = lang.DEFAULT,
) -> discord.ui.View:
    """Every choice at once (in ``language``): a select for each group of several actions (choosing there acts
    at once, no button to open it first), a button for each single action and for quiet
    groups, then the ``extra`` buttons. Groups beyond what five rows hold, or too long for one
    select, become buttons that open their own paged select."""
    listed = [g for g in groups if not g.quiet and 1 < len(g.actions) <= SELECT_SIZE]
    while listed:
        buttons = len(groups) - len(listed) + len(extra)
        if len(listed) + -(-buttons // 5) <= ROWS:
            break
        listed.pop()
    selects: list[discord.ui.Item[Any]] = [
        ActionSelect(
            Place(kind, game_id, version, g.name),
            0,
            action_options(g.actions, g.descriptions, language),
            placeholder=g.title,
        )
        for g in listed
    ]
    rest = [g for g in groups if g not in listed]
    room = 5 * (ROWS - len(selects)) - len(extra)
    singles = group_buttons(kind, game_id, version, rest[:room], language)
    return stopped([*selects, *singles, *extra])


controls_view = choices_view
"""The table's controls (in the table's ``language``): the same as a player's
(``choices_view``), so the player whose turn it is chooses straight on the table, without a
click that only opens a list; then the ``extra`` items (such as Undo).

Only groups of public decisions may reach a channel message: the table shows every private
question as the one generic ``ANSWER`` group, and the answers a hidden hand allows as the one
``HAND`` group (see ``cogs.table.table.table_groups``)."""


def select_view(
    kind: str,
    game_id: int,
    version: int,
    group: str,
    actions: Sequence[Action],
    page: int,
    *,
    placeholder: str | None = None,
    beside: Sequence[Group] = (),
    descriptions: Mapping[str, str] | None = None,
    language: str = lang.DEFAULT,
) -> discord.ui.View:
    """A select with one page of options (at most 25, each with its line of ``descriptions``),
    page buttons when there are more, and buttons for the ``beside`` groups (such as Back),
    in ``language``."""
    tr = lang.texts(language)
    pages = max(1, -(-len(actions) // SELECT_SIZE))
    page = min(max(page, 0), pages - 1)
    chunk = actions[page * SELECT_SIZE : (page + 1) * SELECT_SIZE]
    options = action_options(chunk, descriptions, language)
    if pages > 1:
        placeholder = tr(
            "{choice} (page {page} of {pages})",
            choice=placeholder or tr("Choose"),
            page=page + 1,
            pages=pages,
        )
    at = Place(kind, game_id, version, group)
    items: list[discord.ui.Item[Any]] = [ActionSelect(at, page, options, placeholder=placeholder)]
    if page > 0:
        items.append(PageButton(at, page - 1, label="◀ " + tr("Previous")))
    if page < pages - 1:
        items.append(PageButton(at, page + 1, label=tr("Next") + " ▶"))
    items += group_buttons(kind, game_id, version, beside, language)
    return stopped(items)


def pick_view(
    kind: str,
    game_id: int,
    version: int,
    pick: Pick,
    *,
    placeholder: str,
    beside: Sequence[Group] = (),
    language: str = lang.DEFAULT,
) -> discord.ui.View:
    """One multi-select for a pick (tick several entries, then close the menu), a button for
    choosing nothing when that is allowed, and buttons for the ``beside`` groups, in
    ``language``."""
    tr = lang.texts(language)
    options = [
        discord.SelectOption(label=said(label, tr)[:100], value=value)
        for value, label in pick.options()
    ]
    most = min(pick.most, len(options))
    if pick.least == pick.most and pick.ends_turn:
        hint = tr("choose {n}, ends your turn", n=pick.least)
    elif pick.least == pick.most:
        hint = tr("choose {n}", n=pick.least)
    elif pick.ends_turn:
        hint = tr("choose {least} to {most}, ends your turn", least=pick.least, most=most)
    else:
        hint = tr("choose {least} to {most}", least=pick.least, most=most)
    at = Place(kind, game_id, version, pick.kind)
    items: list[discord.ui.Item[Any]] = [
        PickSelect(
            at,
            options,
            least=pick.least,
            most=pick.most,
            placeholder=tr("{choice} ({hint})", choice=placeholder, hint=hint),
        )
    ]
    if pick.least == 0:
        nothing = pick.counts_notation({}).split(":", 1)[1]
        label = tr("None")
        if pick.ends_turn:
            label = tr("{action} (ends your turn)", action=label)
        items.append(ChoiceButton(at, nothing, label=label))
    items += group_buttons(kind, game_id, version, beside, language)
    return stopped(items)
