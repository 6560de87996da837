"""Pictures of the games, drawn from views: pure functions that return PNG bytes."""

from render.rattus_board import board_size, rattus_board

__all__ = ["board_size", "rattus_board"]
