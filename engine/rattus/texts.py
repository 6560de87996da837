"""Rattus's readable texts as keys and values (``engine.text``), and where they meet the
shared types.

Every text the game says is a ``Msg``: events (``Ctx.say``/``Ctx.tell``), prompts, action
labels, pick groups and refusals. Events, prompts and refusals carry the ``Msg`` itself.
Action labels and pick groups do not yet: the table's presenters still read their words
(``engine.core.PickGroup`` holds a string, and a label's words are matched and joined), so
``action`` and ``group`` hand them the text as it has always read: English, each seat
written as the placeholder ``seat_ref`` that the host fills with a name (``fill_names``).
That is the only place a Rattus text becomes a string; the rest of the game builds texts
with ``msg``, ``plural`` and ``Seat`` only.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Action, IllegalAction, PickGroup, seat_ref
from ..text import Msg, msg

SEAT_PLACEHOLDERS = tuple(seat_ref(seat) for seat in range(6))
"""Each seat written as ``seat_ref`` writes it (a game has at most 6)."""


def placed(text: Msg) -> str:
    """The text in English, each seat written as its placeholder (see the module's text)."""
    return text.english(SEAT_PLACEHOLDERS)


def action(notation: str, label: Msg, ends_turn: bool = False) -> Action:
    """An action read as ``label``."""
    return Action(notation, placed(label), ends_turn)


def group(code: str, label: Msg, available: int, item: Msg | None = None) -> PickGroup:
    """A pick group read as ``label`` (``item``: what one of its items is)."""
    return PickGroup(code, placed(label), available, "" if item is None else placed(item))


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
