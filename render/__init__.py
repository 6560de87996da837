"""Pictures of the games, drawn from views: pure functions that return PNG bytes."""

from render.cartus_table import cartus_table
from render.rattus_board import board_size, rattus_board

__all__ = ["board_size", "cartus_table", "rattus_board"]
