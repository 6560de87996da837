"""Cards and rats: drawing, taking from the supplies, hands chosen by type, rats gained and lost.

A hand is a list of card ids; the rules never tell two cards of one type apart in a hand
(a Church card is a Church card whatever nuns it shows), so choices name types and counts
(``ch2-jo1``) and the engine takes the cards of those types in hand order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache, lru_cache
from typing import Any

from ..core import MAX_OPTIONS, NOTATION, Action, IllegalAction, Pick, PickGroup
from ..text import N_, Msg, Seat, listing, msg, plural
from . import data, steps
from .state import Ctx, Frame, State

PLAYABLE = frozenset((*data.CLASSES, "joker", "sword", "flute"))
"""Card types that may be committed to a building (Pass and Gold may not)."""

BY_CODE = {code: t for t, code in data.CODES.items()}
POPULATION = frozenset((*data.CLASSES, "joker"))
"""The card types that count for influence and premiums: population cards and jokers."""
_CLASSES = frozenset(data.CLASSES)


CARD_NAMES = {
    "peasantry": N_("Peasantry card"),
    "bourgeoisie": N_("Bourgeoisie card"),
    "church": N_("Church card"),
    "chivalry": N_("Chivalry card"),
    "magic": N_("Magic card"),
    "royalty": N_("Royalty card"),
    "joker": N_("Joker"),
    "sword": N_("Sword card"),
    "flute": N_("Flute card"),
    "pass": N_("Pass card"),
    "gold": N_("Gold card"),
}
"""Card type -> one card of it in words."""

COUNTED: dict[str, Callable[[int], Msg]] = {
    "peasantry": lambda n: plural("{n} Peasantry card", "{n} Peasantry cards", n),
    "bourgeoisie": lambda n: plural("{n} Bourgeoisie card", "{n} Bourgeoisie cards", n),
    "church": lambda n: plural("{n} Church card", "{n} Church cards", n),
    "chivalry": lambda n: plural("{n} Chivalry card", "{n} Chivalry cards", n),
    "magic": lambda n: plural("{n} Magic card", "{n} Magic cards", n),
    "royalty": lambda n: plural("{n} Royalty card", "{n} Royalty cards", n),
    "joker": lambda n: plural("{n} Joker", "{n} Jokers", n),
    "sword": lambda n: plural("{n} Sword card", "{n} Sword cards", n),
    "flute": lambda n: plural("{n} Flute card", "{n} Flute cards", n),
    "pass": lambda n: plural("{n} Pass card", "{n} Pass cards", n),
    "gold": lambda n: plural("{n} Gold card", "{n} Gold cards", n),
}
"""Card type -> a number of its cards in words ("2 Church cards")."""

NONE_LEFT = {
    "joker": N_("No Jokers are left to take."),
    "sword": N_("No Sword cards are left to take."),
    "flute": N_("No Flute cards are left to take."),
    "pass": N_("No Pass cards are left to take."),
    "gold": N_("No Gold cards are left to take."),
}


def label(card_type: str, n: int = 1) -> Msg:
    """'Church card', '2 Jokers', ..."""
    return msg(CARD_NAMES[card_type]) if n == 1 else COUNTED[card_type](n)


def counts(s: State, cards: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    dealt = s.cards
    for card in cards:
        t = dealt[card]["type"]
        out[t] = out.get(t, 0) + 1
    return out


def summary(by_type: Mapping[str, int]) -> Msg:
    """'2 Church cards, 1 Joker' in the table's type order; 'nothing' when empty."""
    return _summary(frozenset(by_type.items()))


@lru_cache(maxsize=4096)
def _summary(counted: frozenset[tuple[str, int]]) -> Msg:
    """``summary`` once per count of each type (a text never changes, and the same few
    counts come back in every reveal and answer)."""
    by_type = dict(counted)
    parts = [COUNTED[t](by_type[t]) for t in data.TYPES if by_type.get(t)]
    return listing(parts) if parts else msg("nothing")


def population(s: State, cards: Iterable[str]) -> int:
    """Population cards and jokers among the cards: what counts for influence and premiums."""
    dealt = s.cards
    n = 0
    for c in cards:  # a loop: a generator expression costs more on a hand of a few cards
        if dealt[c]["type"] in POPULATION:
            n += 1
    return n


def population_of(by_type: Mapping[str, int]) -> int:
    """``population`` of cards already counted by type."""
    total = 0
    for t, n in by_type.items():
        if t in POPULATION:
            total += n
    return total


