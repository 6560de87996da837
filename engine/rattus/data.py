"""The game's data tables (map, rat tokens, class cards), loaded once and validated.

The tables are JSON files beside this module. A transcription of the printed components can
replace a table without touching any logic; a broken table fails at load with a message that
says which file and which entry is wrong.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ..text import Msg, msg, plural

CLASSES = ("royalty", "chivalry", "bourgeoisie", "church", "peasantry", "magic")


class DataError(ValueError):
    """A data table is malformed."""


@dataclass(frozen=True)
class Token:
    id: str
    starting: bool
    limit: int
    classes: tuple[str, ...]
    majority: int
    all: int

    def front(self) -> dict[str, Any]:
        """The printed front, as views and events show it (no id)."""
        return {
            "limit": self.limit,
            "classes": list(self.classes),
            "majority": self.majority,
            "all": self.all,
        }


LONG_MOVE = 2
"""Steps of a Chivalry card's plague move; one more with 5 or 6 players (a larger board)."""


def long_move(players: int) -> int:
    return LONG_MOVE + 1 if players >= 5 else LONG_MOVE


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    cls: str
    expansion: str
    template: str  # the text, with "{steps}" where a long plague move's length goes

    def said(self, players: int | None) -> Msg:
        """The card's text for a game of this many players (None: any game), as a text: its
        template is the card's text in the data file (``lang.extract`` reads it there)."""
        if players is None:
            steps = plural(
                "{n} step ({more} with 5 or 6 players)",
                "{n} steps ({more} with 5 or 6 players)",
                LONG_MOVE,
                more=long_move(6),
            )
        else:
            steps = plural("{n} step", "{n} steps", long_move(players))
        template = self.template
        return msg(template, steps=steps)

    def text_for(self, players: int | None) -> str:
        """The card's text in English (see ``said``)."""
        return self.said(players).english()

    @property
    def text(self) -> str:
        return self.text_for(None)


@dataclass(frozen=True)
class Edge:
    a: str
    b: str
    kind: str  # "land" or "arrow"
    status: str


@dataclass(frozen=True)
class MapData:
    regions: tuple[str, ...]  # every region id, board order (Europe, then Africa)
    names: dict[str, str]  # id -> display name
    areas: dict[str, str]  # id -> "europe" | "africa"
    in_use: dict[int, tuple[str, ...]]  # players -> regions used, board order
    edges: tuple[Edge, ...]
    status: str
    adjacency: dict[str, tuple[str, ...]]

    def neighbours(self, region: str) -> tuple[str, ...]:
        return self.adjacency[region]


def _adjacency(regions: tuple[str, ...], edges: list[Edge]) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {r: [] for r in regions}
    for e in edges:
        out[e.a].append(e.b)
        out[e.b].append(e.a)
    order = {r: i for i, r in enumerate(regions)}
    return {r: tuple(sorted(ns, key=order.__getitem__)) for r, ns in out.items()}


def _read(name: str) -> Any:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"data/{name}: not valid JSON ({exc})") from exc


def _need(cond: bool, where: str, message: str) -> None:
    if not cond:
        raise DataError(f"{where}: {message}")


def parse_map(raw: Any, where: str = "data/map.json") -> MapData:
    _need(isinstance(raw, dict) and "europe" in raw, where, "needs an 'europe' section")
    europe = raw["europe"]
    names: dict[str, str] = {}
    areas: dict[str, str] = {}
    for name in europe["regions"]:
        names[name.lower()] = name
        areas[name.lower()] = "europe"
    africa = raw.get("africa", {})
    for name in africa.get("regions", []):
        names[name.lower()] = name
        areas[name.lower()] = "africa"
    regions = tuple(names)
    in_use: dict[int, tuple[str, ...]] = {}
    for key, listed in europe["regions_by_players"].items():
        ids = tuple(n.lower() for n in listed)
        for r in ids:
            _need(r in names, where, f"regions_by_players[{key}] names unknown region '{r}'")
        in_use[int(key)] = ids
    _need(set(in_use) >= {2, 3, 4}, where, "regions_by_players needs entries for 2, 3 and 4")
    order = {r: i for i, r in enumerate(regions)}
    for key, ids in in_use.items():  # the rules rely on it (``board.reachable``)
        _need(
            list(ids) == sorted(ids, key=order.__getitem__),
            where,
            f"regions_by_players[{key}] is not in board order",
        )
    europe_all = tuple(r for r in regions if areas[r] == "europe")
    africa_all = tuple(r for r in regions if areas[r] == "africa")
    if africa_all:
        in_use[5] = tuple(r for r in europe_all if r not in ("russia", "tartaria")) + africa_all
        in_use[6] = europe_all + africa_all
    edges: list[Edge] = []
    seen: set[tuple[str, str]] = set()
    for i, e in enumerate([*europe["edges"], *africa.get("edges", [])]):
        a, b = e["a"].lower(), e["b"].lower()
        _need(a in names and b in names, where, f"edge {i} joins unknown regions {a}-{b}")
        _need(a != b, where, f"edge {i} joins {a} to itself")
        _need(e["kind"] in ("land", "arrow"), where, f"edge {i} has kind '{e['kind']}'")
        key = (a, b) if a < b else (b, a)
        _need(key not in seen, where, f"edge {i} repeats {a}-{b}")
        seen.add(key)
        edges.append(Edge(key[0], key[1], e["kind"], str(e.get("status", ""))))
    for pair in europe.get("must_not_be_adjacent", []):
        a, b = pair[0].lower(), pair[1].lower()
        key = (a, b) if a < b else (b, a)
        _need(key not in seen, where, f"{a} and {b} must not be neighbours")
    return MapData(
        regions,
        names,
        areas,
        in_use,
        tuple(edges),
        str(raw.get("_status", "")),
        _adjacency(regions, edges),
    )


