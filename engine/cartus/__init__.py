"""Rattus Cartus, the card game: ``new_game`` and ``from_dict`` give a ``Game``.

game = cartus.new_game(players=3, buildings="per_class", seed=7)
seat = game.actors()[0]
game = game.apply(seat, game.legal_actions(seat)[0])

Decisions that choose several cards carry a ``Pick`` (see ``engine.core.Pick``). How the
lobby deals one (its start and start options) is declared once, in ``spec.SPEC``.
"""

from .data import DataError
from .game import (
    BUILDING_MODES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Game,
    from_dict,
    new_game,
)
from .positions import position
from .setup import EVERYONE_DEAD

__all__ = [
    "BUILDING_MODES",
    "EVERYONE_DEAD",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "DataError",
    "Game",
    "from_dict",
    "new_game",
    "position",
]
