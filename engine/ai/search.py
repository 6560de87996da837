"""Determinized Monte Carlo search over one decision, the same for every game.

For each simulation the search draws one whole game that the seat's view could come from (the
game's sampler), tries one of the legal actions in it (chosen by UCB1, so promising ones get
more tries), lets everybody play on with the game's rules of thumb up to a horizon, and scores
the position it reaches for the seat. The action with the best average wins.

Budgets are counts of simulations, so the same seed, view and legal list always give the same
answer. A host may add a time cap through ``stop``; it is only consulted between simulations.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..core import Rng

Draw = Callable[[Rng], Any]
"""(rng) -> a whole game consistent with the view a sampler read, or None when this one
cannot be rebuilt."""
Sampler = Callable[[dict[str, Any], Sequence[str]], Draw | None]
"""(view, legal) -> the view read once, to draw many games from; None when this decision
cannot be rebuilt."""


def each_time(sample: Callable[[dict[str, Any], Sequence[str], Rng], Any]) -> Sampler:
    """A sampler of a game's ``sample(view, legal, rng)``, which reads the view at each draw."""

    def sampler(view: dict[str, Any], legal: Sequence[str]) -> Draw:
        return partial(sample, view, legal)

    return sampler


@dataclass(frozen=True)
class Rules:
    """One game's part in the search. ``G`` is whatever private game the game's sampler makes;
    ``play`` may change it in place (nobody else holds it)."""

    sampler: Sampler
    """(view, legal) -> draws of whole games consistent with the view (``Sampler``)."""
    actor: Callable[[Any], int | None]
    """(game) -> the seat deciding now, None when the game is over."""
    policy: Callable[[Any, int, Rng], Any]
    """(game, seat, rng) -> the rule-of-thumb action of that seat (anything ``play`` takes)."""
    play: Callable[[Any, int, Any], Any]
    """(game, seat, action or notation) -> the game after it (may be the same object)."""
    score: Callable[[Any, int], float]
    """(game, seat) -> how good the position is for the seat, about -1 (lost) to 1 (won)."""
    horizon: Callable[[Any], Callable[[Any], bool]]
    """(game at the start) -> a test of a later game: True when a playout may stop there."""
    prior: Callable[[dict[str, Any], Sequence[str], Rng], str]
    """(view, legal, rng) -> the rules of thumb's answer: it gets a share of the playouts of
    its own, and another action must beat it clearly to be chosen."""
    clone: Callable[[Any], Any] | None = None
    """(game) -> a copy to play on. Given, the search is paired (``paired_search``): every
    candidate is played out on the same sampled games with the same random numbers."""
    candidates: Callable[[dict[str, Any], Sequence[str], str], list[str]] | None = None
    """(view, legal, favourite) -> the options a paired search compares (the favourite
    among them); None: every legal option."""


PRIOR_SHARE = 4
"""Every this many simulations, one goes to the rules of thumb's answer."""
CAUTION = 0.4
"""The final choice maximises the mean score less CAUTION / sqrt(tries): an action tried once
must do much better than one tried often."""

MAX_PLAYOUT = 400
"""Actions in one playout at most, whatever the horizon says (a safety net)."""


Stop = Callable[[], bool]
"""A host's time cap: asked between simulations, True to stop there."""


@dataclass(frozen=True)
class Question:
    """One question being searched: the game's rules, the seat's view of it, its legal options,
    the rules of thumb's answer among them (the favourite) and the draws of whole games the
    view could come from."""

    rules: Rules
    view: dict[str, Any]
    legal: Sequence[str]
    seat: int
    favourite: str
    draw: Draw


def search(
    rules: Rules,
    view: dict[str, Any],
    legal: Sequence[str],
    rng: Rng,
    simulations: int,
    stop: Stop | None = None,
    explore: float = 0.6,
) -> str | None:
    """The best of ``legal`` after ``simulations`` playouts; None if the game cannot be rebuilt.
    Games whose rules can copy a sampled game (``clone``) are searched by ``paired_search``,
    the others by ``flat_search``."""
    draw = rules.sampler(view, legal)
    if draw is None or draw(Rng(rng.state)) is None:
        return None
    favourite = rules.prior(view, legal, Rng(rng.state))
    question = Question(rules, view, legal, int(view["seat"]), favourite, draw)
    if rules.clone is not None:
        return paired_search(question, rng, simulations, stop)
    return flat_search(question, rng, simulations, stop, explore)


def flat_search(
    question: Question, rng: Rng, simulations: int, stop: Stop | None, explore: float
) -> str | None:
    """UCB1 over the legal options: every one tried once (the favourite first), then every
    ``PRIOR_SHARE``th simulation for the favourite and the others to the most promising."""
    rules, legal = question.rules, question.legal
    favourite = legal.index(question.favourite)
    order = [favourite, *(i for i in range(len(legal)) if i != favourite)]
    visits = [0] * len(legal)
    totals = [0.0] * len(legal)
    for done in range(simulations):
        if stop is not None and done >= len(legal) and stop():
            break
        game = question.draw(rng)
        if game is None:
            return None
        if done < len(legal):
            pick = order[done]
        elif done % PRIOR_SHARE == 0:
            pick = favourite
        else:
            log_n = math.log(done)
            pick = max(
                range(len(legal)),
                key=lambda i: totals[i] / visits[i] + explore * math.sqrt(log_n / visits[i]),
            )
        visits[pick] += 1
        totals[pick] += _played_out(rules, game, question.seat, legal[pick], rng)
    tried = [i for i in range(len(legal)) if visits[i]]
    best = max(
        tried, key=lambda i: (totals[i] / visits[i] - CAUTION / math.sqrt(visits[i]), visits[i], -i)
    )
    return legal[best]


def _played_out(rules: Rules, game: Any, seat: int, option: str, rng: Rng) -> float:
    """How good ``option`` turned out for the seat: the game played on from it by the rules of
    thumb (``rng``'s numbers) until the game's horizon, and scored there."""
    stop_here = rules.horizon(game)
    game = rules.play(game, seat, option)
    for _ in range(MAX_PLAYOUT):
        actor = rules.actor(game)
        if actor is None or stop_here(game):
            break
        game = rules.play(game, actor, rules.policy(game, actor, rng))
    return rules.score(game, seat)


FAVOURITE = 0.03
"""A paired search keeps the rules of thumb's answer unless another does this much better on
average (scores run from about -1 to 1)."""


def paired_search(question: Question, rng: Rng, simulations: int, stop: Stop | None) -> str | None:
    """Flat Monte Carlo with common random numbers: each sampled game is copied once per
    candidate, and every copy is played out with the same random numbers, so two candidates
    differ only by what they do, not by luck. ``simulations`` counts playouts in all."""
    rules, view, legal = question.rules, question.view, question.legal
    favourite = question.favourite
    assert rules.clone is not None
    options = rules.candidates(view, legal, favourite) if rules.candidates else list(legal)
    if len(options) == 1:
        return options[0]
    totals = [0.0] * len(options)
    samples = 0
    for done in range(max(1, simulations // len(options))):
        if stop is not None and done and stop():
            break
        game = question.draw(rng)
        if game is None:
            return None
        luck = rng.next64()
        for i, option in enumerate(options):
            totals[i] += _played_out(rules, rules.clone(game), question.seat, option, Rng(luck))
        samples += 1

    def merit(i: int) -> tuple[float, int]:
        bonus = FAVOURITE if options[i] == favourite else 0.0
        return (totals[i] / samples + bonus, -i)

    return options[max(range(len(options)), key=merit)]
