"""Whole games consistent with one seat's view: the hidden parts drawn at random.

A computer player sees only ``game.view(seat)`` and the legal actions. To look ahead it needs
whole games, so ``sample_game`` rebuilds one from the view: the public pieces as shown, and
what the seat cannot see drawn from what it could be (face-down rat fronts from the token set,
the order of the rat supply, other players' region cards and the region deck, the future of
the game's random generator). The rebuilt game is checked against the legal actions the seat
was given; a decision this module cannot rebuild exactly gives None.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from ..core import Rng
from ..saved import copy_json
from ..text import from_json
from . import data, flow, game
from .africanus import regions as ar
from .mercatus import goods as mg
from .pied_piper import pieces as pp
from .state import State

REBUILDS = ("start_place", "turn", "final_turn")
"""Decision kinds whose pending steps follow from the view alone."""

Front = tuple[int, tuple[str, ...], int, int]


def token_section(expansions: Sequence[str]) -> str:
    """The rat token set a game with these expansions plays with."""
    return _section(tuple(expansions))


@cache
def _section(expansions: tuple[str, ...]) -> str:
    """``token_section`` once per list of expansions (a look-ahead asks at every decision)."""
    return next((game.TOKEN_SETS[e] for e in sorted(expansions) if e in game.TOKEN_SETS), "base")


def _key(front: dict[str, Any]) -> Front:
    return (
        int(front["limit"]),
        tuple(front["classes"]),
        int(front["majority"]),
        int(front["all"]),
    )


@cache
def _fronts(section: str, starting: bool) -> tuple[tuple[Front, dict[str, Any]], ...]:
    """(key, front) of the token fronts of a set with starting backs or the others (made
    once; a pool hands them out and never changes them)."""
    return tuple(
        (_key(f), f) for f in (t.front() for t in data.tokens(section) if t.starting == starting)
    )


class _Pool:
    """The token fronts that could lie face down, split by their backs (starting or not)."""

    def __init__(self, section: str, rng: Rng) -> None:
        self.rng = rng
        self.starting = list(_fronts(section, True))
        self.regular = list(_fronts(section, False))

    def discard(self, front: dict[str, Any], starting: bool) -> None:
        """A front the seat can see is not among the hidden ones."""
        key = _key(front)
        for pile in (self.starting, self.regular) if starting else (self.regular, self.starting):
            for i, candidate in enumerate(pile):
                if candidate[0] == key:
                    del pile[i]
                    return

    def draw(self, starting: bool | None) -> tuple[dict[str, Any], bool]:
        piles = [(self.starting, True), (self.regular, False)]
        if starting is False:
            piles.reverse()
        if starting is None:
            total = len(self.starting) + len(self.regular)
            if total and self.rng.below(total) >= len(self.starting):
                piles.reverse()
        for pile, is_starting in piles:
            if pile:
                return pile.pop(self.rng.below(len(pile)))[1], is_starting
        return {"limit": 99, "classes": [], "majority": 0, "all": 0}, bool(starting)


_Piles = tuple[list[tuple[Front, dict[str, Any]]], list[tuple[Front, dict[str, Any]]]]
_last_unseen: list[tuple[dict[str, Any], Any, _Piles]] = []
"""The view ``_unseen`` last worked on, what of it it read (a copy, to tell a changed view)
and its answer: a search draws hundreds of games from one view."""


def _unseen(view: dict[str, Any], regions: list[str]) -> _Piles:
    """The fronts that could lie face down (starting backs, the others), the ones the view
    shows taken out: new lists each time, in the order a pool keeps them."""
    read = [[view["regions"][r]["slots"] for r in regions], view.get("revealed", [])]
    last = _last_unseen[0] if _last_unseen else None
    if last is None or last[0] is not view or last[1] != read:
        pool = _Pool(token_section(view["expansions"]), Rng(0))  # no draw: rng unused
        for slots in read[0]:
            for slot in slots:
                if slot["known"] is not None:
                    pool.discard(slot["known"], bool(slot["starting"]))
        for entry in read[1]:
            pool.discard(entry, False)
        last = (view, copy_json(read), (pool.starting, pool.regular))
        _last_unseen[:] = [last]  # one entry, swapped whole (a search in another thread)
    starting, regular = last[2]
    return list(starting), list(regular)


def _rats(
    view: dict[str, Any], regions: list[str], rng: Rng
) -> tuple[
    dict[str, dict[str, Any]], dict[str, list[str]], list[str], list[str], dict[str, list[int]]
]:
    seat = view["seat"]
    pool = _Pool(token_section(view["expansions"]), rng)
    pool.starting, pool.regular = _unseen(view, regions)
    tokens: dict[str, dict[str, Any]] = {}
    rats: dict[str, list[str]] = {r: [] for r in regions}
    known: dict[str, list[int]] = {}

    def add(front: dict[str, Any], starting: bool) -> str:
        tid = f"x{len(tokens) + 1}"
        tokens[tid] = {**{k: front[k] for k in ("limit", "majority", "all")}, "starting": starting}
        tokens[tid]["classes"] = list(front["classes"])
        return tid

    for r in regions:
        for slot in view["regions"][r]["slots"]:
            if slot["known"] is not None:
                tid = add(slot["known"], bool(slot["starting"]))
                known[tid] = [seat]
            else:
                tid = add(*pool.draw(bool(slot["starting"])))
            rats[r].append(tid)
    supply = [add(*pool.draw(None)) for _ in range(int(view["rat_supply"]))]
    # What is left either went out at setup or was revealed earlier: the view cannot tell which.
    gone = [add(front, True) for _, front in pool.starting]
    gone += [add(front, False) for _, front in pool.regular]
    return tokens, rats, supply, gone, known


def _pending(view: dict[str, Any], legal: set[str], players: int) -> list[dict[str, Any]] | None:
    """The stack of pending steps behind the seat's decision, or None if it cannot be told."""
    decision = view["decision"]
    kind, seat = decision["kind"], int(decision["seat"])
    if kind == "start_place":
        order = flow.placement_order(players)
        done = sum(int(p["cubes_board"]) + int(p["palace"]) for p in view["players"]) // 2
        if done >= len(order) or order[done] != seat:
            return None
        stack: list[dict[str, Any]] = [{"kind": "begin_turn", "seat": 0}]
        for later in reversed(order[done + 1 :]):
            stack.append({"kind": "start_place", "seat": later, "n": 2})
        return [*stack, {"kind": "start_place", "seat": seat, "n": 2}]
    if kind == "turn":
        return [{"kind": "turn", "seat": seat}]
    if kind == "final_turn":
        left = [int(x) for x in view.get("final_order", [])]
        last = (left[-1] if left else seat) - 1
        stack = [{"kind": "final_ravage", "seat": last % players}]
        for later in reversed(left):
            stack.append({"kind": "final_turn", "seat": later})
        return [*stack, {"kind": "final_turn", "seat": seat, "started": True}]
    return None


