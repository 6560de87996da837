"""Africanus envoys: the Sultan's diplomats and the Caravaner's caravan.

Diplomats live in ``table(s)["diplomats"]`` (region, or "palace" -> one seat per diplomat
there) and the caravan's region in ``table(s)["caravan"]``. A diplomat stays under its cube
until the cube dies or the game ends: plain cubes die first; a player moving cubes out of a
region may take the diplomat's cube along (into another region or the palace, where it still
scores); when the plain cubes left are too few, it must go.
"""

from __future__ import annotations

from ...core import Action
from ...text import Msg, Param, Seat, msg, plural
from .. import board, cards, flow, steps, views
from ..cards import chain_step, push_chain
from ..state import Ctx, Frame, State
from ..texts import action
from ..view_types import RattusView
from .regions import on, table

DIPLOMATS = 15
MOST, SECOND, TIED_MOST = 4, 2, 6


# Diplomats


def diplomats(s: State) -> dict[str, list[int]]:
    found: dict[str, list[int]] = table(s)["diplomats"]
    return found


def has_diplomat(s: State, seat: int, region: str) -> bool:
    return seat in diplomats(s).get(region, [])


def diplomats_of(s: State, seat: int, where: str) -> int:
    """The seat's diplomats in a region or in the palace."""
    return diplomats(s).get(where, []).count(seat)


def diplomats_left(s: State) -> int:
    return DIPLOMATS - sum(len(seats) for seats in diplomats(s).values())


def diplomat_count(s: State, seat: int) -> int:
    return sum(seats.count(seat) for seats in diplomats(s).values())


def _remove(s: State, seat: int, region: str) -> None:
    seats = diplomats(s)[region]
    seats.remove(seat)
    if not seats:
        del diplomats(s)[region]


def _add(s: State, seat: int, region: str) -> None:
    diplomats(s).setdefault(region, []).append(seat)


def _sultan_regions(s: State, seat: int) -> list[str]:
    if not on(s) or diplomats_left(s) == 0:
        return []
    return [r for r in s.regions if s.cubes[r][seat] > 0 and not has_diplomat(s, seat, r)]


def _sultan_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    region = a.args[0]
    steps.pop(s, f)
    _add(s, f["seat"], region)
    ctx.did(
        f["seat"],
        "sultan",
        msg(
            "{player} put a diplomat under a cube in {region} ({n} left).",
            region=board.said(region),
            n=diplomats_left(s),
        ),
    )


cards.region_first(
    cards.RegionFirst(
        "sultan",
        "sultan",
        _sultan_regions,
        lambda s, f, r: action(
            f"diplomat:{r}",
            msg("Put a diplomat under one of your cubes in {region}", region=board.said(r)),
        ),
    ),
    _sultan_act,
    lambda s, f: msg("Sultan: in which region does a diplomat go under one of your cubes?"),
)


def _diplomat_dies(ctx: Ctx, seat: int, region: str) -> None:
    """Plain cubes die first: a diplomat goes only when its player has no plain cube left."""
    s = ctx.s
    if diplomats_of(s, seat, region) > s.cubes[region][seat]:
        _remove(s, seat, region)
        ctx.did(
            seat,
            "diplomat",
            msg(
                "{player}'s diplomat in {region} returns to the supply.", region=board.said(region)
            ),
        )


def _diplomat_follows(s: State, seat: int, source: str, target: str, n: int) -> None:
    """Diplomats whose cubes had to leave (no plain cube stays behind) go along; the player
    who moved the cubes (the active player) is asked about any other diplomat cube."""
    if not on(s):
        return
    there = diplomats_of(s, seat, source)
    forced = max(0, there - s.cubes[source][seat])
    for _ in range(forced):
        _carry(s, seat, source, target)
    optional = min(there, n) - forced
    if optional > 0:
        steps.push(
            s,
            "diplomat_carry",
            seat=s.active,
            owner=seat,
            source=source,
            target=target,
            most=optional,
        )


def _carry(s: State, seat: int, source: str, target: str) -> None:
    _remove(s, seat, source)
    _add(s, seat, target)


def _carry_yes(f: Frame, n: int) -> Msg:
    """The answer that the seat's cubes took ``n`` of the owner's diplomats along."""
    owner, target = Seat(f["owner"]), board.said(f["target"])
    if f["owner"] == f["seat"]:
        if f["target"] == board.PALACE:
            return plural(
                "Yes: your diplomat goes along to the palace",
                "Yes: your {n} diplomats go along to the palace",
                n,
            )
        return plural(
            "Yes: your diplomat goes along to {region}",
            "Yes: your {n} diplomats go along to {region}",
            n,
            region=target,
        )
    if f["target"] == board.PALACE:
        return plural(
            "Yes: {player}'s diplomat goes along to the palace",
            "Yes: {player}'s {n} diplomats go along to the palace",
            n,
            player=owner,
        )
    return plural(
        "Yes: {player}'s diplomat goes along to {region}",
        "Yes: {player}'s {n} diplomats go along to {region}",
        n,
        player=owner,
        region=target,
    )


