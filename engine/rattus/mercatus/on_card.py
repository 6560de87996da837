"""Mercatus cards that keep a goods token: Hanseatic Trader, Shaman and Landowner.

The holder puts one of their goods tokens on the card (it stops being theirs and is never
sold); the card's ability then works with the regions showing that type. "use:<card>" first
asks which token (keep the one there or put one of yours on it), then the ability. Putting a
token on the card does not use the ability up: right after a new token the chain offers "later".
Once the ability was used in a turn, "oncard:<card>:<type>" still replaces the token until the
plague moves. A token on a card goes back face down to the supply when it is replaced or when
another player takes the card.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core import Action, Pick
from ...text import Msg, N_plural, Param, Seat, msg, plural
from .. import board, cards, flow, steps
from ..cards import chain_step, push_chain
from ..state import Ctx, Frame, State, without
from ..texts import action, group
from . import goods

KEEPERS = ("hanseatic_trader", "shaman", "landowner")
LATER = action("later", msg("Stop here: the token stays on the card, the card stays unused"))
HANSE_MOST = 5
LANDOWNER_CUBES = 2

Feasible = Callable[[State, int, str], bool]
Begin = Callable[[State, Frame, str], None]


def kept(s: State, card: str) -> str | None:
    """The goods type on the card, or None."""
    found = goods.market(s)["on_card"].get(card)
    return None if found is None else str(found)


def held_types(s: State, seat: int) -> list[str]:
    held = goods.market(s)["held"][seat]
    return [t for t in goods.TYPES if held[t] > 0]


def put_on_card(ctx: Ctx, seat: int, card: str, kind: str) -> None:
    """One of the seat's tokens goes on the card; the one there goes back face down."""
    s = ctx.s
    m = goods.market(s)
    old = kept(s, card)
    m["held"][seat][kind] -= 1
    if old is not None:
        m["down"][old] += 1
    m["on_card"][card] = kind
    values: dict[str, Param] = {
        "player": Seat(seat),
        "goods": goods.said(kind),
        "card": cards.said(card),
    }
    if old is None:
        put = msg("{player} put a {goods} token on the {card}.", **values)
    else:
        put = msg(
            "{player} put a {goods} token on the {card}. The {old} token there went back to "
            "the supply.",
            old=goods.said(old),
            **values,
        )
    ctx.say(
        "on_card",
        put,
        card=card,
        goods=kind,
    )


def _card_taken(ctx: Ctx, taker: int, card: str, before: int | None) -> None:
    s = ctx.s
    if not goods.on(s) or before == taker:
        return
    kind = goods.market(s)["on_card"].pop(card, None)
    if kind is None:
        return
    goods.market(s)["down"][kind] += 1
    ctx.say(
        "on_card",
        msg(
            "The {goods} token on the {card} went back to the supply.",
            goods=goods.said(kind),
            card=cards.said(card),
        ),
        card=card,
        goods=kind,
    )


# The chain's first step: which token works for the card.


def _token_options(s: State, f: Frame) -> list[Action]:
    card, seat = f["card"], f["seat"]
    old = kept(s, card)
    out = []
    if old is not None and FEASIBLE[card](s, seat, old):
        out.append(
            action("keep", msg("Use the {goods} token already on it", goods=goods.said(old)))
        )
    for kind in held_types(s, seat):
        if old is None:
            label = msg("Put one of your {goods} tokens on it", goods=goods.said(kind))
        else:
            label = msg(
                "Put one of your {goods} tokens on it (the {old} token there goes back to the "
                "supply)",
                goods=goods.said(kind),
                old=goods.said(old),
            )
        out.append(action(f"put:{kind}", label))
    return out


def _token_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    card, seat = f["card"], f["seat"]
    steps.pop(s, f)
    if a.kind == "keep":
        BEGIN[card](s, f, str(kept(s, card)))
        return
    kind = a.args[0]
    put_on_card(ctx, seat, card, kind)
    if FEASIBLE[card](s, seat, kind):
        nxt = dict(f, back=False, later=True)
        BEGIN[card](s, nxt, kind)
    elif card in s.used:
        s.used = without(s.used, card)


