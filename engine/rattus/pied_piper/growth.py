"""Queen, Mayor and Baker: the Pied Piper cards that bring more people onto the board."""

from __future__ import annotations

from ...core import Action
from ...text import Msg, N_plural, Seat, msg, plural
from .. import board, cards, data, flow, steps
from ..state import Ctx, Frame, State, added
from ..texts import action, listed
from . import pieces


def _cubes(n: int) -> Msg:
    return plural("{n} cube", "{n} cubes", n)


# Queen: a strictly largest connected area lets you place up to 2 cubes more.

QUEEN_EXTRA = 2
_QUEEN_PLACED = N_plural(
    "{player} (Queen) placed {n} cube in {region}.",
    "{player} (Queen) placed {n} cubes in {region}.",
)


def connected_area(s: State, seat: int) -> int:
    """Regions in the seat's largest group of regions holding its cubes, linked by edges
    between regions in use (walls do not cut a group)."""
    mine = {r for r in s.regions if s.cubes[r][seat] > 0}
    best = 0
    seen: set[str] = set()
    for start in mine:
        if start in seen:
            continue
        seen.add(start)
        group, frontier = 1, [start]
        while frontier:
            region = frontier.pop()
            for n in data.board_map().neighbours(region):
                if n in mine and n not in seen:
                    seen.add(n)
                    group += 1
                    frontier.append(n)
        best = max(best, group)
    return best


def queen_qualifies(s: State, seat: int) -> bool:
    """Whether the seat holds the Queen and its area is larger than every other player's."""
    if not cards.holds(s, seat, "queen"):
        return False
    area = connected_area(s, seat)
    return area > 0 and all(connected_area(s, p) < area for p in range(s.players) if p != seat)


def _queen_bonus(s: State, seat: int) -> int:
    return QUEEN_EXTRA if queen_qualifies(s, seat) else 0


def _queen_final_usable(s: State, seat: int) -> bool:
    return s.supply[seat] > 0 and queen_qualifies(s, seat)


def _queen_final_act(ctx: Ctx, f: Frame, a: Action) -> None:
    cards.placed_and_told(ctx, f, a, QUEEN_EXTRA, "queen", _QUEEN_PLACED)


cards.PLACE_BONUS.add("queen", _queen_bonus)
cards.final_only(
    "queen",
    _queen_final_usable,
    lambda s, f: cards.cube_places(s, f, s.regions, QUEEN_EXTRA),
    _queen_final_act,
    lambda s, f: msg("Queen: your area is the largest; place 2 cubes in any region."),
)


# Mayor: instead of the usual placement, one cube in each region where you lead.


def lead_regions(s: State, seat: int) -> list[str]:
    """Regions where the seat has more cubes than any other player, board order."""
    out = []
    for r in s.regions:
        mine = s.cubes[r][seat]
        if mine > 0 and all(n < mine for p, n in enumerate(s.cubes[r]) if p != seat):
            out.append(r)
    return out


def _mayor_place_options(s: State, seat: int) -> list[Action]:
    if not cards.holds(s, seat, "mayor") or s.supply[seat] == 0:
        return []
    regions = lead_regions(s, seat)
    if not regions:
        return []
    extra = cards.place_bonus(s, seat)
    if extra:
        label = msg(
            "Mayor: place 1 cube in each region where you lead ({regions}), then up to {n} more "
            "there",
            regions=len(regions),
            n=extra,
        )
    else:
        label = msg(
            "Mayor: place 1 cube in each region where you lead ({regions})", regions=len(regions)
        )
    return [action("place:mayor", label)]


def _mayor_place(ctx: Ctx, seat: int, a: Action) -> None:
    s = ctx.s
    regions = lead_regions(s, seat)
    extra = cards.place_bonus(s, seat)
    if s.supply[seat] < len(regions):
        steps.push(s, "mayor_pick", seat=seat, left=regions)
        return
    for r in regions:
        board.add_cubes(s, seat, r, 1)
    names = listed([board.said(r) for r in regions])
    ctx.did(
        seat, "mayor", msg("{player} (Mayor) placed 1 cube in each of: {regions}.", regions=names)
    )
    _push_extras(s, seat, regions, extra)


def _push_extras(s: State, seat: int, regions: list[str], extra: int) -> None:
    left = min(extra, s.supply[seat])
    if left > 0:
        steps.push(s, "mayor_extra", seat=seat, regions=regions, left=left)


def _mayor_pick_options(s: State, f: Frame) -> list[Action]:
    return [_place_one(r) for r in f["left"]]


def _mayor_pick_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    seat, region = f["seat"], a.args[0]
    board.add_cubes(s, seat, region, 1)
    f["left"] = [r for r in f["left"] if r != region]
    ctx.say("mayor", _mayor_placed(seat, region))
    if s.supply[seat] == 0 or not f["left"]:
        steps.pop(s, f)


def _place_one(region: str) -> Action:
    return action(f"place:{region}", msg("Place 1 cube in {region}", region=board.said(region)))


def _mayor_placed(seat: int, region: str) -> Msg:
    return msg(
        "{player} (Mayor) placed 1 cube in {region}.", player=Seat(seat), region=board.said(region)
    )


