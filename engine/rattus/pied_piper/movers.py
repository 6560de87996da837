"""Pied Piper cards that move things: Emperor (walls), Nun (nuns), Bishop (bishops), Courier
(two cubes change places) and the Pied Piper (a cube leads rats to a neighbour).

Every ability is usable once per turn before the plague moves and in the final round alike.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ...core import MAX_OPTIONS, Action, Pick
from ...text import N_, Msg, Seat, msg, plural
from .. import board, cards, steps
from ..cards import chain_step, push_chain
from ..state import COLOURS, Ctx, Frame, State
from ..texts import action, group
from . import pieces


def _one_more(s: State, f: Frame, piece: int, kind: str, total: int) -> None:
    """One of a card's ``total`` pieces has been placed or moved: unless every one has, the
    card asks again (``kind``) for the others, with no way back now."""
    moved = [*f["moved"], piece]
    if len(moved) < total:
        nxt = push_chain(s, kind, f["seat"], f["card"], moved=moved)
        nxt["back"] = False


def _follow_on(s: State, f: Frame, kind: str, card: str, **params: object) -> Frame:
    """The next frame of a chain, offering "back" only if the chain has changed nothing yet."""
    nxt = push_chain(s, kind, f["seat"], card, **params)
    nxt["back"] = f["back"]
    return nxt


def _done(moved: list[int]) -> list[Action]:
    return [action("done", msg("Done: leave the rest where they are"))] if moved else []


def _settled(ctx: Ctx, f: Frame, a: Action, pick: str, arrange: steps.Act) -> bool:
    """The answer to a piece mover's "which piece?" (its frame ends): "done", or where all the
    pieces stand at the end (an answer to its pick of kind ``pick``, carried out by
    ``arrange``), settles the card; otherwise (False) it names one piece to move next."""
    steps.pop(ctx.s, f)
    if a.kind == "done":
        return True
    if a.kind != pick:
        return False
    arrange(ctx, f, a)
    return True


def _rearranged(spots: list[Any], wanted: dict[Any, int]) -> list[tuple[int, Any]]:
    """(piece, its new place) for each piece that moves so that the pieces stand as wanted:
    a piece already in a wanted place stays; the others (those on the board first, then
    those from the box) go to the places still wanted."""
    need = dict(wanted)
    kept: set[int] = set()
    for i, spot in enumerate(spots):
        if spot is not None and need.get(spot, 0) > 0:
            need[spot] -= 1
            kept.add(i)
    placed = [i for i, spot in enumerate(spots) if i not in kept and spot is not None]
    boxed = [i for i, spot in enumerate(spots) if spot is None]
    places = [place for place, n in need.items() for _ in range(n)]
    return list(zip([*placed, *boxed], places, strict=False))


# Emperor: re-place any or all of the 3 walls, each at most once per use.


def _edge_name(e: list[str]) -> Msg:
    return msg("{first} and {second}", first=board.said(e[0]), second=board.said(e[1]))


def _free_edges(s: State) -> list[list[str]]:
    walls = pieces.pieces(s)["walls"]
    return [e for e in pieces.all_edges(s) if e not in walls]


def _emperor_usable(s: State, seat: int) -> bool:
    return bool(_free_edges(s))


def _emperor_start(ctx: Ctx, seat: int) -> None:
    push_chain(ctx.s, "emperor_wall", seat, "emperor", moved=[])


cards.anytime("emperor", _emperor_usable, _emperor_start)


def _emperor_wall_options(s: State, f: Frame) -> list[Action]:
    moved = f["moved"]
    out = _done(moved)
    if not _free_edges(s):
        return out
    walls = pieces.pieces(s)["walls"]
    if any(w is None for i, w in enumerate(walls) if i not in moved):
        out.append(action("wall:box", msg("Place a wall from the box")))
    for i, w in enumerate(walls):
        if w is not None and i not in moved:
            label = msg("Move the wall between {edge}", edge=_edge_name(w))
            out.append(action(f"wall:{w[0]}:{w[1]}", label))
    return out


def _edge_code(e: list[str]) -> str:
    return f"{e[0]}_{e[1]}"


def _emperor_pick(s: State, f: Frame) -> Pick | None:
    """The first question of a use may be answered with where all the walls stand at the
    end (``walls:gallia_italia1-anglia_scandia1``): the walls already on the board come
    first, then the free borders, as many as one list holds."""
    if f["moved"] or not _free_edges(s):
        return None
    walls = [w for w in pieces.pieces(s)["walls"] if w is not None]
    groups = tuple(
        group(_edge_code(e), msg("Between {edge}", edge=_edge_name(e)), 1)
        for e in [*walls, *_free_edges(s)][:MAX_OPTIONS]
    )
    return Pick("walls", len(walls), pieces.WALLS, groups)


def _emperor_arrange(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    pick = _emperor_pick(s, f)
    assert pick is not None, "a walls answer comes from the pick"
    edges = {_edge_code(e): e for e in pieces.all_edges(s)}
    wanted = {tuple(edges[code]): n for code, n in pick.parse(a.notation).items()}
    walls = pieces.pieces(s)["walls"]
    spots = [None if w is None else tuple(w) for w in walls]
    for wall, new in _rearranged(spots, wanted):
        old, walls[wall] = walls[wall], list(new)
        _say_wall(ctx, f["seat"], old, walls[wall])


def _say_wall(ctx: Ctx, seat: int, old: list[str] | None, new: list[str]) -> None:
    if old is None:
        ctx.did(
            seat,
            "emperor",
            msg("{player} (Emperor) placed a wall between {edge}.", edge=_edge_name(new)),
            edge=new,
        )
    else:
        ctx.did(
            seat,
            "emperor",
            msg(
                "{player} (Emperor) moved the wall between {old} to between {edge}.",
                old=_edge_name(old),
                edge=_edge_name(new),
            ),
            edge=new,
            old=old,
        )


def _emperor_wall_act(ctx: Ctx, f: Frame, a: Action) -> None:
    if _settled(ctx, f, a, "walls", _emperor_arrange):
        return
    s = ctx.s
    walls = pieces.pieces(s)["walls"]
    if a.args[0] == "box":
        wall = next(i for i, w in enumerate(walls) if w is None and i not in f["moved"])
    else:
        wall = walls.index(list(a.args))
    _follow_on(s, f, "emperor_region", "emperor", moved=f["moved"], wall=wall)


def _emperor_region_options(s: State, f: Frame) -> list[Action]:
    free = _free_edges(s)
    return [
        action(f"region:{r}", msg("On a border of {region}", region=board.said(r)))
        for r in s.regions
        if any(r in e for e in free)
    ]


def _emperor_region_act(ctx: Ctx, f: Frame, a: Action) -> None:
    steps.pop(ctx.s, f)
    _follow_on(
        ctx.s, f, "emperor_edge", "emperor", moved=f["moved"], wall=f["wall"], region=a.args[0]
    )


def _emperor_edge_options(s: State, f: Frame) -> list[Action]:
    region = f["region"]
    free = _free_edges(s)
    return [
        action(f"border:{n}", msg("Between {edge}", edge=_edge_name([region, n])))
        for n in s.regions
        if pieces.edge(region, n) in free
    ]


def _emperor_edge_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    walls = pieces.pieces(s)["walls"]
    old = walls[f["wall"]]
    new = pieces.edge(f["region"], a.args[0])
    walls[f["wall"]] = new
    _say_wall(ctx, f["seat"], old, new)
    _one_more(s, f, f["wall"], "emperor_wall", pieces.WALLS)


chain_step(
    "emperor_wall",
    _emperor_wall_options,
    _emperor_wall_act,
    lambda s, f: (
        msg(
            "Emperor: tick the borders where the walls stand when you are done, or choose one "
            "wall to place or move."
        )
        if not f["moved"]
        else msg("Emperor: place or move another wall, or stop here.")
    ),
    pick=_emperor_pick,
)
chain_step(
    "emperor_region",
    _emperor_region_options,
    _emperor_region_act,
    lambda s, f: msg("Emperor: the wall goes on a border of which region?"),
)
chain_step(
    "emperor_edge",
    _emperor_edge_options,
    _emperor_edge_act,
    lambda s, f: msg(
        "Emperor: between {region} and which neighbour?", region=board.said(f["region"])
    ),
)


# Nun and Bishop: pieces set freely in any region in use.


PIECE_TEXTS: dict[str, dict[str, str]] = {
    "nun": {
        "place": N_("Place a nun from the box"),
        "move": N_("Move the nun in {region}"),
        "set": N_("Set the nun in {region}"),
        "placed": N_("{player} (Nun) placed a nun in {region}."),
        "moved": N_("{player} (Nun) moved a nun from {old} to {region}."),
        "where": N_("Nun: into which region?"),
    },
    "bishop": {
        "place": N_("Place a bishop from the box"),
        "move": N_("Move the bishop in {region}"),
        "set": N_("Set the bishop in {region}"),
        "placed": N_("{player} (Bishop) placed a bishop in {region}."),
        "moved": N_("{player} (Bishop) moved a bishop from {old} to {region}."),
        "where": N_("Bishop: into which region?"),
    },
}
"""The texts of the pieces set freely in any region, by piece."""


def _piece_sources(spots: list[str | None], moved: list[int], noun: str) -> list[Action]:
    """One action per place holding a piece not yet moved in this use: "<noun>:box" or
    "<noun>:<region>" (pieces in one place are alike)."""
    out = []
    seen: set[str | None] = set()
    for i, r in enumerate(spots):
        if i in moved or r in seen:
            continue
        seen.add(r)
        texts = PIECE_TEXTS[noun]
        label = msg(texts["place"]) if r is None else msg(texts["move"], region=board.said(r))
        out.append(action(f"{noun}:{r or 'box'}", label))
    return out


def _piece_index(spots: list[str | None], moved: list[int], where: str) -> int:
    spot = None if where == "box" else where
    return next(i for i, r in enumerate(spots) if r == spot and i not in moved)


def _piece_targets(s: State, current: str | None, noun: str) -> list[Action]:
    return [
        action(f"to:{r}", msg(PIECE_TEXTS[noun]["set"], region=board.said(r)))
        for r in s.regions
        if r != current
    ]


def _to_step(noun: str, pile: str, act: steps.Act) -> None:
    """The chain step asking where the frame's piece goes (``noun``: its index in ``pile``)."""
    chain_step(
        f"{noun}_to",
        lambda s, f: _piece_targets(s, pieces.pieces(s)[pile][f[noun]], noun),
        act,
        lambda s, f: msg(PIECE_TEXTS[noun]["where"]),
    )


