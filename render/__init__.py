"""Pictures of the games, drawn from views: pure functions that return PNG bytes.

A game's spec (``engine.spec.GameSpec.renderer``) names the function here that draws its
board; ``renderer`` resolves that name, so the engine never imports the render package."""

from collections.abc import Callable
from typing import Any

from render.cartus.table import cartus_table
from render.rattus.board import board_size, rattus_board

DRAWINGS: dict[str, Callable[[Any, str], bytes]] = {
    "rattus_board": rattus_board,
    "cartus_table": cartus_table,
}
"""Every board picture by the name a game's spec gives it: each draws a view, its words in
a language (``lang``'s code: the table's)."""


def renderer(name: str) -> Callable[[Any, str], bytes]:
    """The function that draws a board, by the name a game's spec gives it; ValueError for a
    name no picture has (a game without a picture names none)."""
    try:
        return DRAWINGS[name]
    except KeyError:
        raise ValueError(f"there is no picture named {name!r}") from None


__all__ = ["DRAWINGS", "board_size", "cartus_table", "rattus_board", "renderer"]
