"""The vocabulary shared by every game: actions, decisions, events, errors and the seeded Rng.

Nothing here knows which game is played. The games (``engine.rattus``, ``engine.cartus``)
build their states from these pieces and expose the same public face.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, TypedDict, TypeVar

from .text import N_, Msg, Text, as_msg, listing, msg, slot_setters, text_of

T = TypeVar("T")

JSON = Any
"""A JSON-able value: dict, list, str, int, float, bool or None."""

MAX_NOTATION = 80


class IllegalAction(ValueError):
    """An action that the rules do not allow now. The message is written for the player:
    ``IllegalAction(msg("…", …))``; ``text`` is it as given, ``str()`` its English. (One
    raised with a string, as Python's own code may, reads as that string, verbatim.)"""

    @property
    def text(self) -> Text:
        return text_of(self)


@dataclass(frozen=True, order=True, init=False)
class Action:
    """One thing a seat may do now.

    ``notation`` is the stable text form (``place:gallia``) that parses back to this action;
    ``label`` is how a person reads it ("Place 2 cubes in Gallia"). ``ends_turn`` says that
    taking it hands the game on: the seat's turn (or its part of the round) is over once it
    is answered, so an interface can say so before the click. It is not part of the notation.
    """

    notation: str
    label: Text = field(compare=False)
    ends_turn: bool = field(default=False, compare=False)

    def __init__(self, notation: str, label: Text, ends_turn: bool = False) -> None:
        # the fields written into the instance's dict: a frozen dataclass's own __init__ sets
        # each through object.__setattr__, at twice the cost, and every decision lists actions
        d = self.__dict__
        d["notation"] = notation
        if type(self) is Action:
            d["label"] = label
        else:  # a subclass may make ``label`` a property of its own (``ReadyAnswer``)
            object.__setattr__(self, "label", label)
        d["ends_turn"] = ends_turn

    @property
    def kind(self) -> str:
        """The group an action belongs to: the notation up to its first colon."""
        return self.notation.split(":", 1)[0]

    @property
    def args(self) -> tuple[str, ...]:
        parts = self.notation.split(":")
        return tuple(parts[1:])


NOTATION = attrgetter("notation")
"""An action's notation: the key legal lists are sorted by."""

CHAIN = "+"
"""Joins the answers of one seat's consecutive decisions into one action (``use:king+palace:
gallia``): a game that accepts chains applies them in order as one move (see ``chained``)."""


def chained(notation: str) -> list[str]:
    """The answers a chained notation joins, in order (one for a plain notation)."""
    return notation.split(CHAIN)


def parse_notation(text: str) -> str:
    """Normalise a typed notation (case, spaces) or raise IllegalAction if it cannot be one."""
    if not isinstance(text, str):
        raise IllegalAction(
            msg("An action must be text such as {example}.", example="'place:gallia'")
        )
    norm = text.strip().lower().replace(" ", "")
    if not norm:
        raise IllegalAction(
            msg(
                "That action is empty. Pick one from the list or type e.g. {example}.",
                example="'place:gallia'",
            )
        )
    if len(norm) > MAX_NOTATION:
        raise IllegalAction(msg("That action is too long to be one of the game's actions."))
    allowed = set("abcdefghijklmnopqrstuvwxyz0123456789:_-.") | {CHAIN}
    if not set(norm) <= allowed:
        raise IllegalAction(
            msg(
                "'{typed}' is not an action: actions look like {example}.",
                typed=text.strip()[:40],
                example="'place:gallia'",
            )
        )
    return norm


MAX_OPTIONS = 25
"""The most options one choice offers: what one chat select menu holds."""

_PICK_PART = re.compile("([a-z_]+)(\\d+)")


@dataclass(frozen=True)
class PickGroup:
    """Interchangeable items of a pick (three Church cards are one group of three)."""

    code: str  # lowercase letters, e.g. "ch"; the notation counts items by it
    label: Msg  # "Church card"
    available: int  # the most items of this group that may be chosen
    item: Msg | None = None  # what one item is ("new rat") when the label names a place
    place: Msg | None = None  # with ``item``: the place alone ("Bulgaria"); the label says more

    def entry(self, copy: int) -> Msg:
        """The menu entry for the ``copy``-th item, read as a count: "Church card", "A second
        Church card"; with ``item``: "Bulgaria (1 there now)", "Bulgaria: a second new rat".
        Each ordinal is a whole text of its own (``ORDINALS``), translated as one."""
        if copy == 1:
            return self.label
        if self.item is not None:
            template = PLACE_ORDINALS[copy] if copy < len(PLACE_ORDINALS) else PLACE_NTH
            place = self.label if self.place is None else self.place
            return msg(template, place=place, item=self.item, n=copy)
        template = ORDINALS[copy] if copy < len(ORDINALS) else NTH
        return msg(template, item=self.label, n=copy)


ORDINALS = (
    "",
    "",
    N_("A second {item}"),
    N_("A third {item}"),
    N_("A fourth {item}"),
    N_("A fifth {item}"),
    N_("A sixth {item}"),
    N_("A seventh {item}"),
    N_("An eighth {item}"),
)
"""A pick's menu entry for its group's second, third... item (the first is the label)."""
NTH = N_("A {n}th {item}")
PLACE_ORDINALS = (
    "",
    "",
    N_("{place}: a second {item}"),
    N_("{place}: a third {item}"),
    N_("{place}: a fourth {item}"),
    N_("{place}: a fifth {item}"),
    N_("{place}: a sixth {item}"),
    N_("{place}: a seventh {item}"),
    N_("{place}: an eighth {item}"),
)
"""The same for a group whose label names a place and ``item`` what goes there."""
PLACE_NTH = N_("{place}: a {n}th {item}")


class PickGroupView(TypedDict):
    code: str
    label: JSON  # a text (``engine.text.from_json``)
    available: int


class PickView(TypedDict):
    """A choice of several items in one multi-select menu (``Pick.to_dict``)."""

    kind: str
    least: int
    most: int
    groups: list[PickGroupView]


@dataclass(frozen=True, init=False)
class Pick:
    """Several items chosen at once, shown as one multi-select menu.

    The answer is one action whose notation counts the chosen items per group, in group
    order: ``commit:ch2-jo1`` is two items of group ``ch`` and one of ``jo``;
    ``commit:none`` chooses nothing. The total lies between ``least`` and ``most``.
    ``options()`` lists the menu entries (one per item, at most 25) and ``notation(values)``
    turns the entries a person ticked into the answer. Every answer the pick allows is
    legal, also those not among the decision's ``legal_actions`` (which list up to 25
    ready-made answers, for play by typing and for simple computer players).
    """

    kind: str
    least: int
    most: int
    groups: tuple[PickGroup, ...]
    ends_turn: bool = False  # the answer ends the seat's turn (see ``Action.ends_turn``)

    def __init__(
        self,
        kind: str,
        least: int,
        most: int,
        groups: tuple[PickGroup, ...],
        ends_turn: bool = False,
    ) -> None:
        # written into the instance's dict, as ``Action`` is: a new hand makes a new pick
        d = self.__dict__
        d["kind"] = kind
        d["least"] = least
        d["most"] = most
        d["groups"] = groups
        d["ends_turn"] = ends_turn

    def options(self) -> list[tuple[str, Text]]:
        """(value, label) per item, one per copy, at most 25 spread over the groups."""
        room = {g.code: 0 for g in self.groups}
        left = MAX_OPTIONS
        grew = True
        while left and grew:
            grew = False
            for g in self.groups:
                if left and room[g.code] < min(g.available, self.most):
                    room[g.code] += 1
                    left -= 1
                    grew = True
        out: list[tuple[str, Text]] = []
        for g in self.groups:
            for i in range(1, room[g.code] + 1):
                out.append((f"{g.code}.{i}", g.entry(i)))
        return out

    def counts_notation(self, counts: Mapping[str, int]) -> str:
        parts = [f"{g.code}{counts[g.code]}" for g in self.groups if counts.get(g.code, 0) > 0]
        return f"{self.kind}:{'-'.join(parts) if parts else 'none'}"

    def describe(self, counts: Mapping[str, int]) -> Msg:
        """The chosen items in words: "2 x Church card, 1 x Joker", or "nothing"."""
        parts: list[Msg] = [
            msg("{n} x {item}", n=counts[g.code], item=as_msg(g.label))
            for g in self.groups
            if counts.get(g.code, 0) > 0
        ]
        return listing(parts) if parts else msg("nothing")

    def notation(self, values: Iterable[str]) -> str:
        """The answer for the option values a person chose (see ``options``)."""
        counts: dict[str, int] = {}
        for value in values:
            code = value.split(".", 1)[0]
            counts[code] = counts.get(code, 0) + 1
        return self.counts_notation(counts)

    def parse(self, notation: str) -> dict[str, int]:
        """The counts an answer chooses; IllegalAction if the pick does not allow it."""
        kind, _, rest = notation.partition(":")
        if kind != self.kind or not rest:
            raise IllegalAction(
                msg("Answer with '{kind}:' and the cards, e.g. '{kind}:none'.", kind=self.kind)
            )
        counts: dict[str, int] = {}
        if rest != "none":
            for part in rest.split("-"):
                m = _PICK_PART.fullmatch(part)
                if m is None or m.group(1) in counts:
                    raise IllegalAction(msg("'{part}' is not a choice here.", part=part))
                counts[m.group(1)] = int(m.group(2))
        available = {g.code: g.available for g in self.groups}
        for code, n in counts.items():
            if code not in available:
                listed = [
                    msg("{code} ({item})", code=g.code, item=as_msg(g.label)) for g in self.groups
                ]
                raise IllegalAction(
                    msg(
                        "'{code}' is not among the choices here: {listed}.",
                        code=code,
                        listed=listing(listed) if listed else msg("none"),
                    )
                )
            if n > available[code]:
                raise IllegalAction(
                    msg("You can choose at most {n} of '{code}'.", n=available[code], code=code)
                )
        total = sum(counts.values())
        if not self.least <= total <= self.most:
            if self.least == self.most:
                raise IllegalAction(msg("Choose exactly {n}.", n=self.least))
            raise IllegalAction(
                msg("Choose between {least} and {most}.", least=self.least, most=self.most)
            )
        return {code: n for code, n in counts.items() if n > 0}

    def to_dict(self) -> PickView:
        """The pick as the deciding seat's view shows it."""
        return {
            "kind": self.kind,
            "least": self.least,
            "most": self.most,
            "groups": [
                {"code": g.code, "label": text_json(g.label), "available": g.available}
                for g in self.groups
            ],
        }


@dataclass(frozen=True)
class Decision:
    """What one seat is deciding now. ``pick`` is set when the answer chooses several items
    at once (one multi-select menu, see ``Pick``).

    ``secret_kinds`` are the kinds of answer (``Action.kind``) the seat may have only because
    of what it alone holds, such as a card in its hidden hand: whether it has one is a secret
    of its own. They are named from public facts alone, the same whatever the seat holds, so
    a surface everyone sees may offer a way to them (the seat's own controls) but must never
    list those answers or show whether there are any. Of a private decision, all is secret.
    """

    seat: int
    kind: str
    prompt: Text
    private: bool = False
    pick: Pick | None = None
    secret_kinds: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, JSON]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": text_json(self.prompt),
            "private": self.private,
            "pick": None if self.pick is None else self.pick.to_dict(),
            "secret_kinds": list(self.secret_kinds),
        }


