"""How each game kind looks on Discord: its board image and the text lines around it.

The table, lobby and command code is shared by every kind; a ``Presenter`` is the only place
that reads a kind's own part of the views (docs/views.md); the shared code reads only the
header. A new game kind registers its presenter in ``cogs/runtime/games.py``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

import discord

import lang
from engine.core import Action
from engine.text import N_

View = Mapping[str, Any]
"""A view as the shared code reads it: the shared header (``engine.contract``) and no more."""
V = TypeVar("V", bound=View)
ENGLISH = lang.texts(lang.DEFAULT)
"""The texts in English: the default of the presenters' functions (tests, logs)."""


@dataclass(frozen=True)
class Presenter(Generic[V]):
    """Everything the Discord side needs to show one kind of game, typed on that game's own
    view (``Presenter[RattusView]``); the shared code holds presenters of any game
    (``Presenter[Any]``) and reads only the header itself."""

    kind: str
    title: str
    colour: int
    render: Callable[[V, str], bytes]
    """The picture of a view, its words in a language (the table's: ``table_language``)."""
    stage_line: Callable[[V, lang.Texts], str]
    players_lines: Callable[[V, lang.Texts], list[str]]
    extra_fields: Callable[[V, lang.Texts], list[tuple[str, str]]]
    secret_lines: Callable[[V, lang.Texts], list[str]]
    outcome_lines: Callable[[V, lang.Texts], list[str]]
    """Each takes the view and the texts of the language it is shown in (``lang.texts``)."""
    group_titles: Mapping[str, str | lang.Msg] = field(default_factory=dict)
    """Each group's title, an English source text marked with ``N_`` (or a ``pmsg`` with its
    context; shown through ``lang``)."""
    could_be_asked: Callable[[V], list[int]] = lambda view: [
        int(player["seat"]) for player in view.get("players", [])
    ]
    """Seats a private question now might be put to, from the public view alone: when one of
    them must be mentioned in the channel, all of them are, so nobody learns who was asked."""
    quiet_groups: frozenset[str] = frozenset()
    """Groups of actions shown as grey buttons after the others (going back, ending a turn)."""
    describe: Callable[[V, Action, lang.Texts], str] = lambda view, action, tr: ""
    """One short line under an action where it is offered in a list (a select option's
    description, at most 100 characters), or "" for none: what a class card does."""
    table_players: bool = True
    """Whether the table message lists the players in words; False when the picture shows
    them as legibly (the table then keeps to ``cogs.table.embeds.TABLE_TEXT`` characters)."""
    inline_groups: frozenset[str] = frozenset()
    """Groups whose actions are offered together with the answer to the question they lead
    to (using a card and where), as one choice (see ``cogs.table.offers.with_chains``)."""

    def group_title(
        self,
        group: str,
        actions: Iterable[Action] = (),
        decision: str = "",
        language: str = lang.DEFAULT,
    ) -> str:
        """The title of a group of actions (the notation's kind), in words, in ``language``:
        its title in this kind of decision ("spread:rat"), or the kind's own title, or else
        what its actions' labels begin with alike, or else "Choose"."""
        tr = lang.texts(language)
        title = self.group_titles.get(f"{decision}:{group}") if decision else None
        title = title or self.group_titles.get(group) or self.shared_titles.get(group)
        if title:
            return tr.say(title)
        return common_words([said(a.label, tr) for a in actions]) or tr("Choose")

    shared_titles: ClassVar[Mapping[str, str]] = {"answer": N_("Answer"), "back": N_("Back")}
    """Titles of the groups the shared code itself adds (the table's private questions)."""


def common_words(labels: Sequence[str]) -> str:
    """The words several labels begin with alike (at least two words), or ""."""
    if len(labels) < 2:
        return ""
    split = [label.split() for label in labels]
    same: list[str] = []
    for words in zip(*split, strict=False):
        if any(w != words[0] for w in words):
            break
        same.append(words[0])
    return " ".join(same).rstrip(":,") if len(same) >= 2 else ""


COLOUR_SQUARES = {
    "red": "🟥",
    "yellow": "🟨",
    "green": "🟩",
    "blue": "🟦",
    "purple": "🟪",
    "orange": "🟧",
}


