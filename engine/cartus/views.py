"""What each viewer may see (docs/views.md, "Rattus Cartus"). The only way hidden information
(hands, rat totals, Nun-row cards, victory point token values, cards played face down, secret
supply choices) leaves the engine."""

from __future__ import annotations

from .. import kernel
from ..core import text_json
from ..text import msg, with_names
from . import cards, data, scoring, steps
from .state import COLOURS, State
from .view_types import (
    STATUSES,
    CardFace,
    CartusPlayer,
    CartusView,
    Disc,
    Entry,
    NunRowCard,
    RowBuilding,
    Status,
    Supply,
)

RULESET = msg(
    "Rattus Cartus; house-default supply actions on the building copies and victory point "
    "token values (see {command})",
    command="/cartus rules",
)
"""The game's rules in one line (the view's ``ruleset``)."""


def _influence(s: State) -> dict[str, list[Disc]]:
    """Per class, every disc: its points and its height in the stack on that space
    (0 = lowest, which wins ties)."""
    out: dict[str, list[Disc]] = {}
    for cls in data.CLASSES:
        track = s.influence[cls]
        discs: list[Disc] = []
        for p in range(s.players):
            below = [
                q
                for q in range(s.players)
                if track[q] == track[p] and (s.arrived[cls][q], q) < (s.arrived[cls][p], p)
            ]
            discs.append({"seat": p, "points": track[p], "stack": len(below)})
        out[cls] = discs
    return out


def _supply(raw: dict[str, int]) -> Supply:
    out: Supply = {}
    if "draw" in raw:
        out["draw"] = int(raw["draw"])
    if "discard_rats" in raw:
        out["discard_rats"] = int(raw["discard_rats"])
    if "peek_nun_row" in raw:
        out["peek_nun_row"] = int(raw["peek_nun_row"])
    return out


def _face(s: State, card: str) -> CardFace:
    return {"type": s.type_of(card), "nuns": int(s.cards[card]["nuns"])}


def _row(s: State, seat: int | None) -> list[RowBuilding]:
    out: list[RowBuilding] = []
    table = data.buildings()
    for place, b in enumerate(s.row):
        card = s.building_cards[b["card"]]
        building = table[card["building"]]
        entries: list[Entry] = []
        for space, e in enumerate(b["entries"], start=1):
            if b["revealed"]:
                shown: dict[str, int] | None = dict(e["shown"] or {})
            elif seat == e["seat"]:
                shown = cards.counts(s, e["cards"])
            else:
                shown = None
            entries.append(
                {
                    "seat": e["seat"],
                    "space": space,
                    "count": e["count"],
                    "cards": shown,
                    "premium": s.premium.get(str(place)) == e["seat"]
                    if s.status == "resolve"
                    else None,
                }
            )
        out.append(
            {
                "place": place + 1,
                "card": b["card"],
                "building": building.id,
                "name": building.name,
                "class": building.cls,
                "supply": _supply(card["supply"]),
                "supply_text": data.supply_text(card["supply"]),
                "revealed": b["revealed"],
                "entries": entries,
            }
        )
    return out


def _players(s: State, seat: int | None) -> list[CartusPlayer]:
    over = s.status == "over"
    out: list[CartusPlayer] = []
    for p in range(s.players):
        own = seat == p
        entry: CartusPlayer = {
            "seat": p,
            "colour": COLOURS[p],
            "mark": COLOURS[p][0].upper(),
            "hand_count": len(s.hands[p]),
            "vp_tokens": len(s.vp[p]),
            "influence": {cls: s.influence[cls][p] for cls in data.CLASSES},
            "rats": s.rats[p] if (own or over) else None,
            "vp": list(s.vp[p]) if (own or over) else None,
            "hand": cards.counts(s, s.hands[p]) if (own or over) else None,
            "hand_cards": sorted(
                (_face(s, c) for c in s.hands[p]),
                key=lambda c: (data.TYPES.index(c["type"]), -c["nuns"]),
            )
            if own
            else None,
        }
        out.append(entry)
    return out


def _status(s: State) -> Status:
    for status in STATUSES:
        if s.status == status:
            return status
    raise RuntimeError(f"unknown status {s.status!r}")


def view(s: State, seat: int | None, names: list[str] | None = None) -> CartusView:
    acting = kernel.actors(s)
    over = s.status == "over"
    nun_row: list[NunRowCard] = []
    for place, card in enumerate(s.nun_row):
        known = over or (seat is not None and seat in s.seen[place])
        nun_row.append({"place": place + 1, "card": _face(s, card) if known else None})
    chosen = None
    everyone = bool(acting) and s.stack[-1]["kind"] == "supply_all"
    if everyone:
        chosen = [p for p in range(s.players) if p not in acting]
    table = data.buildings()
    shown = names or s.colour_names()
    out: CartusView = {
        "game": "cartus",
        "ruleset": RULESET.to_json(),
        "players_count": s.players,
        "seat": seat,
        "status": _status(s),
        "turn": s.round,
        "round": s.round,
        "rounds": s.rounds,
        "final_round": s.final_round,
        "active": acting[0] if acting and not everyone else None,
        "actors": acting,
        "decision": kernel.decision_view(steps.STEPS, s, seat, acting, names or s.colour_names()),
        "start_player": s.start_player,
        "options": {
            "buildings": s.options["buildings"],
            "simultaneous_supply": s.options["simultaneous_supply"],
        },
        "players": _players(s, seat),
        "influence": _influence(s),
        "row": _row(s, seat),
        "supply_chosen": chosen,
        "nun_row": nun_row,
        "population_deck": len(s.deck),
        "discard_pile": len(s.discard),
        "supplies": {t: len(ids) for t, ids in s.supplies.items()},
        "building_deck": len(s.building_deck),
        "replacement_deck": len(s.replacement),
        "vp_tokens_left": len(s.vp_pile),
        "buildings_in_play": list(s.in_play),
        "building_info": {
            b: {
                "name": table[b].name,
                "class": table[b].cls,
                "premium": table[b].premium,
                "standard": table[b].standard,
            }
            for b in s.in_play
        },
        "log": [text_json(with_names(kernel.log_line(line), shown)) for line in s.log],
    }
    if over and s.outcome is not None:
        kernel.add_ending(out, scoring.result(s.outcome))
        out["outcome"] = {
            "lines": [dict(line) for line in s.outcome["lines"]],
            "rats": list(s.outcome["rats"]),
            "nuns": s.outcome["nuns"],
            "dead": list(s.outcome["dead"]),
            "spared": list(s.outcome["spared"]),
        }
    return out
