"""Deacon, Assassin, Raider and Grave Robber: Mercatus cards that act in the plague phase.

They work in their holder's own plague phase: the Deacon buys the holder out of a rat's effect,
the Assassin earns a coin and the Grave Robber a goods token for each rat that kills another
player's cube, and the Raider takes a goods token where the plague arrives. In the final round
each of them moves the plague and acts where it stops, together with any other such card the
same player holds (``final_plague``).
"""

from __future__ import annotations

from typing import Any

from ...core import Action
from ...text import Msg, msg, plural
from .. import board, cards, data, final_plague, plague, steps
from ..state import Ctx, Frame, State
from ..texts import action
from . import goods

DEACON_COSTS = (1, 2, 3)
"""What the Deacon pays the first, second and third time in a turn; there is no fourth time."""


def _own_ravage(s: State, ravage: Frame, card: str) -> int | None:
    """The ravaging seat, when this is its own plague phase, it holds the card and goods are on."""
    seat = int(ravage["seat"])
    if ravage.get("final") or seat != s.active or not goods.on(s):
        return None
    return seat if cards.holds(s, seat, card) else None


def _killed_others(entry: dict[str, Any], seat: int) -> bool:
    return any(n > 0 and int(k) != seat for k, n in entry.get("losses", {}).items())


def _coins(n: int) -> Msg:
    return plural("{n} coin", "{n} coins", n)


def _long_move(s: State, seat: int) -> int:
    """Assassin and Raider: up to 2 steps (several Chivalry cards are still 2)."""
    return data.LONG_MOVE if any(cards.holds(s, seat, c) for c in ("assassin", "raider")) else 1


# Goods taken in the plague phase: face-up ones, or in the final round anything left.


def _takeable(s: State) -> list[str]:
    if s.status == "final_round":
        m = goods.market(s)
        return [t for t in goods.TYPES if m["up"][t] + m["down"][t] > 0]
    return goods.available(s)


def _goods_choices(s: State, f: Frame) -> list[str]:
    kinds = _takeable(s)
    if f["only"] is None:
        return kinds
    return [f["only"]] if f["only"] in kinds else []


def _goods_options(s: State, f: Frame) -> list[Action]:
    out = [
        action(f"goods:{t}", msg("Take a {goods} token", goods=goods.said(t)))
        for t in _goods_choices(s, f)
    ]
    return [*out, action("goods:none", msg("Take no goods token"))]


def _goods_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    kind = a.args[0]
    if kind == "none":
        return
    if s.status == "final_round":
        goods.take_any(ctx, f["seat"], kind, f["card"])
    else:
        goods.take(ctx, f["seat"], kind, f["card"])


def _goods_prompt(s: State, f: Frame) -> Msg:
    if f["card"] == "raider":
        return msg(
            "Raider: take a {goods} token, the goods shown in {region}?",
            goods=goods.said(f["only"]),
            region=board.said(f["region"]),
        )
    return msg(
        "Grave Robber: that rat killed another player's cube. Which goods token do you take?"
    )


steps.register(steps.step("plague_goods", _goods_options, _goods_act, _goods_prompt))


# Deacon: pay to be spared by a rat, 1, then 2, then 3 coins in one turn.


def _deacon_offer(ctx: Ctx, ravage: Frame, pending: dict[str, Any]) -> bool:
    s = ctx.s
    seat = _own_ravage(s, ravage, "deacon")
    if seat is None or seat in pending["exempt"]:
        return False
    paid = int(ravage.get("deacon_paid", 0))
    hit = plague.strikes(s, ravage).get(seat, 0)
    if hit == 0 or paid >= len(DEACON_COSTS) or goods.coins(s, seat) < DEACON_COSTS[paid]:
        return False
    steps.push(
        s,
        "deacon_pay",
        seat=seat,
        region=ravage["region"],
        token=pending["token"],
        cost=DEACON_COSTS[paid],
        hit=hit,
    )
    return True


def _deacon_options(s: State, f: Frame) -> list[Action]:
    return [
        action(
            "pay:yes", msg("Pay {coins}: this rat does nothing to you", coins=_coins(f["cost"]))
        ),
        action(
            "pay:no",
            plural(
                "Keep your coins and lose {n} cube", "Keep your coins and lose {n} cubes", f["hit"]
            ),
        ),
    ]