def _token_prompt(s: State, f: Frame) -> Msg:
    card = f["card"]
    old = kept(s, card)
    if old is None:
        return msg("{card}: which of your goods tokens do you put on it?", card=cards.said(card))
    return msg(
        "{card}: use the {goods} token on it, or put one of your goods tokens there?",
        card=cards.said(card),
        goods=goods.said(old),
    )


chain_step("keep_token", _token_options, _token_act, _token_prompt)


def _chain(
    kind: str,
    options: Callable[[State, Frame], list[Action]],
    act: Callable[[Ctx, Frame, Action], None],
    prompt: Callable[[State, Frame], Msg],
    pick: Callable[[State, Frame], Pick | None] | None = None,
) -> None:
    """A step of these chains: "later" is offered while only a new token was put down."""

    def opts(s: State, f: Frame) -> list[Action]:
        out = options(s, f)
        return [*out, LATER] if f.get("later") and cards.may_leave(s, f) else out

    def do(ctx: Ctx, f: Frame, a: Action) -> None:
        if a.notation == "later":
            cards.go_back(ctx, f)
        else:
            act(ctx, f, a)

    chain_step(kind, opts, do, prompt, pick=pick)


def _next(s: State, f: Frame, kind: str, goods_type: str, **params: object) -> Frame:
    """The next frame of a chain; "back" and "later" carry over until something changed."""
    nxt = push_chain(s, kind, f["seat"], f["card"], goods=goods_type, **params)
    nxt["back"] = bool(f.get("back"))
    nxt["later"] = bool(f.get("later"))
    return nxt


# Hanseatic Trader: up to 5 of your cubes from one region into one region of the type.

_HANSE_MOVED = N_plural(
    "{player} (Hanseatic Trader) moved {n} cube from {source} to {target}.",
    "{player} (Hanseatic Trader) moved {n} cubes from {source} to {target}.",
)


def _hanse_targets(s: State, kind: str, source: str) -> list[str]:
    return [r for r in goods.regions_of(s, kind) if r != source]


def _hanse_sources(s: State, seat: int, kind: str) -> list[str]:
    return [r for r in s.regions if s.cubes[r][seat] > 0 and _hanse_targets(s, kind, r)]


def _hanse_feasible(s: State, seat: int, kind: str) -> bool:
    return bool(_hanse_sources(s, seat, kind))


def _hanse_begin(s: State, f: Frame, kind: str) -> None:
    _next(s, f, "hanse_from", kind)


def _hanse_from_options(s: State, f: Frame) -> list[Action]:
    seat = f["seat"]
    return [
        action(
            f"from:{r}",
            msg("From {region} ({n} of yours)", region=board.said(r), n=s.cubes[r][seat]),
        )
        for r in _hanse_sources(s, seat, f["goods"])
    ]


def _hanse_from_act(ctx: Ctx, f: Frame, a: Action) -> None:
    steps.pop(ctx.s, f)
    _next(ctx.s, f, "hanse_to", f["goods"], source=a.args[0])


def _hanse_to_options(s: State, f: Frame) -> list[Action]:
    return [
        action(
            f"to:{r}",
            msg("Into {region} ({goods})", region=board.said(r), goods=goods.said(f["goods"])),
        )
        for r in _hanse_targets(s, f["goods"], f["source"])
    ]


def _hanse_to_act(ctx: Ctx, f: Frame, a: Action) -> None:
    steps.pop(ctx.s, f)
    _next(ctx.s, f, "hanse_count", f["goods"], source=f["source"], target=a.args[0])


def _hanse_count_act(ctx: Ctx, f: Frame, a: Action) -> None:
    cards.moved_and_told(ctx, f, a, "hanseatic_trader", _HANSE_MOVED)