def _ext(view: dict[str, Any], s: State, legal: set[str], rng: Rng) -> None:
    """Each expansion's pieces, from the view (and hidden region cards drawn at random)."""
    regions = s.regions
    exps = set(view["expansions"])
    if "pied_piper" in exps:

        def padded(items: list[Any], n: int) -> list[Any]:
            return [*items, *([None] * (n - len(items)))]

        nuns = [r for r in regions for _ in range(int(view["regions"][r].get("nuns", 0)))]
        bishops = [r for r in regions for _ in range(int(view["regions"][r].get("bishops", 0)))]
        s.ext[pp.KEY] = {
            "walls": padded([list(w) for w in view.get("walls", [])], pp.WALLS),
            "nuns": padded(nuns, pp.NUNS),
            "bishops": padded(bishops, pp.BISHOPS),
            "potions": {
                r: dict(view["regions"][r]["potions"])
                for r in regions
                if view["regions"][r].get("potions")
            },
            "baker": [int(p.get("baker", 0)) for p in view["players"]],
        }
    if "mercatus" in exps:
        supply = view["goods_supply"]
        on_regions = {
            r: view["regions"][r]["goods"] for r in regions if "goods" in view["regions"][r]
        }
        held = [{t: int(p.get("goods", {}).get(t, 0)) for t in mg.TYPES} for p in view["players"]]
        on_cards = dict(view.get("goods_on_cards", {}))
        out = {}
        for t in mg.TYPES:
            seen = supply[t]["up"] + supply[t]["down"] + sum(h[t] for h in held)
            seen += sum(1 for k in on_regions.values() if k == t)
            seen += sum(1 for k in on_cards.values() if k == t)
            out[t] = max(0, mg.PER_TYPE - seen)
        s.ext[mg.KEY] = {
            "up": {t: int(supply[t]["up"]) for t in mg.TYPES},
            "down": {t: int(supply[t]["down"]) for t in mg.TYPES},
            "regions": on_regions,
            "held": held,
            "coins": [int(p.get("coins", 0)) for p in view["players"]],
            "on_card": on_cards,
            "took": not any(n.startswith("goods:") for n in legal),
            "out": out,
        }
    if "africanus" in exps:
        seat = view["seat"]
        own = [c["id"] for c in view["players"][seat].get("hand", [])]
        played = [[int(p["seat"]), p["id"], p["protects"]] for p in view["region_cards_played"]]
        in_use = set(regions)
        seen = set(own) | {p[1] for p in played}
        unseen = rng.shuffled(
            [c.id for c in data.region_cards() if c.region in in_use and c.id not in seen]
        )
        hands: list[list[str]] = []
        for p in view["players"]:
            if p["seat"] == seat:
                hands.append(list(own))
            else:
                n = int(p.get("hand_count", 0))
                hands.append(unseen[:n])
                unseen = unseen[n:]
        deck_n = int(view.get("region_deck", 0))
        s.ext[ar.KEY] = {
            "deck": unseen[:deck_n],
            "discard": unseen[deck_n:],
            "hands": hands,
            "played": played,
            "diplomats": _diplomats(view, regions),
            "caravan": view.get("caravan"),
        }