def _deacon_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    if a.args[0] != "yes":
        return
    ravage = s.stack[-1]
    seat = int(f["seat"])
    goods.pay(s, seat, int(f["cost"]))
    ravage["deacon_paid"] = int(ravage.get("deacon_paid", 0)) + 1
    ravage["pending"]["exempt"].append(seat)
    ctx.did(
        seat,
        "deacon",
        msg("{player} (Deacon) paid {coins} to be spared by this rat.", coins=_coins(f["cost"])),
        seat=seat,
        cost=f["cost"],
    )


def _deacon_prompt(s: State, f: Frame) -> Msg:
    return plural(
        "Deacon: the rat turned over in {region} ({front}) would take one of your cubes. Pay "
        "{coins} to be spared? (You have {have}.)",
        "Deacon: the rat turned over in {region} ({front}) would take {n} of your cubes. Pay "
        "{coins} to be spared? (You have {have}.)",
        f["hit"],
        region=board.said(f["region"]),
        front=plague.describe_front(s.tokens[f["token"]]),
        coins=_coins(f["cost"]),
        have=_coins(goods.coins(s, f["seat"])),
    )


steps.register(steps.step("deacon_pay", _deacon_options, _deacon_act, _deacon_prompt))


# Assassin: a coin for each rat that kills another player's cube.


def _assassin_reward(ctx: Ctx, ravage: Frame, entry: dict[str, Any]) -> None:
    s = ctx.s
    seat = _own_ravage(s, ravage, "assassin")
    if seat is None or not _killed_others(entry, seat):
        return
    goods.earn(s, seat, 1)
    ctx.did(seat, "assassin", msg("{player} (Assassin) earned 1 coin."), seat=seat)


# Grave Robber: a goods token for each rat that kills another player's cube.


def _robber_offer(ctx: Ctx, ravage: Frame, entry: dict[str, Any]) -> None:
    s = ctx.s
    seat = _own_ravage(s, ravage, "grave_robber")
    if seat is None or not _killed_others(entry, seat):
        return
    if not _takeable(s):
        ctx.did(seat, "grave_robber", msg("{player} (Grave Robber) finds no goods token to take."))
        return
    steps.push(
        s, "plague_goods", seat=seat, card="grave_robber", region=ravage["region"], only=None
    )


# Raider: a goods token of the type shown where the plague arrives.


def _raider_kind(s: State, seat: int) -> str | None:
    kind = goods.region_type(s, s.plague) if goods.on(s) else None
    return kind if kind in _takeable(s) else None


def _raider_offer(ctx: Ctx, seat: int, region: str) -> None:
    s = ctx.s
    if not cards.holds(s, seat, "raider"):
        return
    kind = _raider_kind(s, seat)
    if kind is not None:
        steps.push(s, "plague_goods", seat=seat, card="raider", region=region, only=kind)


def _raider_here(s: State, seat: int) -> bool:
    return _raider_kind(s, seat) is not None


def _raider_arrive(ctx: Ctx, seat: int) -> None:
    s = ctx.s
    if _raider_here(s, seat):
        _raider_offer(ctx, seat, s.plague)
    else:
        ctx.did(seat, "raider", msg("{player} (Raider) finds no goods to take there."))


cards.PLAGUE_STEPS.add("assassin_raider", _long_move)
plague.TOKEN_REACTIONS.add("deacon", _deacon_offer)
plague.TOKEN_RESOLVED.add("assassin", _assassin_reward)
plague.TOKEN_RESOLVED.add("grave_robber", _robber_offer)
plague.PLAGUE_MOVED.add("raider", _raider_offer)
final_plague.register(final_plague.Mover("deacon", 1))
final_plague.register(final_plague.Mover("grave_robber", 1))
final_plague.register(final_plague.Mover("assassin", data.LONG_MOVE))
final_plague.register(
    final_plague.Mover(
        "raider", data.LONG_MOVE, ravages=False, here=_raider_here, arrive=_raider_arrive
    )
)
for _card in ("deacon", "assassin", "raider", "grave_robber"):
    cards.register(final_plague.ability(_card))
