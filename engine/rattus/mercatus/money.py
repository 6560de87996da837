"""Mercatus cards that deal in coins and extra goods: Stadtholder (bought cubes), Treasurer
(coins from the bank), Pope (bought palace seat), Brewer (a second goods token) and Swindler
(a rat from the supply, then maybe a goods token of that region's type).

Each is used once per turn before the plague moves, and once in the final round.
"""

from __future__ import annotations

from ...core import Action
from ...text import N_, Msg, msg, plural
from .. import board, cards, plague, steps
from ..cards import Ability, chain_step, push_chain
from ..state import Ctx, Frame, State
from ..texts import action
from . import goods

STADTHOLDER_PRICES = {1: 1, 2: 3, 3: 6}
"""Cubes bought with the Stadtholder -> coins paid."""
STADTHOLDER_FINAL_MOST = 1
POPE_PRICE = 2
TREASURER_COINS = 2


def _coins(s: State, seat: int) -> int:
    return goods.coins(s, seat) if goods.on(s) else 0


def _follow_on(s: State, f: Frame, kind: str, **params: object) -> Frame:
    """The next frame of a chain, offering "back" only if the chain has changed nothing yet."""
    nxt = push_chain(s, kind, f["seat"], f["card"], **params)
    nxt["back"] = f["back"]
    return nxt


def _cubes(n: int) -> Msg:
    return plural("{n} cube", "{n} cubes", n)


def _coin_text(n: int) -> Msg:
    return plural("{n} coin", "{n} coins", n)


# Stadtholder: buy 1, 2 or 3 cubes for 1, 3 or 6 coins, all into one region of choice.


def _stadtholder_counts(s: State, seat: int, most: int) -> list[int]:
    return [
        n
        for n, price in STADTHOLDER_PRICES.items()
        if n <= most and n <= s.supply[seat] and price <= _coins(s, seat)
    ]


def _stadtholder_usable(s: State, seat: int) -> bool:
    return bool(_stadtholder_counts(s, seat, max(STADTHOLDER_PRICES)))


def _stadtholder_final_usable(s: State, seat: int) -> bool:
    return bool(_stadtholder_counts(s, seat, STADTHOLDER_FINAL_MOST))


_stadtholder_start = cards.starting(
    "stadtholder_region", "stadtholder", most=max(STADTHOLDER_PRICES)
)


_stadtholder_final_start = cards.starting(
    "stadtholder_region", "stadtholder", most=STADTHOLDER_FINAL_MOST
)


def _stadtholder_region_options(s: State, f: Frame) -> list[Action]:
    counts = _stadtholder_counts(s, f["seat"], f["most"])
    out = []
    for r in s.regions:
        if len(counts) == 1:
            label = msg(
                "Pay {coins}: {cubes} in {region}",
                coins=_coin_text(STADTHOLDER_PRICES[counts[0]]),
                cubes=_cubes(counts[0]),
                region=board.said(r),
            )
        else:
            label = msg("Buy cubes for {region}", region=board.said(r))
        out.append(action(f"region:{r}", label))
    return out


def _stadtholder_region_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    counts = _stadtholder_counts(s, f["seat"], f["most"])
    if len(counts) == 1:
        _stadtholder_buy(ctx, f["seat"], a.args[0], counts[0])
    else:
        _follow_on(s, f, "stadtholder_count", most=f["most"], region=a.args[0])


def _stadtholder_count_options(s: State, f: Frame) -> list[Action]:
    return [
        action(
            f"count:{n}",
            msg("{cubes} for {coins}", cubes=_cubes(n), coins=_coin_text(STADTHOLDER_PRICES[n])),
        )
        for n in _stadtholder_counts(s, f["seat"], f["most"])
    ]


def _stadtholder_count_act(ctx: Ctx, f: Frame, a: Action) -> None:
    steps.pop(ctx.s, f)
    _stadtholder_buy(ctx, f["seat"], f["region"], int(a.args[0]))