_chain(
    "hanse_from",
    _hanse_from_options,
    _hanse_from_act,
    lambda s, f: msg(
        "Hanseatic Trader: move your cubes from which region (into a {goods} region)?",
        goods=goods.said(f["goods"]),
    ),
)
_chain(
    "hanse_to",
    _hanse_to_options,
    _hanse_to_act,
    lambda s, f: msg(
        "Hanseatic Trader: move them from {region} into which {goods} region?",
        region=board.said(f["source"]),
        goods=goods.said(f["goods"]),
    ),
)
_chain(
    "hanse_count",
    lambda s, f: cards.cube_counts(s, f, HANSE_MOST),
    _hanse_count_act,
    lambda s, f: msg("Hanseatic Trader: how many cubes (up to {n})?", n=HANSE_MOST),
)


# Landowner: 2 cubes from your supply into one region of the type.

_LANDOWNER_PLACED = N_plural(
    "{player} (Landowner) placed {n} cube in {region}.",
    "{player} (Landowner) placed {n} cubes in {region}.",
)


def _land_feasible(s: State, seat: int, kind: str) -> bool:
    return s.supply[seat] > 0 and bool(goods.regions_of(s, kind))


def _land_begin(s: State, f: Frame, kind: str) -> None:
    _next(s, f, "landowner_place", kind)


def _land_options(s: State, f: Frame) -> list[Action]:
    return cards.cube_places(s, f, goods.regions_of(s, f["goods"]), LANDOWNER_CUBES)


def _land_act(ctx: Ctx, f: Frame, a: Action) -> None:
    cards.placed_and_told(ctx, f, a, LANDOWNER_CUBES, "landowner", _LANDOWNER_PLACED)


_chain(
    "landowner_place",
    _land_options,
    _land_act,
    lambda s, f: plural(
        "Landowner: place {n} cube in which {goods} region?",
        "Landowner: place {n} cubes in which {goods} region?",
        LANDOWNER_CUBES,
        goods=goods.said(f["goods"]),
    ),
)


# Shaman: rearrange the rats among the regions of the type, unseen, at most 3 a region. The
# player builds the final arrangement (which rat ends where), each rat at most once, and it
# happens at once on "done": a bounded chain, however the rats are shuffled around.


def _home(s: State, token: str) -> str:
    return next(r for r in s.regions if token in s.rats[r])


def _rats_of(s: State, kind: str) -> list[tuple[str, int, str]]:
    """(region, place, token) for every rat in the regions of the type, board order."""
    return [(r, i, t) for r in goods.regions_of(s, kind) for i, t in enumerate(s.rats[r], 1)]


def _completable(s: State, kind: str, plan: dict[str, str]) -> bool:
    """Whether the rats not planned yet can still all find a place (at most 3 a region; no
    rat enters a bishop's region, though its own rats may stay or leave)."""
    regions = goods.regions_of(s, kind)
    room = {r: board.MAX_RATS - sum(1 for d in plan.values() if d == r) for r in regions}
    if min(room.values(), default=0) < 0:
        return False
    open_room = sum(room[r] for r in regions if board.rat_may_enter(s, r))
    needed = 0
    for r in regions:
        undecided = sum(1 for t in s.rats[r] if t not in plan)
        needed += undecided if board.rat_may_enter(s, r) else max(0, undecided - room[r])
    return needed <= open_room


def _shaman_dests(s: State, kind: str, plan: dict[str, str], token: str) -> list[str]:
    home = _home(s, token)
    return [
        r
        for r in goods.regions_of(s, kind)
        if r != home and board.rat_may_enter(s, r) and _completable(s, kind, {**plan, token: r})
    ]


def _movable(s: State, kind: str, plan: dict[str, str]) -> list[tuple[str, int, str]]:
    return [
        (r, i, t)
        for r, i, t in _rats_of(s, kind)
        if t not in plan and _shaman_dests(s, kind, plan, t)
    ]


