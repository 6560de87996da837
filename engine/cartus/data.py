"""Rattus Cartus components, read once from ``data/cartus.json`` and checked at load.

The table holds counts, round numbers and each building copy's supply action; the buildings'
names and actions in words are our own short descriptions, kept apart in ``data/texts.json``
(``lang.extract`` reads them from there), and the special cards' texts are below. A
transcription of the printed cards can replace the table without touching any logic.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ..core import JSON
from ..text import N_, Msg, listing, plural

CLASSES = ("peasantry", "bourgeoisie", "church", "chivalry", "magic", "royalty")
SPECIALS = ("sword", "flute", "pass", "gold")
TYPES = (*CLASSES, "joker", *SPECIALS)
"""Every kind of card a hand can hold: a population card of a class, a joker, a special."""

CODES = {
    "peasantry": "pe",
    "bourgeoisie": "bo",
    "church": "ch",
    "chivalry": "cv",
    "magic": "ma",
    "royalty": "ro",
    "joker": "jo",
    "sword": "sw",
    "flute": "fl",
    "pass": "pa",
    "gold": "go",
}
"""Card type -> the short code that counts it in a notation (``commit:ch2-jo1``)."""

TYPE_NAMES = {
    "peasantry": N_("Peasantry"),
    "bourgeoisie": N_("Bourgeoisie"),
    "church": N_("Church"),
    "chivalry": N_("Chivalry"),
    "magic": N_("Magic"),
    "royalty": N_("Royalty"),
    "joker": N_("Joker"),
    "sword": N_("Sword"),
    "flute": N_("Flute"),
    "pass": N_("Pass"),
    "gold": N_("Gold"),
}
"""Card type -> its name (a text: show it with ``msg(name)``)."""
SUPPLY_KEYS = ("draw", "discard_rats", "peek_nun_row")


class DataError(ValueError):
    """The Cartus table is malformed."""


@dataclass(frozen=True)
class Building:
    id: str
    name: str
    cls: str
    premium: str
    standard: str
    supplies: tuple[dict[str, int], ...]  # one supply action per printed copy


@dataclass(frozen=True)
class Counts:
    rounds: int
    replacement_deck: int
    buildings_per_round: int


SPECIAL_TEXTS = {
    "joker": N_("Counts as a population card of the building's class: one influence, never a rat."),
    "sword": (
        N_(
            "Play it on a building. Whoever played the fewest Swords there gives half their hand "
            "(rounded down, cards of their choice) to whoever played the most."
        )
    ),
    "flute": (
        N_(
            "Play it on a building. Whoever played the most Flutes there passes one of their rats "
            "to whoever played the fewest."
        )
    ),
    "pass": (
        N_("Play it instead of entering a building: you choose again after everyone else has.")
    ),
    "gold": N_("Cannot be played. Most Gold at the end scores 6, second most 3."),
}

SPECIAL_SOURCE = {
    "sword": "castle",
    "flute": "pied_pipers_hut",
    "pass": "office",
    "gold": "treasury",
}
"""Special card -> the building that brings it into the game."""


@dataclass(frozen=True)
class Table:
    counts: dict[int, Counts]
    population_nuns: tuple[int, ...]  # the nuns printed on each population card of one class
    jokers: int
    specials: dict[str, int]
    vp_tokens: tuple[int, ...]
    starting_hand: int
    nun_row: int
    starting_rats: int
    buildings: dict[str, Building]
    first_game_set: tuple[str, ...]


def _fail(where: str, what: str) -> DataError:
    return DataError(f"cartus.json, {where}: {what}")


def _read(name: str) -> Any:
    return json.loads(resources.files(__package__).joinpath(f"data/{name}").read_text())


@cache
def _texts() -> dict[str, dict[str, str]]:
    """Building id -> its name, premium and standard action in words (``data/texts.json``)."""
    found: dict[str, dict[str, str]] = _read("texts.json")["buildings"]
    return found


def _building(raw: dict[str, Any]) -> Building:
    bid = raw.get("id")
    if not isinstance(bid, str) or bid not in _texts():
        raise _fail("buildings", f"unknown building {bid!r}")
    cls = raw.get("class")
    if cls not in CLASSES:
        raise _fail(bid, f"unknown class {cls!r}")
    supplies = []
    for copy in raw.get("copies", []):
        supply = copy.get("supply", {})
        if not supply or set(supply) - set(SUPPLY_KEYS):
            raise _fail(bid, f"bad supply action {supply!r}")
        if not all(isinstance(n, int) and n > 0 for n in supply.values()):
            raise _fail(bid, f"supply counts must be positive: {supply!r}")
        supplies.append(dict(supply))
    if len(supplies) != 5:
        raise _fail(bid, "every building has 5 copies")
    texts = _texts()[bid]
    return Building(
        bid, texts["name"], str(cls), texts["premium"], texts["standard"], tuple(supplies)
    )


@cache
def table() -> Table:
    raw = _read("cartus.json")
    counts = {
        int(p): Counts(c["rounds"], c["replacement_deck"], c["buildings_per_round"])
        for p, c in raw["players"].items()
    }
    nuns: list[int] = []
    for key, n in raw["population_cards_per_class"].items():
        nuns += [int(key.removeprefix("nuns_"))] * int(n)
    buildings = {b.id: b for b in map(_building, raw["buildings"])}
    for cls in CLASSES:
        if sum(1 for b in buildings.values() if b.cls == cls) != 2:
            raise _fail("buildings", f"{cls} needs exactly two buildings")
    first = tuple(raw["first_game_set"])
    if sorted(buildings[b].cls for b in first) != sorted(CLASSES):
        raise _fail("first_game_set", "needs one building of each class")
    for p, c in counts.items():
        if c.rounds * c.buildings_per_round + c.replacement_deck != 30:
            raise _fail(f"players {p}", "rounds and replacement deck must use all 30 buildings")
    vp: list[int] = []
    for value, n in raw["victory_point_tokens"].items():
        vp += [int(value)] * int(n)
    specials = {k: int(v) for k, v in raw["specials"].items()}
    if set(specials) != set(SPECIALS):
        raise _fail("specials", f"expected {', '.join(SPECIALS)}")
    return Table(
        counts=counts,
        population_nuns=tuple(sorted(nuns, reverse=True)),
        jokers=int(raw["jokers"]),
        specials=specials,
        vp_tokens=tuple(vp),
        starting_hand=int(raw["starting_hand"]),
        nun_row=int(raw["nun_row"]),
        starting_rats=int(raw["starting_rats"]),
        buildings=buildings,
        first_game_set=first,
    )


def buildings() -> dict[str, Building]:
    return table().buildings


def building_class(building: str) -> str:
    return buildings()[building].cls


def supply_words(supply: dict[str, int]) -> Msg:
    """A supply action in words: "draw 2 cards, look at 1 Nun-row card"."""
    parts: list[Msg] = []
    if supply.get("draw"):
        parts.append(plural("draw {n} card", "draw {n} cards", supply["draw"]))
    if supply.get("discard_rats"):
        parts.append(plural("discard {n} rat", "discard {n} rats", supply["discard_rats"]))
    if supply.get("peek_nun_row"):
        n = supply["peek_nun_row"]
        parts.append(plural("look at {n} Nun-row card", "look at {n} Nun-row cards", n))
    return listing(parts)


def supply_text(supply: dict[str, int]) -> JSON:
    """``supply_words`` as the view carries it (``engine.text.from_json`` reads it)."""
    return supply_words(supply).to_json()
