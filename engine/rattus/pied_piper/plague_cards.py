"""Crusader, Soldier and Serf change the plague phase; the Wizard hands out potions.

In the final round Crusader and Serf join the group of cards that move the plague and act where
it stops (``final_plague``): a player holding several of them moves it once for all.
"""

from __future__ import annotations

from typing import Any

from ...core import Action
from ...text import N_, msg, plural
from .. import board, cards, data, final_plague, plague, steps
from ..cards import chain_step
from ..state import Ctx, Frame, State
from ..texts import action
from . import pieces


def _long_move(s: State, seat: int) -> int:
    """Crusader and Soldier: up to 2 steps (holding several Chivalry cards is still 2)."""
    return data.LONG_MOVE if any(cards.holds(s, seat, c) for c in ("crusader", "soldier")) else 1


# Crusader: in the holder's phase C the rats may be turned face up and resolved in their order.


def _crusader_offer(ctx: Ctx, ravage: Frame) -> bool:
    s = ctx.s
    seat = int(ravage["seat"])
    if ravage.get("final") or ravage.get("chooser") is not None or seat != s.active:
        return False
    if not cards.holds(s, seat, "crusader") or len(s.rats[ravage["region"]]) < 2:
        return False
    steps.push(s, "crusader_order", seat=seat, region=ravage["region"])
    return True


def _crusader_order_options(s: State, f: Frame) -> list[Action]:
    return [
        action(
            "order:choose", msg("Yes: turn all the rats face up and choose the order they act in")
        ),
        action("order:random", msg("No: reveal them one at a time at random")),
    ]


def _crusader_order_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    if a.args[0] == "choose":
        s.stack[-1]["chooser"] = f["seat"]
        ctx.did(
            f["seat"],
            "crusader",
            msg(
                "{player} (Crusader) turns the rats of {region} face up and chooses the order "
                "they act in.",
                region=board.said(f["region"]),
            ),
        )


steps.register(
    steps.step(
        "crusader_order",
        _crusader_order_options,
        _crusader_order_act,
        lambda s, f: msg(
            "Crusader: turn all the rats in {region} face up at once and choose the order they "
            "act in?",
            region=board.said(f["region"]),
        ),
    )
)


# Serf: each rat that kills another player's cube lets the holder put a cube in the region.


def _serf_offer(ctx: Ctx, ravage: Frame, entry: dict[str, Any]) -> None:
    s = ctx.s
    seat = int(ravage["seat"])
    if ravage.get("final") or seat != s.active or not cards.holds(s, seat, "serf"):
        return
    killed_others = any(n > 0 and int(k) != seat for k, n in entry.get("losses", {}).items())
    if killed_others and s.supply[seat] > 0:
        steps.push(s, "serf_cube", seat=seat, region=ravage["region"])


def _serf_cube_options(s: State, f: Frame) -> list[Action]:
    where = board.said(f["region"])
    return [
        action("cube:place", msg("Put one of your cubes into {region} now", region=where)),
        action("cube:skip", msg("Put no cube there")),
    ]


def _serf_cube_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    if a.args[0] == "place":
        board.add_cubes(s, f["seat"], f["region"], 1)
        ctx.did(
            f["seat"],
            "serf",
            msg("{player} (Serf) put a cube into {region}.", region=board.said(f["region"])),
            region=f["region"],
        )


steps.register(
    steps.step(
        "serf_cube",
        _serf_cube_options,
        _serf_cube_act,
        lambda s, f: msg(
            "Serf: that rat killed another player's cube. Put one of your cubes into {region} "
            "at once? It counts for the rats still to act.",
            region=board.said(f["region"]),
        ),
    )
)


# Final round: Crusader and Serf move the plague and ravage its region at once; held together
# (or with the Knight, or the Mercatus plague cards) they act as one group (see final_plague).


def _crusader_order(s: State, frame: Frame, seat: int) -> None:
    frame["chooser"] = seat


final_plague.register(final_plague.Mover("crusader", data.LONG_MOVE, prepare=_crusader_order))
final_plague.register(final_plague.Mover("serf", 1))


# Soldier: one extra rat when the plague spreads; in the final round, one rat next to it.


def _soldier_extra(s: State, seat: int) -> int:
    return 1 if cards.holds(s, seat, "soldier") else 0


def _soldier_final_usable(s: State, seat: int) -> bool:
    return bool(board.rat_targets(s, s.plague)) and bool(s.rat_supply or s.gone)


def _soldier_final_options(s: State, f: Frame) -> list[Action]:
    return [
        action(
            f"rat:{r}",
            msg("Add a rat to {region} ({n} there now)", region=board.said(r), n=len(s.rats[r])),
        )
        for r in board.rat_targets(s, s.plague)
    ]


_SOLDIER_ADDED = (
    N_("{player} (Soldier) added a rat from the supply to {region}."),
    N_("{player} (Soldier) added a rat drawn at random from the revealed ones to {region}."),
)


def _soldier_final_act(ctx: Ctx, f: Frame, a: Action) -> None:
    steps.pop(ctx.s, f)
    plague.card_adds_rat(ctx, f["seat"], "soldier", a.args[0], _SOLDIER_ADDED)


cards.final_only(
    "soldier",
    _soldier_final_usable,
    _soldier_final_options,
    _soldier_final_act,
    lambda s, f: msg(
        "Soldier: add one rat next to the plague in {region}. Where?", region=board.said(s.plague)
    ),
)


# Wizard: a potion on one of the holder's cubes.


def _wizard_regions(s: State, seat: int) -> list[str]:
    return [r for r in s.regions if s.cubes[r][seat] > 0]


def _wizard_usable(s: State, seat: int) -> bool:
    return pieces.potions_left(s) > 0 and bool(_wizard_regions(s, seat))


cards.anytime("wizard", _wizard_usable, cards.starting("wizard_potion", "wizard"))


def _wizard_options(s: State, f: Frame) -> list[Action]:
    seat = f["seat"]
    out = []
    for r in _wizard_regions(s, seat):
        held = pieces.potions_of(s, seat, r)
        if held:
            label = plural(
                "A potion on your cubes in {region} ({cubes} there, {n} potion already)",
                "A potion on your cubes in {region} ({cubes} there, {n} potions already)",
                held,
                region=board.said(r),
                cubes=s.cubes[r][seat],
            )
        else:
            label = msg(
                "A potion on your cubes in {region} ({cubes} there)",
                region=board.said(r),
                cubes=s.cubes[r][seat],
            )
        out.append(action(f"potion:{r}", label))
    return out


def _wizard_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    region = a.args[0]
    pieces.add_potion(s, f["seat"], region)
    ctx.did(
        f["seat"],
        "wizard",
        msg(
            "{player} (Wizard) put a potion on a cube in {region} ({n} left).",
            region=board.said(region),
            n=pieces.potions_left(s),
        ),
        region=region,
    )


chain_step(
    "wizard_potion",
    _wizard_options,
    _wizard_act,
    lambda s, f: msg(
        "Wizard: which of your cubes gets a potion? ({n} left)", n=pieces.potions_left(s)
    ),
)


cards.PLAGUE_STEPS.add("crusader_soldier", _long_move)
plague.RAVAGE_START.add("crusader", _crusader_offer)
plague.TOKEN_RESOLVED.add("serf", _serf_offer)
plague.SPREAD_EXTRA.add("soldier", _soldier_extra)
cards.register(final_plague.ability("crusader"))
cards.register(final_plague.ability("serf"))
