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
from .state import Frame, State

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


Token = dict[str, Any]
"""A token's front as a game holds it (``State.tokens``): never changed once dealt, so every
game a sampler draws shares the same dicts."""


def _token(front: dict[str, Any], starting: bool) -> Token:
    token = {k: front[k] for k in ("limit", "majority", "all")}
    token["starting"] = starting
    token["classes"] = list(front["classes"])
    return token


def _unseen(view: dict[str, Any], regions: list[str]) -> tuple[list[Token], list[Token]]:
    """The tokens that could lie face down (starting backs, the others), the fronts the view
    shows taken out, in the order a draw picks among them."""
    section = token_section(view["expansions"])
    piles = (list(_fronts(section, True)), list(_fronts(section, False)))

    def discard(front: dict[str, Any], starting: bool) -> None:
        key = _key(front)
        for pile in piles if starting else piles[::-1]:
            for i, candidate in enumerate(pile):
                if candidate[0] == key:
                    del pile[i]
                    return

    for r in regions:
        for slot in view["regions"][r]["slots"]:
            if slot["known"] is not None:
                discard(slot["known"], bool(slot["starting"]))
    for entry in view.get("revealed", []):
        discard(entry, False)
    return [_token(f, True) for _, f in piles[0]], [_token(f, False) for _, f in piles[1]]


def _draw(rng: Rng, starting: list[Token], regular: list[Token], back: bool | None) -> Token:
    """One hidden token taken from the piles: of the back shown (``back``), or either
    (None: drawn in proportion), the other pile once that one is empty."""
    piles = (starting, regular)
    if back is False:
        piles = (regular, starting)
    elif back is None:
        total = len(starting) + len(regular)
        if total and rng.below(total) >= len(starting):
            piles = (regular, starting)
    for pile in piles:
        if pile:
            return pile.pop(rng.below(len(pile)))
    return _token({"limit": 99, "classes": [], "majority": 0, "all": 0}, bool(back))


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


def _public_ext(view: dict[str, Any], regions: list[str], legal: set[str]) -> dict[str, Any]:
    """Each expansion's pieces as the view shows them (Africanus's hidden region cards are
    dealt by ``_RegionCards`` for each game drawn)."""
    exps = set(view["expansions"])
    ext: dict[str, Any] = {}
    if "pied_piper" in exps:
        ext[pp.KEY] = _pied_piper(view, regions)
    if "mercatus" in exps:
        ext[mg.KEY] = _mercatus(view, regions, legal)
    if "africanus" in exps:
        ext[ar.KEY] = {
            "played": [
                [int(p["seat"]), p["id"], p["protects"]] for p in view["region_cards_played"]
            ],
            "diplomats": _diplomats(view, regions),
            "caravan": view.get("caravan"),
        }
    return ext


