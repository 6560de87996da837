"""Computer players: a function of what a seat sees (its view and its legal actions) and a seed.

    from engine import computers
    player = computers.computer("rattus", level="strong", seed=1)
    notation = player.choose(game.view(seat), game.legal_actions(seat))

Every registered game has one (``engine.spec``): "easy" is the game's rules of thumb, or a random
legal action for a game that has none; "strong", for a game that offers it, searches: it draws
whole games its view could come from and plays each candidate out (``engine.ai.search``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import games
from .ai.search import search
from .core import Action, Rng

LEVELS = ("easy", "strong")
"""Every level a computer player may have, weakest first."""


def levels(game: str) -> tuple[str, ...]:
    """The levels of computer player this game has ("easy" at least)."""
    return games.spec(game).levels


def playable_level(game: str, level: str) -> str:
    """``level`` if this game has it, else the strongest it has (a server's stand-ins are
    "strong" for every game, and a game with only the easy player is played by that)."""
    offered = levels(game)
    return level if level in offered else offered[-1]


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
        spec = games.spec(game)
        if level not in spec.levels:
            raise ValueError(f"level must be one of {', '.join(spec.levels)}")
        self.game = game
        self.level = level
        self.seed = seed
        self.spec = spec
        budget = 0 if spec.strong is None else spec.strong.simulations
        self.simulations = budget if simulations is None else simulations
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
        strong = self.spec.strong
        if self.level == "strong" and strong is not None:
            found = search(strong.rules, seen, notations, rng, self.simulations, self.stop)
            if found is not None:
                return found
        return self.spec.easy(seen, notations, rng)


def computer(
    game: str,
    level: str = "easy",
    seed: int | str = 0,
    simulations: int | None = None,
    stop: Callable[[], bool] | None = None,
) -> Computer:
    """A computer player for a registered game at one of its ``levels`` (``simulations`` overrides
    the strong player's budget; ``stop`` may end its search early, e.g. on a clock)."""
    return Computer(game, level, seed, simulations, stop)
