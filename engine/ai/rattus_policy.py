"""Plausible Rattus play from what a seat can see: the easy player, and the strong player's
guess of how everyone plays on inside its search.

Each decision kind a rule of thumb knows gets one; the rest (rarer expansion questions) take a
random legal option, never "back", so a chain of choices always moves on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from ..core import Rng
from ..rattus import data
from .rattus_table import Table

CARD_VALUE = {
    "king": 3.0,
    "peasant": 2.4,
    "knight": 2.0,
    "merchant": 1.6,
    "monk": 1.5,
    "witch": 0.8,
    "queen": 2.2,
    "emperor": 1.4,
    "mayor": 2.0,
    "baker": 1.6,
    "sultan": 1.8,
    "stadtholder": 1.8,
    "treasurer": 1.8,
    "landowner": 1.8,
}
DEFAULT_CARD_VALUE = 1.3
SAFE_USES = {"king", "queen", "mayor", "sultan", "treasurer", "landowner", "brewer"}
"""Cards whose use is nearly always worth it: the player uses them whenever they can."""
Rule = Callable[[Table, Sequence[str], Rng], str]
STOP = ("done", "keep", "nogoods", "norat", "stop", "finish")


@lru_cache(maxsize=1024)
def _region(notation: str) -> str:
    parts = notation.split(":")
    return parts[1] if len(parts) > 1 else ""


def _best(
    options: Sequence[str], score: Callable[[str], float], rng: Rng, noise: float = 0.05
) -> str:
    """The option with the highest score, near-ties broken at random (one draw per option,
    in order, drawn at once: no score draws numbers of its own)."""
    draws = rng.belows(1000, len(options))
    scored = [(score(o) + noise * d / 1000, o) for o, d in zip(options, draws, strict=True)]
    return max(scored)[1]


def _danger(t: Table, region: str) -> float:
    """How likely the region is to be ravaged soon: the plague's region and its neighbours."""
    if region == t.plague:
        return 1.0
    return 0.8 if t.near_plague(region) else 0.4


def plague_gain(t: Table, region: str, bonus: int = 0) -> float:
    """What ravaging the region is worth to the seat: others' expected losses less its own,
    the leaders' losses counting most."""
    loss = t.losses(region, bonus=bonus)
    gain = -1.4 * loss[t.seat]
    for p, leads in t.others_leading():
        gain += loss[p] * (1.3 if leads else 0.8)
    return gain


def place_value(t: Table, region: str, n: int) -> float:
    """What placing ``n`` cubes in the region is worth to the seat (worked out once a search
    for the same region, hand and plague: ``Table.across``)."""
    shared = t.shared
    if shared is None:
        return _place_value(t, region, n)
    key = ("place", t.seat, n, t.region_key(region), t.hand_key(t.seat), t.plague)
    found = shared.get(key)
    if found is None:
        found = shared[key] = _place_value(t, region, n)
    return float(found)


def _place_value(t: Table, region: str, n: int) -> float:
    before, after = t.place_losses(region, n)
    cubes = t.cubes[region]
    seat = t.seat
    mine = cubes[seat] + n
    others = max(cubes[:seat] + cubes[seat + 1 :])
    lead = 0.3 if mine > others else 0.0
    return n - (after - before) * (0.6 + 0.6 * _danger(t, region)) + lead


@lru_cache(maxsize=1024)
def _placing(notation: str) -> tuple[str, int | None]:
    """(region, cubes) of a placement's notation; None cubes: as many as may be placed."""
    parts = notation.split(":")
    return parts[1], int(parts[2]) if len(parts) > 2 else None


def _take_value(t: Table, card: str) -> float:
    value = CARD_VALUE.get(card, DEFAULT_CARD_VALUE)
    return value - 0.45 * len(t.hands[t.seat])


def regional(score: Callable[[Table, str], float], noise: float = 0.1) -> Rule:
    """A rule that picks the region option with the best score (any other option only when
    no option names a region)."""

    def rule(t: Table, legal: Sequence[str], rng: Rng) -> str:
        options = [n for n in legal if _region(n) in t.cubes]
        if not options:
            return generic(t, legal, rng)
        return _best(options, lambda n: score(t, _region(n)), rng, noise)

    return rule


TURN_HEADS = ("take", "use", "place", "plague", "end")


@lru_cache(maxsize=2048)
def _turn_group(notation: str) -> str:
    """Which of the turn rule's lists an option joins: "take", "use", "place", "plague" (each
    with its region or card after a colon), "other" (any other head), "" (none of them:
    "end", "place:fewer")."""
    head = notation.split(":")[0]
    if head not in TURN_HEADS:
        return "other"
    if head == "end" or ":" not in notation or notation == "place:fewer":
        return ""
    return head