def take_from_hand(s: State, seat: int, by_type: Mapping[str, int]) -> list[str]:
    """Remove cards of these types from the hand (the first ones held) and return them, type
    by type in the order asked."""
    if not by_type:  # choosing nothing leaves the hand as it is (and shared with copies)
        return []
    hand: list[str] = s.mine("hands")[seat]
    dealt = s.cards
    wanted = dict(by_type)  # type -> how many more to take
    found: dict[str, list[str]] = {t: [] for t in by_type}
    kept: list[str] = []
    for c in hand:  # one pass: each card is taken or kept
        t = dealt[c]["type"]
        if wanted.get(t):
            wanted[t] -= 1
            found[t].append(c)
        else:
            kept.append(c)
    taken: list[str] = []
    for t, ids in found.items():
        if wanted[t]:
            raise IllegalAction(msg("You hold only {cards}.", cards=COUNTED[t](len(ids))))
        taken += ids
    hand[:] = kept
    return taken


def give_back(s: State, cards: Iterable[str]) -> None:
    """Played or discarded cards: population cards to the discard pile, the rest to their deck."""
    dealt = s.cards
    discard: list[str] | None = None  # each part asked for (``State.mine``) once, if at all
    supplies: dict[str, list[str]] | None = None
    for c in cards:
        t = dealt[c]["type"]
        if t in _CLASSES:
            if discard is None:
                discard = s.mine("discard")
            discard.append(c)
        else:
            if supplies is None:
                supplies = s.mine("supplies")
            supplies[t].append(c)


def draw(ctx: Ctx, seat: int, n: int) -> int:
    """Draw population cards into the hand, reshuffling the discard pile when the deck runs
    out; returns how many came (fewer only when deck and discard pile are both empty)."""
    s = ctx.s
    got: list[str] = []
    while len(got) < n:
        if not s.deck:
            if not s.discard:
                break
            s.deck = ctx.rng.shuffled(s.discard)
            s.discard = []
            ctx.say("reshuffle", msg("The population discard pile is shuffled into a new deck."))
        deck: list[str] = s.mine("deck")
        take = n - len(got) if n - len(got) < len(deck) else len(deck)
        got += deck[: -take - 1 : -1]  # the top ``take`` cards, the top one first
        del deck[-take:]
    if got:
        s.mine("hands")[seat] += got
    if got and not ctx.quiet:  # a look-ahead's apply says nothing: no text is made
        ctx.say("draw", _draws(seat, len(got)), seat=seat, n=len(got))
        drew = _drew(frozenset(counts(s, got).items()))
        # the dealt cards themselves as the event's data: they never change
        ctx.tell((seat,), "drew", drew, cards=list(map(s.cards.__getitem__, got)))
    if len(got) < n:
        ctx.say("no_cards", msg("The population deck and its discard pile are empty."))
    return len(got)


@cache
def _draws(seat: int, n: int) -> Msg:
    """'Red draws 2 cards.', made once (a text never changes; the same come back all game)."""
    return plural("{player} draws {n} card.", "{player} draws {n} cards.", n, player=Seat(seat))


@lru_cache(maxsize=4096)
def _drew(counted: frozenset[tuple[str, int]]) -> Msg:
    return msg("You drew {cards}.", cards=summary(dict(counted)))


def take_special(ctx: Ctx, seat: int, card_type: str, n: int) -> int:
    """Take jokers or special cards from their deck (as many as are left)."""
    s = ctx.s
    pile: list[str] = s.mine("supplies")[card_type]
    got = [pile.pop() for _ in range(min(n, len(pile)))]
    s.mine("hands")[seat] += got
    if got and not ctx.quiet:
        ctx.say("take", _takes(seat, card_type, len(got)), seat=seat)
    if len(got) < n:
        ctx.say("empty", msg(NONE_LEFT[card_type]))
    return len(got)


@cache
def _takes(seat: int, card_type: str, n: int) -> Msg:
    """'Red takes 2 Jokers.', made once."""
    taken = COUNTED[card_type](n) if n > 1 else msg(CARD_NAMES[card_type])
    return msg("{player} takes {cards}.", player=Seat(seat), cards=taken)


def gain_rats(ctx: Ctx, seat: int, n: int) -> None:
    s = ctx.s
    if n <= 0:
        return
    s.mine("rats")[seat] += n
    if not ctx.quiet:
        ctx.say("rats", _gains_rats(seat, n), seat=seat, n=n)


