"""Skill ratings for games of many players: the Weng-Lin Plackett-Luce model, in pure Python.

Each player's skill is a belief: a normal curve with mean ``mu`` and spread ``sigma``. After a
game the whole finishing order updates everyone at once (Weng and Lin, "A Bayesian
Approximation Method for Online Ranking", JMLR 2011, the Plackett-Luce variant that the
OpenSkill libraries also implement): beating a strong player moves you up more than beating
a weak one, a shared place moves nobody relative to each other, and ``sigma`` shrinks as games
come in, so a newcomer's rating moves fast and a regular's slowly. Before each game ``sigma``
grows a little (``TAU``), so skill can drift and a rating never freezes.

What players see is the conservative estimate ``ordinal = mu - 3 * sigma``, never below 0
(``shown``): a newcomer starts at 0 and climbs as the bot grows sure of them, so one lucky win
does not top a leaderboard, and early losses do not show a negative number.

Teams are supported for completeness (a team's mean and variance are its members' sums); the
bot rates every seat as a team of one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

MU = 25.0
SIGMA = MU / 3
BETA = SIGMA / 2
"""How much one game's result varies around a player's skill (luck)."""
KAPPA = 0.0001
"""The least factor a variance may shrink by in one game, so it stays positive."""
TAU = MU / 300
"""Added to ``sigma`` before each game: skill may have changed since the last one."""


@dataclass(frozen=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """The conservative estimate: ``mu - 3 sigma`` (0 for a newcomer; below 0 after a
        newcomer's first losses, when the doubt is still larger than the skill)."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> float:
        """The number players see (``shown``)."""
        return shown(self.ordinal)


def shown(ordinal: float) -> float:
    """A rating as players see it: the conservative estimate, never below 0, so a newcomer
    shows 0 and climbs (rankings still order by the estimate itself)."""
    return max(0.0, ordinal)


def rate(
    teams: Sequence[Sequence[Rating]], places: Sequence[int], *, tau: float = TAU
) -> list[list[Rating]]:
    """Every team's new ratings after a game. ``places[i]`` is team i's place: 1 is first,
    equal places are a tie, only the order matters. Fewer than two teams change nothing."""
    if len(teams) != len(places):
        raise ValueError("one place per team")
    if len(teams) < 2:
        return [list(team) for team in teams]
    grown = [[Rating(r.mu, math.sqrt(r.sigma**2 + tau**2)) for r in team] for team in teams]
    team_mu = [sum(r.mu for r in team) for team in grown]
    team_var = [sum(r.sigma**2 for r in team) for team in grown]
    c = math.sqrt(sum(var + BETA**2 for var in team_var))
    strength = [math.exp(mu / c) for mu in team_mu]
    # For each team q: the strengths of everyone placed at q's place or below it, and how
    # many share q's place.
    below = [
        sum(s for s, place in zip(strength, places, strict=True) if place >= places[q])
        for q in range(len(teams))
    ]
    tied = [sum(1 for place in places if place == places[q]) for q in range(len(teams))]
    updated: list[list[Rating]] = []
    for i, team in enumerate(grown):
        omega = delta = 0.0
        for q in range(len(teams)):
            if places[q] > places[i]:
                continue
            p = strength[i] / below[q]
            delta += p * (1 - p) / tied[q]
            omega += ((1 - p) if q == i else -p) / tied[q]
        omega *= team_var[i] / c
        gamma = math.sqrt(team_var[i]) / c
        delta *= gamma * team_var[i] / c**2
        updated.append(
            [
                Rating(
                    r.mu + r.sigma**2 / team_var[i] * omega,
                    r.sigma * math.sqrt(max(1 - r.sigma**2 / team_var[i] * delta, KAPPA)),
                )
                for r in team
            ]
        )
    return updated


def rate_players(ratings: Sequence[Rating], places: Sequence[int]) -> list[Rating]:
    """Every player's new rating after a game of players each on their own."""
    return [team[0] for team in rate([[r] for r in ratings], places)]
