"""What a Rattus computer player reasons about: a small table of the pieces it can see.

``Table`` is built either from a view (the seat's real decision) or from a whole game (inside
a search, where the game is one of the sampled possibilities). Either way it holds only what
the seat could see: face-down fronts it has not seen stay unknown and count as an average
token of the set.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, TypeVar

from ..rattus import data
from ..rattus.sampling import token_section
from ..rattus.state import State

Front = dict[str, Any]
T = TypeVar("T")
MAX_PEOPLE = 40


@dataclass(frozen=True)
class Average:
    """Expected effects of one unseen token by the number of people it meets."""

    outbreak: tuple[float, ...]  # chance it breaks out
    majority: tuple[float, ...]  # expected M symbols that break out
    all: tuple[float, ...]
    classes: tuple[dict[str, float], ...]  # expected symbols of each class that break out


@cache
def average(section: str) -> Average:
    fronts = [t.front() for t in data.tokens(section)]
    n = len(fronts)
    out, maj, all_, cls = [], [], [], []
    for people in range(MAX_PEOPLE + 1):
        hit = [f for f in fronts if people >= f["limit"]]
        out.append(len(hit) / n)
        maj.append(sum(f["majority"] for f in hit) / n)
        all_.append(sum(f["all"] for f in hit) / n)
        per: dict[str, float] = {}
        for f in hit:
            for c in f["classes"]:
                per[c] = per.get(c, 0.0) + 1 / n
        cls.append(per)
    return Average(tuple(out), tuple(maj), tuple(all_), tuple(cls))


@dataclass
class Table:
    players: int
    seat: int
    regions: list[str]
    cubes: dict[str, list[int]]
    rats: dict[str, list[Front | None]]  # region -> fronts the seat knows, None when unseen
    plague: str
    hands: list[list[str]]
    supply: list[int]
    palace: list[int]
    rat_supply: int
    section: str
    turning: Front | None  # the token turned over that waits for answers, if any
    shared: dict[tuple[Any, ...], Any] | None = field(default=None, repr=False, compare=False)
    """Numbers worked out on any table of one search (``across``), or None."""
    _known: dict[tuple[Any, ...], list[Any]] = field(
        init=False, default_factory=dict, repr=False, compare=False
    )
    """Answers already worked out for this table (a rule of thumb asks the same ones for
    every option it weighs; a table is built for one decision and never changes)."""

    @property
    def held(self) -> list[dict[str, int]]:
        """Class cards per seat, counted by class (counted when first asked)."""
        found = self._known.get(("held",))
        if found is None:
            found = self._known[("held",)] = class_counts(self.hands)
        return found

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Table:
        players = int(view["players_count"])
        regions = [r for r, e in view["regions"].items() if e["in_use"]]
        return cls(
            players=players,
            seat=int(view["seat"]),
            regions=regions,
            cubes={
                r: [int(view["regions"][r]["cubes"].get(str(p), 0)) for p in range(players)]
                for r in regions
            },
            rats={r: [s["known"] for s in view["regions"][r]["slots"]] for r in regions},
            plague=str(view["plague"]),
            hands=[list(p["cards"]) for p in view["players"]],
            supply=[int(p["cubes_supply"]) for p in view["players"]],
            palace=[int(p["palace"]) for p in view["players"]],
            rat_supply=int(view["rat_supply"]),
            section=token_section(view["expansions"]),
            turning=view.get("turning"),
        )

    @classmethod
    def from_state(
        cls, s: State, seat: int, shared: dict[tuple[Any, ...], Any] | None = None
    ) -> Table:
        # the fields in order, without their names (a look-ahead builds one every decision)
        return cls(
            s.players,
            seat,
            s.regions,
            s.cubes,
            _Fronts(s, seat),
            s.plague,
            s.hands,
            s.supply,
            s.palace,
            len(s.rat_supply),
            token_section(s.expansions),
            _turning(s),
            shared,
        )

    def across(self, key: tuple[Any, ...], work: Callable[[], T]) -> T:
        """``work()`` the first time any table of the search asks ``key``, then its answer
        again (a search's games share their public pieces, and most regions stay as they were
        from one decision to the next). ``key`` must hold all the answer depends on besides
        the token set (``region_key``, ``hand_key``); a table without ``shared`` works it out."""
        shared = self.shared
        if shared is None:
            return work()
        if key in shared:
            known: T = shared[key]
            return known
        found = shared[key] = work()
        return found

    def region_key(self, region: str) -> tuple[Any, ...]:
        """The region as the seat sees it: its cubes and the fronts the seat knows (by
        identity: a search's games share their token fronts, and keep them while it runs)."""
        key = ("region key", region)
        found = self._known.get(key)
        if found is None:
            found = self._known[key] = [
                (region, tuple(self.cubes[region]), tuple(map(id, self.rats[region])))
            ]
        return tuple(found[0])

    def hand_key(self, seat: int | None = None) -> tuple[Any, ...]:
        """The seat's hand (every seat's if None), in order: the order classes are counted
        in (``held``) is the order losses add up."""
        key = ("hand key", seat)
        found = self._known.get(key)
        if found is None:
            hands = self.hands if seat is None else [self.hands[seat]]
            found = self._known[key] = [tuple(tuple(h) for h in hands)]
        return tuple(found[0])

    def neighbours(self, region: str) -> list[str]:
        key = ("neighbours", region)
        found = self._known.get(key)
        if found is None:
            in_use = set(self.regions)
            found = self._known[key] = [
                n for n in data.board_map().neighbours(region) if n in in_use
            ]
        return list(found)

    def near_plague(self, region: str) -> bool:
        """Whether the region neighbours the plague's (``neighbours``, asked once a table)."""
        key = ("near plague",)
        found = self._known.get(key)
        if found is None:
            found = self._known[key] = [frozenset(self.neighbours(self.plague))]
        return region in found[0]

    def standing(self) -> list[int]:
        """Each seat's cubes on the board and in the palace."""
        found = self._known.get(("standing",))
        if found is None:
            found = self._known[("standing",)] = [
                self.palace[p] + sum(self.cubes[r][p] for r in self.regions)
                for p in range(self.players)
            ]
        return list(found)

    def others_leading(self) -> list[tuple[int, bool]]:
        """(seat, whether it stands at least as high as every seat but the table's own) for
        each seat but the table's own, in seat order (``standing``)."""
        found = self._known.get(("leading",))
        if found is None:
            standing, seat = self.standing(), self.seat
            best_other = max(standing[:seat] + standing[seat + 1 :])
            found = self._known[("leading",)] = [
                (p, standing[p] >= best_other) for p in range(self.players) if p != seat
            ]
        return found

    def loss(self, region: str, extra: Sequence[int] = (), bonus: int = 0) -> float:
        """``losses(...)[seat]``: what the table's own seat is expected to lose there."""
        key = ("loss", region, tuple(extra), bonus)
        found = self._known.get(key)
        if found is None:
            cubes = list(self.cubes[region])
            for p, n in enumerate(extra):
                cubes[p] += n
            avg = average(self.section)
            lost = expected_loss(cubes, self.rats[region], self.held, avg, self.seat, bonus)
            self._known[key] = [lost]
            return lost
        return float(found[0])

    def place_losses(self, region: str, n: int) -> tuple[float, float]:
        """(``loss(region)``, the same with ``n`` more cubes of the table's own seat): its
        expected loss there now and after placing them (the same sums, worked out together)."""
        cubes = self.cubes[region]
        fronts = self.rats[region]
        if not fronts:
            return 0.0, 0.0
        seat = self.seat
        held = self.held[seat]
        avg = average(self.section)
        mine = cubes[seat]
        total = sum(cubes)
        top = max(cubes)
        people = min(MAX_PEOPLE, total)
        before = (
            min(float(mine), _seat_loss(mine, top, people, fronts, held, avg))
            if mine and people
            else 0.0
        )
        after = mine + n
        people = min(MAX_PEOPLE, total + n)
        if after == 0 or people == 0:
            return before, 0.0
        top = max(top, after)
        return before, min(float(after), _seat_loss(after, top, people, fronts, held, avg))

    def losses(self, region: str, extra: Sequence[int] = (), bonus: int = 0) -> list[float]:
        """Expected cubes each seat loses if the region is ravaged now (``extra`` cubes added
        per seat first)."""
        key = (region, tuple(extra), bonus)
        found = self._known.get(key)
        if found is None:

            def work() -> list[float]:
                cubes = list(self.cubes[region])
                for p, n in enumerate(extra):
                    cubes[p] += n
                return expected_losses(
                    cubes, self.rats[region], self.held, average(self.section), bonus
                )

            shared = ("losses", *key, self.region_key(region), self.hand_key())
            found = self._known[key] = self.across(shared, work)
        return list(found)


class _Fronts(dict[str, list[Front | None]]):
    """Region -> the fronts of its rats as the seat knows them (None when unseen), worked
    out for a region when first asked: a rule of thumb looks at a few regions, and a table
    is built for every decision of a look-ahead."""

    def __init__(self, s: State, seat: int) -> None:
        super().__init__()
        self.s = s
        self.seat = seat

    def __missing__(self, region: str) -> list[Front | None]:
        s, seat = self.s, self.seat
        known, face_up, tokens = s.known, s.face_up, s.tokens
        fronts = self[region] = [
            tokens[t] if seat in known.get(t, ()) or t in face_up else None for t in s.rats[region]
        ]
        return fronts


def _turning(s: State) -> Front | None:
    for frame in reversed(s.stack):
        pending = frame.get("pending") if frame["kind"] == "ravage" else None
        if pending is not None:
            front: Front = s.tokens[pending["token"]]
            return front
    return None


def class_counts(hands: Sequence[Sequence[str]]) -> list[dict[str, int]]:
    cards = data.cards()
    out: list[dict[str, int]] = []
    for hand in hands:
        per: dict[str, int] = {}
        for c in hand:
            per[cards[c].cls] = per.get(cards[c].cls, 0) + 1
        out.append(per)
    return out


def expected_losses(
    cubes: Sequence[int],
    fronts: Sequence[Front | None],
    held: Sequence[dict[str, int]],
    avg: Average,
    bonus: int = 0,
) -> list[float]:
    """Expected cubes each seat loses when these tokens are revealed among these cubes.

    Known fronts count exactly, unseen ones as the set's average; every token meets the
    people there before any of them is removed (a quick estimate, not the exact sequence)."""
    players = len(cubes)
    people = min(MAX_PEOPLE, sum(cubes) + bonus)
    if not fronts or people == 0:
        return [0.0] * players
    top = max(cubes)
    loss = [0.0] * players
    unseen: list[float] | None = None  # what an unseen token costs each seat (all alike)
    for front in fronts:
        if front is None:
            if unseen is None:
                unseen = _hits(
                    cubes, top, held, avg.majority[people], avg.all[people], avg.classes[people]
                )
            for p in range(players):
                if cubes[p]:
                    loss[p] += unseen[p]
        elif people >= front["limit"]:
            for p, mine in enumerate(cubes):
                if mine:
                    loss[p] += _known_hit(front, mine == top, held[p])
    return [min(float(cubes[p]), loss[p]) for p in range(players)]


def expected_loss(
    cubes: Sequence[int],
    fronts: Sequence[Front | None],
    held: Sequence[dict[str, int]],
    avg: Average,
    seat: int,
    bonus: int = 0,
) -> float:
    """``expected_losses(...)[seat]``, worked out for that seat alone (the same sums in the
    same order, so the very same number)."""
    mine = cubes[seat]
    people = min(MAX_PEOPLE, sum(cubes) + bonus)
    if not fronts or people == 0 or mine == 0:
        return 0.0
    return min(float(mine), _seat_loss(mine, max(cubes), people, fronts, held[seat], avg))


def _seat_loss(
    mine: int,
    top: int,
    people: int,
    fronts: Sequence[Front | None],
    held: dict[str, int],
    avg: Average,
) -> float:
    """What these tokens cost a seat with ``mine`` cubes (not none) among ``people``, before
    the cap at ``mine``."""
    loss = 0.0
    unseen: float | None = None
    lead = mine == top
    for front in fronts:
        if front is None:
            if unseen is None:
                unseen = _hit(
                    mine, top, held, avg.majority[people], avg.all[people], avg.classes[people]
                )
            loss += unseen
        elif people >= front["limit"]:
            loss += _known_hit(front, lead, held)
    return loss


def _known_hit(front: Front, lead: bool, held: dict[str, int]) -> int:
    """What one known token costs a seat with cubes there: ``_hit`` of its front, in whole
    numbers (so added up in any order, the same)."""
    hit: int = front["all"] + (front["majority"] if lead else 0)
    for c in front["classes"]:
        hit += held.get(c, 0)
    return hit


def _hit(
    mine: int, top: int, held: dict[str, int], m: float, a: float, per_class: dict[str, float]
) -> float:
    """What one token with these effects costs a seat with ``mine`` cubes there (not none)."""
    hit = a + (m if mine == top else 0.0)
    for c, n in held.items():
        hit += per_class.get(c, 0.0) * n
    return hit


def _hits(
    cubes: Sequence[int],
    top: int,
    held: Sequence[dict[str, int]],
    m: float,
    a: float,
    per_class: dict[str, float],
) -> list[float]:
    """What one token with these effects costs each seat with cubes there."""
    return [
        _hit(mine, top, held[p], m, a, per_class) if mine else 0.0 for p, mine in enumerate(cubes)
    ]