def _plan(f: Frame) -> dict[str, str]:
    return {str(t): str(d) for t, d in f["plan"]}


def _shaman_feasible(s: State, seat: int, kind: str) -> bool:
    return bool(_movable(s, kind, {}))


def _shaman_begin(s: State, f: Frame, kind: str) -> None:
    _next(s, f, "shaman_rat", kind, plan=[])


def _all_stay_fits(s: State, plan: dict[str, str]) -> bool:
    ends: dict[str, int] = {}
    for r in {*plan.values(), *(_home(s, t) for t in plan)}:
        ends[r] = sum(1 for t in s.rats[r] if t not in plan)
    for d in plan.values():
        ends[d] += 1
    return all(n <= board.MAX_RATS for n in ends.values())


def _shaman_rat_options(s: State, f: Frame) -> list[Action]:
    plan = _plan(f)
    out = [
        action(f"rat:{r}:{i}", board.rat_said(s, r, i)) for r, i, _ in _movable(s, f["goods"], plan)
    ]
    if plan and _all_stay_fits(s, plan):
        out.append(action("done", msg("Done: the planned rats move now, the others stay")))
    return out


def _shaman_pick(s: State, f: Frame) -> Pick | None:
    """The first question of a use may be answered with how many rats end in each region of
    the type (``rats:gallia1-italia2``): the rats that leave a region are its last ones, and
    they fill the regions that want more in board order. No rat enters a bishop's region."""
    if f["plan"]:
        return None
    regions = goods.regions_of(s, f["goods"])
    groups = tuple(
        group(
            r,
            msg("{region} ({n} there now)", region=board.said(r), n=len(s.rats[r])),
            board.MAX_RATS if board.rat_may_enter(s, r) else len(s.rats[r]),
            item=msg("rat"),
            place=board.said(r),
        )
        for r in regions
    )
    total = sum(len(s.rats[r]) for r in regions)
    return Pick("rats", total, total, tuple(g for g in groups if g.available > 0))


def _shaman_arranged(s: State, f: Frame, a: Action) -> dict[str, str]:
    """The plan (token -> region it ends in) for an answer to the Shaman's pick."""
    pick = _shaman_pick(s, f)
    assert pick is not None, "a rats answer comes from the pick"
    wanted = pick.parse(a.notation)
    regions = goods.regions_of(s, f["goods"])
    leaving = [
        t for r in regions for t in s.rats[r][wanted.get(r, 0) :]
    ]  # the last ones of each region with more than wanted
    places = [r for r in regions for _ in range(wanted.get(r, 0) - len(s.rats[r]))]
    return dict(zip(leaving, places, strict=True))


def _shaman_rat_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    if a.kind == "rats":
        plan = _shaman_arranged(s, f, a)
        steps.pop(s, f)
        _shaman_move(ctx, f["seat"], plan)
        return
    steps.pop(s, f)
    plan = _plan(f)
    if a.kind == "done":
        _shaman_move(ctx, f["seat"], plan)
        return
    region, slot = a.args[0], int(a.args[1])
    _next(s, f, "shaman_to", f["goods"], plan=f["plan"], token=s.rats[region][slot - 1])


def _shaman_to_options(s: State, f: Frame) -> list[Action]:
    plan = _plan(f)
    return [
        action(
            f"to:{r}",
            msg("It ends in {region} ({n} there now)", region=board.said(r), n=len(s.rats[r])),
        )
        for r in _shaman_dests(s, f["goods"], plan, f["token"])
    ]


def _shaman_to_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    _next(s, f, "shaman_rat", f["goods"], plan=[*f["plan"], [f["token"], a.args[0]]])


def _shaman_move(ctx: Ctx, seat: int, plan: dict[str, str]) -> None:
    s = ctx.s
    moves = [(_home(s, t), t, d) for t, d in plan.items()]
    for home, token, _ in moves:
        s.rats_at(home).remove(token)
    for home, token, dest in moves:
        s.rats_at(dest).append(token)
        ctx.did(
            seat,
            "shaman",
            msg(
                "{player} (Shaman) moved a rat from {source} to {target}.",
                source=board.said(home),
                target=board.said(dest),
            ),
        )


