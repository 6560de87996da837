"""Rattus Cartus for the computer players: rules of thumb from what a seat sees.

Enter a building of a class the hand is strong in, where few have entered yet; play its class
cards and jokers there (with a Sword now and then); give away and discard the cards worth
least; otherwise any legal answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from ..cartus.data import CODES
from ..core import Rng

KEEP_VALUE = {"jo": 2.0, "go": 2.0, "sw": 1.2, "fl": 1.0, "pa": 0.6}
"""What a card in hand is worth keeping, by code; class cards count 1."""

Rule = Callable[[dict[str, Any], Sequence[str], Rng], str]


def _counts(notation: str) -> dict[str, int]:
    """``commit:ch2-jo1`` -> {"ch": 2, "jo": 1}; ``commit:none`` -> {}."""
    return dict(_counted(notation))


@lru_cache(maxsize=4096)
def _counted(notation: str) -> tuple[tuple[str, int], ...]:
    """``_counts`` once per notation (the same few come back decision after decision)."""
    body = notation.split(":", 1)[1] if ":" in notation else ""
    out: dict[str, int] = {}
    for part in body.split("-"):
        if part and part != "none":
            out[part[:2]] = out.get(part[:2], 0) + int(part[2:] or 1)
    return tuple(out.items())


def _best(options: Sequence[str], score: Callable[[str], float], rng: Rng, noise: float) -> str:
    """The best-scoring option, each score blurred by its own draw (one per option, in order)."""
    draws = rng.belows(1000, len(options))
    blurred = [score(o) + noise * d / 1000 for o, d in zip(options, draws, strict=True)]
    return max(zip(blurred, options, strict=True))[1]


def _me(view: dict[str, Any]) -> dict[str, Any]:
    player: dict[str, Any] = view["players"][int(view["seat"])]
    return player


def _my_building(view: dict[str, Any]) -> dict[str, Any] | None:
    """The building the seat entered this round (the one whose cards it chooses now)."""
    seat = int(view["seat"])
    for building in view.get("row", []):
        if any(e["seat"] == seat and not e["count"] for e in building["entries"]):
            found: dict[str, Any] = building
            return found
    return None


def enter(view: dict[str, Any], legal: Sequence[str], rng: Rng) -> str:
    hand = _me(view).get("hand") or {}
    row = view.get("row", [])

    def score(n: str) -> float:
        if n == "pass":
            return 0.5
        building = row[int(n.split(":")[1]) - 1]
        strength = float(hand.get(building["class"], 0)) + 0.6 * float(hand.get("joker", 0))
        return strength - 0.8 * len(building["entries"])

    return _best(legal, score, rng, 0.8)


def building_code(view: dict[str, Any]) -> str:
    """The card code of the class of the building the seat entered ("" if none)."""
    building = _my_building(view)
    return CODES.get(str(building["class"]), "") if building else ""


@lru_cache(maxsize=8192)
def commit_value(code: str, notation: str, swords: bool) -> float:
    """How good playing these cards in a building of the class with card ``code`` looks: its
    class and jokers gain, other cards cost (a single Sword is worth it when ``swords``)."""
    value = 0.0
    for c, k in _counts(notation).items():
        if c == code:
            value += 1.0 * k
        elif c == "jo":
            value += 0.7 * k
        elif c == "sw" and swords:
            value += 0.4 * min(k, 1) - 0.5 * max(0, k - 1)
        else:
            value -= 0.6 * k
    return value


def commit(view: dict[str, Any], legal: Sequence[str], rng: Rng) -> str:
    code = building_code(view)
    swords = rng.below(3) == 0
    return _best(legal, lambda n: commit_value(code, n, swords), rng, 0.3)


def give_away(view: dict[str, Any], legal: Sequence[str], rng: Rng) -> str:
    """Give (or discard at the Hospital: a rat less for each) the cards worth least."""
    hospital = bool(legal) and legal[0].startswith("discard")
    return _best(legal, lambda n: _give_value(n, hospital), rng, 0.2)


@lru_cache(maxsize=4096)
def _give_value(notation: str, hospital: bool) -> float:
    counts = _counts(notation)
    lost = sum(KEEP_VALUE.get(c, 1.0) * k for c, k in counts.items())
    gain = 1.3 * sum(counts.values()) if hospital else 0.0
    return gain - lost


def supply(view: dict[str, Any], legal: Sequence[str], rng: Rng) -> str:
    row = view.get("row", [])

    def score(n: str) -> float:
        place = int(n.split(":")[1]) - 1
        if place >= len(row):
            return 0.0
        given = row[place].get("supply", {})
        return (
            float(given.get("draw", 0))
            + 1.2 * float(given.get("discard_rats", 0))
            + 0.5 * float(given.get("peek_nun_row", 0))
        )

    return _best(legal, score, rng, 0.5)


RULES: dict[str, Rule] = {
    "enter": enter,
    "commit": commit,
    "give": give_away,
    "hospital": give_away,
    "supply": supply,
}


def easy_choice(view: dict[str, Any], legal: Sequence[str], rng: Rng) -> str:
    decision = view.get("decision") or {}
    rule = RULES.get(str(decision.get("kind", "")))
    if rule is not None and int(decision.get("seat", -1)) == int(view["seat"]):
        answer = rule(view, legal, rng)
        if answer in legal:
            return answer
    options = [n for n in legal if n != "back"] or list(legal)
    return options[rng.below(len(options))]
