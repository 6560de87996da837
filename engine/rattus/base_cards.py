"""The six class cards of the base game."""

from __future__ import annotations

from ..core import Action
from ..text import N_plural, msg
from . import board, cards, data, final_plague, plague, steps
from .cards import RegionFirst, chain_step, push_chain
from .state import Ctx, Frame, State
from .texts import action

# King: a cube from a region without rats into the palace.


def _king_regions(s: State, seat: int) -> list[str]:
    return [r for r in s.regions if s.cubes[r][seat] > 0 and not s.rats[r]]


def _king_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    region = a.args[0]
    steps.pop(s, f)
    board.move_cubes(s, f["seat"], region, board.PALACE, 1)
    ctx.did(
        f["seat"],
        "king",
        msg("{player} moved a cube from {region} to the palace.", region=board.said(region)),
    )


cards.region_first(
    RegionFirst(
        "king",
        "king",
        _king_regions,
        lambda s, f, r: action(
            f"palace:{r}", msg("Move a cube from {region} to the palace", region=board.said(r))
        ),
    ),
    _king_act,
    lambda s, f: msg("King: which region sends a cube to the palace?"),
)


# Knight: the plague moves up to 2 steps; the piece may count as 2 people.


def _knight_steps(s: State, seat: int) -> int:
    return data.LONG_MOVE if cards.holds(s, seat, "knight") else 1


def _knight_bonus(ctx: Ctx, ravage: Frame) -> bool:
    """Before the reveals in the plague's region, the Knight's holder may count it as 2 people."""
    s = ctx.s
    holder = s.holder("knight")
    region = ravage["region"]
    if holder is None or region != s.plague:
        return False
    if not ravage["final"] and holder != s.active:
        return False
    steps.push(s, "plague_bonus", seat=holder, region=region)
    return True


def _knight_final_options(s: State, f: Frame) -> list[Action]:
    return [
        action(f"plague:{r}", msg("Move the plague piece to {region}", region=board.said(r)))
        for r in board.reachable(s, s.plague, cards.reach(s, data.LONG_MOVE))
    ]


def _knight_final_act(ctx: Ctx, f: Frame, a: Action) -> None:
    steps.pop(ctx.s, f)
    board.place_plague(ctx.s, a.args[0])
    ctx.did(
        f["seat"],
        "knight",
        msg("{player} moved the plague piece to {region}.", region=board.said(a.args[0])),
    )


cards.PLAGUE_STEPS.add("knight", _knight_steps)
plague.RAVAGE_START.add("knight", _knight_bonus)
# Held with other final-round plague movers, the Knight lends them its reach; alone it only moves.
final_plague.register(
    final_plague.Mover("knight", data.LONG_MOVE, ravages=False, here=lambda s, seat: False)
)
cards.final_only(
    "knight",
    lambda s, seat: bool(board.reachable(s, s.plague, cards.reach(s, data.LONG_MOVE))),
    _knight_final_options,
    _knight_final_act,
    lambda s, f: msg("Knight: where does the plague piece stand for the final plague?"),
)


# Merchant: 1-3 own cubes from one region to a neighbour.

_MERCHANT_MOVED = N_plural(
    "{player} moved {n} cube from {source} to {target}.",
    "{player} moved {n} cubes from {source} to {target}.",
)


def _merchant_sources(s: State, seat: int) -> list[str]:
    return [r for r in s.regions if s.cubes[r][seat] > 0 and board.neighbours(s, r)]


def _merchant_from_act(ctx: Ctx, f: Frame, a: Action) -> None:
    steps.pop(ctx.s, f)
    push_chain(ctx.s, "merchant_to", f["seat"], "merchant", source=a.args[0])


def _merchant_to_options(s: State, f: Frame) -> list[Action]:
    return [
        action(f"to:{r}", msg("To {region}", region=board.said(r)))
        for r in board.neighbours(s, f["source"])
    ]


def _merchant_to_act(ctx: Ctx, f: Frame, a: Action) -> None:
    steps.pop(ctx.s, f)
    push_chain(ctx.s, "merchant_count", f["seat"], "merchant", source=f["source"], target=a.args[0])


def _merchant_count_act(ctx: Ctx, f: Frame, a: Action) -> None:
    cards.moved_and_told(ctx, f, a, "merchant", _MERCHANT_MOVED)


