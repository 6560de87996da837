"""Is a state one a game of Rattus could have reached? ``check`` raises ``BadState`` naming
every problem it finds: a value of the wrong type, an unknown id (region, class card, token,
step kind, seat), a piece in two places or missing (cubes counted against each colour's 20,
rat tokens against the fronts the game was dealt, class cards against the cards in play), a
malformed pending decision.

``from_dict`` runs it on every state read from outside (a save, a replay, a test's literal);
copies made while the rules run are never checked again. An expansion checks its own pieces
in ``State.ext`` through ``EXT_CHECKS``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import kernel
from ..saved import Checker
from . import board, data, steps, views
from .state import CUBES_PER_PLAYER, State

ExtCheck = Callable[[Checker, State, Any], None]
EXT_CHECKS: dict[str, ExtCheck] = {}
"""Expansion id -> a check of its pieces (``State.ext[id]``, given as the third argument).
Every expansion registers one: an expansion without it is unknown here."""

STATUSES = ("placement", "playing", "final_round", "final_ravage", "over")
MAX_SEATS = 6


def check(s: State) -> None:
    """BadState unless ``s`` could be a moment of a real game (see the module's text)."""
    kernel.validate("Rattus", s, steps.STEPS, views.view, STAGES)


def _expansions(c: Checker, s: State) -> None:
    for exp in s.expansions:
        EXT_CHECKS[exp](c, s, s.ext[exp])


def _fields(c: Checker, s: State) -> None:
    c.is_int("players", s.players, 2, MAX_SEATS)
    c.strs("expansions", s.expansions, EXT_CHECKS)
    c.strs("regions", s.regions)
    c.strs("cards_in_play", s.cards_in_play, data.cards())
    if c.is_type("tokens", s.tokens, dict, "a table of fronts"):
        for tid, front in s.tokens.items():
            if type(front) is not dict:
                c.is_type(f"tokens[{tid!r}]", front, dict, "a front")
    c.is_int("rng", s.rng)
    c.is_type("seed", s.seed, (int, str), "a number or a text")
    for name in ("cubes", "rats", "known"):
        value = getattr(s, name)
        if c.is_type(name, value, dict, "a table by region"):
            for key, v in value.items():
                c.is_type(f"{name}[{key!r}]", v, list, "a list")
    for name in ("palace", "supply"):
        c.is_type(name, getattr(s, name), list, "a list")
    for name in ("rat_supply", "removed", "gone", "used", "face_up"):
        c.strs(name, getattr(s, name))
    c.strs("log", kernel.logged(s.log))
    c.is_type("plague", s.plague, str, "a region")
    if c.is_type("hands", s.hands, list, "a list of hands"):
        for seat, hand in enumerate(s.hands):
            c.strs(f"hands[{seat}]", hand)
    c.that(s.status in STATUSES, f"status {s.status!r} is not one of {', '.join(STATUSES)}")
    c.is_int("turn", s.turn, 0)
    c.is_int("version", s.version, 0)
    c.is_type("took", s.took, bool, "true or false")
    c.is_type("placed", s.placed, bool, "true or false")
    for name in ("stack", "revealed", "ravages"):
        if c.is_type(name, getattr(s, name), list, "a list"):
            for i, item in enumerate(getattr(s, name)):
                c.is_type(f"{name}[{i}]", item, dict, "a table")
    for name in ("scores", "ranking"):
        if getattr(s, name) is not None:
            c.is_type(name, getattr(s, name), list, "a list or null")
    c.is_type("ext", s.ext, dict, "a table by expansion")


def _shapes(c: Checker, s: State) -> None:
    n = s.players
    seats = n - 1
    expected = list(data.board_map().in_use.get(n, ()))
    c.that(s.regions == expected, f"regions are not the {n}-player board's")
    regions = set(s.regions)
    for name in ("cubes", "rats"):
        if set(getattr(s, name)) != regions:
            c.bad(f"{name} lists regions {sorted(getattr(s, name))}, not the board's")
    for r, per_seat in s.cubes.items():
        c.ints(f"cubes[{r!r}]", per_seat, n, 0, CUBES_PER_PLAYER)
    c.ints("palace", s.palace, n, 0, CUBES_PER_PLAYER)
    c.ints("supply", s.supply, n, 0, CUBES_PER_PLAYER)
    for r, tids in s.rats.items():
        if c.strs(f"rats[{r!r}]", tids):
            c.that(len(tids) <= 3, f"rats[{r!r}] holds {len(tids)} tokens, more than 3")
    c.that(s.plague in regions, f"plague stands in unknown region {s.plague!r}")
    c.that(len(s.hands) == n, f"hands has {len(s.hands)} entries, not {n}")
    c.is_int("active", s.active, 0, seats)
    if s.last_seat is not None:
        c.is_int("last_seat", s.last_seat, 0, seats)
    c.ints("final_order", s.final_order, None, 0, seats)
    if s.scores is not None:
        c.ints("scores", s.scores, n, -10_000)
    if s.ranking is not None and c.ints("ranking", s.ranking, n, 0, seats):
        c.that(sorted(s.ranking) == list(range(n)), "ranking does not list every seat once")
    c.that(
        sorted(s.ext) == sorted(s.expansions),
        f"ext holds {sorted(s.ext)}, not the expansions {sorted(s.expansions)}",
    )


def _pieces(c: Checker, s: State) -> None:
    places = {f"rats[{r!r}]": s.rats[r] for r in s.regions}
    places |= {"rat_supply": s.rat_supply, "removed": s.removed, "gone": s.gone}
    c.once_each(places, s.tokens, "rat token")
    placed = {t for r in s.regions for t in s.rats[r]}
    for tid, seats in s.known.items():
        c.that(tid in placed, f"known names {tid!r}, which is not face down on the board")
        c.ints(f"known[{tid!r}]", seats, None, 0, s.players - 1)
    for tid in s.face_up:
        c.that(tid in s.tokens, f"face_up names unknown rat token {tid!r}")
    in_play = set(s.cards_in_play)
    c.that(len(in_play) == len(s.cards_in_play), "cards_in_play names a card twice")
    held: dict[str, int] = {}
    for seat, hand in enumerate(s.hands):
        for card in hand:
            if card in held:
                c.bad(f"class card {card!r} is in two hands: {held[card]} and {seat}")
            held[card] = seat
            c.that(card in in_play, f"hands[{seat}] holds {card!r}, a card not in play")


def _seated(c: Checker, s: State) -> None:
    """Every Rattus frame belongs to one seat, automatic ones too (they act for it)."""
    for i, frame in enumerate(s.stack):
        c.that("seat" in frame, f"stack[{i}] ({frame.get('kind')}) names no seat")


def _cubes(c: Checker, s: State) -> None:
    for seat in range(s.players):
        on_board = sum(s.cubes[r][seat] for r in s.regions)
        total = on_board + s.palace[seat] + s.supply[seat] + board.held_cubes(s, seat)
        if total != CUBES_PER_PLAYER:
            c.bad(f"{s.colour_name(seat)} has {total} cubes in all, not {CUBES_PER_PLAYER}")


STAGES: tuple[tuple[kernel.Check[State], ...], ...] = (
    (_fields,),  # the rest relies on the types being right
    (_shapes,),
    (_pieces, _seated),
    (_expansions,),
    (_cubes,),
)
"""The checks, stage by stage (see ``kernel.validate``)."""