def _elsewhere(s: State, seat: int) -> bool:
    """A piece set freely may go elsewhere: the board has another region."""
    return len(s.regions) > 1


def _say_piece(ctx: Ctx, f: Frame, noun: str, old: str | None, new: str) -> None:
    texts, player, region = PIECE_TEXTS[noun], Seat(f["seat"]), board.said(new)
    if old is None:
        ctx.say(noun, msg(texts["placed"], player=player, region=region), region=new)
    else:
        ctx.say(
            noun,
            msg(texts["moved"], player=player, old=board.said(old), region=region),
            region=new,
            old=old,
        )


def _nun_start(ctx: Ctx, seat: int) -> None:
    push_chain(ctx.s, "nun_pick", seat, "nun", moved=[])


cards.anytime("nun", _elsewhere, _nun_start)


def _nun_pick_options(s: State, f: Frame) -> list[Action]:
    moved = f["moved"]
    return _done(moved) + _piece_sources(pieces.pieces(s)["nuns"], moved, "nun")


def _nun_pick(s: State, f: Frame) -> Pick | None:
    """The first question of a use may be answered with where all the nuns stand at the end
    (``nuns:gallia2-italia1``); nuns on the board stay on it."""
    if f["moved"]:
        return None
    nuns = pieces.pieces(s)["nuns"]
    groups = tuple(
        group(
            r,
            plural(
                "{region} ({n} nun there now)",
                "{region} ({n} nuns there now)",
                pieces.nuns_in(s, r),
                region=board.said(r),
            ),
            pieces.NUNS,
            item=msg("nun"),
            place=board.said(r),
        )
        for r in s.regions
    )
    return Pick("nuns", sum(1 for r in nuns if r is not None), pieces.NUNS, groups)


