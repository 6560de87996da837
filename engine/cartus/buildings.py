"""The twelve buildings' actions, keyed by building id: (ctx, seat, row place, premium?)."""

from __future__ import annotations

from ..core import Pick
from ..text import N_, Msg, listing, msg, plural
from . import cards, steps
from .resolve import BUILDING_ACTIONS, BuildingAction
from .rounds import SEATS, push_peeks
from .state import Ctx, Frame, State


def _take(card_type: str) -> BuildingAction:
    def act(ctx: Ctx, seat: int, place: int, premium: bool) -> None:
        cards.take_special(ctx, seat, card_type, 2 if premium else 1)

    return act


def _palace(ctx: Ctx, seat: int, place: int, premium: bool) -> None:
    """Victory point tokens come at random; only their owner sees their value."""
    s = ctx.s
    n = min(2 if premium else 1, len(s.vp_pile))
    pile = s.mine("vp_pile")
    got = [pile.pop() for _ in range(n)]
    s.mine("vp")[seat] += got
    if got:
        ctx.did(
            seat,
            "vp",
            plural(
                "{player} draws {n} victory point token.",
                "{player} draws {n} victory point tokens.",
                n,
            ),
            seat=seat,
            n=n,
        )
        ctx.tell(
            (seat,),
            "vp_drawn",
            plural(
                "Your new victory point token is worth {values}.",
                "Your new victory point tokens are worth {values}.",
                n,
                values=listing(got),
            ),
            values=got,
        )
    if n < (2 if premium else 1):
        ctx.say("empty", msg("No victory point tokens are left."))


def _guard_tower(ctx: Ctx, seat: int, place: int, premium: bool) -> None:
    """Premium: each player outside every Guard Tower of this round who holds at least as
    many cards as the taker (counted when the action begins) gives 3 cards of their choice,
    or all they hold if fewer; asked clockwise from the taker's left."""
    s = ctx.s
    if not premium:
        ctx.did(
            seat,
            "guarded",
            msg("{player} is safe from Guard Tower premiums this round."),
            seat=seat,
        )
        return
    inside = {
        e["seat"]
        for place_, b in enumerate(s.row)
        if s.building_of(place_) == "guard_tower"
        for e in b["entries"]
    }
    mine = len(s.hands[seat])
    frames: list[Frame] = []
    for p in s.seat_order(seat)[1:]:
        if p in inside or len(s.hands[p]) < mine or not s.hands[p]:
            continue
        n = min(3, len(s.hands[p]))
        frames.append({"kind": "give", "seat": p, "to": seat, "n": n})
        ctx.did(
            p,
            "guard_tower",
            plural(
                "{player} must give {n} card to {taker}.",
                "{player} must give {n} cards to {taker}.",
                n,
                taker=SEATS[seat],
            ),
            seat=p,
            to=seat,
            n=n,
        )
    if not frames:
        ctx.say("guard_tower", msg("Nobody has to give cards to the Guard Tower."))
    steps.push_all(s, frames)


def _monastery(ctx: Ctx, seat: int, place: int, premium: bool) -> None:
    cards.discard_rats(ctx, seat, 2 if premium else 1)


def _hospital(ctx: Ctx, seat: int, place: int, premium: bool) -> None:
    """Premium: one rat, then up to 3 hand cards for a rat each; standard: up to 2 cards."""
    s = ctx.s
    if premium:
        cards.discard_rats(ctx, seat, 1)
    most = min(3 if premium else 2, len(s.hands[seat]), s.rats[seat])
    if most > 0:
        steps.push(s, "hospital", seat=seat, most=most)


def _hospital_pick(s: State, f: Frame, seat: int) -> Pick:
    return cards.hand_pick(s, seat, "discard", 0, f["most"])


def _hospital_act(ctx: Ctx, f: Frame, seat: int, chosen: dict[str, int], gone: list[str]) -> None:
    s = ctx.s
    cards.give_back(s, gone)
    if gone:
        ctx.did(
            seat,
            "hospital",
            msg("{player} discards {cards} at the Hospital.", cards=cards.summary(chosen)),
            seat=seat,
            cards=[dict(s.cards[c]) for c in gone],
        )
    cards.discard_rats(ctx, seat, len(gone))


def _hospital_prompt(s: State, f: Frame, seat: int) -> Msg:
    return plural(
        "Hospital: discard up to {n} hand card, one rat for each.",
        "Hospital: discard up to {n} hand cards, one rat for each.",
        f["most"],
    )


cards.hand_step("hospital", _hospital_pick, N_("Discard {cards}"), _hospital_act, _hospital_prompt)


def _farm(ctx: Ctx, seat: int, place: int, premium: bool) -> None:
    cards.draw(ctx, seat, 4 if premium else 2)


def _brewery(ctx: Ctx, seat: int, place: int, premium: bool) -> None:
    """One card per influence point gained this round (premium), one per two (standard)."""
    gained = ctx.s.gained[seat]
    cards.draw(ctx, seat, gained if premium else gained // 2)


def _fortune_tellers_tent(ctx: Ctx, seat: int, place: int, premium: bool) -> None:
    push_peeks(ctx.s, seat, 2 if premium else 1)


BUILDING_ACTIONS.update(
    {
        "palace": _palace,
        "treasury": _take("gold"),
        "castle": _take("sword"),
        "guard_tower": _guard_tower,
        "monastery": _monastery,
        "hospital": _hospital,
        "farm": _farm,
        "brewery": _brewery,
        "marketplace": _take("joker"),
        "office": _take("pass"),
        "pied_pipers_hut": _take("flute"),
        "fortune_tellers_tent": _fortune_tellers_tent,
    }
)
