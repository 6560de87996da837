"""Whole Cartus games consistent with one seat's view: the hidden parts drawn at random.

A computer player sees only ``game.view(seat)`` and the legal actions. To look ahead it needs
whole games, so ``sample_state`` rebuilds one from the view: the public parts as shown (the
row, who entered where with how many cards, the influence tracks, counts of every deck), the
seat's own secrets as it knows them (its hand, rats, victory point tokens, the Nun-row cards it
looked at, the cards it played face down) and what it cannot see drawn from what it could be:
the other hands, the cards others played face down this round (drawn leaning towards the
building's class and jokers, as people play), the Nun-row cards it has not seen, the deck and
discard pile, others' rats and victory point tokens, the building decks and the future of the
game's random generator. The rebuilt game is checked against the legal actions the seat was
given; a decision this module cannot rebuild gives None.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, NamedTuple

from ..core import Rng
from ..kernel import LogLine
from ..saved import copy_json
from ..text import from_json
from . import data, simulate
from .setup import EVERYONE_DEAD, deal_cards
from .state import Frame, State

REBUILDS = ("supply", "supply_all", "enter", "commit")
"""Decision kinds whose pending steps follow from the view alone (the round before any
building is resolved). Looks at the Nun-row need no search: every unseen card is alike."""

RAT_SPREAD = 3
"""Others' rat totals are unseen: drawn within this many of the seat's own (everyone gains
and sheds rats the same ways, so the own total is the best guess the view allows)."""

COMMIT_WEIGHT = {"class": 4.0, "joker": 3.0, "sword": 1.0, "flute": 1.0, "other": 0.4}
"""How likely a hidden card played in a building is of each kind, relative to the others."""


@cache
def _cards() -> dict[str, dict[str, Any]]:
    return deal_cards()


@cache
def _ids_by_face() -> dict[tuple[str, int], tuple[str, ...]]:
    """(type, nuns) -> the card ids showing it (jokers and specials show 0 nuns)."""
    out: dict[tuple[str, int], list[str]] = {}
    for cid, card in sorted(_cards().items()):
        out.setdefault((str(card["type"]), int(card["nuns"])), []).append(cid)
    return {k: tuple(v) for k, v in out.items()}


@cache
def _building_cards(in_play: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    table = data.buildings()
    out: dict[str, dict[str, Any]] = {}
    for b in in_play:
        for copy, supply in enumerate(table[b].supplies, start=1):
            out[f"{b}-{copy}"] = {"building": b, "class": table[b].cls, "supply": dict(supply)}
    return out


class _Pool:
    """Card ids nobody has placed yet, by (type, nuns)."""

    def __init__(self) -> None:
        self.left = {face: list(ids) for face, ids in _ids_by_face().items()}
        self.of_type: dict[str, list[tuple[int, list[str]]]] = {}
        """The same lists by type, in the same order (a take looks at its type's only)."""
        for (t, n), ids in self.left.items():
            self.of_type.setdefault(t, []).append((n, ids))

    def take(self, card_type: str, nuns: int | None = None) -> str | None:
        """One id of this type (with these nuns if given; else any of the type)."""
        for n, ids in self.of_type.get(card_type, ()):
            if (nuns is None or n == nuns) and ids:
                return ids.pop()
        return None

    def rest(self, population: bool) -> list[str]:
        out: list[str] = []
        for (t, _), ids in self.left.items():
            if (t in data.CLASSES) == population:
                out += ids
                ids.clear()
        return sorted(out)


def _weight(card_type: str, cls: str) -> float:
    if card_type == cls:
        return COMMIT_WEIGHT["class"]
    if card_type in ("joker", "sword", "flute"):
        return COMMIT_WEIGHT[card_type]
    if card_type in data.CLASSES:
        return COMMIT_WEIGHT["other"]
    return 0.0  # Pass and Gold cannot be played in a building


def _draw_weighted(cards: dict[str, dict[str, Any]], pile: list[str], cls: str, rng: Rng) -> str:
    weights = [_weight(str(cards[c]["type"]), cls) for c in pile]
    total = sum(weights)
    if total <= 0:
        return pile.pop(rng.below(len(pile)))
    x = rng.below(1_000_000) / 1_000_000 * total
    for i, w in enumerate(weights):
        x -= w
        if x < 0 and w > 0:
            return pile.pop(i)
    return pile.pop(max(i for i, w in enumerate(weights) if w > 0))


def _queue(view: dict[str, Any], seat: int, entered: set[int], include_seat: bool) -> list[int]:
    """Seats still to enter, the deciding one first: the rest clockwise after it."""
    players = int(view["players_count"])
    order = [(seat + i) % players for i in range(players)]
    if not include_seat:
        order = order[1:]
    return [p for p in order if p not in entered]


def _stack(view: dict[str, Any], seat: int, entered: set[int]) -> list[Frame] | None:
    """The pending steps behind the seat's decision."""
    kind = view["decision"]["kind"]
    players = int(view["players_count"])
    start = int(view["start_player"])
    base: list[Frame] = [{"kind": "end_round"}, {"kind": "resolve"}]
    if kind == "supply":
        order = [(start + i) % players for i in range(players)]
        later = order[order.index(seat) + 1 :]
        frames = [{"kind": "supply", "seat": p} for p in reversed(later)]
        return [*base, {"kind": "begin_entering"}, *frames, {"kind": "supply", "seat": seat}]
    if kind == "supply_all":
        return [
            *base,
            {"kind": "begin_entering"},
            {"kind": "supply_all", "seats": [int(p) for p in view["actors"]]},
        ]
    if kind == "enter":
        queue = _queue(view, seat, entered, include_seat=True)
        return [*base, {"kind": "enter", "seat": seat, "queue": queue}]
    if kind == "commit":
        place = next(
            (
                b["place"] - 1
                for b in view["row"]
                if any(e["seat"] == seat and not e["count"] for e in b["entries"])
            ),
            None,
        )
        if place is None:
            return None
        queue = _queue(view, seat, entered, include_seat=False)
        waiting: list[Frame] = (
            [{"kind": "enter", "seat": queue[0], "queue": queue}] if queue else []
        )
        return [*base, *waiting, {"kind": "commit", "seat": seat, "place": place}]
    return None


_Hidden = list[tuple[dict[str, Any], str]]
"""Others' row entries whose cards the seat cannot see, each with its building's class."""


def _own_hand(me: dict[str, Any], pool: _Pool) -> list[str] | None:
    """The seat's hand as card ids, taken from the pool."""
    hand: list[str] = []
    for face in me["hand_cards"] or []:
        cid = pool.take(str(face["type"]), int(face["nuns"]))
        if cid is None:
            return None
        hand.append(cid)
    return hand


def _row(
    view: dict[str, Any], seat: int, pool: _Pool
) -> tuple[list[dict[str, Any]], _Hidden, set[int]] | None:
    """The building row with every entry: the seat's own cards taken from the pool, others'
    left empty (listed in the second part, to be drawn later); and the seats that entered."""
    row: list[dict[str, Any]] = []
    hidden: _Hidden = []
    entered: set[int] = set()
    for b in view["row"]:
        entries = []
        for e in b["entries"]:
            entered.add(int(e["seat"]))
            entry: dict[str, Any] = {
                "seat": int(e["seat"]),
                "cards": [],
                "count": int(e["count"]),
                "shown": None,
            }
            if int(e["seat"]) == seat:
                for t, n in (e["cards"] or {}).items():
                    for _ in range(int(n)):
                        cid = pool.take(str(t))
                        if cid is None:
                            return None
                        entry["cards"].append(cid)
            elif entry["count"]:
                hidden.append((entry, str(b["class"])))
            entries.append(entry)
        row.append({"card": b["card"], "entries": entries, "revealed": False})
    return row, hidden, entered


def _seen_nun_row(
    view: dict[str, Any], seat: int, pool: _Pool
) -> tuple[list[str | None], list[list[int]]] | None:
    """The Nun-row cards the seat has looked at (None where it has not) and who saw each."""
    nun_row: list[str | None] = []
    seen: list[list[int]] = []
    for place in view["nun_row"]:
        card = place["card"]
        if card is None:
            nun_row.append(None)
            seen.append([])
            continue
        cid = pool.take(str(card["type"]), int(card["nuns"]))
        if cid is None:
            return None
        nun_row.append(cid)
        seen.append([seat])
    return nun_row, seen


def _supplies(view: dict[str, Any], pool: _Pool) -> dict[str, list[str]] | None:
    """The joker and special decks, holding as many cards as the view counts."""
    supplies: dict[str, list[str]] = {}
    for t in ("joker", *data.SPECIALS):
        supplies[t] = []
        for _ in range(int(view["supplies"].get(t, 0))):
            cid = pool.take(t)
            if cid is None:
                return None
            supplies[t].append(cid)
    return supplies


class _Known(NamedTuple):
    """The cards the seat knows, as ids, what the view shows of the row, and what is left
    for the rest: every sample of one view starts from these (copied where it changes them)."""

    hand: list[str]
    row: list[dict[str, Any]]
    entered: set[int]
    nun_row: list[str | None]  # None where the seat has not looked
    seen: list[list[int]]
    supplies: dict[str, list[str]]
    specials_left: tuple[str, ...]  # jokers and specials nobody placed: with the others
    population_left: tuple[str, ...]  # population cards nobody placed
    classes: tuple[str, ...]  # the class of each building of the row


def _known_cards(view: dict[str, Any], seat: int, me: dict[str, Any]) -> _Known | None:
    """The cards the seat knows, taken from the pool in this order: its hand, what it played
    face down, the Nun-row cards it saw, then the decks of jokers and specials as counted
    (the rest of those is with the others). None when the view names a card there is not."""
    pool = _Pool()
    hand = _own_hand(me, pool)
    if hand is None:
        return None
    in_row = _row(view, seat, pool)
    if in_row is None:
        return None
    row, _, entered = in_row
    looked = _seen_nun_row(view, seat, pool)
    if looked is None:
        return None
    nun_row, seen = looked
    supplies = _supplies(view, pool)
    if supplies is None:
        return None
    specials, population = tuple(pool.rest(population=False)), tuple(pool.rest(population=True))
    classes = tuple(str(b["class"]) for b in view["row"])
    return _Known(hand, row, entered, nun_row, seen, supplies, specials, population, classes)


def _copy_row(known: _Known, seat: int) -> tuple[list[dict[str, Any]], _Hidden]:
    """A copy of the known row to fill, and its entries whose cards the seat cannot see."""
    copied: list[dict[str, Any]] = []
    hidden: _Hidden = []
    for b, cls in zip(known.row, known.classes, strict=True):
        entries = [{**e, "cards": e["cards"][:]} for e in b["entries"]]
        copied.append({**b, "entries": entries})
        hidden += [(e, cls) for e in entries if e["seat"] != seat and e["count"]]
    return copied, hidden


def _unseen_cards(
    view: dict[str, Any],
    seat: int,
    known: _Known,
    hidden: _Hidden,
    rng: Rng,
) -> tuple[list[list[str]], list[str], list[str], list[str]] | None:
    """What is left in the pool dealt out: the others' hands (every hand, the seat's own as
    given), the deck, the discard pile and the whole Nun row. Fills the hidden row entries."""
    with_others = list(known.specials_left)  # jokers and specials not in the decks
    population = rng.shuffled(list(known.population_left))
    nun_row_ids = [cid if cid is not None else population.pop() for cid in known.nun_row]
    slots = sum(int(p["hand_count"]) for p in view["players"] if p["seat"] != seat)
    slots += sum(entry["count"] for entry, _ in hidden)
    if len(with_others) > slots:
        return None
    with_others += [population.pop() for _ in range(slots - len(with_others))]
    cards = _cards()
    for entry, cls in hidden:
        entry["cards"] = [
            _draw_weighted(cards, with_others, cls, rng) for _ in range(entry["count"])
        ]
    with_others = rng.shuffled(with_others)
    hands: list[list[str]] = []
    for p in view["players"]:
        if p["seat"] == seat:
            hands.append(known.hand[:])
        else:
            n = int(p["hand_count"])
            hands.append(with_others[:n])
            with_others = with_others[n:]
    deck_n = int(view["population_deck"])
    if len(population) < deck_n:
        return None
    return hands, population[:deck_n], population[deck_n:], nun_row_ids


def _rats(me: dict[str, Any], seat: int, players: int, rng: Rng) -> list[int]:
    """The seat's own rats; others' drawn within ``RAT_SPREAD`` of them."""
    return [
        int(me["rats"])
        if p == seat
        else max(0, int(me["rats"]) + rng.below(2 * RAT_SPREAD + 1) - RAT_SPREAD)
        for p in range(players)
    ]


def _vp_tokens(
    view: dict[str, Any], me: dict[str, Any], seat: int, tokens: list[int], rng: Rng
) -> tuple[list[list[int]], list[int]]:
    """Each seat's victory point tokens (the seat's own as it knows them, others' drawn from
    ``tokens``, those it does not hold) and the pile left."""
    tokens = rng.shuffled(tokens)
    vp: list[list[int]] = []
    for p in view["players"]:
        if p["seat"] == seat:
            vp.append([int(v) for v in me["vp"] or []])
        else:
            n = int(p["vp_tokens"])
            vp.append(tokens[:n])
            tokens = tokens[n:]
    return vp, tokens


def _building_decks(
    view: dict[str, Any], others: list[str], rng: Rng
) -> tuple[list[str], list[str], list[str]] | None:
    """The building deck, replacement deck and discard, drawn from the copies not in the row
    (``others``, sorted)."""
    others = rng.shuffled(others)
    n_deck, n_repl = int(view["building_deck"]), int(view["replacement_deck"])
    if len(others) < n_deck + n_repl:
        return None
    return others[:n_deck], others[n_deck : n_deck + n_repl], others[n_deck + n_repl :]


def _influence(
    view: dict[str, Any], players: int
) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """The influence tracks as shown: points and arrival order, per class and seat."""
    influence = {cls: [0] * players for cls in data.CLASSES}
    arrived = {cls: [0] * players for cls in data.CLASSES}
    for cls, discs in view["influence"].items():
        for disc in discs:
            influence[cls][int(disc["seat"])] = int(disc["points"])
            arrived[cls][int(disc["seat"])] = int(disc["stack"])
    return influence, arrived


def _supply_chosen(view: dict[str, Any], players: int, row_size: int, rng: Rng) -> list[int | None]:
    """In a secret supply, the buildings those who have chosen picked (drawn: unseen)."""
    chosen: list[int | None] = [None] * players
    if view["decision"]["kind"] == "supply_all":
        for p in view["supply_chosen"] or []:
            chosen[int(p)] = rng.below(row_size)
    return chosen


def _options(view: dict[str, Any]) -> dict[str, Any]:
    options = view["options"]
    return {
        "buildings": options["buildings"],
        "simultaneous_supply": bool(options["simultaneous_supply"]),
        "guard_tower": False,
        "everyone_dead": str(options.get("everyone_dead", EVERYONE_DEAD[0])),
    }


def _rebuildable(view: dict[str, Any]) -> bool:
    """Whether the view's seat is deciding one of the ``REBUILDS`` kinds."""
    decision = view.get("decision")
    seat = view.get("seat")
    if decision is None or seat is None or decision["kind"] not in REBUILDS:
        return False
    return int(decision["seat"]) == int(seat) and view["status"] in ("supply", "enter")


class _Fixed(NamedTuple):
    """What one view fixes for every game sampled from it (copied where a game changes it)."""

    view: dict[str, Any]  # a copy of the view it was made from
    seat: int
    known: _Known
    tokens: tuple[int, ...]  # victory point tokens the seat does not hold
    building_cards: dict[str, dict[str, Any]]
    other_buildings: tuple[str, ...]  # building cards not in the row, sorted
    influence: dict[str, list[int]]
    arrived: dict[str, list[int]]
    stack: list[Frame]
    log: list[LogLine]


def _fixed(view: dict[str, Any]) -> _Fixed | None:
    """What ``view`` fixes, or None when no game can be rebuilt from it."""
    if not _rebuildable(view):
        return None
    seat = int(view["seat"])
    me = view["players"][seat]
    known = _known_cards(view, seat, me)
    if known is None:
        return None
    stack = _stack(view, seat, known.entered)
    if stack is None:
        return None
    tokens = list(data.table().vp_tokens)
    for value in me["vp"] or []:
        tokens.remove(int(value))
    building_cards = _building_cards(tuple(view["buildings_in_play"]))
    in_row = {b["card"] for b in view["row"]}
    influence, arrived = _influence(view, int(view["players_count"]))
    return _Fixed(
        view=copy_json(view),
        seat=seat,
        known=known,
        tokens=tuple(tokens),
        building_cards=building_cards,
        other_buildings=tuple(c for c in sorted(building_cards) if c not in in_row),
        influence=influence,
        arrived=arrived,
        stack=stack,
        log=[from_json(line) for line in view.get("log", [])],
    )


_LAST: list[_Fixed | None] = [None]
"""What the view last sampled fixes: a search samples hundreds of games from one view. Used
again only for a view equal to the one it was made from."""


def sample_state(view: dict[str, Any], legal: Sequence[str], rng: Rng) -> State | None:
    """A whole game state the seat's view could come from, its hidden parts drawn with ``rng``.

    None when the seat is not deciding one of the ``REBUILDS`` kinds, or when the rebuilt game
    would not offer exactly ``legal``.
    """
    fixed = _LAST[0]
    if fixed is None or fixed.view != view:
        fixed = _fixed(view)
        if fixed is None:
            return None
        _LAST[0] = fixed
    s = _sample(fixed, rng)
    if s is None or {a.notation for a in simulate.options(s, fixed.seat)} != set(legal):
        return None
    return s


def _sample(fixed: _Fixed, rng: Rng) -> State | None:
    """One game from what a view fixes, its hidden parts drawn with ``rng``."""
    view, seat, known = fixed.view, fixed.seat, fixed.known
    players = int(view["players_count"])
    me = view["players"][seat]
    row, hidden = _copy_row(known, seat)
    dealt = _unseen_cards(view, seat, known, hidden, rng)
    if dealt is None:
        return None
    hands, deck, discard, nun_row_ids = dealt
    rats = _rats(me, seat, players, rng)
    vp, tokens = _vp_tokens(view, me, seat, list(fixed.tokens), rng)
    decks = _building_decks(view, list(fixed.other_buildings), rng)
    if decks is None:
        return None
    building_deck, replacement, building_discard = decks
    start = int(view["start_player"])
    chosen = _supply_chosen(view, players, len(row), rng)
    return State(
        players=players,
        seed=0,
        rng=rng.next64(),
        options=_options(view),
        cards=_cards(),
        building_cards=fixed.building_cards,
        in_play=list(view["buildings_in_play"]),
        rounds=int(view["rounds"]),
        deck=deck,
        discard=discard,
        supplies={t: ids[:] for t, ids in known.supplies.items()},
        hands=hands,
        nun_row=nun_row_ids,
        seen=[p[:] for p in known.seen],
        rats=rats,
        vp_pile=tokens,
        vp=vp,
        building_deck=building_deck,
        replacement=replacement,
        building_discard=building_discard,
        influence={cls: v[:] for cls, v in fixed.influence.items()},
        arrived={cls: v[:] for cls, v in fixed.arrived.items()},
        round=int(view["round"]),
        start_player=start,
        row=row,
        entered=[p for p in ((start + i) % players for i in range(players)) if p in known.entered],
        gained=[0] * players,
        supply_chosen=chosen,
        premium={},
        moves=players,
        status=str(view["status"]),
        stack=[{k: x[:] if type(x) is list else x for k, x in f.items()} for f in fixed.stack],
        log=fixed.log[:],
    )
