"""Computer players: a function of what a seat sees (its view and its legal actions) and a seed.

    from engine import ai
    player = ai.computer("rattus", level="strong", seed=1)
    notation = player.choose(game.view(seat), game.legal_actions(seat))

"easy" plays by rules of thumb in a few milliseconds. "strong" searches: it draws whole games
its view could come from and plays each candidate out (``engine.ai.search``).
"""

from .player import GAMES, LEVELS, Computer, computer, levels

__all__ = ["GAMES", "LEVELS", "Computer", "computer", "levels"]