@lru_cache(maxsize=4096)
def _turn_groups(legal: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The turn rule's lists of these options, in their order (a look-ahead meets the same
    lists of options again and again). Never change them: they are shared."""
    groups: dict[str, list[str]] = {h: [] for h in ("take", "use", "place", "plague", "other")}
    for n in legal:
        group = _turn_group(n)
        if group:
            groups[group].append(n)
    return {h: tuple(options) for h, options in groups.items()}


def turn(t: Table, legal: Sequence[str], rng: Rng) -> str:
    groups = _turn_groups(tuple(legal))
    takes = groups["take"]
    if takes:
        best = _best(takes, lambda n: _take_value(t, _region(n)), rng, 0.6)
        if _take_value(t, _region(best)) > 0.9:
            return best
    uses = groups["use"]
    for n in uses:
        if _region(n) in SAFE_USES:
            return n
    bonus = 1 if "peasant" in t.hands[t.seat] else 0
    places = [n for n in groups["place"] if _region(n) in t.cubes]
    if places:
        supply = t.supply[t.seat]
        value = {}
        for n in places:
            region, count = _placing(n)
            if count is None:
                count = min(len(t.rats[region]) + bonus, supply)
            value[n] = place_value(t, region, count)
        best = _best(places, value.__getitem__, rng)
        if value[best] > -0.5:
            return best
    if uses and rng.below(4) == 0:
        return uses[rng.below(len(uses))]
    others = groups["other"]
    if others and rng.below(2) == 0:
        return others[rng.below(len(others))]
    moves = groups["plague"]
    if moves:
        return _best(moves, lambda n: plague_gain(t, _region(n)), rng, 0.2)
    return "end" if "end" in legal else generic(t, legal, rng)


start_place = regional(
    lambda t, r: (
        -0.7 * len(t.rats[r])
        - 0.5 * _danger(t, r)
        - 0.4 * t.cubes[r][t.seat]
        + 0.15 * sum(t.cubes[r])
    ),
    0.4,
)


def spread(t: Table, legal: Sequence[str], rng: Rng) -> str:
    def score(n: str) -> float:
        if not n.startswith("rat:"):
            return 0.0
        cubes = t.cubes[_region(n)]
        mine = cubes[t.seat]
        return (sum(cubes) - mine) - 2.0 * mine - 0.01

    return _best(legal, score, rng, 0.2)


def plague_bonus(t: Table, legal: Sequence[str], rng: Rng) -> str:
    yes = plague_gain(t, t.plague, bonus=2) > plague_gain(t, t.plague)
    return "bonus:yes" if yes and "bonus:yes" in legal else "bonus:no"


to_palace = regional(lambda t, r: t.loss(r) + _danger(t, r))
move_own_from = regional(lambda t, r: t.loss(r), 0.3)
move_own_to = regional(lambda t, r: -len(t.rats[r]) - _danger(t, r))
move_rat_from = regional(lambda t, r: t.cubes[r][t.seat], 0.3)
move_rat_to = regional(lambda t, r: sum(t.cubes[r]) - 2.0 * t.cubes[r][t.seat], 0.3)


def most(t: Table, legal: Sequence[str], rng: Rng) -> str:
    """A count: as many as allowed."""
    counts = [n for n in legal if n.startswith("count:")]
    return max(counts, key=lambda n: int(n.split(":")[1])) if counts else generic(t, legal, rng)


def final_turn(t: Table, legal: Sequence[str], rng: Rng) -> str:
    uses = [n for n in legal if n.startswith("use:") and _region(n) != "witch"]
    return uses[0] if uses else "done"


final_place = regional(lambda t, r: -t.loss(r, _one(t)))


def _one(t: Table) -> list[int]:
    extra = [0] * t.players
    extra[t.seat] = 1
    return extra


def generic(t: Table, legal: Sequence[str], rng: Rng) -> str:
    """Any legal option but "back" (which could undo a choice forever); stop early sometimes."""
    options = [n for n in legal if n != "back"] or list(legal)
    stops = [n for n in options if n.split(":")[0] in STOP]
    if stops and rng.below(2) == 0:
        return stops[0]
    return options[rng.below(len(options))]


def region_play(t: Table, legal: Sequence[str], rng: Rng) -> str:
    """Play a region card to shield a class card the turned-over rat would strike."""
    classes = set(t.turning["classes"]) if t.turning else set()
    cards = data.cards()

    def score(n: str) -> float:
        parts = n.split(":")
        if parts[0] != "play" or len(parts) < 3 or parts[2] not in cards:
            return 0.5
        return 1.0 if cards[parts[2]].cls in classes else 0.0

    return _best(legal, score, rng, 0.1)


RULES: dict[str, Rule] = {
    "turn": turn,
    "start_place": start_place,
    "spread": spread,
    "plague_bonus": plague_bonus,
    "king": to_palace,
    "merchant_from": move_own_from,
    "merchant_to": move_own_to,
    "merchant_count": most,
    "place_fewer": generic,
    "monk_from": move_rat_from,
    "monk_to": move_rat_to,
    "final_turn": final_turn,
    "final_ravage": lambda t, legal, rng: "ravage:board" if "ravage:board" in legal else legal[0],
    "peasant_final": final_place,
    "region_play": region_play,
}


def choose(t: Table, kind: str, legal: Sequence[str], rng: Rng) -> str:
    """The rule of thumb's answer to a decision of this kind."""
    rule = RULES.get(kind, generic)
    answer = rule(t, legal, rng)
    return answer if answer in legal else generic(t, legal, rng)
