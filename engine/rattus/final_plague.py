"""Final-round cards that act where the plague piece goes, and how several of them combine.

In the final round each of these cards moves the plague piece and then acts in the region it
stops in (some let its rats act at once). A player holding more than one of them moves the
plague once, as far as the best of them allows, and then lets all of them act on that one
region; using any of them spends them all. A card that has already moved the plague on its own
(the Knight) leaves the others to act where the piece stands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core import Action
from ..text import Msg, msg, plural
from . import board, cards, steps
from .cards import Ability, chain_step, push_chain
from .state import Ctx, Frame, State
from .texts import action

Check = Callable[[State, int], bool]
Arrive = Callable[[Ctx, int], None]
Prepare = Callable[[State, Frame, int], None]


def _ravage_possible(s: State, seat: int) -> bool:
    return s.cubes_in(s.plague) > 0 and bool(s.rats[s.plague])


@dataclass(frozen=True)
class Mover:
    """One card of the final-round group.

    ``steps``: how far it lets the plague move; ``ravages``: whether the rats where the piece
    stops act at once; ``here``: whether it still has something to do where the piece stands;
    ``arrive``: what it does in that region before the rats act (it may push a decision);
    ``prepare``: how it sets up the ravage frame (e.g. a chosen reveal order).
    """

    card: str
    steps: int
    ravages: bool = True
    here: Check = _ravage_possible
    arrive: Arrive | None = None
    prepare: Prepare | None = None


MOVERS: dict[str, Mover] = {}


def register(mover: Mover) -> None:
    if mover.card in MOVERS:
        raise ValueError(f"final plague mover '{mover.card}' registered twice")
    MOVERS[mover.card] = mover


def group(s: State, seat: int) -> list[Mover]:
    """The seat's cards of the group, in the order they were taken."""
    return [MOVERS[c] for c in s.hands[seat] if c in MOVERS]


def reach(s: State, seat: int) -> int:
    return cards.reach(s, max([1, *(m.steps for m in group(s, seat))]))


def moved(s: State, seat: int, starting: str = "") -> bool:
    """One of the seat's group cards (other than the one starting now) already made this final
    turn's one plague move."""
    return any(m.card in s.used and m.card != starting for m in group(s, seat))


def usable(s: State, seat: int) -> bool:
    if moved(s, seat):
        return any(m.here(s, seat) for m in group(s, seat))
    return bool(board.reachable(s, s.plague, reach(s, seat)))


def _act_here(ctx: Ctx, seat: int) -> None:
    s = ctx.s
    movers = group(s, seat)
    for m in movers:
        if m.card not in s.used:
            s.used = [*s.used, m.card]  # shared by copies (``State.clone``): a new list
    if any(m.ravages for m in movers):
        if not _ravage_possible(s, seat):
            ctx.say(
                "final",
                msg(
                    "{region} has no people and rats together: no ravage.",
                    region=board.said(s.plague),
                ),
            )
        frame = steps.push(s, "ravage", seat=seat, region=s.plague, final=False)
        for m in movers:
            if m.prepare is not None:
                m.prepare(s, frame, seat)
    for m in movers:
        if m.arrive is not None:
            m.arrive(ctx, seat)


def start(card: str) -> cards.Start:
    def begin(ctx: Ctx, seat: int) -> None:
        if moved(ctx.s, seat, card):
            _act_here(ctx, seat)
        else:
            push_chain(ctx.s, "plague_final_move", seat, card, most=reach(ctx.s, seat))

    return begin


def ability(card: str, regular: Check | None = None, begin: cards.Start | None = None) -> Ability:
    """The card's ability: its own in a regular turn (if any), the group's in the final round."""
    return Ability(card, regular, begin, usable, start(card))


def _ravages(s: State, seat: int) -> bool:
    return any(m.ravages for m in group(s, seat))


def _move_options(s: State, f: Frame) -> list[Action]:
    ravage = _ravages(s, f["seat"])
    return [
        action(
            f"plague:{r}",
            msg("Move the plague piece to {region} and ravage it now", region=board.said(r))
            if ravage
            else msg("Move the plague piece to {region}", region=board.said(r)),
        )
        for r in board.reachable(s, s.plague, int(f["most"]))
    ]


def _move_act(ctx: Ctx, f: Frame, a: Action) -> None:
    region = a.args[0]
    steps.pop(ctx.s, f)
    board.place_plague(ctx.s, region)
    ctx.did(
        f["seat"],
        "plague",
        msg(
            "{player} ({card}) moved the plague piece to {region}.",
            card=cards.said(f["card"]),
            region=board.said(region),
        ),
        region=region,
    )
    _act_here(ctx, f["seat"])


def _move_prompt(s: State, f: Frame) -> Msg:
    card, most = cards.said(f["card"]), int(f["most"])
    if _ravages(s, f["seat"]):
        return plural(
            "{card}: move the plague piece one step; the rats where it stops act at once.",
            "{card}: move the plague piece up to {n} steps; the rats where it stops act at once.",
            most,
            card=card,
        )
    return plural(
        "{card}: move the plague piece one step.",
        "{card}: move the plague piece up to {n} steps.",
        most,
        card=card,
    )


chain_step("plague_final_move", _move_options, _move_act, _move_prompt)