def fill_names(template: Text, names: Sequence[str]) -> str:
    """The text in English with the seats named (one name per seat). What people read goes
    through ``lang.say`` instead, in their language; this is the English for logs and
    tests."""
    return template.english(names)


def text_json(text: Text) -> JSON:
    """A text as JSON (``Msg.to_json``; ``engine.text.from_json`` reads it)."""
    return text.to_json()


class Event:
    """Something that happened during one ``apply``.

    ``audience`` is None when every player and spectator may see it, otherwise the seats that
    may. ``data`` holds the machine-readable details (JSON-able). ``template`` is what it
    says (a ``Msg``, seats as ``Seat`` values; ``shown`` is the same), shown in the reader's
    language; ``text`` is its English with the seats named by ``names`` (the game's colours),
    ``text_for(names)`` with other names: both for logs and tests. An event never changes.

    The English ``text`` is written only when asked: most events are never read in English
    (the host shows ``shown`` in the reader's language), and a random playout makes
    thousands.
    """

    __slots__ = ("_names", "_text", "audience", "data", "kind", "template")

    kind: str
    audience: tuple[int, ...] | None
    data: Mapping[str, JSON]
    template: Text
    _text: str | None
    _names: Sequence[str]

    def __init__(
        self,
        kind: str,
        template: Text,
        audience: tuple[int, ...] | None = None,
        data: Mapping[str, JSON] | None = None,
        names: Sequence[str] = (),
    ) -> None:
        # each field set once through its slot, written out: a playout makes thousands
        _KIND(self, kind)
        _TEMPLATE(self, template)
        _AUDIENCE(self, audience)
        _DATA(self, {} if data is None else data)
        _TEXT(self, None)
        _NAMES(self, names)

    @classmethod
    def named(
        cls,
        kind: str,
        template: Text,
        names: Sequence[str],
        audience: tuple[int, ...] | None = None,
        data: Mapping[str, JSON] | None = None,
    ) -> Event:
        """An event whose English ``text`` names the seats from ``names``."""
        return cls(kind, template, audience, data, names)

    @property
    def text(self) -> str:
        """The English, seats named by the names the event was made with (``fill_names``)."""
        text = self._text
        if text is None:
            text = fill_names(self.template, self._names)
            _TEXT(self, text)
        return text

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"an event never changes (cannot set {name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"an event never changes (cannot delete {name})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.text, self.audience, self.data, self.template) == (
            other.kind,
            other.text,
            other.audience,
            other.data,
            other.template,
        )

    __hash__ = None  # type: ignore[assignment]  # its data is a dict, as before

    def __repr__(self) -> str:
        return (
            f"Event(kind={self.kind!r}, text={self.text!r}, audience={self.audience!r}, "
            f"data={self.data!r}, template={self.template!r})"
        )

    def text_for(self, names: Sequence[str] | None) -> str:
        """The text in English, players named by ``names`` (by the event's own names when
        None); ``shown`` for people."""
        return self.text if names is None else fill_names(self.template, names)

    @property
    def shown(self) -> Text:
        """The text to show, seats unnamed (``lang.say`` names them in the reader's
        language)."""
        return self.template

    @property
    def public(self) -> bool:
        return self.audience is None

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_dict(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "text": self.text,
            "audience": None if self.audience is None else list(self.audience),
            "data": dict(self.data),
            "template": text_json(self.template),
        }


