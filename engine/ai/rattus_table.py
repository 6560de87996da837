"""What a Rattus computer player reasons about: a small table of the pieces it can see.

``Table`` is built either from a view (the seat's real decision) or from a whole game (inside
a search, where the game is one of the sampled possibilities). Either way it holds only what
the seat could see: face-down fronts it has not seen stay unknown and count as an average
token of the set.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ..rattus import data
from ..rattus.sampling import token_section
from ..rattus.state import State

Front = dict[str, Any]
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
    held: list[dict[str, int]] = field(init=False)  # class cards per seat, counted by class

    def __post_init__(self) -> None:
        self.held = class_counts(self.hands)

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
    def from_state(cls, s: State, seat: int) -> Table:
        def seen(tid: str) -> Front | None:
            return s.tokens[tid] if seat in s.known.get(tid, ()) or tid in s.face_up else None

        return cls(
            players=s.players,
            seat=seat,
            regions=s.regions,
            cubes=s.cubes,
            rats={r: [seen(t) for t in s.rats[r]] for r in s.regions},
            plague=s.plague,
            hands=s.hands,
            supply=s.supply,
            palace=s.palace,
            rat_supply=len(s.rat_supply),
            section=token_section(s.expansions),
            turning=_turning(s),
        )

    def neighbours(self, region: str) -> list[str]:
        in_use = set(self.regions)
        return [n for n in data.board_map().neighbours(region) if n in in_use]

    def losses(self, region: str, extra: Sequence[int] = (), bonus: int = 0) -> list[float]:
        """Expected cubes each seat loses if the region is ravaged now (``extra`` cubes added
        per seat first)."""
        cubes = list(self.cubes[region])
        for p, n in enumerate(extra):
            cubes[p] += n
        return expected_losses(cubes, self.rats[region], self.held, average(self.section), bonus)


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
    for front in fronts:
        if front is None:
            m, a = avg.majority[people], avg.all[people]
            per_class = avg.classes[people]
        else:
            if people < int(front["limit"]):
                continue
            m, a = float(front["majority"]), float(front["all"])
            per_class = {}
            for c in front["classes"]:
                per_class[c] = per_class.get(c, 0.0) + 1.0
        for p in range(players):
            if cubes[p] == 0:
                continue
            hit = a + (m if cubes[p] == top else 0.0)
            for c, n in held[p].items():
                hit += per_class.get(c, 0.0) * n
            loss[p] += hit
    return [min(float(cubes[p]), loss[p]) for p in range(players)]
