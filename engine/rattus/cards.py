"""Class card abilities: a registry keyed by card id, filled by one module per card family.

An ability the holder starts on purpose ("use:witch") is an ``Ability``. Abilities that change
a rule rather than being used (the Peasant's extra cube, the Knight's longer plague move) add
functions to the modifier lists below. The turn and the plague only consult these registries.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ..core import Action
from ..text import Msg, msg, plural
from . import board, data, steps
from .hooks import Hooks
from .state import Ctx, Frame, State, without
from .texts import action

Check = Callable[[State, int], bool]
Start = Callable[[Ctx, int], None]


@dataclass(frozen=True)
class Ability:
    card: str
    usable: Check | None = None  # in a regular turn, before the plague moves
    start: Start | None = None
    final_usable: Check | None = None  # in the final round
    final_start: Start | None = None


ABILITIES: dict[str, Ability] = {}

PlaceBonus = Callable[[State, int], int]
PLACE_BONUS: Hooks[PlaceBonus] = Hooks("place_bonus", unordered=True)  # summed
"""(state, seat) -> extra cubes when the seat places cubes in phase B."""

PlagueSteps = Callable[[State, int], int]
PLAGUE_STEPS: Hooks[PlagueSteps] = Hooks("plague_steps", unordered=True)  # the largest
"""(state, seat) -> how many steps the seat may move the plague (the largest answer counts)."""


def register(ability: Ability) -> None:
    if ability.card not in data.cards():
        raise ValueError(f"ability for unknown card '{ability.card}'")
    if ability.card in ABILITIES:
        raise ValueError(f"ability for '{ability.card}' registered twice")
    ABILITIES[ability.card] = ability


def anytime(card: str, usable: Check, start: Start) -> None:
    """Register an ability used the same way in a regular turn and in the final round."""
    register(Ability(card, usable, start, usable, start))


def card_name(card: str) -> str:
    return data.cards()[card].name


@cache
def said(card: str) -> Msg:
    """The card's name as a text (translated where it is shown; made once per card)."""
    return msg(data.cards()[card].name)


@cache
def use_action(card: str) -> Action:
    """Starting a card's ability (made once: actions never change)."""
    return action(f"use:{card}", msg("Use the {card}", card=said(card)))


def holds(s: State, seat: int, card: str) -> bool:
    return card in s.hands[seat]


def place_bonus(s: State, seat: int) -> int:
    return sum(f(s, seat) for f in PLACE_BONUS.in_game(s.expansions))


def reach(s: State, steps: int) -> int:
    """A plague move of this many steps as the game plays it: a long (Chivalry) move goes one
    step further with 5 or 6 players, on a larger board, in regular turns and the final round."""
    return steps + data.long_move(s.players) - data.LONG_MOVE if steps > 1 else steps


def plague_steps(s: State, seat: int) -> int:
    """How far the seat may move the plague in phase C: 1, or a card's longer move."""
    most = 1
    for steps_of in PLAGUE_STEPS.in_game(s.expansions):
        n = steps_of(s, seat)
        if n > most:
            most = n
    return reach(s, most)


def usable_now(s: State, seat: int, *, final: bool) -> list[str]:
    """Cards the seat holds whose ability may be started now (not used yet this turn)."""
    out = []
    for card in s.hands[seat]:
        ab = ABILITIES.get(card)
        if ab is None or card in s.used:
            continue
        check = ab.final_usable if final else ab.usable
        if check is not None and check(s, seat):
            out.append(card)
    return out


def start(ctx: Ctx, seat: int, card: str, *, final: bool) -> None:
    ab = ABILITIES[card]
    begin = ab.final_start if final else ab.start
    if begin is None:
        raise RuntimeError(f"{card} has no ability to start")
    ctx.s.used = [*ctx.s.used, card]  # shared by copies (``State.clone``): a new list
    begin(ctx, seat)


# Chains: an ability asks its questions one frame at a time. Until it has changed anything,
# each frame offers "back", which returns to the turn and leaves the card unused. A player may
# back out of one card at most MAX_BACKS times a turn (counted on the turn's own frame): enough
# to change one's mind, and a bound that keeps every chain of decisions finite.

BACK = action("back", msg("Back (don't use the card now)"))
MAX_BACKS = 2


def _base(s: State, frame: Frame) -> Frame | None:
    """The frame the chain was started from (the turn or the final turn): the first one below
    the chain's own frames on the stack."""
    for below in reversed(s.stack):
        if not (below.get("chain") and below.get("card") == frame.get("card")):
            return below
    return None


def backs_left(s: State, base: Frame | None, what: str) -> bool:
    """Whether ``what`` (a card, or another way back to the turn) may still be backed out of."""
    return base is not None and int(base.get("backs", {}).get(what, 0)) < MAX_BACKS


def count_back(base: Frame | None, what: str) -> None:
    if base is not None:
        backs = base.setdefault("backs", {})
        backs[what] = int(backs.get(what, 0)) + 1


def may_leave(s: State, frame: Frame) -> bool:
    """Whether the chain on top may still return to the turn with its card unused."""
    return backs_left(s, _base(s, frame), str(frame["card"]))


def may_back(s: State, frame: Frame) -> bool:
    return bool(frame.get("back")) and may_leave(s, frame)


def chain_options(s: State, frame: Frame, options: list[Action]) -> list[Action]:
    return [*options, BACK] if may_back(s, frame) else options