def _pied_piper(view: dict[str, Any], regions: list[str]) -> dict[str, Any]:
    def padded(items: list[Any], n: int) -> list[Any]:
        return [*items, *([None] * (n - len(items)))]

    nuns = [r for r in regions for _ in range(int(view["regions"][r].get("nuns", 0)))]
    bishops = [r for r in regions for _ in range(int(view["regions"][r].get("bishops", 0)))]
    return {
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


def _mercatus(view: dict[str, Any], regions: list[str], legal: set[str]) -> dict[str, Any]:
    supply = view["goods_supply"]
    on_regions = {r: view["regions"][r]["goods"] for r in regions if "goods" in view["regions"][r]}
    held = [{t: int(p.get("goods", {}).get(t, 0)) for t in mg.TYPES} for p in view["players"]]
    on_cards = dict(view.get("goods_on_cards", {}))
    out = {}
    for t in mg.TYPES:
        seen = supply[t]["up"] + supply[t]["down"] + sum(h[t] for h in held)
        seen += sum(1 for k in on_regions.values() if k == t)
        seen += sum(1 for k in on_cards.values() if k == t)
        out[t] = max(0, mg.PER_TYPE - seen)
    return {
        "up": {t: int(supply[t]["up"]) for t in mg.TYPES},
        "down": {t: int(supply[t]["down"]) for t in mg.TYPES},
        "regions": on_regions,
        "held": held,
        "coins": [int(p.get("coins", 0)) for p in view["players"]],
        "on_card": on_cards,
        "took": not any(n.startswith("goods:") for n in legal),
        "out": out,
    }


class _RegionCards:
    """Africanus's region cards the seat has not seen, dealt anew for each game drawn: into
    the others' hands, the deck and the discard pile."""

    def __init__(self, view: dict[str, Any], regions: list[str]) -> None:
        seat = view["seat"]
        self.own = [c["id"] for c in view["players"][seat].get("hand", [])]
        seen = set(self.own) | {p["id"] for p in view["region_cards_played"]}
        in_use = set(regions)
        self.unseen = [c.id for c in data.region_cards() if c.region in in_use and c.id not in seen]
        self.counts = [
            None if p["seat"] == seat else int(p.get("hand_count", 0)) for p in view["players"]
        ]
        self.deck = int(view.get("region_deck", 0))

    def deal(self, rng: Rng) -> dict[str, Any]:
        unseen = rng.shuffled(self.unseen)
        hands: list[list[str]] = []
        for n in self.counts:
            if n is None:
                hands.append(list(self.own))
            else:
                hands.append(unseen[:n])
                unseen = unseen[n:]
        return {"deck": unseen[: self.deck], "discard": unseen[self.deck :], "hands": hands}


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
    found = sampler(view, legal)
    return None if found is None else found.draw(rng)


def sampler(view: dict[str, Any], legal: Sequence[str]) -> Sampler | None:
    """The view read once, to draw many games from (``Sampler.draw``); None when the seat is
    not deciding one of the ``REBUILDS`` kinds or its pending steps cannot be told."""
    decision = view.get("decision")
    seat = view.get("seat")
    if decision is None or seat is None or decision["kind"] not in REBUILDS:
        return None
    stack = _pending(view, set(legal), int(view["players_count"]))
    return None if stack is None else Sampler(view, legal, stack)


class Sampler:
    """Whole games one seat's view could come from: what the view shows is read once, and
    each ``draw`` deals the hidden parts anew (a search draws hundreds from one view)."""

    def __init__(self, view: dict[str, Any], legal: Sequence[str], stack: list[Frame]) -> None:
        self.seat = int(view["seat"])
        self.players = players = int(view["players_count"])
        self.wanted = wanted = set(legal)
        self.stack = stack
        self.regions = regions = list(data.board_map().in_use[players])
        self.slots: list[tuple[Token | None, bool]] = []
        """Each rat on the board in board order: its front if the seat knows it, its back."""
        self.spans: list[tuple[str, int, int]] = []
        """Each region's rats among the slots: (region, first, after the last)."""
        for r in regions:
            start = len(self.slots)
            for slot in view["regions"][r]["slots"]:
                front, back = slot["known"], bool(slot["starting"])
                self.slots.append((None if front is None else _token(front, back), back))
            self.spans.append((r, start, len(self.slots)))
        self.known_at = [i for i, (front, _) in enumerate(self.slots) if front is not None]
        self.piles = _unseen(view, regions)
        self.rat_supply = int(view["rat_supply"])
        self.names = [f"x{n + 1}" for n in range(len(self.slots) + self.rat_supply + 64)]
        """Token ids in the order they are dealt."""
        self.public = _public_view(view, regions, wanted, stack)
        self.ext = _public_ext(view, regions, wanted)
        self.region_cards = (
            _RegionCards(view, regions) if "africanus" in view["expansions"] else None
        )

    def draw(self, rng: Rng) -> game.Game | None:
        """One whole game, its hidden parts drawn with ``rng``; None when it would not offer
        exactly the legal actions the sampler was given."""
        tokens, rats, supply, gone, known = self._rats(rng)
        s = State(
            tokens=tokens,
            rng=rng.next64(),
            rats=rats,
            rat_supply=supply,
            gone=gone,
            known=known,
            stack=[dict(f) for f in self.stack],
            **_fresh(self.public),
        )
        ext = copy_json(self.ext)
        if self.region_cards is not None:
            ext[ar.KEY] = {**self.region_cards.deal(rng), **ext[ar.KEY]}
        s.ext = ext
        rebuilt = game.Game(s)
        if {a.notation for a in rebuilt.legal_actions(self.seat)} != self.wanted:
            return None
        return rebuilt

    def _rats(
        self, rng: Rng
    ) -> tuple[dict[str, Token], dict[str, list[str]], list[str], list[str], dict[str, list[int]]]:
        """(tokens, rats by region, rat supply, tokens gone, fronts the seat knows): the
        slots' tokens in board order, then the supply's, then those gone, named x1, x2, ..."""
        starting, regular = list(self.piles[0]), list(self.piles[1])
        dealt = [
            _draw(rng, starting, regular, back) if front is None else front
            for front, back in self.slots
        ]
        below = rng.below
        for _ in range(self.rat_supply):  # ``_draw(rng, starting, regular, None)`` written out
            total = len(starting) + len(regular)
            if not total:
                dealt.append(_draw(rng, starting, regular, None))
                continue
            # drawn in proportion: the pile drawn is never empty
            pile = regular if below(total) >= len(starting) else starting
            dealt.append(pile.pop(below(len(pile))))
        # What is left either went out at setup or was revealed earlier: the view cannot tell which.
        dealt += starting
        dealt += regular
        names = self.names
        if len(dealt) > len(names):
            names += [f"x{n + 1}" for n in range(len(names), len(dealt))]
        tokens = dict(zip(names, dealt, strict=False))  # names may run longer
        rats = {region: names[start:end] for region, start, end in self.spans}
        on_board = len(self.slots)
        supply = names[on_board : on_board + self.rat_supply]
        gone = names[on_board + self.rat_supply : len(dealt)]
        return tokens, rats, supply, gone, {names[i]: [self.seat] for i in self.known_at}


def _public_view(
    view: dict[str, Any], regions: list[str], wanted: set[str], stack: list[Frame]
) -> dict[str, Any]:
    """The State fields every game drawn from the view shares (``_fresh`` copies them)."""
    players = int(view["players_count"])
    seat = int(view["seat"])
    hands = [list(p["cards"]) for p in view["players"]]
    status = view["status"]
    kind = view["decision"]["kind"]
    return {
        "players": players,
        "expansions": sorted(view["expansions"]),
        "regions": regions,
        "cards_in_play": list(view["cards_in_play"]),
        "seed": 0,
        "cubes": {
            r: [int(view["regions"][r]["cubes"].get(str(p), 0)) for p in range(players)]
            for r in regions
        },
        "palace": [int(p["palace"]) for p in view["players"]],
        "supply": [int(p["cubes_supply"]) for p in view["players"]],
        "removed": [],
        "plague": view["plague"],
        "hands": hands,
        "status": status,
        "turn": int(view["turn"]),
        "active": int(view["active"]) if view["active"] is not None else 0,
        "took": not any(n.startswith("take:") for n in wanted),
        "placed": not any(n.startswith("place:") for n in wanted),
        "revealed": [dict(e) for e in view.get("revealed", [])],
        "final_order": [int(x) for x in view.get("final_order", [])],
        "last_seat": int(stack[0]["seat"]) if status in ("final_round", "final_ravage") else None,
        # the view's lines as texts again (JSON, engine.text.to_json), its names kept as data
        "log": [
            from_json(line) if isinstance(line, dict) else line for line in view.get("log", [])
        ],
        # the ravages the seat was shown (public: their tokens were turned face up)
        "ravages": [
            {**r, "tokens": [dict(t) for t in r["tokens"]]} for r in view.get("ravages", [])
        ],
        "used": (
            [c for c in hands[seat] if f"use:{c}" not in wanted]
            if kind in ("turn", "final_turn")
            else []
        ),
    }


def _fresh(public: dict[str, Any]) -> dict[str, Any]:
    """The shared fields of ``_public_view`` with every container a game changes copied."""
    out = dict(public)
    for key in ("expansions", "regions", "cards_in_play", "palace", "supply", "removed"):
        out[key] = list(public[key])
    for key in ("final_order", "log", "used"):
        out[key] = list(public[key])
    out["cubes"] = {r: list(c) for r, c in public["cubes"].items()}
    out["hands"] = [list(h) for h in public["hands"]]
    out["revealed"] = [dict(e) for e in public["revealed"]]
    out["ravages"] = [{**r, "tokens": [dict(t) for t in r["tokens"]]} for r in public["ravages"]]
    return out