def _diplomats(view: dict[str, Any], regions: list[str]) -> dict[str, list[int]]:
    """Where each diplomat stands (a region, or the palace with its cube): seat per diplomat."""
    where = {r: view["regions"][r].get("diplomats", {}) for r in regions}
    where["palace"] = view.get("palace_diplomats", {})
    out: dict[str, list[int]] = {}
    for place, per_seat in where.items():
        seats = [
            int(k)
            for k, n in sorted(per_seat.items(), key=lambda kv: int(kv[0]))
            for _ in range(int(n))
        ]
        if seats:
            out[place] = seats
    return out


def sample_game(view: dict[str, Any], legal: Sequence[str], rng: Rng) -> game.Game | None:
    """A whole game the seat's view could come from, its hidden parts drawn with ``rng``.

    None when the seat is not deciding one of the ``REBUILDS`` kinds, or when the rebuilt game
    would not offer exactly ``legal`` (a position this module does not know how to rebuild).
    """
    decision = view.get("decision")
    seat = view.get("seat")
    if decision is None or seat is None or decision["kind"] not in REBUILDS:
        return None
    players = int(view["players_count"])
    wanted = set(legal)
    stack = _pending(view, wanted, players)
    if stack is None:
        return None
    regions = list(data.board_map().in_use[players])
    tokens, rats, supply, gone, known = _rats(view, regions, rng)
    s = State(
        players=players,
        expansions=sorted(view["expansions"]),
        regions=regions,
        cards_in_play=list(view["cards_in_play"]),
        tokens=tokens,
        rng=rng.next64(),
        seed=0,
        cubes={
            r: [int(view["regions"][r]["cubes"].get(str(p), 0)) for p in range(players)]
            for r in regions
        },
        palace=[int(p["palace"]) for p in view["players"]],
        supply=[int(p["cubes_supply"]) for p in view["players"]],
        rats=rats,
        rat_supply=supply,
        removed=[],
        gone=gone,
        known=known,
        plague=view["plague"],
        hands=[list(p["cards"]) for p in view["players"]],
        status=view["status"],
        turn=int(view["turn"]),
        active=int(view["active"]) if view["active"] is not None else 0,
        stack=stack,
        took=not any(n.startswith("take:") for n in wanted),
        placed=not any(n.startswith("place:") for n in wanted),
        revealed=[dict(e) for e in view.get("revealed", [])],
        final_order=[int(x) for x in view.get("final_order", [])],
        # the view's lines as texts again (JSON, engine.text.to_json), its names kept as data
        log=[from_json(line) if isinstance(line, dict) else line for line in view.get("log", [])],
        # the ravages the seat was shown (public: their tokens were turned face up)
        ravages=[{**r, "tokens": [dict(t) for t in r["tokens"]]} for r in view.get("ravages", [])],
    )
    if s.status in ("final_round", "final_ravage"):
        s.last_seat = int(stack[0]["seat"])
    _ext(view, s, wanted, rng)
    if decision["kind"] in ("turn", "final_turn"):
        s.used = [c for c in s.hands[seat] if f"use:{c}" not in wanted]
    rebuilt = game.Game(s)
    if {a.notation for a in rebuilt.legal_actions(seat)} != wanted:
        return None
    return rebuilt