def _stadtholder_buy(ctx: Ctx, seat: int, region: str, n: int) -> None:
    s = ctx.s
    price = STADTHOLDER_PRICES[n]
    goods.pay(s, seat, price)
    board.add_cubes(s, seat, region, n)
    ctx.did(
        seat,
        "stadtholder",
        msg(
            "{player} (Stadtholder) paid {coins} and placed {cubes} in {region}.",
            coins=_coin_text(price),
            cubes=_cubes(n),
            region=board.said(region),
        ),
        region=region,
        n=n,
        paid=price,
    )


def _stadtholder_region_prompt(s: State, f: Frame) -> Msg:
    if f["most"] == 1:
        return msg("Stadtholder: pay 1 coin to place 1 cube in which region?")
    return msg("Stadtholder: buy cubes (1 coin for 1, 3 for 2, 6 for 3) for which region?")


chain_step(
    "stadtholder_region",
    _stadtholder_region_options,
    _stadtholder_region_act,
    _stadtholder_region_prompt,
)
chain_step(
    "stadtholder_count",
    _stadtholder_count_options,
    _stadtholder_count_act,
    lambda s, f: msg(
        "Stadtholder: how many cubes do you buy for {region}?", region=board.said(f["region"])
    ),
)
cards.register(
    Ability(
        "stadtholder",
        _stadtholder_usable,
        _stadtholder_start,
        _stadtholder_final_usable,
        _stadtholder_final_start,
    )
)


# Treasurer: 2 coins from the bank.


def _treasurer_start(ctx: Ctx, seat: int) -> None:
    s = ctx.s
    goods.earn(s, seat, TREASURER_COINS)
    ctx.did(
        seat,
        "treasurer",
        msg("{player} (Treasurer) took {coins} from the bank.", coins=_coin_text(TREASURER_COINS)),
        coins=TREASURER_COINS,
    )


def _treasurer_usable(s: State, seat: int) -> bool:
    return goods.on(s)


cards.anytime("treasurer", _treasurer_usable, _treasurer_start)


# Pope (house ruling): 2 coins to move one of your cubes from any region to the palace.


def _pope_regions(s: State, seat: int) -> list[str]:
    if _coins(s, seat) < POPE_PRICE:
        return []
    return [r for r in s.regions if s.cubes[r][seat] > 0]


def _pope_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    seat, region = f["seat"], a.args[0]
    steps.pop(s, f)
    goods.pay(s, seat, POPE_PRICE)
    board.move_cubes(s, seat, region, board.PALACE, 1)
    ctx.did(
        seat,
        "pope",
        msg(
            "{player} (Pope) paid {coins} and moved a cube from {region} to the palace.",
            coins=_coin_text(POPE_PRICE),
            region=board.said(region),
        ),
        region=region,
        paid=POPE_PRICE,
    )


cards.region_first(
    cards.RegionFirst(
        "pope",
        "pope",
        _pope_regions,
        lambda s, f, r: action(
            f"palace:{r}",
            msg(
                "Pay {coins}: a cube from {region} to the palace",
                coins=_coin_text(POPE_PRICE),
                region=board.said(r),
            ),
        ),
    ),
    _pope_act,
    lambda s, f: msg(
        "Pope: pay {coins} to move a cube from which region to the palace?",
        coins=_coin_text(POPE_PRICE),
    ),
)


# Brewer: one more face-up goods token; in the final round any type left in the supply.


def _left_in_supply(s: State) -> list[str]:
    m = goods.market(s)
    return [t for t in goods.TYPES if m["up"][t] + m["down"][t] > 0]


def _takeable(s: State, final: bool) -> list[str]:
    if not goods.on(s):
        return []
    return _left_in_supply(s) if final else goods.available(s)


_brewer_start = cards.starting("brewer", "brewer", final=False)


_brewer_final_start = cards.starting("brewer", "brewer", final=True)


