"""How a decision is offered: the groups of a seat's legal actions and a player's controls.

A player's private controls (an ephemeral reply or a DM) show every choice of the moment at
once: one select per group of several actions, so a choice is one interaction, never a
button that only opens a list. A decision that chooses several items (``Decision.pick``) is
one multi-select. Every title and option is in words (``Presenter.group_title``,
``components.shown``); notations stay behind them, for ``/<game> play``.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.components import Group, choices_view, pick_view
from cogs.presenters import Presenter
from engine.core import Action
from host.models import GameRecord
from host.service import GameService


def action_groups(
    service: GameService,
    record: GameRecord,
    presenter: Presenter,
    seats: Sequence[int] | None = None,
) -> list[Group]:
    """The legal actions of the given seats (default: every human actor), one group per kind."""
    by_kind: dict[str, dict[str, Action]] = {}
    for actions in service.table_actions(record, seats).values():
        for action in actions:
            by_kind.setdefault(action.kind, {}).setdefault(action.notation, action)
    groups = [
        Group(
            kind,
            presenter.group_title(kind, actions.values()),
            tuple(actions.values()),
            quiet=kind in presenter.quiet_groups,
        )
        for kind, actions in by_kind.items()
    ]
    return sorted(groups, key=lambda group: group.quiet)


def panel(
    service: GameService, record: GameRecord, presenter: Presenter, user_id: int
) -> tuple[str, discord.ui.View | None]:
    """The user's private controls now: a prompt, and every choice they have (a multi-select
    when the decision chooses several items at once)."""
    turn = service.turn(record, user_id)
    if not turn.running:
        return f"Game #{record.id} is {record.status}.", None
    if turn.seat is None or not turn.is_theirs:
        return f"Waiting for {turn.waiting}.", None
    groups = action_groups(service, record, presenter, [turn.seat])
    prompt = turn.decision.prompt if turn.decision is not None else "Your move."
    pick = turn.decision.pick if turn.decision is not None else None
    if pick is not None:
        view = pick_view(
            record.kind,
            record.id,
            record.version,
            pick,
            placeholder=presenter.group_title(pick.kind),
            beside=[group for group in groups if group.name != pick.kind],
        )
        return prompt, view
    return prompt, choices_view(record.kind, record.id, record.version, groups)
