"""Rattus, the board game: ``new_game`` and ``from_dict`` give a ``Game``.

game = rattus.new_game(players=4, seed=7)
seat = game.actors()[0]
game = game.apply(seat, game.legal_actions(seat)[0])

How the lobby deals one (its start and start options) is declared once, in ``spec.SPEC``.
"""

# The expansions register themselves on import; the order of these imports does not matter:
# every hook runs its functions in the order its declaration chooses (see hooks.py).
from . import africanus as _africanus  # noqa: F401  (registers the expansion)
from . import class_cards
from . import mercatus as _mercatus  # noqa: F401  (registers the expansion)
from . import pied_piper as _pied_piper  # noqa: F401  (registers the expansion)
from .data import DataError
from .game import (
    EXPANSIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Game,
    from_dict,
    new_game,
    player_limits,
)
from .plague import describe_front
from .positions import position, token

__all__ = [
    "EXPANSIONS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "DataError",
    "Game",
    "class_cards",
    "describe_front",
    "from_dict",
    "new_game",
    "player_limits",
    "position",
    "token",
]
