"""Rattus Cartus for the strong computer player: the sampler, the rules of thumb on a whole
game and the score the search uses, all seen from one seat.

The search (``engine.ai.search``) draws whole games the seat's view could come from
(``engine.cartus.sampling``), plays each candidate out to the end of the round with everybody
following the easy player's rules of thumb, and scores where it got: points as if the game
ended now (majorities on the influence tracks, cards in hand, Gold, victory point tokens), what
the cards in hand and the influence may still bring, and the chance of dying of the plague
(rats against the Nun-row's nuns, which the sample drew where the seat has not looked).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from ..cartus import cards, data, scoring, simulate
from ..cartus.sampling import sample_state
from ..cartus.state import State
from ..core import Action, Rng
from ..text import verbatim
from .cartus_player import building_code, commit_value, easy_choice
from .search import Rules, each_time

UNLABELLED = verbatim("")
"""The label of an action played by its notation alone in a look-ahead (nobody reads it)."""
INFLUENCE = 0.6
"""A point of influence beyond what the majorities already pay (it guards or wins them later)."""
IN_HAND = 0.5
"""A population card or joker in hand: influence to come."""
DEATH = 15.0
"""What dying costs beyond every point the player had."""
SPREAD = 8.0
"""Point differences are squashed by tanh(difference / SPREAD)."""


def _seen_by(s: State, seat: int) -> dict[str, Any]:
    """The few parts of a view the rules of thumb read, taken from a whole game: the seat's
    hand by type (entering weighs it), and per building of the row its class, supply and
    entries (the rules of thumb read an entry's seat and count only, so the game's own
    entries serve, unchanged)."""
    frame = s.stack[-1]
    kind = frame["kind"]
    players: list[dict[str, Any]] = [{} for _ in range(s.players)]
    if kind == "enter":
        players[seat] = {"hand": cards.counts(s, s.hands[seat])}
    row = []
    for b in s.row:
        card = s.building_cards[b["card"]]
        row.append({"class": card["class"], "supply": card["supply"], "entries": b["entries"]})
    return {
        "seat": seat,
        "decision": {"kind": kind, "seat": seat},
        "players": players,
        "row": row,
    }


def policy(s: State, seat: int, rng: Rng) -> Action:
    options = simulate.options(s, seat)
    if len(options) == 1:
        return options[0]
    legal = [a.notation for a in options]
    chosen = easy_choice(_seen_by(s, seat), legal, rng)
    return options[legal.index(chosen)]


def play(s: State, seat: int, action: Action | str) -> State:
    if isinstance(action, str):
        action = Action(action, UNLABELLED)
    simulate.play(s, seat, action)
    return s


def values(s: State) -> list[float]:
    """Each seat's points if the game ended now, with what its cards and influence may still
    bring, less what the plague is likely to take."""
    out = [float(sum(line.values())) for line in scoring.lines(s)]
    for p, hand in enumerate(s.hands):
        out[p] += IN_HAND * cards.population(s, hand)
        out[p] += INFLUENCE * sum(s.influence[cls][p] for cls in data.CLASSES)
    nuns = scoring.nuns(s)
    left = s.rounds - s.round
    for p in range(s.players):
        margin = s.rats[p] - nuns - 0.5
        dying = 1 / (1 + math.exp(-margin / (0.3 + 0.8 * left)))
        out[p] = out[p] * (1 - dying) - DEATH * dying
    return out


def score(s: State, seat: int) -> float:
    """About -1 (lost) to 1 (won) for the seat."""
    if s.outcome is not None:
        result = s.outcome
        scores = result["scores"]
        best = max(
            (x for p, x in enumerate(scores) if p != seat and p not in result["dead"]), default=0
        )
        diff = (scores[seat] if seat not in result["dead"] else -DEATH) - best
        won = 0.7 if seat in result["winners"] else -0.7
        return won + 0.3 * math.tanh(diff / SPREAD)
    v = values(s)
    diff = v[seat] - max(x for p, x in enumerate(v) if p != seat)
    return math.tanh(diff / SPREAD)


ROUNDS_AHEAD = 1
"""Playouts stop when this many rounds have begun after the one searched (or at the end)."""


def horizon(start: State) -> Callable[[State], bool]:
    """Playouts stop when the round ``ROUNDS_AHEAD`` later begins (or the game ends)."""
    until = start.round + ROUNDS_AHEAD - 1

    def reached(s: State) -> bool:
        return s.round > until

    return reached


MAX_CANDIDATES = 6
"""A choice of cards compares at most this many answers: the best of each number of cards,
then the next best."""


def candidates(view: dict[str, Any], legal: Sequence[str], favourite: str) -> list[str]:
    if len(legal) <= MAX_CANDIDATES or view["decision"]["kind"] != "commit":
        return list(legal)
    code = building_code(view)
    ranked = sorted(legal, key=lambda n: (-commit_value(code, n, False), n))
    per_count: dict[int, str] = {}
    for n in ranked:
        per_count.setdefault(sum(_sizes(n)), n)
    best = sorted(per_count.values(), key=ranked.index)
    out = [favourite, *(n for n in best if n != favourite)][:MAX_CANDIDATES]
    out += [n for n in ranked if n not in out][: MAX_CANDIDATES - len(out)]
    return out


def _sizes(notation: str) -> list[int]:
    """``commit:ch2-jo1`` -> [2, 1]."""
    body = notation.split(":", 1)[1]
    return [] if body == "none" else [int(part[2:] or 1) for part in body.split("-")]


RULES = Rules(
    sampler=each_time(sample_state),
    actor=simulate.actor,
    policy=policy,
    play=play,
    score=score,
    horizon=horizon,
    prior=easy_choice,
    clone=State.clone,
    candidates=candidates,
)
