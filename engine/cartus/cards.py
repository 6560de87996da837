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
_POPULATION = frozenset((*data.CLASSES, "joker"))


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
    return sum(1 for c in cards if dealt[c]["type"] in _POPULATION)


def population_of(by_type: Mapping[str, int]) -> int:
    """``population`` of cards already counted by type."""
    return sum(n for t, n in by_type.items() if t in _POPULATION)


def take_from_hand(s: State, seat: int, by_type: Mapping[str, int]) -> list[str]:
    """Remove cards of these types from the hand (the first ones held) and return them."""
    hand: list[str] = s.mine("hands")[seat]
    dealt = s.cards
    found: dict[str, list[str]] = {t: [] for t in by_type}
    for c in hand:
        ids = found.get(dealt[c]["type"])
        if ids is not None:
            ids.append(c)
    taken: list[str] = []
    for t, n in by_type.items():
        if len(found[t]) < n:
            raise IllegalAction(msg("You hold only {cards}.", cards=COUNTED[t](len(found[t]))))
        taken += found[t][:n]
    gone = set(taken)
    hand[:] = [c for c in hand if c not in gone]
    return taken


def give_back(s: State, cards: Iterable[str]) -> None:
    """Played or discarded cards: population cards to the discard pile, the rest to their deck."""
    for c in cards:
        t = s.type_of(c)
        if t in data.CLASSES:
            s.mine("discard").append(c)
        else:
            s.mine("supplies")[t].append(c)


def draw(ctx: Ctx, seat: int, n: int) -> int:
    """Draw population cards into the hand, reshuffling the discard pile when the deck runs
    out; returns how many came (fewer only when deck and discard pile are both empty)."""
    s = ctx.s
    got: list[str] = []
    for _ in range(n):
        if not s.deck and s.discard:
            s.deck = ctx.rng.shuffled(s.discard)
            s.discard = []
            ctx.say("reshuffle", msg("The population discard pile is shuffled into a new deck."))
        if not s.deck:
            break
        got.append(s.mine("deck").pop())
    s.mine("hands")[seat] += got
    if got and not ctx.quiet:  # a look-ahead's apply says nothing: no text is made
        ctx.say("draw", _draws(seat, len(got)), seat=seat, n=len(got))
        drew = _drew(frozenset(counts(s, got).items()))
        ctx.tell((seat,), "drew", drew, cards=[dict(s.cards[c]) for c in got])
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


def hand_pick(s: State, seat: int, kind: str, least: int, most: int) -> Pick:
    """Choosing ``least`` to ``most`` of the seat's hand cards, of any type."""
    return pick_of_counts(counts(s, s.hands[seat]), kind, data.TYPES, least, most)


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
    counted = tuple((t, held[t]) for t in data.TYPES if t in types and held.get(t))
    return _pick(kind, least, most, counted, ends_turn)


@lru_cache(maxsize=8192)
def _pick(
    kind: str, least: int, most: int, counted: tuple[tuple[str, int], ...], ends_turn: bool
) -> Pick:
    """The pick of these counts, made once (hands of the same counts recur all game long):
    the same object comes back, so what is worked out for it can be found by identity."""
    return Pick(kind, least, most, tuple(_group(t, n) for t, n in counted), ends_turn)


_ByPick = dict[tuple[int, str, Any], tuple[Pick, Any]]
"""(id of a pick, what else is asked) -> (that pick, the answer): a pick is a deep value
(groups, labels) whose hash costs more than what is cached for it, and ``_pick`` hands out
the same object for the same counts. The entry holds its pick, so the id stays its own."""


def _by_pick(cache: _ByPick, pick: Pick, asked: tuple[str, Any], make: Callable[[], Any]) -> Any:
    key = (id(pick), *asked)
    hit = cache.get(key)
    if hit is None or hit[0] is not pick:
        if len(cache) >= 16384:
            cache.clear()
        hit = cache[key] = (pick, make())
    return hit[1]


_PARSED: _ByPick = {}
_READY: _ByPick = {}


@cache
def _group(card_type: str, held: int) -> PickGroup:
    """The pick group of ``held`` cards of a type (made once: groups never change)."""
    return PickGroup(data.CODES[card_type], label(card_type), held)


def by_type(pick: Pick, notation: str) -> dict[str, int]:
    """The card types and counts an answer to a hand pick chooses (worked out once per pick
    and answer; an answer the pick refuses raises each time)."""
    parsed: tuple[tuple[str, int], ...] = _by_pick(
        _PARSED, pick, (notation, None), lambda: _parsed(pick, notation)
    )
    return dict(parsed)


def _parsed(pick: Pick, notation: str) -> tuple[tuple[str, int], ...]:
    return tuple((BY_CODE[code], n) for code, n in pick.parse(notation).items())


_WEIGHT = {data.CODES[t]: 1 << (8 * i) for i, t in enumerate(data.TYPES)}
_SHIFTS = tuple((t, data.CODES[t], 8 * i) for i, t in enumerate(data.TYPES))
"""A choice of counts per card type read as one number: a type's count in steps of its
weight (8 bits each, in the table's type order)."""