@cache
def _gains_rats(seat: int, n: int) -> Msg:
    """'Red takes 2 rats.', made once."""
    return plural("{player} takes {n} rat.", "{player} takes {n} rats.", n, player=Seat(seat))


def discard_rats(ctx: Ctx, seat: int, n: int) -> int:
    """Discard up to ``n`` rats (a player without rats discards nothing); returns how many."""
    s = ctx.s
    gone = min(n, s.rats[seat])
    if gone:
        s.mine("rats")[seat] -= gone
    if ctx.quiet:
        return gone
    if gone:
        ctx.say("rats", _discards_rats(seat, gone), seat=seat, n=-gone)
    elif n:
        ctx.did(seat, "rats", msg("{player} has no rat to discard."), seat=seat, n=0)
    return gone


@cache
def _discards_rats(seat: int, n: int) -> Msg:
    """'Red discards 2 rats.', made once."""
    return plural("{player} discards {n} rat.", "{player} discards {n} rats.", n, player=Seat(seat))


# Choosing cards from a hand: one pick, counted by type
#
# A new hand's pick and its ready answers are worked out a few dozen times a game (hands seldom
# repeat), so that path is written for CPython's costs: loops over groups rather than cards
# (ranges and ``map`` step through a group's cards in C), no ``min``/``max`` calls and no
# generator expressions on it (each costs more than a line of arithmetic).

_BITS = 5
_MASK = (1 << _BITS) - 1
_SHIFTS = tuple((t, _BITS * i) for i, t in enumerate(data.TYPES))
"""Counts per card type (a hand's, a choice's) read as one number, "packed": each type's count
in 5 bits of its own (type -> shift), in the table's type order. The caches of picks and
answers are keyed by it (an int hashes and compares at once, where a tuple of (type, count)
pairs is walked each time), and all eleven types fit in 55 bits, one machine word, so its
sums and ranges stay on the interpreter's fast paths."""

_TYPE_WEIGHT = {t: 1 << shift for t, shift in _SHIFTS}  # type -> one card of it, packed
_WEIGHT = {data.CODES[t]: w for t, w in _TYPE_WEIGHT.items()}  # the same by code
_SHIFT = {data.CODES[t]: shift for t, shift in _SHIFTS}  # code -> its count's shift
_PARTS = {code: ("", *(f"{code}{n}" for n in range(1, _MASK + 1))) for code in data.CODES.values()}
"""Code -> count -> its part of a notation (``ch2``)."""

_LARGEST = max(
    data.table().jokers, len(data.table().population_nuns), *data.table().specials.values()
)
if _LARGEST > _MASK:
    raise ValueError(f"a card type has {_LARGEST} cards: a packed count holds at most {_MASK}")


def _unpacked(packed: int) -> dict[str, int]:
    """The counts per card type a packed number holds, in the table's type order."""
    return {t: n for t, shift in _SHIFTS if (n := packed >> shift & _MASK)}


def hand_pick(s: State, seat: int, kind: str, least: int, most: int) -> Pick:
    """Choosing ``least`` to ``most`` of the seat's hand cards, of any type."""
    dealt = s.cards
    packed = 0
    for c in s.hands[seat]:
        packed += _TYPE_WEIGHT[dealt[c]["type"]]
    return _pick(kind, least, most, packed, False)


def pick_of_counts(
    held: Mapping[str, int],
    kind: str,
    types: Iterable[str],
    least: int,
    most: int,
    *,
    ends_turn: bool = False,
) -> Pick:
    """``hand_pick`` for a hand already counted by type."""
    packed = 0
    for t, n in held.items():
        if t in types:
            packed += n * _TYPE_WEIGHT[t]
    return _pick(kind, least, most, packed, ends_turn)


@lru_cache(maxsize=8192)
def _pick(kind: str, least: int, most: int, packed: int, ends_turn: bool) -> Pick:
    """The pick of these counts (packed), made once (hands of the same counts recur all game
    long): the same object comes back, so what is worked out for it can be found by identity.
    Its groups come in the table's type order."""
    groups = [_GROUPS[t][n] for t, shift in _SHIFTS if (n := packed >> shift & _MASK)]
    return Pick(kind, least, most, tuple(groups), ends_turn)


_GROUPS = {t: [PickGroup(data.CODES[t], label(t), n) for n in range(_MASK + 1)] for t in data.TYPES}
"""Card type -> held -> the pick group of that many cards of it (groups never change)."""


