"""What each viewer may see (docs/views.md). The only way hidden information leaves the engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from .. import kernel
from ..core import text_json
from ..text import Msg, msg, with_names
from . import class_cards, data, flow, steps
from .hooks import Hooks
from .state import COLOURS, State
from .texts import listed
from .view_types import (
    RattusPlayer,
    RattusRegion,
    RattusView,
    Ravage,
    Revealed,
    Slot,
    TokenFront,
    Turning,
)

ViewHook = Callable[[State, int | None, RattusView], None]
VIEW_HOOKS: Hooks[ViewHook] = Hooks("view", unordered=True)  # each adds its own keys
"""(state, viewer seat or None, view) -> adds an expansion's pieces to the view in place (run
only in a game with that expansion: ``Hooks.in_game``)."""


def ruleset_text(s: State) -> Msg:
    """The game's rules in one line: the expansions and the house defaults in use."""
    command = "/rattus rules"
    if not s.expansions:
        return msg(
            "Base game; house-default rat token fronts and some inferred borders (see {command})",
            command=command,
        )
    names = []
    for e in s.expansions:
        name = class_cards.EXPANSION_NAMES.get(e, e)  # marked where it is declared
        names.append(msg(name))
    return msg(
        "Base game with {expansions}; house-default rat token fronts and some inferred borders "
        "(see {command})",
        expansions=listed(names),
        command=command,
    )


def _active(s: State, acting: list[int]) -> int | None:
    """Whose turn it is; during start placement, whoever places next."""
    if s.status == "over":
        return None
    if s.status == "placement" and acting:
        return acting[0]
    return s.active


def _front(raw: dict[str, Any]) -> TokenFront:
    return {
        "limit": int(raw["limit"]),
        "classes": list(raw["classes"]),
        "majority": int(raw["majority"]),
        "all": int(raw["all"]),
        "starting": bool(raw.get("starting")),
    }


def _turning(s: State) -> Turning | None:
    """The token just turned face up that waits for answers before it acts (public)."""
    for frame in reversed(s.stack):
        pending = frame.get("pending") if frame["kind"] == "ravage" else None
        if pending is not None:
            return {"region": frame["region"], **_front(s.tokens[pending["token"]])}
    return None


def _ravages_since(s: State, seat: int | None) -> list[dict[str, Any]]:
    """The ravages since the viewer's own latest one (their last move's plague, which stays
    drawn while others move after it), or for a spectator those of the last round, from the
    player to move's own previous turn on: each with the tokens it turned over."""
    kept = list(s.ravages) + [
        {"turn": s.turn, "seat": f["seat"], "region": f["region"], "tokens": tokens}
        for f in s.stack
        if f["kind"] == "ravage" and "first" in f
        for tokens in [s.revealed[int(f["first"]) :]]
        if tokens
    ]  # a ravage still going on (waiting for an answer) with the tokens it turned over so far
    if seat is None:  # the player to move: back to and with their own latest turn
        kept = [r for r in kept if int(r["turn"]) >= s.turn - s.players]
    own = [i for i, r in enumerate(kept) if seat is not None and r["seat"] == seat]
    start = own[-1] if own else 0
    return [{**r, "tokens": [dict(t) for t in r["tokens"]]} for r in kept[start:]]


def _slot(s: State, seat: int | None, tid: str) -> Slot:
    """One rat token in a region: its front if the viewer knows it (face up, or looked at)."""
    known = tid in s.face_up or (seat is not None and seat in s.known.get(tid, []))
    front = s.tokens[tid]
    return {"known": _front(front) if known else None, "starting": bool(front.get("starting"))}


def _regions(s: State, seat: int | None) -> dict[str, RattusRegion]:
    """Every region on the board (Africa's only when in use), with cubes and rat tokens."""
    m = data.board_map()
    in_use = set(s.regions)
    regions: dict[str, RattusRegion] = {}
    for r in m.regions:
        if r not in in_use and m.areas[r] == "africa":
            continue
        used = r in in_use
        tokens = s.rats.get(r, [])
        regions[r] = {
            "name": m.names[r],
            "area": "africa" if m.areas[r] == "africa" else "europe",
            "in_use": used,
            "cubes": {str(p): n for p, n in enumerate(s.cubes[r]) if n} if used else {},
            "rats": len(tokens),
            "slots": [_slot(s, seat, tid) for tid in tokens],
        }
    return regions


def _players(s: State) -> list[RattusPlayer]:
    return [
        {
            "seat": p,
            "colour": COLOURS[p],
            "mark": COLOURS[p][0].upper(),
            "cubes_supply": s.supply[p],
            "cubes_board": sum(s.cubes[r][p] for r in s.regions),
            "palace": s.palace[p],
            "cards": list(s.hands[p]),
        }
        for p in range(s.players)
    ]


def _add_ending(s: State, out: RattusView) -> None:
    """The final round's order, and once the game is over its scores and ranking."""
    if s.status in ("final_round", "final_ravage"):
        out["final_order"] = list(s.final_order)
    kernel.add_ending(out, flow.result(s))


def view(s: State, seat: int | None, names: list[str] | None = None) -> RattusView:
    m = data.board_map()
    cards = data.cards()
    regions = _regions(s, seat)
    acting = kernel.actors(s)
    out: RattusView = {
        "game": "rattus",
        "ruleset": ruleset_text(s).to_json(),
        "players_count": s.players,
        "expansions": sorted(s.expansions),
        "seat": seat,
        "status": s.status,
        "turn": s.turn,
        "active": _active(s, acting),
        "actors": acting,
        "decision": kernel.decision_view(steps.STEPS, s, seat, acting, names or s.colour_names()),
        "players": _players(s),
        "regions": regions,
        "edges": [[e.a, e.b, e.kind] for e in m.edges if e.a in regions and e.b in regions],
        "plague": s.plague,
        "palace": {str(p): n for p, n in enumerate(s.palace) if n},
        "beside_board": [c for c in s.cards_in_play if s.holder(c) is None],
        "cards_in_play": list(s.cards_in_play),
        "card_info": {
            c: {"name": cards[c].name, "class": cards[c].cls, "text": cards[c].text_for(s.players)}
            for c in s.cards_in_play
        },
        "rat_supply": len(s.rat_supply),
        "revealed": cast("list[Revealed]", [dict(e) for e in s.revealed]),
        "ravages": cast("list[Ravage]", _ravages_since(s, seat)),
        "turning": _turning(s),
        "log": [
            text_json(with_names(kernel.log_line(line), names or s.colour_names()))
            for line in s.log
        ],
    }
    _add_ending(s, out)
    for hook in VIEW_HOOKS.in_game(s.expansions):
        hook(s, seat, out)
    return out