def _carry_options(s: State, f: Frame) -> list[Action]:
    source = board.said(f["source"])
    if f["owner"] == f["seat"]:
        stays = msg("No: your diplomat stays in {region}", region=source)
    else:
        stays = msg(
            "No: {player}'s diplomat stays in {region}", player=Seat(f["owner"]), region=source
        )
    out = [action("carry:0", stays)]
    for n in range(1, f["most"] + 1):
        out.append(action(f"carry:{n}", _carry_yes(f, n)))
    return out


def _carry_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    n = int(a.args[0])
    for _ in range(n):
        _carry(s, f["owner"], f["source"], f["target"])
    if n:
        values: dict[str, Param] = {
            "player": Seat(f["seat"]),
            "owner": Seat(f["owner"]),
            "source": board.said(f["source"]),
        }
        if f["target"] == board.PALACE:
            carried = plural(
                "{player} moved a diplomat of {owner} along from {source} to the palace.",
                "{player} moved {n} diplomats of {owner} along from {source} to the palace.",
                n,
                **values,
            )
        else:
            carried = plural(
                "{player} moved a diplomat of {owner} along from {source} to {target}.",
                "{player} moved {n} diplomats of {owner} along from {source} to {target}.",
                n,
                target=board.said(f["target"]),
                **values,
            )
        ctx.say("diplomat", carried)


def _carry_prompt(s: State, f: Frame) -> Msg:
    owner, source = Seat(f["owner"]), board.said(f["source"])
    if f["target"] == board.PALACE:
        return msg(
            "One of the cubes that left {source} may be the one with {player}'s diplomat: does "
            "the diplomat go along to the palace?",
            source=source,
            player=owner,
        )
    return msg(
        "One of the cubes that left {source} may be the one with {player}'s diplomat: does the "
        "diplomat go along to {target}?",
        source=source,
        player=owner,
        target=board.said(f["target"]),
    )


steps.register(steps.step("diplomat_carry", _carry_options, _carry_act, _carry_prompt))


def diplomat_points(s: State) -> list[int]:
    """Most diplomats 4, second 2; a tie for most shares 6 and ends it; a tie for second shares
    2; with 2 players only the most scores. Players without a diplomat score nothing."""
    counts = [diplomat_count(s, p) for p in range(s.players)]
    points = [0] * s.players
    levels = sorted({c for c in counts if c > 0}, reverse=True)
    if not levels:
        return points
    top = [p for p in range(s.players) if counts[p] == levels[0]]
    if len(top) > 1:
        for p in top:
            points[p] = TIED_MOST // len(top)
        return points
    points[top[0]] = MOST
    if s.players > 2 and len(levels) > 1:
        second = [p for p in range(s.players) if counts[p] == levels[1]]
        for p in second:
            points[p] = SECOND // len(second)
    return points


def _diplomat_score(s: State, seat: int) -> int | None:
    if not on(s) or "sultan" not in s.cards_in_play:
        return None
    return diplomat_points(s)[seat]


# The caravan


def caravan(s: State) -> str | None:
    where: str | None = table(s)["caravan"]
    return where


def _caravan_setup(ctx: Ctx, seat: int) -> None:
    """Before the first turn the last player places the caravan, if the Caravaner is in play."""
    s = ctx.s
    if on(s) and s.turn == 1 and "caravaner" in s.cards_in_play and caravan(s) is None:
        steps.push(s, "caravan_place", seat=s.players - 1)


def _place_options(s: State, f: Frame) -> list[Action]:
    return [
        action(f"caravan:{r}", msg("Place the caravan in {region}", region=board.said(r)))
        for r in s.regions
    ]


def _place_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    table(s)["caravan"] = a.args[0]
    ctx.did(
        f["seat"],
        "caravan",
        msg("{player} placed the caravan in {region}.", region=board.said(a.args[0])),
    )


steps.register(
    steps.step(
        "caravan_place",
        _place_options,
        _place_act,
        lambda s, f: msg("Before the first turn: in which region does the caravan start?"),
    )
)


def _ends(s: State, start: str, middle: str) -> list[str]:
    return [r for r in board.neighbours(s, middle) if r != start]


