"""The board: neighbours, what may cross an edge, cubes and rats, and the hooks expansions fill.

Expansions change the board through the hook lists at the bottom of this module (a wall blocks
an edge, a bishop keeps rats out, a nun lowers the population, a potion saves a cube). The core
calls the hooks and never asks which expansion is on.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ..text import Msg, msg
from . import data
from .hooks import Hooks
from .state import Ctx, State, added

MAX_RATS = 3
PALACE = "palace"


def name(region: str) -> str:
    names = data.board_map().names
    return names[region] if region in names else region.capitalize()


@cache
def said(region: str) -> Msg:
    """The region's name as a text (translated where it is shown; made once per region)."""
    shown = name(region)  # a data-file text (its name) or, for no known region, its id
    return msg(shown)


def rat_said(s: State, region: str, number: int) -> Msg:
    """Rat ``number`` of the rats in ``region``, as a text ("Rat 2 of 3 in Gallia")."""
    return msg(
        "Rat {number} of {n} in {region}", number=number, n=len(s.rats[region]), region=said(region)
    )


def neighbours(s: State, region: str, *, crossing: str = "piece") -> list[str]:
    """Neighbours of a region that are in use and not cut off from it for this kind of crossing,
    in board order.

    ``crossing`` tells hooks what is moving: "piece" (the plague piece, cubes, the caravan),
    "rat" (a rat token). Walls block both. The list may be shared: never change it.
    """
    last = _NEAR[0]
    near = (last[1] if last[0] is s.regions else _near(s.regions))[region]
    blockers = EDGE_BLOCKERS.in_game(s.expansions)
    if not blockers:
        return near
    out = []
    for n in near:
        for blocks in blockers:
            if blocks(s, region, n, crossing):
                break
        else:
            out.append(n)
    return out


_NEAR: list[tuple[list[str], dict[str, list[str]]]] = [([], {})]
"""The regions in use of the latest game asked (``State.regions``, one list shared by every
moment of a game, never changed) and each region's neighbours among them in board order: every
move asks, and they are worked out once per game (the lists are shared, never changed). The
regions in use are those the cubes are keyed by (``validate``)."""


def _near(regions: list[str]) -> dict[str, list[str]]:
    in_use = set(regions)
    adjacency = data.board_map().adjacency
    found = {r: [n for n in near if n in in_use] for r, near in adjacency.items()}
    _NEAR[0] = (regions, found)
    return found


def rat_may_enter(s: State, region: str) -> bool:
    """Whether a rat may come into this region by any means (a bishop forbids it), room
    aside: placing, moving, leading and swapping all ask this."""
    for blocks in RAT_BLOCKERS.in_game(s.expansions):  # noqa: SIM110 (no generator per call)
        if blocks(s, region):
            return False
    return True


def can_take_rat(s: State, region: str) -> bool:
    """Whether a rat may be placed in or moved into this region."""
    return region in s.rats and len(s.rats[region]) < MAX_RATS and rat_may_enter(s, region)


def rat_targets(s: State, region: str) -> list[str]:
    """Where a rat may go from this region: neighbours in use, open edge, room, no ban
    (``can_take_rat`` of each neighbour, the hooks looked up once)."""
    rats = s.rats
    roomy = [n for n in neighbours(s, region, crossing="rat") if len(rats[n]) < MAX_RATS]
    if not RAT_BLOCKERS.in_game(s.expansions):
        return roomy
    return [n for n in roomy if rat_may_enter(s, n)]


def has_rat_target(s: State, region: str) -> bool:
    """Whether a rat may go anywhere from this region (``rat_targets`` is not empty)."""
    return bool(rat_targets(s, region))


def population(s: State, region: str, bonus: int = 0) -> int:
    """People counted against a token's limit: every cube there, plus bonuses, less hook terms."""
    terms = POPULATION_TERMS.in_game(s.expansions)
    return s.cubes_in(region) + bonus + (sum(h(s, region) for h in terms) if terms else 0)


def place_plague(s: State, region: str) -> None:
    """The plague piece stands in ``region`` now; the rats turned over by the last ravage are
    no longer shown."""
    s.plague = region
    s.revealed = []


def add_cubes(s: State, seat: int, region: str, n: int) -> int:
    """Move up to n cubes from the seat's supply to a region; returns how many moved."""
    n = min(n, s.supply[seat])
    s.supply = added(s.supply, seat, -n)
    s.cubes_at(region)[seat] += n
    return n


