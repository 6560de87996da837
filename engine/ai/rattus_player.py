"""Rattus for the computer players: the sampler, the rules of thumb and the score the search
uses, all seen from one seat."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import Action, Rng, find_action
from ..rattus import flow, sampling, simulate
from ..rattus.state import State
from . import rattus_policy
from .rattus_table import Table, average, expected_losses
from .search import Rules

RISK = 0.8
"""How much of the expected loss to the rats already on the board a position's score counts:
every rat is revealed some day, but cubes and rats move before that."""


def easy_choice(view: dict[str, Any], legal: Sequence[str], rng: Rng) -> str:
    decision = view.get("decision") or {}
    return rattus_policy.choose(Table.from_view(view), str(decision.get("kind", "")), legal, rng)


@dataclass
class Playout:
    """A game one search drew (played on in place), and the numbers its rules of thumb worked
    out on any game of that search (``Table.shared``)."""

    state: State
    shared: dict[tuple[Any, ...], Any]


def actor(g: Playout) -> int | None:
    return simulate.actor(g.state)


def policy(g: Playout, seat: int, rng: Rng) -> Action:
    s = g.state
    options = simulate.options(s, seat)
    legal = [a.notation for a in options]
    table = Table.from_state(s, seat, g.shared)
    chosen = rattus_policy.choose(table, s.stack[-1]["kind"], legal, rng)
    return options[legal.index(chosen)]


def play(g: Playout, seat: int, action: Action | str) -> Playout:
    if isinstance(action, str):
        action = find_action(simulate.options(g.state, seat), action)
    simulate.play(g.state, seat, action)
    return g


def values(s: State) -> list[float]:
    """Each seat's points if the game ended now, less the cubes the rats on the board are
    expected to take (counting their real fronts in this sampled game)."""
    if s.scores is not None:
        return [float(x) for x in s.scores]
    out = [float(sum(line.values())) for line in flow.score_lines(s)]
    table = Table.from_state(s, 0)
    avg = average(table.section)
    for r in s.regions:
        if not s.rats[r]:
            continue
        fronts = [s.tokens[t] for t in s.rats[r]]
        for p, lost in enumerate(expected_losses(s.cubes[r], fronts, table.held, avg)):
            out[p] -= RISK * lost
    return out


def score(g: Playout, seat: int) -> float:
    s = g.state
    v = values(s)
    diff = v[seat] - max(x for p, x in enumerate(v) if p != seat)
    if s.ranking is not None:
        return (0.7 if s.ranking[0] == seat else -0.7) + 0.3 * math.tanh(diff / 5)
    return math.tanh(diff / 5)


def horizon(start: Playout) -> Callable[[Playout], bool]:
    """Playouts stop a full round of turns later, or at the end once the final round began."""
    until = max(start.state.turn, 1) + start.state.players

    def reached(g: Playout) -> bool:
        s = g.state
        return s.status == "playing" and s.turn >= until

    return reached


def _sampler(view: dict[str, Any], legal: Sequence[str]) -> Callable[[Rng], Playout | None] | None:
    found = sampling.sampler(view, legal)
    if found is None:
        return None
    draw = found.draw
    shared: dict[tuple[Any, ...], Any] = {}  # one search's, while the sampler's fronts live

    def playout(rng: Rng) -> Playout | None:
        game = draw(rng)
        return None if game is None else Playout(game.state, shared)

    return playout


RULES = Rules(
    sampler=_sampler,
    actor=actor,
    policy=policy,
    play=play,
    score=score,
    horizon=horizon,
    prior=easy_choice,
)