def colour_square(colour: object) -> str:
    """A player colour as a coloured square emoji (a white one for an unknown colour)."""
    return COLOUR_SQUARES.get(str(colour), "⬜")


def player_name(view: View, seat: int, tr: lang.Texts = ENGLISH) -> str:
    """The name the host put on a seat's view entry (or the renderer's fallback), safe to put
    in Discord markdown."""
    for player in view.get("players", []):
        if player.get("seat") == seat and player.get("name"):
            return plain(str(player["name"]))
    return tr("Player {n}", n=seat + 1)


def listed(names: Sequence[str], tr: lang.Texts = ENGLISH) -> str:
    """Names as one list in words: "Ann", "Ann and Bo", "Ann, Bo and Cy"."""
    if len(names) < 2:
        return "".join(names)
    return tr("{first} and {last}", first=", ".join(names[:-1]), last=names[-1])


def score_parts(view: View, seat: int, titles: Mapping[str, str], tr: lang.Texts = ENGLISH) -> str:
    """Where a final score came from, e.g. " (15 on the map, 6 in the palace)": the lines of
    the view's breakdown the seat scored on, each named by ``titles`` (a game's own words: an
    ``N_``-marked text with the points as ``{n}``)."""
    lines = (view.get("breakdown") or {}).get("lines") or []
    if seat >= len(lines):
        return ""
    parts = [
        tr.say(lang.msg(titles[line], n=points)) if line in titles else f"{points} {line}"
        for line, points in lines[seat].items()
        if points
    ]
    return f" ({', '.join(parts)})" if parts else ""


def ranking_lines(
    view: View,
    titles: Mapping[str, str],
    tr: lang.Texts = ENGLISH,
    marks: Callable[[int, str], str] = lambda seat, crown: crown,
) -> list[str]:
    """The final scores best first, one line a seat: place, name, score, then ``marks`` (the
    crown of a winner, which a game may put among notes of its own), then where the points
    came from (``score_parts`` with the game's ``titles``)."""
    scores = view.get("scores") or {}
    winners = set(view.get("winners") or [])
    lines = []
    for place, seat in enumerate(view.get("ranking") or [int(s) for s in scores], start=1):
        crown = " 👑" if seat in winners else ""
        score = scores.get(str(seat), "?")
        parts = score_parts(view, seat, titles, tr)
        name = player_name(view, seat, tr)
        lines.append(f"{place}. **{name}**: {score}{marks(seat, crown)}{parts}")
    return lines


def tie_lines(view: View, tr: lang.Texts = ENGLISH) -> list[str]:
    """One line per group of players level on points: who, on what, and how the game's
    tie-break ordered them."""
    breakdown = view.get("breakdown") or {}
    scores = view.get("scores") or {}
    rule = said(breakdown.get("tie_break") or "", tr)
    out = []
    for group in breakdown.get("ties") or []:
        who = listed([player_name(view, int(seat), tr) for seat in group], tr)
        level = int(scores.get(str(group[0]), 0))
        out.append(
            tr.plural(
                "Tie: {players} had {n} point each; {rule}, so they rank in that order.",
                "Tie: {players} had {n} points each; {rule}, so they rank in that order.",
                level,
                players=who,
                rule=rule,
            )
        )
    return out


def said(text: Any, tr: lang.Texts = ENGLISH) -> str:
    """A text the engine put in a view, shown in ``tr``'s language (``lang.Texts.shown``)."""
    return tr.shown(text)


def plain(text: str) -> str:
    """Text shown as written in Discord: markdown characters (from players' names) escaped."""
    return discord.utils.escape_markdown(text)


COMMAND_SPAN = re.compile(r"`/[a-z][\w -]*`")
"""A command written as code in the bot's own texts ("`/rattus join`")."""


def plain_prose(text: str) -> str:
    """The bot's own text with names in it, shown as written: markdown from the names is
    escaped, while the commands it quotes as code (``COMMAND_SPAN``) stay code."""
    out, start = [], 0
    for match in COMMAND_SPAN.finditer(text):
        out += [plain(text[start : match.start()]), match.group(0)]
        start = match.end()
    return "".join([*out, plain(text[start:])])