def parse_tokens(raw: Any, section: str, where: str = "data/tokens.json") -> list[Token]:
    _need(section in raw, where, f"needs a '{section}' section")
    out: list[Token] = []
    ids: set[str] = set()
    for i, t in enumerate(raw[section]["tokens"]):
        tid = str(t.get("id", ""))
        _need(
            bool(tid) and tid not in ids, where, f"{section} token {i} has a missing or repeated id"
        )
        ids.add(tid)
        limit, maj, all_ = t.get("limit"), t.get("majority", 0), t.get("all", 0)
        _need(
            isinstance(limit, int) and 0 <= limit <= 20, where, f"token {tid}: bad limit {limit!r}"
        )
        _need(isinstance(maj, int) and maj >= 0, where, f"token {tid}: bad majority {maj!r}")
        _need(isinstance(all_, int) and all_ >= 0, where, f"token {tid}: bad all {all_!r}")
        classes = tuple(t.get("classes", []))
        for c in classes:
            _need(c in CLASSES or c == "islamic", where, f"token {tid}: unknown class '{c}'")
        out.append(Token(tid, bool(t.get("starting")), limit, classes, maj, all_))
    return out


def parse_cards(raw: Any, where: str = "data/cards.json") -> dict[str, Card]:
    out: dict[str, Card] = {}
    classes = raw.get("classes", {})
    for i, c in enumerate(raw.get("cards", [])):
        cid = str(c.get("id", ""))
        _need(bool(cid) and cid not in out, where, f"card {i} has a missing or repeated id")
        _need(c.get("class") in classes, where, f"card {cid}: unknown class {c.get('class')!r}")
        _need(bool(c.get("text")), where, f"card {cid}: needs a text")
        try:
            str(c["text"]).format(steps="")
        except (KeyError, IndexError, ValueError):
            raise DataError(f"{where}: card {cid}: its text may hold only {{steps}}") from None
        out[cid] = Card(cid, str(c["name"]), str(c["class"]), str(c["expansion"]), str(c["text"]))
    for name, ids in raw.get("sets", {}).items():
        for cid in ids:
            _need(cid in out, where, f"set '{name}' names unknown card '{cid}'")
    return out


@cache
def board_map() -> MapData:
    return parse_map(_read("map.json"))


@cache
def _tokens_raw() -> Any:
    return _read("tokens.json")


@cache
def tokens(section: str = "base") -> tuple[Token, ...]:
    """The rat tokens of a set: "base", or "africanus" (which replaces it when that is on)."""
    return tuple(parse_tokens(_tokens_raw(), section))


def base_tokens() -> tuple[Token, ...]:
    return tokens("base")


@dataclass(frozen=True)
class RegionCard:
    id: str
    region: str
    symbols: tuple[str, ...]  # class ids, or ("any",) for the question-mark card


@cache
def region_cards() -> tuple[RegionCard, ...]:
    raw = _read("region_cards.json")
    names = board_map().names
    out: list[RegionCard] = []
    seen: dict[str, int] = {}
    for i, c in enumerate(raw.get("cards", [])):
        region = str(c.get("region", "")).lower()
        _need(
            region in names, "data/region_cards.json", f"card {i} names unknown region {region!r}"
        )
        symbols = tuple(str(x) for x in c.get("symbols", []))
        for x in symbols:
            _need(
                x in CLASSES or x in ("islamic", "any"),
                "data/region_cards.json",
                f"card {i} has unknown symbol {x!r}",
            )
        seen[region] = seen.get(region, 0) + 1
        out.append(RegionCard(f"{region}-{seen[region]}", region, symbols))
    return tuple(out)


@cache
def removed_by_players(section: str = "base") -> dict[int, int]:
    table = _tokens_raw()[section]["removed_regular_tokens_by_players"]
    return {int(k): int(v) for k, v in table.items()}


@cache
def tokens_status() -> str:
    return str(_tokens_raw().get("_status", ""))


@cache
def cards() -> dict[str, Card]:
    return parse_cards(_read("cards.json"))


@cache
def card_sets() -> dict[str, tuple[str, ...]]:
    return {k: tuple(v) for k, v in _read("cards.json").get("sets", {}).items()}


@cache
def cards_classes() -> dict[str, str]:
    return {str(k): str(v) for k, v in _read("cards.json").get("classes", {}).items()}