_KIND, _TEMPLATE, _AUDIENCE, _DATA, _TEXT, _NAMES = slot_setters(
    Event, "kind", "template", "audience", "data", "_text", "_names"
)

_MASK64 = (1 << 64) - 1
_SPAN = 1 << 64


class Rng:
    """A small seeded generator (splitmix64) whose whole state is one integer.

    The state is saved with the game, so the same seed and the same actions always give the
    same game on any machine and any Python version.
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    @classmethod
    def from_seed(cls, seed: int | str) -> Rng:
        if isinstance(seed, str):
            value = 0
            for ch in seed.encode("utf-8"):
                value = (value * 131 + ch) & _MASK64
            seed = value
        rng = cls(seed ^ 0x9E3779B97F4A7C15)
        rng.next64()
        return rng

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). (``next64`` written out: the computer players' rules
        of thumb draw hundreds of thousands of these a decision.)"""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _SPAN - _SPAN % n
        while True:
            z = self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            x = z ^ (z >> 31)
            if x < limit:
                return x % n

    def belows(self, n: int, k: int) -> list[int]:
        """``k`` draws of ``below(n)``, the same numbers in the same order, in one call (a
        computer player's rules of thumb draw one per option)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _SPAN - _SPAN % n
        out: list[int] = []
        state = self.state
        while len(out) < k:
            z = state = (state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            x = z ^ (z >> 31)
            if x < limit:
                out.append(x % n)
        self.state = state
        return out

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates from the end, each place's partner drawn by ``below`` (written out
        here: a new game shuffles a few hundred cards)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                z = state = (state + 0x9E3779B97F4A7C15) & _MASK64
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def shuffled(self, items: Iterable[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out


def listed_here(listed: Sequence[Action] | None, action: Action) -> bool:
    """Whether ``action`` is one of the very objects of a legal list a moment gave out (a
    game's ``apply`` trusts those without checking them again: the moment never changes)."""
    if listed is None:
        return False
    for item in listed:  # noqa: SIM110 (a plain loop: three times faster than any())
        if item is action:
            return True
    return False


def find_action(actions: Sequence[Action], notation: str) -> Action:
    """The legal action with this notation, or IllegalAction with a helpful message."""
    for action in actions:
        if action.notation == notation:
            return action
    kind = notation.split(":", 1)[0]
    same_kind = [a.notation for a in actions if a.kind == kind]
    if same_kind:
        shown = ", ".join(same_kind[:6]) + (" ..." if len(same_kind) > 6 else "")
        raise IllegalAction(
            msg(
                "'{notation}' is not allowed now. You can choose: {choices}.",
                notation=notation,
                choices=shown,
            )
        )
    if not actions:
        raise IllegalAction(msg("You have nothing to decide right now."))
    kinds = ", ".join(sorted({a.kind for a in actions}))
    raise IllegalAction(
        msg(
            "'{notation}' is not possible now. Possible now: {kinds}.",
            notation=notation,
            kinds=kinds,
        )
    )
