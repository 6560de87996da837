"""The computer player: JSON in (a view and the legal actions), one notation out."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import Action, Rng
from . import cartus_player, cartus_strong, rattus_player
from .search import Rules, search

Easy = Callable[[dict[str, Any], Sequence[str], Rng], str]


@dataclass(frozen=True)
class GameAI:
    easy: Easy
    rules: Rules | None  # the strong player's search; None: this game has only the easy one
    simulations: int  # the strong player's budget per decision


GAMES: dict[str, GameAI] = {
    "rattus": GameAI(rattus_player.easy_choice, rattus_player.RULES, simulations=200),
    "cartus": GameAI(cartus_player.easy_choice, cartus_strong.RULES, simulations=300),
}
LEVELS = ("easy", "strong")


def levels(game: str) -> tuple[str, ...]:
    """The levels of computer player this game has."""
    return LEVELS if GAMES[game].rules is not None else LEVELS[:1]


class Computer:
    """A computer player for one game at one level. It keeps nothing between decisions: each
    answer depends only on the seed, the view and the legal actions it is given."""

    def __init__(
        self,
        game: str,
        level: str,
        seed: int | str = 0,
        simulations: int | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> None:
        if game not in GAMES:
            raise ValueError(f"no computer player for '{game}'")
        if level not in levels(game):
            raise ValueError(f"level must be one of {', '.join(levels(game))}")
        self.game = game
        self.level = level
        self.seed = seed
        self.simulations = GAMES[game].simulations if simulations is None else simulations
        self.stop = stop

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action | str]) -> str:
        """The notation of one of ``legal``. ``view`` must be plain JSON data (a seat's view);
        it is copied through JSON, so nothing but what a person in that seat sees gets in."""
        notations = [a.notation if isinstance(a, Action) else str(a) for a in legal]
        if not notations:
            raise ValueError("there is nothing to choose from")
        text = json.dumps(view, sort_keys=True, separators=(",", ":"))
        seen: dict[str, Any] = json.loads(text)
        if seen.get("seat") is None:
            raise ValueError("a computer player needs a seat's view, not a spectator's")
        if len(notations) == 1:
            return notations[0]
        digest = hashlib.sha256(
            "\n".join([self.game, self.level, str(self.seed), text, *notations]).encode()
        ).digest()
        rng = Rng(int.from_bytes(digest[:8], "big"))
        ai = GAMES[self.game]
        if self.level == "strong" and ai.rules is not None:
            found = search(ai.rules, seen, notations, rng, self.simulations, self.stop)
            if found is not None:
                return found
        return ai.easy(seen, notations, rng)


def computer(
    game: str,
    level: str = "easy",
    seed: int | str = 0,
    simulations: int | None = None,
    stop: Callable[[], bool] | None = None,
) -> Computer:
    """A computer player for "rattus" at level "easy" or "strong" (``simulations`` overrides
    the strong player's budget; ``stop`` may end its search early, e.g. on a clock)."""
    return Computer(game, level, seed, simulations, stop)
