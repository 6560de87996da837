"""Mercatus: goods tokens, coins, taking goods each turn, and the sales.

Everything lives in ``State.ext["mercatus"]`` and is public (the rulings make money and goods
held public). Goods of one type are alike, so the supply is counted by type: face-up tokens are
the ones players may take, face-down ones are turned up at the start of a turn.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ... import saved
from ...core import Action, Rng
from ...saved import Checker
from ...text import N_, Msg, Seat, msg, plural
from .. import board, cards
from ..state import Ctx, State, expansion_part
from ..texts import action
from ..view_types import RattusView

KEY = "mercatus"
TYPES = ("fish", "cloth", "lumber", "salt")
NAMES = {"fish": N_("fish"), "cloth": N_("cloth"), "lumber": N_("lumber"), "salt": N_("salt")}
"""Each type of goods in words."""


def said(kind: str) -> Msg:
    """A type of goods in words, as a text."""
    return msg(NAMES[kind])


def take_label(kind: str) -> Msg:
    """The answer that takes a face-up token of this type from the supply."""
    return msg("Take a {goods} token from the supply", goods=said(kind))


def _took(seat: int, kind: str, card: str | None) -> Msg:
    if card is None:
        return msg("{player} took a {goods} token.", player=Seat(seat), goods=said(kind))
    return msg(
        "{player} took a {goods} token ({card}).",
        player=Seat(seat),
        goods=said(kind),
        card=cards.said(card),
    )


PER_TYPE = 7
IN_SUPPLY = 4
START_COINS = 4
SALE_PRICE = 3
COINS_PER_POINT = 5
GOODS_REGIONS = 12


market, on = expansion_part(KEY)


def setup(s: State, rng: Rng) -> None:
    """4 of each type in the supply (one face up); one token on each region in use, at most 12
    regions (chosen at random when more are in use); tokens left over go out of the game, of as
    many different types as possible."""
    regions = list(s.regions)
    if len(regions) > GOODS_REGIONS:
        chosen = set(rng.shuffled(regions)[:GOODS_REGIONS])
        regions = [r for r in s.regions if r in chosen]
    on_board = [t for t in TYPES for _ in range(PER_TYPE - IN_SUPPLY)]
    out = {t: 0 for t in TYPES}
    order = rng.shuffled(list(TYPES))
    for i in range(len(on_board) - len(regions)):
        kind = order[i % len(order)]
        on_board.remove(kind)
        out[kind] += 1
    rng.shuffle(on_board)
    s.ext[KEY] = {
        "up": {t: 1 for t in TYPES},
        "down": {t: IN_SUPPLY - 1 for t in TYPES},
        "regions": dict(zip(regions, on_board, strict=True)),
        "held": [{t: 0 for t in TYPES} for _ in range(s.players)],
        "coins": [START_COINS] * s.players,
        "on_card": {},  # card -> the goods type kept on it
        "took": False,  # whether the active player took their goods token this turn
        "out": out,
    }


copy = saved.shaped(
    {
        "up": saved.flat_dict,
        "down": saved.flat_dict,
        "regions": saved.share,  # dealt at setup, never changed
        "held": saved.flat_dicts,
        "coins": saved.flat,
        "on_card": saved.flat_dict,
        "out": saved.flat_dict,
    }
)
"""How a copy of the market is made (``State.EXT_COPY``)."""


def coins(s: State, seat: int) -> int:
    return int(market(s)["coins"][seat])


def pay(s: State, seat: int, n: int) -> None:
    market(s)["coins"][seat] -= n


def earn(s: State, seat: int, n: int) -> None:
    market(s)["coins"][seat] += n


def available(s: State) -> list[str]:
    """Goods types a player may take now: the face-up ones."""
    m = market(s)
    return [t for t in TYPES if m["up"][t] > 0]


def take(ctx: Ctx, seat: int, kind: str, card: str | None = None) -> None:
    """The seat takes one face-up token of this type from the supply (by a card's ability,
    when ``card`` is given)."""
    m = market(ctx.s)
    m["up"][kind] -= 1
    m["held"][seat][kind] += 1
    ctx.say("goods", _took(seat, kind, card), goods=kind)


def take_any(ctx: Ctx, seat: int, kind: str, card: str | None = None) -> bool:
    """Take a token of this type from anywhere in the supply (the final round's rule)."""
    m = market(ctx.s)
    if m["up"][kind] > 0:
        take(ctx, seat, kind, card)
        return True
    if m["down"][kind] > 0:
        m["down"][kind] -= 1
        m["held"][seat][kind] += 1
        ctx.say("goods", _took(seat, kind, card), goods=kind)
        return True
    return False


def give_back(s: State, seat: int, kind: str, n: int = 1) -> None:
    """Tokens a player holds go back face down into the supply."""
    m = market(s)
    m["held"][seat][kind] -= n
    m["down"][kind] += n


def region_type(s: State, region: str) -> str | None:
    found = market(s)["regions"].get(region)
    return None if found is None else str(found)


def regions_of(s: State, kind: str) -> list[str]:
    return [r for r in s.regions if market(s)["regions"].get(r) == kind]


# The turn: turn up missing goods, take one, sell what ran out.


def _turn_start(ctx: Ctx, seat: int) -> None:
    if not on(ctx.s):
        return
    m = market(ctx.s)
    m["took"] = False
    for kind in TYPES:
        if m["up"][kind] == 0 and m["down"][kind] > 0:
            m["down"][kind] -= 1
            m["up"][kind] += 1


def _goods_options(s: State, seat: int) -> list[Action]:
    if not on(s) or market(s)["took"]:
        return []
    return [take_action(t) for t in available(s)]


@cache
def take_action(kind: str) -> Action:
    """Taking a face-up token of this type (made once: actions never change)."""
    return action(f"goods:{kind}", take_label(kind))


def _goods_act(ctx: Ctx, seat: int, a: Action) -> None:
    market(ctx.s)["took"] = True
    take(ctx, seat, a.args[0])


def sell(ctx: Ctx, kinds: list[str]) -> None:
    """Every player sells every token of these types: one to each region of that type where
    they hold a majority (ties count), 3 coins each; the rest go back unsold."""
    s = ctx.s
    m = market(s)
    for kind in kinds:
        regions = regions_of(s, kind)
        for seat in range(s.players):
            held = m["held"][seat][kind]
            if held == 0:
                continue
            led = [r for r in regions if seat in board.majority_seats(s, r)]
            sold = min(held, len(led))
            earn(s, seat, SALE_PRICE * sold)
            give_back(s, seat, kind, held)
            ctx.say("sale", _sale(seat, kind, held, sold), goods=kind, seat=seat, sold=sold)


def _sale(seat: int, kind: str, held: int, sold: int) -> Msg:
    """What one player's sale of one type of goods came to."""
    player, goods = Seat(seat), said(kind)
    if sold == 0:
        return plural(
            "{player} leads no {goods} region: {n} {goods} token goes back unsold.",
            "{player} leads no {goods} region: {n} {goods} tokens go back unsold.",
            held,
            player=player,
            goods=goods,
        )
    coins = plural("{n} coin", "{n} coins", SALE_PRICE * sold)
    if held > sold:
        return msg(
            "{player} sold {n} {goods} for {coins}, {unsold} unsold.",
            player=player,
            n=sold,
            goods=goods,
            coins=coins,
            unsold=held - sold,
        )
    return msg(
        "{player} sold {n} {goods} for {coins}.", player=player, n=sold, goods=goods, coins=coins
    )


def _after_turn(ctx: Ctx, seat: int) -> None:
    if not on(ctx.s):
        return
    m = market(ctx.s)
    out = [t for t in TYPES if m["up"][t] == 0 and m["down"][t] == 0]
    if out:
        gone = said(out[0])
        for kind in out[1:]:
            # i18n: the types of goods sold out, one after another
            gone = msg("{goods} or {other}", goods=gone, other=said(kind))
        ctx.say("sale", msg("No {goods} left in the supply: a sale.", goods=gone))
        sell(ctx, out)


def _final_sale(ctx: Ctx) -> None:
    if on(ctx.s):
        ctx.say("sale", msg("The final sale: everyone sells all their goods."))
        sell(ctx, list(TYPES))


def _money_points(s: State, seat: int) -> int | None:
    return coins(s, seat) // COINS_PER_POINT if on(s) else None


def view_hook(s: State, seat: int | None, view: RattusView) -> None:
    m = market(s)
    for player in view["players"]:
        p = player["seat"]
        player["coins"] = int(m["coins"][p])
        player["goods"] = {t: n for t, n in m["held"][p].items() if n}
    for region, kind in m["regions"].items():
        if region in view["regions"]:
            view["regions"][region]["goods"] = kind
    view["goods_supply"] = {t: {"up": m["up"][t], "down": m["down"][t]} for t in TYPES}
    view["goods_on_cards"] = dict(m["on_card"])


def register_hooks() -> None:
    from .. import flow, views

    flow.TURN_START.add("goods", _turn_start)
    flow.TURN_ACTIONS["goods"] = (_goods_options, _goods_act)
    flow.AFTER_TURN.add("sale", _after_turn)
    flow.BEFORE_SCORING.add("final_sale", _final_sale)
    flow.SCORE_TERMS.add("money", _money_points)
    views.VIEW_HOOKS.add("mercatus", view_hook)


def check(c: Checker, s: State, t: Any) -> None:
    """Every goods token of each type counted once (supply, regions, hands, cards, out of the
    game: 7 of each), coins never below zero, goods only on regions in use."""
    if not c.is_type("mercatus", t, dict, "a table"):
        return
    for name in ("up", "down", "out"):
        per_type = t.get(name)
        if c.is_type(f"mercatus.{name}", per_type, dict, "a table by type"):
            c.that(set(per_type) == set(TYPES), f"mercatus.{name} does not count each type")
            for kind, n in per_type.items():
                c.is_int(f"mercatus.{name}[{kind!r}]", n, 0, PER_TYPE)
    held = t.get("held")
    if c.is_type("mercatus.held", held, list, "a list") and c.that(
        len(held) == s.players, f"mercatus.held has {len(held)} entries, not {s.players}"
    ):
        for seat, goods in enumerate(held):
            spot = f"mercatus.held[{seat}]"
            if c.is_type(spot, goods, dict, "a table by type"):
                c.that(set(goods) == set(TYPES), f"{spot} does not count each type")
                for kind, n in goods.items():
                    c.is_int(f"{spot}[{kind!r}]", n, 0, PER_TYPE)
    c.ints("mercatus.coins", t.get("coins"), s.players, 0, 10_000)
    c.is_type("mercatus.took", t.get("took"), bool, "true or false")
    regions, on_card = t.get("regions"), t.get("on_card")
    for name, table in (("regions", regions), ("on_card", on_card)):
        if c.is_type(f"mercatus.{name}", table, dict, "a table"):
            for key, kind in table.items():
                c.that(kind in TYPES, f"mercatus.{name}[{key!r}] holds unknown goods {kind!r}")
    if c.problems:
        return
    for key in regions:
        c.that(key in s.regions, f"mercatus.regions names unknown region {key!r}")
    for kind in TYPES:
        total = t["up"][kind] + t["down"][kind] + t["out"][kind]
        total += sum(g[kind] for g in held)
        total += sum(1 for g in regions.values() if g == kind)
        total += sum(1 for g in on_card.values() if g == kind)
        c.that(total == PER_TYPE, f"mercatus counts {total} {kind} tokens, not {PER_TYPE}")