def _middles(s: State, start: str) -> list[str]:
    return [m for m in board.neighbours(s, start) if _ends(s, start, m)]


def _caravaner_usable(s: State, seat: int) -> bool:
    start = caravan(s) if on(s) else None
    return start is not None and bool(_middles(s, start))


cards.anytime("caravaner", _caravaner_usable, cards.starting("caravan_via", "caravaner"))


def _via_options(s: State, f: Frame) -> list[Action]:
    start = caravan(s)
    assert start is not None
    return [
        action(f"via:{m}", msg("First step to {region}", region=board.said(m)))
        for m in _middles(s, start)
    ]


def _via_act(ctx: Ctx, f: Frame, a: Action) -> None:
    steps.pop(ctx.s, f)
    push_chain(ctx.s, "caravan_to", f["seat"], "caravaner", middle=a.args[0])


def _to_options(s: State, f: Frame) -> list[Action]:
    start = caravan(s)
    assert start is not None
    return [
        action(f"to:{r}", msg("Second step to {region}", region=board.said(r)))
        for r in _ends(s, start, f["middle"])
    ]


def _to_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    start = caravan(s)
    assert start is not None
    steps.pop(s, f)
    table(s)["caravan"] = a.args[0]
    ctx.did(
        f["seat"],
        "caravan",
        msg(
            "{player} moved the caravan from {source} through {middle} to {target}.",
            source=board.said(start),
            middle=board.said(f["middle"]),
            target=board.said(a.args[0]),
        ),
    )
    order = [(s.active + i) % s.players for i in range(s.players)]
    offers = [
        [region, seat]
        for region in (start, f["middle"])
        for seat in sorted(board.majority_seats(s, region), key=order.index)
    ]
    if offers:
        steps.push(s, "caravan_cube", seat=offers[0][1], offers=offers)


def _cube_auto(ctx: Ctx, f: Frame) -> bool:
    """Each majority player, in turn order from the active one, is asked in turn; a player
    with no cube in supply is passed over."""
    s = ctx.s
    while f["offers"] and s.supply[f["offers"][0][1]] == 0:
        f["offers"].pop(0)
    if not f["offers"]:
        steps.pop(s, f)
        return True
    f["seat"] = f["offers"][0][1]
    return False


def _cube_options(s: State, f: Frame) -> list[Action]:
    where = board.said(f["offers"][0][0])
    return [
        action("cube:place", msg("Place one of your cubes in {region}", region=where)),
        action("cube:skip", msg("Place no cube in {region}", region=where)),
    ]


def _cube_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    region, seat = f["offers"].pop(0)
    if a.args[0] == "place" and board.add_cubes(s, seat, region, 1):
        placed = msg(
            "{player} placed a cube in {region}.", player=Seat(seat), region=board.said(region)
        )
        ctx.say("caravan", placed)
    elif a.args[0] == "skip":
        none = msg(
            "{player} placed no cube in {region}.", player=Seat(seat), region=board.said(region)
        )
        ctx.say("caravan", none)


def _cube_prompt(s: State, f: Frame) -> Msg:
    return msg(
        "The caravan passed {region}, where you have the most cubes: place one more cube there?",
        region=board.said(f["offers"][0][0]),
    )


steps.register(steps.step("caravan_cube", _cube_options, _cube_act, _cube_prompt, _cube_auto))


chain_step(
    "caravan_via",
    _via_options,
    _via_act,
    lambda s, f: msg("Caravaner: the caravan moves exactly 2 steps. Where does it go first?"),
)
chain_step(
    "caravan_to",
    _to_options,
    _to_act,
    lambda s, f: msg(
        "Caravaner: from {region}, where does the caravan end?", region=board.said(f["middle"])
    ),
)


def view_hook(s: State, seat: int | None, view: RattusView) -> None:
    view["caravan"] = caravan(s)
    view["diplomats_left"] = diplomats_left(s)
    for region, entry in view["regions"].items():
        if entry["in_use"]:
            entry["diplomats"] = _per_seat(diplomats(s).get(region, []))
    view["palace_diplomats"] = _per_seat(diplomats(s).get(board.PALACE, []))


def _per_seat(seats: list[int]) -> dict[str, int]:
    return {str(p): seats.count(p) for p in sorted(set(seats))}


board.CUBE_LOST.add("diplomat", _diplomat_dies)
board.CUBES_MOVED.add("diplomats", _diplomat_follows)
flow.TURN_START.add("caravan", _caravan_setup)
flow.SCORE_TERMS.add("diplomats", _diplomat_score)
views.VIEW_HOOKS.add("africanus_envoys", view_hook)