def _brewer_options(s: State, f: Frame) -> list[Action]:
    return [action(f"goods:{t}", goods.take_label(t)) for t in _takeable(s, f["final"])]


def _brewer_act(ctx: Ctx, f: Frame, a: Action) -> None:
    steps.pop(ctx.s, f)
    if f["final"]:
        goods.take_any(ctx, f["seat"], a.args[0], "brewer")
    else:
        goods.take(ctx, f["seat"], a.args[0], "brewer")


chain_step(
    "brewer",
    _brewer_options,
    _brewer_act,
    lambda s, f: msg("Brewer: take one more goods token: which type?"),
)
cards.register(
    Ability(
        "brewer",
        lambda s, seat: bool(_takeable(s, False)),
        _brewer_start,
        lambda s, seat: bool(_takeable(s, True)),
        _brewer_final_start,
    )
)


# Swindler: a rat from the supply into a region with your cube and room for it; then maybe a
# goods token of that region's type. In the final round an empty supply gives a random rat
# from those that left the game, and the goods may come from anywhere in the supply.


def _swindler_regions(s: State, seat: int) -> list[str]:
    return [r for r in s.regions if s.cubes[r][seat] > 0 and board.can_take_rat(s, r)]


def _swindler_usable(s: State, seat: int) -> bool:
    return bool(s.rat_supply) and bool(_swindler_regions(s, seat))


def _swindler_final_usable(s: State, seat: int) -> bool:
    return bool(s.rat_supply or s.gone) and bool(_swindler_regions(s, seat))


_swindler_start = cards.starting("swindler_rat", "swindler", final=False)


_swindler_final_start = cards.starting("swindler_rat", "swindler", final=True)


def _swindler_rat_options(s: State, f: Frame) -> list[Action]:
    return [
        action(
            f"rat:{r}",
            msg("Put a rat in {region} ({n} there now)", region=board.said(r), n=len(s.rats[r])),
        )
        for r in _swindler_regions(s, f["seat"])
    ]


_SWINDLER_PUT = (
    N_("{player} (Swindler) put a rat from the supply into {region}."),
    N_(
        "{player} (Swindler) put a rat drawn at random from the rats that left the game "
        "into {region}."
    ),
)


def _swindler_rat_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    seat, region = f["seat"], a.args[0]
    steps.pop(s, f)
    plague.card_adds_rat(ctx, seat, "swindler", region, _SWINDLER_PUT)
    if not s.rat_supply and not f["final"]:
        ctx.say("supply", msg("The rat supply is empty: the game ends after this turn."))
    kind = goods.region_type(s, region) if goods.on(s) else None
    if kind is not None and kind in _takeable(s, f["final"]):
        nxt = push_chain(s, "swindler_goods", seat, "swindler", final=f["final"], goods=kind)
        nxt["back"] = False


def _swindler_goods_options(s: State, f: Frame) -> list[Action]:
    kind = f["goods"]
    return [
        action(f"goods:{kind}", goods.take_label(kind)),
        action("nogoods", msg("Take no goods token")),
    ]


def _swindler_goods_act(ctx: Ctx, f: Frame, a: Action) -> None:
    steps.pop(ctx.s, f)
    if a.kind == "nogoods":
        return
    if f["final"]:
        goods.take_any(ctx, f["seat"], f["goods"], "swindler")
    else:
        goods.take(ctx, f["seat"], f["goods"], "swindler")


chain_step(
    "swindler_rat",
    _swindler_rat_options,
    _swindler_rat_act,
    lambda s, f: msg("Swindler: put a rat into which region (one with a cube of yours)?"),
)
chain_step(
    "swindler_goods",
    _swindler_goods_options,
    _swindler_goods_act,
    lambda s, f: msg("Swindler: take a {goods} token too?", goods=goods.said(f["goods"])),
)
cards.register(
    Ability(
        "swindler",
        _swindler_usable,
        _swindler_start,
        _swindler_final_usable,
        _swindler_final_start,
    )
)
