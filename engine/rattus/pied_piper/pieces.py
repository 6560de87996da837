"""Pied Piper's pieces on the board: walls, nuns, bishops, potions, and cubes on the Baker.

The pieces live in ``State.ext["pied_piper"]`` and act on the game only through the board's
hooks: a wall blocks an edge, a bishop keeps rats out, a nun counts one person fewer, a potion
dies instead of its cube, cubes on the Baker are held off the board.
"""

from __future__ import annotations

from typing import Any

from ... import saved
from ...core import Rng
from ...saved import Checker
from .. import board, data
from ..state import Ctx, State, expansion_part
from ..view_types import RattusView

KEY = "pied_piper"
WALLS, NUNS, BISHOPS, POTIONS = 3, 3, 2, 10


pieces, on = expansion_part(KEY)


copy = saved.shaped(
    {
        "walls": lambda walls: [None if w is None else w[:] for w in walls],
        "nuns": saved.flat,
        "bishops": saved.flat,
        "potions": lambda potions: {r: dict(per) for r, per in potions.items()},
        "baker": saved.flat,
    }
)
"""How a copy of the pieces is made (``State.EXT_COPY``)."""


def setup(s: State, rng: Rng) -> None:
    s.ext[KEY] = {
        "walls": [None] * WALLS,  # each None or [a, b] with a < b
        "nuns": [None] * NUNS,  # each None or a region
        "bishops": [None] * BISHOPS,
        "potions": {},  # region -> {seat as text: potions on that seat's cubes there}
        "baker": [0] * s.players,  # cubes each seat has on the Baker card
    }


def edge(a: str, b: str) -> list[str]:
    return [a, b] if a < b else [b, a]


def walled(s: State, a: str, b: str) -> bool:
    return edge(a, b) in pieces(s)["walls"]


def nuns_in(s: State, region: str) -> int:
    return sum(1 for r in pieces(s)["nuns"] if r == region)


def bishops_in(s: State, region: str) -> int:
    return sum(1 for r in pieces(s)["bishops"] if r == region)


def potions_of(s: State, seat: int, region: str) -> int:
    return int(pieces(s)["potions"].get(region, {}).get(str(seat), 0))


def potions_left(s: State) -> int:
    used = sum(int(n) for per in pieces(s)["potions"].values() for n in per.values())
    return POTIONS - used


def add_potion(s: State, seat: int, region: str, n: int = 1) -> None:
    per = pieces(s)["potions"].setdefault(region, {})
    per[str(seat)] = per.get(str(seat), 0) + n
    if per[str(seat)] <= 0:
        del per[str(seat)]
    if not per:
        del pieces(s)["potions"][region]


def all_edges(s: State) -> list[list[str]]:
    """Every edge between two regions in use, board order."""
    in_use = set(s.regions)
    return [[e.a, e.b] for e in data.board_map().edges if e.a in in_use and e.b in in_use]


# Hooks (each acts only in games with Pied Piper: ``hooks.Hooks.in_game``)


def _wall_blocks(s: State, a: str, b: str, crossing: str) -> bool:
    return walled(s, a, b)


def _bishop_blocks(s: State, region: str) -> bool:
    return bishops_in(s, region) > 0


def _nuns(s: State, region: str) -> int:
    return -nuns_in(s, region)


def _potion_saves(ctx: Ctx, seat: int, region: str) -> str:
    if potions_of(ctx.s, seat, region) > 0:
        add_potion(ctx.s, seat, region, -1)
        return "potion"
    return ""


def _potions_spare(s: State, seat: int, region: str) -> int:
    return potions_of(s, seat, region)


def _potions_follow(s: State, seat: int, source: str, target: str, n: int) -> None:
    """Potions ride on a player's cubes in a region; when the last of them leaves, they go too
    (into the palace, where no cube dies, they return to the box)."""
    if s.cubes[source][seat] > 0:
        return
    carried = potions_of(s, seat, source)
    if carried:
        add_potion(s, seat, source, -carried)
        if target != board.PALACE:
            add_potion(s, seat, target, carried)


def _on_baker(s: State, seat: int) -> int:
    return int(pieces(s)["baker"][seat])


def view_hook(s: State, seat: int | None, view: RattusView) -> None:
    p = pieces(s)
    view["walls"] = [list(w) for w in p["walls"] if w is not None]
    for region, entry in view["regions"].items():
        if not entry["in_use"]:
            continue
        entry["nuns"] = nuns_in(s, region)
        entry["bishops"] = bishops_in(s, region)
        entry["potions"] = dict(p["potions"].get(region, {}))
    for player in view["players"]:
        player["baker"] = int(p["baker"][player["seat"]])
    view["pieces_left"] = {
        "walls": sum(1 for w in p["walls"] if w is None),
        "nuns": sum(1 for r in p["nuns"] if r is None),
        "bishops": sum(1 for r in p["bishops"] if r is None),
        "potions": potions_left(s),
    }


def register_hooks() -> None:
    from .. import views

    board.EDGE_BLOCKERS.add("wall", _wall_blocks)
    board.RAT_BLOCKERS.add("bishop", _bishop_blocks)
    board.POPULATION_TERMS.add("nun", _nuns)
    board.LOSS_SAVERS.add("potion", _potion_saves)
    board.LOSS_SPARES.add("potion", _potions_spare)
    board.CUBES_MOVED.add("potions", _potions_follow)
    board.CUBES_HELD.add("baker", _on_baker)
    views.VIEW_HOOKS.add("pied_piper", view_hook)


def check(c: Checker, s: State, t: Any) -> None:
    """Walls on edges between regions in use, nuns and bishops in them, potions on seats."""
    regions = set(s.regions)
    for name, n in (("walls", WALLS), ("nuns", NUNS), ("bishops", BISHOPS)):
        pieces_ = t.get(name) if isinstance(t, dict) else None
        if not c.that(
            isinstance(pieces_, list) and len(pieces_) == n,
            f"pied_piper.{name} should list its {n} pieces",
        ):
            continue
        assert isinstance(pieces_, list)
        for i, where in enumerate(pieces_):
            spot = f"pied_piper.{name}[{i}]"
            if where is None:
                continue
            if name == "walls":
                c.that(
                    isinstance(where, list) and len(where) == 2 and set(where) <= regions,
                    f"{spot} is not an edge between two regions in use",
                )
            else:
                c.that(where in regions, f"{spot} stands in unknown region {where!r}")
    if not isinstance(t, dict):
        return
    c.ints("pied_piper.baker", t.get("baker"), s.players, 0, 20)
    potions: Any = t.get("potions")
    if c.is_type("pied_piper.potions", potions, dict, "a table by region"):
        seats = {str(p) for p in range(s.players)}
        for region, per_seat in potions.items():
            spot = f"pied_piper.potions[{region!r}]"
            c.that(region in regions, f"{spot} names an unknown region")
            if c.is_type(spot, per_seat, dict, "a table by seat"):
                for seat, n in per_seat.items():
                    c.that(seat in seats, f"{spot} names unknown seat {seat!r}")
                    c.is_int(f"{spot}[{seat!r}]", n, 0, POTIONS)
        counts = [n for d in potions.values() if isinstance(d, dict) for n in d.values()]
        total = sum(n for n in counts if type(n) is int)
        c.that(total <= POTIONS, f"pied_piper.potions places {total} potions, more than {POTIONS}")