def go_back(ctx: Ctx, frame: Frame) -> None:
    s = ctx.s
    card = frame["card"]
    while s.stack and s.stack[-1].get("card") == card and s.stack[-1].get("chain"):
        s.stack.pop()
    count_back(s.stack[-1] if s.stack else None, card)
    if card in s.used:
        s.used = without(s.used, card)


def chain_step(
    kind: str,
    options: steps.Options,
    act: steps.Act,
    prompt: steps.Prompt,
    *,
    private: bool = False,
    pick: steps.PickOf | None = None,
) -> None:
    """Register one step of an ability chain, with "back" handled for it (and its ``pick``,
    when an answer may settle several pieces at once)."""

    def opts(s: State, f: Frame) -> list[Action]:
        return chain_options(s, f, options(s, f))

    def do(ctx: Ctx, f: Frame, a: Action) -> None:
        if a.notation == "back":
            go_back(ctx, f)
        else:
            act(ctx, f, a)

    steps.register(steps.step(kind, opts, do, prompt, None, private, pick))


def push_chain(s: State, kind: str, seat: int, card: str, **params: object) -> Frame:
    return steps.push(s, kind, seat=seat, card=card, chain=True, back=True, **params)


def starting(kind: str, card: str, **params: int | str | bool | None) -> Start:
    """A card's start that only asks the first step (``kind``) of its chain."""

    def start(ctx: Ctx, seat: int) -> None:
        push_chain(ctx.s, kind, seat, card, **params)

    return start


def final_only(
    card: str, usable: Check, options: steps.Options, act: steps.Act, prompt: steps.Prompt
) -> None:
    """Register an ability used only in the final round, by one question: the chain step
    ``<card>_final`` (``options``, ``act``, ``prompt``), asked when the card is used."""
    kind = f"{card}_final"
    chain_step(kind, options, act, prompt)
    register(Ability(card, None, None, usable, starting(kind, card)))


@dataclass(frozen=True)
class RegionFirst:
    """A card whose first question is a region among those it may act on now: it may be used
    while there is one. ``regions`` lists them for a seat, ``answer`` is the action naming one
    (the frame is the question's own)."""

    card: str
    kind: str  # the step kind of the first question
    regions: Callable[[State, int], list[str]]
    answer: Callable[[State, Frame, str], Action]

    def usable(self, s: State, seat: int) -> bool:
        return bool(self.regions(s, seat))

    def start(self, ctx: Ctx, seat: int) -> None:
        push_chain(ctx.s, self.kind, seat, self.card)

    def options(self, s: State, f: Frame) -> list[Action]:
        return [self.answer(s, f, region) for region in self.regions(s, f["seat"])]


def region_first(first: RegionFirst, act: steps.Act, prompt: steps.Prompt) -> None:
    """Register a ``RegionFirst`` card: its first question (a chain step) and its ability,
    started the same way in a regular turn and in the final round."""
    chain_step(first.kind, first.options, act, prompt)
    register(Ability(first.card, first.usable, first.start, first.usable, first.start))


def cube_counts(s: State, f: Frame, most: int) -> list[Action]:
    """How many of the seat's cubes to move from the frame's ``source``: 1 up to ``most``, no
    more than stand there."""
    most = min(most, s.cubes[f["source"]][f["seat"]])
    return [
        action(f"count:{n}", plural("Move {n} cube", "Move {n} cubes", n))
        for n in range(1, most + 1)
    ]


def cube_places(s: State, f: Frame, regions: list[str], most: int) -> list[Action]:
    """Placing ``most`` of the seat's cubes (fewer if its supply holds fewer) in one of
    ``regions``."""
    n = min(most, s.supply[f["seat"]])
    return [
        action(
            f"place:{r}",
            plural(
                "Place {n} cube in {region}", "Place {n} cubes in {region}", n, region=board.said(r)
            ),
        )
        for r in regions
    ]


def placed(ctx: Ctx, f: Frame, a: Action, most: int) -> int:
    """An answer naming a region to place cubes in (``cube_places``) carried out: the frame
    ends and up to ``most`` of the seat's cubes go there from its supply. How many went."""
    steps.pop(ctx.s, f)
    return board.add_cubes(ctx.s, f["seat"], a.args[0], most)


def placed_and_told(
    ctx: Ctx, f: Frame, a: Action, most: int, card: str, told: tuple[str, str]
) -> None:
    """``placed`` and the card's event: ``told`` is its text (``N_plural``, with the values
    ``n``, ``player`` and ``region``)."""
    n = placed(ctx, f, a, most)
    ctx.did(f["seat"], card, plural(*told, n, region=board.said(a.args[0])))


def moved_and_told(ctx: Ctx, f: Frame, a: Action, card: str, told: tuple[str, str]) -> None:
    """``move_counted`` and the card's event: ``told`` is its text (``N_plural``, with the
    values ``n``, ``player``, ``source`` and ``target``)."""
    n = move_counted(ctx, f, a)
    source, target = board.said(f["source"]), board.said(f["target"])
    ctx.did(f["seat"], card, plural(*told, n, source=source, target=target))


def move_counted(ctx: Ctx, f: Frame, a: Action) -> int:
    """The answer to ``cube_counts`` carried out: the frame ends and that many of the seat's
    cubes move from its ``source`` to its ``target``. How many moved."""
    n = int(a.args[0])
    steps.pop(ctx.s, f)
    board.move_cubes(ctx.s, f["seat"], f["source"], f["target"], n)
    return n
