"""Rattus's readable texts as keys and values (``engine.text``), and where they meet the
shared types.

Every text the game says is a ``Msg``: events (``Ctx.say``/``Ctx.tell``), prompts, action
labels, pick groups and refusals; the place that shows one makes it a string in the reader's
language (``lang.say``). The rest of the game builds texts with ``msg``, ``plural`` and
``Seat`` only, and never makes a string of one.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Action, IllegalAction, PickGroup
from ..text import Msg, msg


def action(notation: str, label: Msg, ends_turn: bool = False) -> Action:
    """An action read as ``label``."""
    return Action(notation, label, ends_turn)


def group(
    code: str, label: Msg, available: int, item: Msg | None = None, place: Msg | None = None
) -> PickGroup:
    """A pick group read as ``label``; ``item``: what one of its items is, when the label
    names the ``place`` they go to ("Gallia (1 there now)": a new rat in Gallia)."""
    return PickGroup(code, label, available, item, place)


def refusal(text: Msg) -> IllegalAction:
    """A refusal to raise, saying ``text`` to the player."""
    return IllegalAction(text)


def listed(items: Sequence[Msg]) -> Msg:
    """Texts one after another, separated by commas ("a, b, c"): each comma a text of its
    own, so a language may write the list its own way. There is at least one."""
    out = items[0]
    for item in items[1:]:
        # i18n: a list of items, the ones so far and the next one
        out = msg("{items}, {item}", items=out, item=item)
    return out