_ByPick = dict[tuple[int, str, Any], tuple[Pick, Any]]
"""(id of a pick, what else is asked) -> (that pick, the answer): a pick is a deep value
(groups, labels) whose hash costs more than what is cached for it, and ``_pick`` hands out
the same object for the same counts. The entry holds its pick, so the id stays its own."""


def _by_pick(cache: _ByPick, pick: Pick, a: str, b: Any, make: Callable[..., Any]) -> Any:
    """What ``make(pick, a, b)`` gives, made once per pick and question."""
    key = (id(pick), a, b)
    hit = cache.get(key)
    if hit is None or hit[0] is not pick:
        if len(cache) >= 16384:
            cache.clear()
        hit = cache[key] = (pick, make(pick, a, b))
    return hit[1]


_PARSED: _ByPick = {}
_READY: _ByPick = {}


def by_type(pick: Pick, notation: str) -> dict[str, int]:
    """The card types and counts an answer to a hand pick chooses (worked out once per pick
    and answer; an answer the pick refuses raises each time)."""
    parsed: tuple[tuple[str, int], ...] = _by_pick(_PARSED, pick, notation, None, _parsed)
    return dict(parsed)


def _parsed(pick: Pick, notation: str, _: None) -> tuple[tuple[str, int], ...]:
    return tuple((BY_CODE[code], n) for code, n in pick.parse(notation).items())


_ANSWERS: dict[tuple[str, str, bool], dict[int, ReadyAnswer]] = {}
"""(pick kind, verb, ends_turn) -> counts chosen (packed) -> the ready answer choosing them
(made once: the same answers come back all game long, and an action never changes)."""


class ReadyAnswer(Action):
    """A ready-made answer to a hand pick, whose label is written when it is first read: a
    hand's answers are listed at every decision, and most labels are never read (a computer
    or random player reads notations). It also knows the cards it chooses (packed), so taking
    it needs no parsing. Equal to any action of the same notation."""

    @classmethod
    def of(cls, notation: str, verb: str, ends_turn: bool, chosen: int) -> ReadyAnswer:
        """The answer ``notation`` choosing the counts ``chosen`` (packed), labelled ``verb``
        with the cards (``"Play {cards}"``) when first read. Made straight into its
        ``__dict__``, with no label yet (``Action.__init__`` would set one)."""
        answer = cls.__new__(cls)
        made = answer.__dict__
        made["notation"] = notation
        made["ends_turn"] = ends_turn
        made["_verb"] = verb
        made["_chosen"] = chosen
        return answer

    def chosen(self) -> dict[str, int] | None:
        """The cards it chooses, by type (None for one given its label at once, as
        ``dataclasses.replace`` makes)."""
        chosen: int | None = self.__dict__.get("_chosen")
        return None if chosen is None else _unpacked(chosen)

    @property
    def label(self) -> Msg:
        made: Msg | None = self.__dict__.get("_label")
        if made is None:
            # the answers are kept for every game of the process and read from several
            # threads: two readers may both make the label (the same text), never fail
            verb, chosen = self.__dict__["_verb"], self.__dict__["_chosen"]
            made = self.__dict__["_label"] = msg(verb, cards=summary(_unpacked(chosen)))
        return made

    @label.setter
    def label(self, value: Msg) -> None:  # a label given at once (``dataclasses.replace``)
        self.__dict__["_label"] = value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.notation == other.notation

    __hash__ = Action.__hash__


def ready_answers(pick: Pick, verb: str, first: Iterable[str] = ()) -> list[Action]:
    """Up to 25 complete answers to a hand pick, for play by typing and simple players,
    sorted by notation.

    For each group (the ``first`` types' groups before the others) and each total allowed,
    the answer that takes that group first and then the others in order.
    """
    lead = first if type(first) is tuple else tuple(first)
    ready: tuple[Action, ...] = _by_pick(_READY, pick, verb, lead, _ready_answers)
    return list(ready)