def move_cubes(s: State, seat: int, source: str, target: str, n: int) -> None:
    """Move n of the seat's cubes from a region to another region or to "palace"."""
    s.cubes_at(source)[seat] -= n
    if target == PALACE:
        s.palace = added(s.palace, seat, n)
    else:
        s.cubes_at(target)[seat] += n
    for hook in CUBES_MOVED.in_game(s.expansions):
        hook(s, seat, source, target, n)


def held_cubes(s: State, seat: int) -> int:
    """Cubes that are neither in the supply, on the board nor in the palace (on a card)."""
    return sum(h(s, seat) for h in CUBES_HELD.in_game(s.expansions))


def lose_cube(ctx: Ctx, seat: int, region: str) -> str:
    """One of the seat's cubes in the region dies. Returns "cube" or what was lost instead."""
    s = ctx.s
    for hook in LOSS_SAVERS.in_game(s.expansions):
        saved = hook(ctx, seat, region)
        if saved:
            return saved
    s.cubes_at(region)[seat] -= 1
    s.supply = added(s.supply, seat, 1)
    for after in CUBE_LOST.in_game(s.expansions):
        after(ctx, seat, region)
    return "cube"


def reachable(s: State, start: str, steps: int) -> list[str]:
    """Regions the plague piece may end on after 1..steps moves, never the start, board order."""
    if steps == 1:  # the usual move: the start's neighbours (never the start itself), which
        # are in board order as the regions in use are (``data.parse_map``, ``validate``)
        return neighbours(s, start)
    seen = {start}
    frontier = [start]
    found: set[str] = set()
    for _ in range(steps):
        nxt = []
        for r in frontier:
            for n in neighbours(s, r):
                if n not in found:
                    found.add(n)
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    found.discard(start)
    return [r for r in s.regions if r in found]


def majority_seats(s: State, region: str) -> list[int]:
    counts = s.cubes[region]
    top = max(counts)
    return [seat for seat, c in enumerate(counts) if c == top] if top > 0 else []


def cards_of_class(s: State, seat: int, cls: str) -> int:
    cards = data.cards()
    return sum(1 for c in s.hands[seat] if cards[c].cls == cls)


# Hooks. Each is empty in the base game; an expansion module adds to them (see hooks.py).
EdgeBlocker = Callable[[State, str, str, str], bool]
EDGE_BLOCKERS: Hooks[EdgeBlocker] = Hooks("edge_blockers", unordered=True)  # any() blocks
"""(state, from, to, crossing) -> True when nothing of that kind may cross."""

RatBlocker = Callable[[State, str], bool]
RAT_BLOCKERS: Hooks[RatBlocker] = Hooks("rat_blockers", unordered=True)  # any() blocks
"""(state, region) -> True when no rat may be placed in or moved into the region."""

PopulationTerm = Callable[[State, str], int]
POPULATION_TERMS: Hooks[PopulationTerm] = Hooks("population_terms", unordered=True)  # summed
"""(state, region) -> a number added to the population counted against token limits."""

LossSaver = Callable[[Ctx, int, str], str]
# A potion is the only thing that dies instead of a cube.
LOSS_SAVERS: Hooks[LossSaver] = Hooks("loss_savers", ("potion",))
"""(ctx, seat, region) -> what was lost instead of the cube ("potion"), or "" if nothing."""

LossSpare = Callable[[State, int, str], int]
LOSS_SPARES: Hooks[LossSpare] = Hooks("loss_spares", unordered=True)  # summed
"""(state, seat, region) -> how many losses ``LOSS_SAVERS`` would absorb there before one of
the seat's cubes dies (potions); forecasts of a rat's effect ask this."""

CubeLost = Callable[[Ctx, int, str], None]
CUBE_LOST: Hooks[CubeLost] = Hooks("cube_lost", ("diplomat",))
"""(ctx, seat, region) -> called after one of the seat's cubes in the region died (not saved)."""

CubesMoved = Callable[[State, int, str, str, int], None]
# Potions and diplomats each follow their own cubes; neither reads the other.
CUBES_MOVED: Hooks[CubesMoved] = Hooks("cubes_moved", unordered=True)
"""(state, seat, from, to, n) -> called after cubes moved between regions or to the palace."""

CubesHeld = Callable[[State, int], int]
CUBES_HELD: Hooks[CubesHeld] = Hooks("cubes_held", unordered=True)  # summed
"""(state, seat) -> cubes of the seat kept off the board and out of the supply (on a card)."""