def _nun_arrange(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    pick = _nun_pick(s, f)
    assert pick is not None, "a nuns answer comes from the pick"
    nuns = pieces.pieces(s)["nuns"]
    for nun, new in _rearranged(list(nuns), pick.parse(a.notation)):
        old, nuns[nun] = nuns[nun], new
        _say_piece(ctx, f, "nun", old, new)


def _nun_pick_act(ctx: Ctx, f: Frame, a: Action) -> None:
    if _settled(ctx, f, a, "nuns", _nun_arrange):
        return
    nun = _piece_index(pieces.pieces(ctx.s)["nuns"], f["moved"], a.args[0])
    _follow_on(ctx.s, f, "nun_to", "nun", moved=f["moved"], nun=nun)


def _nun_to_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    nuns = pieces.pieces(s)["nuns"]
    old, nuns[f["nun"]] = nuns[f["nun"]], a.args[0]
    _say_piece(ctx, f, "nun", old, a.args[0])
    _one_more(s, f, f["nun"], "nun_pick", pieces.NUNS)


chain_step(
    "nun_pick",
    _nun_pick_options,
    _nun_pick_act,
    lambda s, f: (
        msg("Nun: tick where the nuns stand when you are done, or choose one nun to place or move.")
        if not f["moved"]
        else msg("Nun: place or move another nun, or stop here.")
    ),
    pick=_nun_pick,
)
_to_step("nun", "nuns", _nun_to_act)


def _bishop_start(ctx: Ctx, seat: int) -> None:
    s = ctx.s
    bishops = pieces.pieces(s)["bishops"]
    if None in bishops:
        push_chain(s, "bishop_to", seat, "bishop", bishop=bishops.index(None))
    else:
        push_chain(s, "bishop_pick", seat, "bishop")


cards.anytime("bishop", _elsewhere, _bishop_start)


def _bishop_pick_act(ctx: Ctx, f: Frame, a: Action) -> None:
    steps.pop(ctx.s, f)
    bishop = _piece_index(pieces.pieces(ctx.s)["bishops"], [], a.args[0])
    _follow_on(ctx.s, f, "bishop_to", "bishop", bishop=bishop)


def _bishop_to_act(ctx: Ctx, f: Frame, a: Action) -> None:
    steps.pop(ctx.s, f)
    bishops = pieces.pieces(ctx.s)["bishops"]
    old, bishops[f["bishop"]] = bishops[f["bishop"]], a.args[0]
    _say_piece(ctx, f, "bishop", old, a.args[0])


chain_step(
    "bishop_pick",
    lambda s, f: _piece_sources(pieces.pieces(s)["bishops"], [], "bishop"),
    _bishop_pick_act,
    lambda s, f: msg("Bishop: which bishop do you move?"),
)
_to_step("bishop", "bishops", _bishop_to_act)


# Courier: two cubes of different colours in different regions change places.


def _cubes_on_board(s: State) -> list[tuple[str, int]]:
    return [(r, p) for r in s.regions for p in range(s.players) if s.cubes[r][p] > 0]


def _partners(
    s: State, region: str, seat: int, cubes: list[tuple[str, int]] | None = None
) -> list[tuple[str, int]]:
    on_board = _cubes_on_board(s) if cubes is None else cubes
    return [(r, p) for r, p in on_board if r != region and p != seat]


def _courier_choices(s: State, f: Frame) -> list[tuple[str, int]]:
    first = f["first"]
    cubes = _cubes_on_board(s)
    if first is None:
        return [(r, p) for r, p in cubes if _partners(s, r, p, cubes)]
    return _partners(s, first[0], first[1], cubes)


def _courier_usable(s: State, seat: int) -> bool:
    cubes = _cubes_on_board(s)
    return any(r != r2 and p != p2 for r, p in cubes for r2, p2 in cubes)


cards.anytime("courier", _courier_usable, cards.starting("courier_region", "courier", first=None))


def _courier_region_options(s: State, f: Frame) -> list[Action]:
    first = f["first"] is None
    regions = {r for r, _ in _courier_choices(s, f)}
    return [
        action(f"from:{r}", msg("A cube in {region}", region=board.said(r)))
        if first
        else action(f"with:{r}", msg("Swap with a cube in {region}", region=board.said(r)))
        for r in s.regions
        if r in regions
    ]


def _courier_region_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    region = a.args[0]
    seats = [p for r, p in _courier_choices(s, f) if r == region]
    if len(seats) == 1:
        _courier_chose(ctx, f, region, seats[0])
    else:
        _follow_on(s, f, "courier_cube", "courier", first=f["first"], region=region)


def _courier_cube_options(s: State, f: Frame) -> list[Action]:
    region = f["region"]
    return [
        action(
            f"cube:{COLOURS[p]}",
            msg(
                "A cube of {player}'s ({n} of theirs there)",
                player=Seat(p),
                n=s.cubes[region][p],
            ),
        )
        for r, p in _courier_choices(s, f)
        if r == region
    ]


def _courier_cube_act(ctx: Ctx, f: Frame, a: Action) -> None:
    steps.pop(ctx.s, f)
    _courier_chose(ctx, f, f["region"], COLOURS.index(a.args[0]))


def _courier_chose(ctx: Ctx, f: Frame, region: str, seat: int) -> None:
    s = ctx.s
    if f["first"] is None:
        _follow_on(s, f, "courier_region", "courier", first=[region, seat])
        return
    first_region, first_seat = f["first"]
    board.move_cubes(s, first_seat, first_region, region, 1)
    board.move_cubes(s, seat, region, first_region, 1)
    ctx.did(
        f["seat"],
        "courier",
        msg(
            "{player} (Courier) swapped a cube of {first} in {first_region} with a cube of "
            "{second} in {second_region}.",
            first=Seat(first_seat),
            first_region=board.said(first_region),
            second=Seat(seat),
            second_region=board.said(region),
        ),
        regions=[first_region, region],
        seats=[first_seat, seat],
    )


chain_step(
    "courier_region",
    _courier_region_options,
    _courier_region_act,
    lambda s, f: (
        msg("Courier: the first cube stands in which region?")
        if f["first"] is None
        else msg(
            "Courier: swap the cube from {region} with a cube in which region?",
            region=board.said(f["first"][0]),
        )
    ),
)
chain_step(
    "courier_cube",
    _courier_cube_options,
    _courier_cube_act,
    lambda s, f: msg("Courier: which colour of cube in {region}?", region=board.said(f["region"])),
)


# Pied Piper: one own cube to a neighbour, leading as many rats from its old region as fit.


def _piper_sources(s: State, seat: int) -> list[str]:
    return [r for r in s.regions if s.cubes[r][seat] > 0 and board.neighbours(s, r)]


def _followers(s: State, source: str, target: str) -> int:
    """How many rats can follow a cube from source into target."""
    if target not in board.neighbours(s, source, crossing="rat"):
        return 0
    if not board.can_take_rat(s, target):
        return 0
    return min(len(s.rats[source]), board.MAX_RATS - len(s.rats[target]))


def _rats_word(n: int) -> Msg:
    return msg("no rat") if n == 0 else plural("{n} rat", "{n} rats", n)


def _piper_from_act(ctx: Ctx, f: Frame, a: Action) -> None:
    steps.pop(ctx.s, f)
    _follow_on(ctx.s, f, "piper_to", "pied_piper", source=a.args[0])


def _piper_to_options(s: State, f: Frame) -> list[Action]:
    source = f["source"]
    return [
        action(
            f"to:{n}",
            msg(
                "To {region} ({rats} follow)",
                region=board.said(n),
                rats=_rats_word(_followers(s, source, n)),
            ),
        )
        for n in board.neighbours(s, source)
    ]


def _piper_to_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    source, target = f["source"], a.args[0]
    follow = _followers(s, source, target)
    if 0 < follow < len(s.rats[source]):
        _follow_on(s, f, "piper_lead", "pied_piper", source=source, target=target, n=follow)
    else:
        _piper_move(ctx, f["seat"], source, target, list(range(1, follow + 1)))


def _piper_lead_options(s: State, f: Frame) -> list[Action]:
    count = len(s.rats[f["source"]])
    where = board.said(f["source"])
    out = []
    for slots in combinations(range(1, count + 1), f["n"]):
        if len(slots) == 1:
            label = msg(
                "Rat {number} of {n} in {region} follow", number=slots[0], n=count, region=where
            )
        else:  # at most 2 rats are left behind: 2 of 3 follow at most
            label = msg(
                "Rats {first} and {second} of {n} in {region} follow",
                first=slots[0],
                second=slots[1],
                n=count,
                region=where,
            )
        out.append(action("lead:" + ":".join(str(i) for i in slots), label))
    return out


def _piper_lead_act(ctx: Ctx, f: Frame, a: Action) -> None:
    steps.pop(ctx.s, f)
    _piper_move(ctx, f["seat"], f["source"], f["target"], [int(i) for i in a.args])


def _piper_move(ctx: Ctx, seat: int, source: str, target: str, slots: list[int]) -> None:
    s = ctx.s
    board.move_cubes(s, seat, source, target, 1)
    led = [s.rats[source][i - 1] for i in slots]
    for token in led:
        s.rats_at(source).remove(token)
        s.rats_at(target).append(token)
    ctx.did(
        seat,
        "pied_piper",
        msg(
            "{player} (Pied Piper) moved a cube from {source} to {target} and led {rats} along.",
            source=board.said(source),
            target=board.said(target),
            rats=_rats_word(len(led)),
        ),
        source=source,
        target=target,
        rats=len(led),
    )


cards.region_first(
    cards.RegionFirst(
        "pied_piper",
        "piper_from",
        _piper_sources,
        lambda s, f, r: action(
            f"from:{r}",
            msg(
                "A cube from {region} ({rats} there)",
                region=board.said(r),
                rats=_rats_word(len(s.rats[r])),
            ),
        ),
    ),
    _piper_from_act,
    lambda s, f: msg("Pied Piper: move one of your cubes from which region?"),
)
chain_step(
    "piper_to",
    _piper_to_options,
    _piper_to_act,
    lambda s, f: msg(
        "Pied Piper: lead the cube from {region} to which neighbour?",
        region=board.said(f["source"]),
    ),
)
chain_step(
    "piper_lead",
    _piper_lead_options,
    _piper_lead_act,
    lambda s, f: msg("Pied Piper: only {rats} can follow; which?", rats=_rats_word(f["n"])),
)