def _ready_answers(pick: Pick, verb: str, first: tuple[str, ...]) -> tuple[Action, ...]:
    """``ready_answers``, made once for each pick (hands of the same counts recur all game
    long, and far more often in a computer player's look-ahead): the answers of the counts
    ``_ready_keys`` finds, each made once for the process, sorted by notation."""
    kind, ends_turn = pick.kind, pick.ends_turn
    made = _ANSWERS.get((kind, verb, ends_turn))
    if made is None:
        made = _ANSWERS.setdefault((kind, verb, ends_turn), {})
    keys = _ready_keys(pick, first)
    parts: list[tuple[int, tuple[str, ...]]] | None = None
    for key in keys:
        if key not in made:  # its notation, as ``Pick.counts_notation`` writes it
            if parts is None:  # each group's shift and parts, in group order
                parts = [(_SHIFT[g.code], _PARTS[g.code]) for g in pick.groups]
            notation = ""
            for shift, part in parts:
                n = key >> shift & _MASK
                if n:
                    notation = f"{notation}-{part[n]}" if notation else part[n]
            notation = f"{kind}:{notation or 'none'}"
            made[key] = ReadyAnswer.of(notation, verb, ends_turn, key)
    out: list[Action] = list(map(made.__getitem__, keys))
    out.sort(key=NOTATION)
    return tuple(out)


def _ready_keys(pick: Pick, first: tuple[str, ...]) -> list[int]:
    """The counts ``ready_answers`` chooses, each packed, in the order found: the first 25 are
    the ones offered. The groups of a hand pick come in the table's type order
    (``pick_of_counts``), the ``first`` types' groups are put first.

    Taking the groups in order, a card at a time, gives every total once. Taking the ``j``-th
    group first, then the groups before it in order, gives new answers only until those are
    all taken too: from there on each answer is one the groups in order gave already (and the
    first group first gives nothing new), so each such walk stops there. No count is found
    twice: a walk's answers hold its head group and no group after it, and those of the walk
    in order hold every group before their last one in full. Once its head is all taken, the
    ``j``-th walk takes the groups before it as the walk in order does: its counts are the
    head's plus that walk's."""
    avail = {}
    for g in pick.groups:
        avail[_WEIGHT[g.code]] = g.available
    order = list(avail)
    for t in reversed(first):  # the first of them first, each once
        weight = _TYPE_WEIGHT[t]
        if weight in avail:
            order.remove(weight)
            order.insert(0, weight)
    least, most = pick.least, pick.most
    walk = [0]  # the walk in order's count after each card, from none
    key = 0
    for weight in order:
        n = avail[weight]
        walk += range(key + weight, key + (n + 1) * weight, weight)
        key += n * weight
    del walk[most + 1 :]
    found = walk[least:]
    lowest = least if least > 1 else 1
    before = 0  # the cards of the groups before the head
    for head in order:
        n = avail[head]
        if before and len(found) < MAX_OPTIONS:
            stop = before + n - 1  # the walk's last total
            if stop > most:
                stop = most
            # the head alone (from the least), then the head with the walk in order's counts
            found += range(lowest * head, ((n if n < stop else stop) + 1) * head, head)
            if stop > n:
                rest = walk[(least - n if least - n > 1 else 1) : stop - n + 1]
                found += map((n * head).__add__, rest)
        before += n
    del found[MAX_OPTIONS:]
    return found


HandAct = Callable[[Ctx, Frame, int, dict[str, int], list[str]], None]
"""(ctx, frame, seat, the cards chosen by type, those cards taken from the hand) -> None."""


def hand_step(
    kind: str,
    pick: Callable[[State, Frame, int], Pick],
    verb: str,
    act: HandAct,
    prompt: Callable[[State, Frame, int], Msg],
    first: Callable[[State, Frame], Iterable[str]] = lambda s, f: (),
) -> None:
    """Register a private step answered with cards from the seat's hand (``pick``): its options
    are the pick's ready answers (``verb``, the ``first`` types' first). An answer takes the
    cards chosen out of the hand and ends the frame; ``act`` does the rest."""

    def options(s: State, f: Frame, seat: int) -> list[Action]:
        return ready_answers(pick(s, f, seat), verb, first(s, f))

    def taken(ctx: Ctx, f: Frame, seat: int, a: Action) -> None:
        # a ready answer of this step (the step machine trusts only those its moment listed)
        # knows its cards; any other answer is read against the pick
        chosen = a.chosen() if type(a) is ReadyAnswer and a.kind == kind else None
        if chosen is None:
            chosen = by_type(pick(ctx.s, f, seat), a.notation)
        gone = take_from_hand(ctx.s, seat, chosen)
        steps.pop(ctx.s, f)
        act(ctx, f, seat, chosen, gone)

    steps.register(
        steps.Step(kind, options=options, act=taken, prompt=prompt, private=True, pick=pick)
    )