def _mayor_pick_prompt(s: State, f: Frame) -> Msg:
    return msg(
        "Mayor: you have {cubes} left for {regions} regions where you lead; choose where the "
        "next one goes.",
        cubes=_cubes(s.supply[f["seat"]]),
        regions=len(f["left"]),
    )


def _mayor_extra_options(s: State, f: Frame) -> list[Action]:
    out = [
        action(f"extra:{r}", msg("Place an extra cube in {region}", region=board.said(r)))
        for r in f["regions"]
    ]
    return [*out, action("done", msg("Done: place no more extra cubes"))]


def _mayor_extra_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    seat = f["seat"]
    if a.kind == "done":
        steps.pop(s, f)
        return
    board.add_cubes(s, seat, a.args[0], 1)
    f["left"] -= 1
    ctx.did(
        seat,
        "mayor",
        msg("{player} (Mayor) placed an extra cube in {region}.", region=board.said(a.args[0])),
    )
    if f["left"] <= 0 or s.supply[seat] == 0:
        steps.pop(s, f)


def _mayor_extra_prompt(s: State, f: Frame) -> Msg:
    return plural(
        "Mayor: you may place {n} cube more, each in a region where you lead (from your other "
        "cards).",
        "Mayor: you may place {n} cubes more, each in a region where you lead (from your other "
        "cards).",
        f["left"],
    )


def _mayor_final_usable(s: State, seat: int) -> bool:
    return s.supply[seat] > 0 and bool(lead_regions(s, seat))


def _mayor_final_options(s: State, f: Frame) -> list[Action]:
    return [_place_one(r) for r in lead_regions(s, f["seat"])]


def _mayor_final_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    board.add_cubes(s, f["seat"], a.args[0], 1)
    ctx.say("mayor", _mayor_placed(f["seat"], a.args[0]))


flow.PLACE_ALTERNATIVES["mayor"] = (_mayor_place_options, _mayor_place)
steps.register(steps.step("mayor_pick", _mayor_pick_options, _mayor_pick_act, _mayor_pick_prompt))
steps.register(
    steps.step("mayor_extra", _mayor_extra_options, _mayor_extra_act, _mayor_extra_prompt)
)
cards.final_only(
    "mayor",
    _mayor_final_usable,
    _mayor_final_options,
    _mayor_final_act,
    lambda s, f: msg("Mayor: place 1 cube in a region where you have more cubes than anyone else."),
)


# Baker: cubes wait on the card until someone else takes it and places them all at once.


def on_baker(s: State) -> list[int]:
    return [int(n) for n in pieces.pieces(s)["baker"]]


def _baker_usable(s: State, seat: int) -> bool:
    return s.supply[seat] > 0


def _baker_start(ctx: Ctx, seat: int) -> None:
    s = ctx.s
    pieces.pieces(s)["baker"][seat] += 1
    s.supply = added(s.supply, seat, -1)
    total = sum(on_baker(s))
    ctx.did(
        seat,
        "baker",
        plural(
            "{player} put a cube on the Baker ({n} cube on it now).",
            "{player} put a cube on the Baker ({n} cubes on it now).",
            total,
        ),
        cubes=on_baker(s),
    )


cards.anytime("baker", _baker_usable, _baker_start)


def _ask_to_unload(s: State, seat: int) -> None:
    if sum(on_baker(s)) > 0:
        steps.push(s, "baker_unload", seat=seat)


def _baker_taken(ctx: Ctx, taker: int, card: str, before: int | None) -> None:
    if card == "baker":
        _ask_to_unload(ctx.s, taker)


def _baker_before_final_ravage(ctx: Ctx) -> None:
    s = ctx.s
    holder = s.holder("baker")
    if holder is not None:
        _ask_to_unload(s, s.next_seat(holder))


def _describe_load(s: State) -> Msg:
    return listed(
        [msg("{player} {n}", player=Seat(p), n=n) for p, n in enumerate(on_baker(s)) if n > 0]
    )


def _unload_options(s: State, f: Frame) -> list[Action]:
    total = sum(on_baker(s))
    return [
        action(
            f"place:{r}",
            plural(
                "Put the {n} cube from the Baker in {region}",
                "Put the {n} cubes from the Baker in {region}",
                total,
                region=board.said(r),
            ),
        )
        for r in s.regions
    ]


def _unload_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    region = a.args[0]
    steps.pop(s, f)
    load = on_baker(s)
    for p, n in enumerate(load):
        s.cubes_at(region)[p] += n
    pieces.pieces(s)["baker"] = [0] * s.players
    ctx.did(
        f["seat"],
        "baker",
        plural(
            "{player} put the {n} cube from the Baker in {region}.",
            "{player} put the {n} cubes from the Baker in {region}.",
            sum(load),
            region=board.said(region),
        ),
        region=region,
        cubes=load,
    )


def _unload_prompt(s: State, f: Frame) -> Msg:
    return msg(
        "Baker: the card carries {load}; choose one region for all of them (they stay their "
        "owners' cubes).",
        load=_describe_load(s),
    )


flow.CARD_TAKEN.add("baker", _baker_taken)
flow.BEFORE_FINAL_RAVAGE.add("baker", _baker_before_final_ravage)
steps.register(steps.step("baker_unload", _unload_options, _unload_act, _unload_prompt))