def _planned(s: State, f: Frame, question: Msg) -> Msg:
    """The Shaman's question, followed by the moves planned so far (if any)."""
    plan = _plan(f)
    if not plan:
        return question
    moves: Msg | None = None
    for token, dest in plan.items():
        move = msg(
            "{source} to {target}", source=board.said(_home(s, token)), target=board.said(dest)
        )
        # i18n: the Shaman's planned rat moves, one after another
        moves = move if moves is None else msg("{moves}; {move}", moves=moves, move=move)
    return msg("{question} Planned so far: {moves}.", question=question, moves=moves or question)


def _rat_prompt(s: State, f: Frame) -> Msg:
    kind = goods.said(f["goods"])
    if not f["plan"]:
        question = msg(
            "Shaman: tick how many rats end in each {goods} region, or choose one rat to move "
            "(each at most once).",
            goods=kind,
        )
    else:
        question = msg(
            "Shaman: which rat in the {goods} regions moves (each at most once), or done?",
            goods=kind,
        )
    return _planned(s, f, question)


_chain(
    "shaman_rat",
    _shaman_rat_options,
    _shaman_rat_act,
    _rat_prompt,
    _shaman_pick,
)
_chain(
    "shaman_to",
    _shaman_to_options,
    _shaman_to_act,
    lambda s, f: _planned(
        s,
        f,
        msg(
            "Shaman: the rat from {region} ends in which {goods} region?",
            region=board.said(_home(s, f["token"])),
            goods=goods.said(f["goods"]),
        ),
    ),
)


FEASIBLE: dict[str, Feasible] = {
    "hanseatic_trader": _hanse_feasible,
    "shaman": _shaman_feasible,
    "landowner": _land_feasible,
}
BEGIN: dict[str, Begin] = {
    "hanseatic_trader": _hanse_begin,
    "shaman": _shaman_begin,
    "landowner": _land_begin,
}


def _usable_for(card: str) -> Callable[[State, int], bool]:
    def usable(s: State, seat: int) -> bool:
        if not goods.on(s):
            return False
        old = kept(s, card)
        return bool(held_types(s, seat)) or (old is not None and FEASIBLE[card](s, seat, old))

    return usable


def _start_for(card: str) -> Callable[[Ctx, int], None]:
    def start(ctx: Ctx, seat: int) -> None:
        s = ctx.s
        if held_types(s, seat):
            push_chain(s, "keep_token", seat, card)
        else:
            BEGIN[card](s, {"seat": seat, "card": card, "back": True}, str(kept(s, card)))

    return start


for _card in KEEPERS:
    cards.anytime(_card, _usable_for(_card), _start_for(_card))


# After the ability was used this turn, the token may still be replaced before the plague moves.


def _oncard_options(s: State, seat: int) -> list[Action]:
    if not goods.on(s):
        return []
    out = []
    for card in KEEPERS:
        if card not in s.used or not cards.holds(s, seat, card):
            continue
        old = kept(s, card)
        for kind in held_types(s, seat):
            values = {"goods": goods.said(kind), "card": cards.said(card)}
            if old is None:
                label = msg("Put a {goods} token on the {card}", **values)
            else:
                label = msg(
                    "Put a {goods} token on the {card} (the {old} token there goes back)",
                    old=goods.said(old),
                    **values,
                )
            out.append(action(f"oncard:{card}:{kind}", label))
    return out


def _oncard_act(ctx: Ctx, seat: int, a: Action) -> None:
    put_on_card(ctx, seat, a.args[0], a.args[1])


flow.CARD_TAKEN.add("goods_on_card", _card_taken)
flow.TURN_ACTIONS["oncard"] = (_oncard_options, _oncard_act)