_ANSWERS: dict[tuple[str, str, bool], dict[int, Action]] = {}
"""(pick kind, verb, ends_turn) -> counts chosen (as one number, ``_WEIGHT``) -> the ready
answer choosing them (made once: the same answers come back all game long, and an action
never changes)."""


class ReadyAnswer(Action):
    """A ready-made answer to a hand pick, whose label is written when it is first read: a
    hand's answers are listed at every decision, and most labels are never read (a computer
    or random player reads notations). It also knows the cards it chooses, by type, so taking
    it needs no parsing. Equal to any action of the same notation."""

    @classmethod
    def later(
        cls, notation: str, label: Callable[[], Msg], ends_turn: bool, chosen: dict[str, int]
    ) -> ReadyAnswer:
        answer = cls.__new__(cls)
        answer.__dict__.update(notation=notation, ends_turn=ends_turn, _later=label)
        answer.__dict__["_chosen"] = chosen
        return answer

    def chosen(self) -> dict[str, int] | None:
        """The cards it chooses, by type (None for one given its label at once, as
        ``dataclasses.replace`` makes)."""
        chosen: dict[str, int] | None = self.__dict__.get("_chosen")
        return None if chosen is None else dict(chosen)

    @property
    def label(self) -> Msg:
        made: Msg | None = self.__dict__.get("_label")
        if made is None:
            # the answers are kept for every game of the process and read from several
            # threads: two readers may both make the label (the same text), never fail
            made = self.__dict__["_later"]()
            self.__dict__["_label"] = made
        return made

    @label.setter
    def label(self, value: Msg) -> None:  # a label given at once (``dataclasses.replace``)
        self.__dict__["_label"] = value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.notation == other.notation

    __hash__ = Action.__hash__


def _answers(kind: str, verb: str, ends_turn: bool, keys: Iterable[int]) -> tuple[Action, ...]:
    """The ready answers choosing the counts ``keys`` hold, as the pick's ``counts_notation``
    writes them (groups in the table's type order), sorted by notation."""
    made = _ANSWERS.setdefault((kind, verb, ends_turn), {})
    out = []
    for key in keys:
        action = made.get(key)
        if action is None:
            counted = [(t, code, n) for t, code, shift in _SHIFTS if (n := key >> shift & 255)]
            named = {t: n for t, _, n in counted}
            notation = "-".join(f"{code}{n}" for _, code, n in counted) or "none"
            action = made[key] = ReadyAnswer.later(
                f"{kind}:{notation}", _label(verb, named), ends_turn, named
            )
        out.append(action)
    return tuple(sorted(out, key=NOTATION))


def _label(verb: str, named: dict[str, int]) -> Callable[[], Msg]:
    return lambda: msg(verb, cards=summary(named))


def ready_answers(pick: Pick, verb: str, first: Iterable[str] = ()) -> list[Action]:
    """Up to 25 complete answers to a hand pick, for play by typing and simple players,
    sorted by notation.

    For each group (the ``first`` types' groups before the others) and each total allowed,
    the answer that takes that group first and then the others in order.
    """
    lead = tuple(first)
    ready: tuple[Action, ...] = _by_pick(
        _READY, pick, (verb, lead), lambda: _ready_answers(pick, verb, lead)
    )
    return list(ready)


def _ready_answers(pick: Pick, verb: str, first: tuple[str, ...]) -> tuple[Action, ...]:
    """``ready_answers``, made once for each pick (hands of the same counts recur all game
    long, and far more often in a computer player's look-ahead)."""
    return _answers(pick.kind, verb, pick.ends_turn, _ready_keys(pick, first))


def _ready_keys(pick: Pick, first: tuple[str, ...]) -> Iterable[int]:
    """The counts ``ready_answers`` chooses, each as one number (``_WEIGHT``), in the order
    found: the first 25 are the ones offered. The groups of a hand pick come in the table's
    type order (``pick_of_counts``).

    Taking the groups in order gives every total once. Taking the ``j``-th group first, then
    the groups before it, gives new answers only until those are all taken too: from there on
    each answer is one the groups in order gave already (and the first group first gives
    nothing new), so each such walk stops there."""
    codes = [g.code for g in pick.groups]
    lead = [c for c in (data.CODES[t] for t in first) if c in codes]
    order = lead + [c for c in codes if c not in lead]
    avail = {g.code: g.available for g in pick.groups}
    least, most = pick.least, pick.most
    found: dict[int, None] = {0: None} if least == 0 else {}
    walks = [(order, most)]
    before = avail[order[0]] if order else 0  # the cards of the groups before the head, with it
    for j in range(1, len(order)):
        before += avail[order[j]]
        walks.append(([order[j], *order[:j]], min(most, before - 1)))
    for runs, stop in walks:
        key = total = 0
        for code in runs:
            weight = _WEIGHT[code]
            n = avail[code]
            for _ in range(n if n < stop - total else stop - total):
                key += weight
                total += 1
                if total >= least and key not in found:
                    found[key] = None
                    if len(found) == MAX_OPTIONS:
                        return found
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