cards.region_first(
    RegionFirst(
        "merchant",
        "merchant_from",
        _merchant_sources,
        lambda s, f, r: action(
            f"from:{r}",
            msg("From {region} ({n} of yours)", region=board.said(r), n=s.cubes[r][f["seat"]]),
        ),
    ),
    _merchant_from_act,
    lambda s, f: msg("Merchant: move cubes from which region?"),
)
chain_step(
    "merchant_to",
    _merchant_to_options,
    _merchant_to_act,
    lambda s, f: msg(
        "Merchant: move them from {region} to which neighbour?", region=board.said(f["source"])
    ),
)
chain_step(
    "merchant_count",
    lambda s, f: cards.cube_counts(s, f, 3),
    _merchant_count_act,
    lambda s, f: msg("Merchant: how many cubes?"),
)


# Monk: one rat token to a neighbouring region with room.


def _monk_sources(s: State) -> list[str]:
    return [r for r in s.regions if s.rats[r] and board.has_rat_target(s, r)]


def _monk_usable(s: State, seat: int) -> bool:
    return any(s.rats[r] and board.has_rat_target(s, r) for r in s.regions)


cards.anytime("monk", _monk_usable, cards.starting("monk_from", "monk"))


def _monk_from_options(s: State, f: Frame) -> list[Action]:
    return [
        action(
            f"from:{r}",
            msg("A rat from {region} ({n} there)", region=board.said(r), n=len(s.rats[r])),
        )
        for r in _monk_sources(s)
    ]


def _monk_from_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    region = a.args[0]
    steps.pop(s, f)
    if len(s.rats[region]) > 1:
        push_chain(s, "monk_slot", f["seat"], "monk", source=region)
    else:
        push_chain(s, "monk_to", f["seat"], "monk", source=region, slot=1)


def _slot_options(s: State, region: str, skip: str | None = None) -> list[Action]:
    return [
        action(f"slot:{i}", board.rat_said(s, region, i))
        for i, tid in enumerate(s.rats[region], start=1)
        if tid != skip
    ]


def _monk_slot_act(ctx: Ctx, f: Frame, a: Action) -> None:
    steps.pop(ctx.s, f)
    push_chain(ctx.s, "monk_to", f["seat"], "monk", source=f["source"], slot=int(a.args[0]))


def _monk_to_options(s: State, f: Frame) -> list[Action]:
    return [
        action(
            f"to:{r}",
            msg("Into {region} ({n} there now)", region=board.said(r), n=len(s.rats[r])),
        )
        for r in board.rat_targets(s, f["source"])
    ]


def _monk_to_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    token = s.rats_at(f["source"]).pop(int(f["slot"]) - 1)
    s.rats_at(a.args[0]).append(token)
    ctx.did(
        f["seat"],
        "monk",
        msg(
            "{player} moved a rat from {source} to {target}.",
            source=board.said(f["source"]),
            target=board.said(a.args[0]),
        ),
    )


chain_step(
    "monk_from",
    _monk_from_options,
    _monk_from_act,
    lambda s, f: msg("Monk: move a rat from where?"),
)
chain_step(
    "monk_slot",
    lambda s, f: _slot_options(s, f["source"]),
    _monk_slot_act,
    lambda s, f: msg("Monk: which rat in {region}?", region=board.said(f["source"])),
)
chain_step(
    "monk_to",
    _monk_to_options,
    _monk_to_act,
    lambda s, f: msg(
        "Monk: move the rat from {region} into which neighbour?", region=board.said(f["source"])
    ),
)


# Peasant: one cube more when placing; in the final round one cube anywhere.


def _peasant_bonus(s: State, seat: int) -> int:
    return 1 if cards.holds(s, seat, "peasant") else 0


def _peasant_final_act(ctx: Ctx, f: Frame, a: Action) -> None:
    cards.placed(ctx, f, a, 1)
    ctx.did(
        f["seat"],
        "peasant",
        msg("{player} placed a cube in {region}.", region=board.said(a.args[0])),
    )


cards.PLACE_BONUS.add("peasant", _peasant_bonus)
cards.final_only(
    "peasant",
    lambda s, seat: s.supply[seat] > 0,
    lambda s, f: [
        action(f"place:{r}", msg("Place a cube in {region}", region=board.said(r)))
        for r in s.regions
    ],
    _peasant_final_act,
    lambda s, f: msg("Peasant: place one cube in any region."),
)


