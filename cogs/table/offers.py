"""How a decision is offered: the groups of a seat's legal actions and a player's controls.

A player's private controls (an ephemeral reply or a DM) show every choice of the moment at
once: one select per group of several actions, so a choice is one interaction, never a
button that only opens a list. Using a card and answering its first question is one choice
too (a chained notation, ``engine.core.CHAIN``). A decision that chooses several items (``Decision.pick``) is
one multi-select. Every title and option is in words (``Presenter.group_title``,
``components.shown``); notations stay behind them, for ``/<game> play``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import discord

import lang
from cogs.table.components import HAND, SELECT_SIZE, Group, choices_view, pick_view
from cogs.table.embeds import game_state
from cogs.table.presenters import Presenter, said
from engine.contract import Game, irreversible
from engine.core import CHAIN, Action, IllegalAction
from engine.text import Param, msg
from host import computers, turns
from host.models import GameRecord
from host.service import GameService


def action_groups(
    service: GameService,
    record: GameRecord,
    presenter: Presenter[Any],
    seats: Sequence[int] | None = None,
    *,
    public: bool = False,
    language: str = lang.DEFAULT,
) -> list[Group]:
    """The legal actions of the given seats (default: every human actor), one group per kind,
    titled in ``language``.

    ``public``: for a surface everyone sees. The answers a seat may have only from what it
    holds in secret (``Decision.secret_kinds``: a Pass card in a hidden hand) are left out,
    and one ``HAND`` group without actions, titled by those kinds, stands for them, there
    whether the seat has any or not: its button opens the seat's own controls, which list
    them when they are there."""
    by_kind: dict[str, dict[str, Action]] = {}
    decided: dict[str, str] = {}  # group -> the kind of decision it answers
    held: dict[str, str] = {}  # a kind of answer from a hidden hand -> its title
    for seat, actions in service.table_actions(record, seats).items():
        decision = record.game.decision(seat) if record.game is not None else None
        kind = decision.kind if decision is not None else ""
        secret = decision.secret_kinds if decision is not None and public else ()
        shown = [action for action in actions if action.kind not in secret]
        for action in with_chains(record, seat, shown, presenter):
            by_kind.setdefault(action.kind, {}).setdefault(action.notation, action)
            decided.setdefault(action.kind, kind)
        for group in secret:
            held.setdefault(group, presenter.group_title(group, decision=kind, language=language))
    view: Mapping[str, Any] = record.view(None) if by_kind and record.game is not None else {}
    groups = [
        Group(
            kind,
            presenter.group_title(kind, actions.values(), decided[kind], language),
            tuple(sorted(actions.values(), key=lambda action: action.ends_turn)),
            quiet=kind in presenter.quiet_groups,
            descriptions=described(presenter, view, actions.values(), lang.texts(language)),
        )
        for kind, actions in by_kind.items()
    ]
    if held:
        groups.append(Group(HAND, " / ".join(held.values()), ()))
    return sorted(groups, key=lambda group: (ends_turn(group), group.quiet))


def ends_turn(group: Group) -> bool:
    """Whether every choice of the group ends the turn: such groups come last, after going
    back or stopping, so the choice that hands the game on is the last one offered."""
    return bool(group.actions) and all(action.ends_turn for action in group.actions)


def described(
    presenter: Presenter[Any],
    view: Mapping[str, Any],
    actions: Iterable[Action],
    tr: lang.Texts,
) -> dict[str, str]:
    """The presenter's line under each action that has one (by notation)."""
    if not view:
        return {}
    lines = {action.notation: presenter.describe(view, action, tr) for action in actions}
    return {notation: line for notation, line in lines.items() if line}


def follow_ups(
    game: Game, seat: int, action: Action, presenter: Presenter[Any], names: Sequence[Param]
) -> list[Action]:
    """The answers to the question that taking ``action`` puts to the same seat next, as
    chains (``use:king+palace:gallia``), when that question is as public as the action: the
    action neither draws on chance nor shows anything hidden (``engine.contract.irreversible``,
    the engine's own test for undo: the Explorer's three cards are not known before they are
    drawn, so their regions cannot be offered ahead), no private event on the way, a public
    decision of that seat alone, no pick. Otherwise none. A chain reads as
    ``turns.action_label`` says the chosen chain did."""
    try:
        after = game.apply(seat, action.notation)
    except IllegalAction:
        return []
    if irreversible(game, after) is not None:
        return []
    decision = after.decision(seat)
    if after.actors() != [seat] or decision is None or decision.private or decision.pick:
        return []
    if decision.secret_kinds:  # a preview would show, or leave out, answers from a hidden hand
        return []
    if any(not event.public for event in after.events):
        return []
    return [
        Action(
            f"{action.notation}{CHAIN}{answer.notation}",
            msg("{action}: {answer}", action=action.label, answer=answer.label),
        )
        for answer in turns.legal_actions(after, seat, names)
        if answer.kind not in presenter.quiet_groups and CHAIN not in answer.notation
    ]


def with_chains(
    record: GameRecord, seat: int, actions: Sequence[Action], presenter: Presenter[Any]
) -> list[Action]:
    """The seat's actions, where an action of an inline group (using a card) is replaced by
    its follow-ups, so choosing a card and its first answer is one choice, as long as the
    group still fits one select."""
    game = record.game
    inline = [a for a in actions if a.kind in presenter.inline_groups]
    if game is None or not inline:
        return list(actions)
    room = SELECT_SIZE - len(inline)
    names = record.seat_names()
    out: list[Action] = []
    for action in actions:
        chains = follow_ups(game, seat, action, presenter, names) if action in inline else []
        if chains and len(chains) - 1 <= room:
            room -= len(chains) - 1
            out += chains
        else:
            out.append(action)
    return out


def panel(
    service: GameService,
    record: GameRecord,
    presenter: Presenter[Any],
    user_id: int,
    language: str = lang.DEFAULT,
) -> tuple[str, discord.ui.View | None]:
    """The user's private controls now, in their ``language``: a prompt, and every choice they
    have (a multi-select when the decision chooses several items at once)."""
    tr = lang.texts(language)
    turn = service.turn(record, user_id)
    if not turn.running:
        return game_state(record, tr), None
    if turn.seat is None or not turn.is_theirs:
        waiting = tr("Waiting for {players}.", players=turn.waiting)
        thinking = computers.thinking_line(record)
        return (waiting if thinking is None else tr.say(thinking)), None
    groups = action_groups(service, record, presenter, [turn.seat], language=language)
    decision = turn.decision
    prompt = said(decision.prompt, tr) if decision is not None else tr("Your move.")
    if decision is not None and decision.pick is not None:
        pick = decision.pick
        view = pick_view(
            record.kind,
            record.id,
            record.version,
            pick,
            placeholder=presenter.group_title(pick.kind, decision=decision.kind, language=language),
            beside=[group for group in groups if group.name != pick.kind],
            language=language,
        )
        return prompt, view
    return prompt, choices_view(record.kind, record.id, record.version, groups, language=language)