# Witch: look at one rat, then maybe another, then maybe swap them.


def _witch_regions(s: State, skip: str | None) -> list[str]:
    return [r for r in s.regions if any(t != skip for t in s.rats[r])]


def _witch_look_options(s: State, f: Frame) -> list[Action]:
    first = f["first"]
    out = [
        action(
            f"look:{r}",
            msg("Look at a rat in {region} ({n} there)", region=board.said(r), n=len(s.rats[r])),
        )
        for r in _witch_regions(s, first)
    ]
    if first is not None:
        out.append(action("done", msg("Done: look at no second rat")))
    return out


def _witch_look_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    if a.kind == "done":
        return
    region = a.args[0]
    choices = [t for t in s.rats[region] if t != f["first"]]
    if len(choices) > 1:
        push_chain(s, "witch_slot", f["seat"], "witch", region=region, first=f["first"])
        s.stack[-1]["back"] = f["back"]
    else:
        _witch_peek(ctx, f["seat"], region, choices[0], f["first"])


def _witch_slot_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    token = s.rats[f["region"]][int(a.args[0]) - 1]
    _witch_peek(ctx, f["seat"], f["region"], token, f["first"])


def _where(s: State, token: str) -> str:
    return next(r for r in s.regions if token in s.rats[r])


def _witch_peek(ctx: Ctx, seat: int, region: str, token: str, first: str | None) -> None:
    s = ctx.s
    knowers = s.known.setdefault(token, [])
    if seat not in knowers:
        knowers.append(seat)
        knowers.sort()
    slot = s.rats[region].index(token) + 1
    front = s.tokens[token]
    ctx.did(
        seat,
        "witch",
        msg("{player} (Witch) looked at a rat in {region}.", region=board.said(region)),
    )
    ctx.tell(
        (seat,),
        "peek",
        msg(
            "Witch: rat {number} in {region} is {front}.",
            number=slot,
            region=board.said(region),
            front=plague.describe_front(front),
        ),
        region=region,
        slot=slot,
        front=dict(front),
    )
    if first is None:
        push_chain(s, "witch_look", seat, "witch", first=token)
        s.stack[-1]["back"] = False
    elif _swappable(s, _where(s, first), region):
        push_chain(s, "witch_swap", seat, "witch", a=first, b=token)
        s.stack[-1]["back"] = False


def _swappable(s: State, a: str, b: str) -> bool:
    """A swap moves a rat into each region: only between two regions, neither with a bishop."""
    return a != b and board.rat_may_enter(s, a) and board.rat_may_enter(s, b)


def _witch_swap_options(s: State, f: Frame) -> list[Action]:
    ra, rb = board.said(_where(s, f["a"])), board.said(_where(s, f["b"]))
    return [
        action(
            "swap", msg("Swap the rat in {first} with the rat in {second}", first=ra, second=rb)
        ),
        action("keep", msg("Leave both where they are")),
    ]


def _witch_swap_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    if a.kind != "swap":
        return
    ra, rb = _where(s, f["a"]), _where(s, f["b"])
    ia, ib = s.rats[ra].index(f["a"]), s.rats[rb].index(f["b"])
    s.rats_at(ra)[ia], s.rats_at(rb)[ib] = f["b"], f["a"]
    ctx.did(
        f["seat"],
        "witch",
        msg(
            "{player} (Witch) swapped a rat in {first} with one in {second}.",
            first=board.said(ra),
            second=board.said(rb),
        ),
    )


def _witch_usable(s: State, seat: int) -> bool:
    return any(s.rats[r] for r in s.regions)


cards.anytime("witch", _witch_usable, cards.starting("witch_look", "witch", first=None))


chain_step(
    "witch_look",
    _witch_look_options,
    _witch_look_act,
    lambda s, f: (
        msg("Witch: look at a rat in which region?")
        if f["first"] is None
        else msg("Witch: look at a second rat, or stop here.")
    ),
)
chain_step(
    "witch_slot",
    lambda s, f: _slot_options(s, f["region"], f["first"]),
    _witch_slot_act,
    lambda s, f: msg("Witch: which rat in {region}?", region=board.said(f["region"])),
)
chain_step(
    "witch_swap",
    _witch_swap_options,
    _witch_swap_act,
    lambda s, f: msg("Witch: swap the two rats you looked at?"),
)
