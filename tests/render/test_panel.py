"""Under the map, as on the map: at 380 pixels wide (a phone) the players' lines, the class
cards and the key are 8 pixels tall; and the picture keeps its height all game long (a
function of the game's setup: players, expansions, cards), so the table never jumps."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from engine import rattus
from render import board_size
from render.canvas import ALERT, INK, MUTED
from render.pieces import CLASS_GLYPHS, PIECE_GLYPHS
from render.rattus_board import board_grid, seats_of
from render.rattus_panel import LINE_H, MARK_BOX, PAD, PILL_H, cards_height, row_height
from tests.render.helpers import board
from tests.render.measure import MIN_ON_PHONE, first_glyph_height, ink_height, on_phone
from tests.render.views import base_view, expansion_view, over_view

VIEWS: dict[str, Callable[[], dict[str, Any]]] = {
    "2 players": lambda: base_view(2),
    "4 players": lambda: base_view(4),
    "6 players, every expansion": lambda: expansion_view(6),
    "game over": over_view,
}


@pytest.mark.parametrize("which", list(VIEWS))
def test_everything_under_the_map_is_eight_pixels_tall_on_a_phone(which: str) -> None:
    view = VIEWS[which]()
    image = board(view)
    seats = seats_of(view)
    width = image.width
    top = board_grid(view, seats).height
    deciding = {view.get("active"), *(view.get("actors") or [])}
    order = [int(p["seat"]) for p in view["players"]]
    if view.get("status") == "over":
        order = [int(s) for s in view["ranking"]]
    index = next(i for i, seat in enumerate(order) if seat not in deciding)
    y = top + 4 + index * (row_height(view) + 6)
    left = PAD + 8 + MARK_BOX + 10
    heights = {
        "a player's name": first_glyph_height(image, (left, y, left + 120, y + 5 + LINE_H), INK),
        "their mark": ink_height(
            image,
            (PAD + 12, y + 10, PAD + 4 + MARK_BOX, y + LINE_H),
            seats[order[index]].colour.text,
        ),
        "their cubes left or score": max(
            ink_height(image, (width - PAD - 240, y + 5, width - PAD - 8, y + 5 + LINE_H), ink)
            for ink in (MUTED, ALERT)  # red when 3 or fewer are left
        ),
    }
    if row_height(view) > 10 + LINE_H:
        second = y + 5 + LINE_H
        heights["their coins and cards"] = first_glyph_height(
            image, (left, second, left + 60, second + LINE_H), MUTED
        )
    cards = top + 4 + len(order) * (row_height(view) + 6) + 6
    heights["the class cards' title"] = first_glyph_height(
        image, (PAD, cards, PAD + 60, cards + LINE_H), MUTED
    )
    name_left = PAD + PILL_H + 6 + 8
    heights["a class card's name"] = first_glyph_height(
        image, (name_left, cards + LINE_H, name_left + 40, cards + 2 * LINE_H), INK
    )
    assert cards_height(view, width - 2 * PAD) > LINE_H
    held = {str(c): int(p["seat"]) for p in view["players"] for c in p.get("cards") or []}
    first = next(iter(view["card_info"]))
    if first in held:  # the first card's holder: their mark after the card's name
        holder = seats[held[first]]
        heights["a card holder's mark"] = ink_height(
            image,
            (name_left, cards + LINE_H + 4, width / 3, cards + 2 * LINE_H - 4),
            holder.colour.text,
        )
    heights["the key"] = ink_height(
        image, (PAD, image.height - 8 - LINE_H, width - PAD, image.height - 8), MUTED
    )
    small = {
        what: round(on_phone(h, width), 1)
        for what, h in heights.items()
        if on_phone(h, width) < MIN_ON_PHONE
    }
    assert not small, f"{which}: smaller than the map's names on a phone: {small}"


GAMES = [(2, ()), (4, ("pied_piper",)), (5, ("africanus", "mercatus")), (6, rattus.EXPANSIONS)]


@pytest.mark.parametrize(("players", "expansions"), GAMES)
def test_the_picture_keeps_its_height_all_game_long(
    players: int, expansions: tuple[str, ...]
) -> None:
    seed = 3 + players
    game = rattus.new_game(players, expansions=set(expansions), seed=seed)
    rng = random.Random(seed)
    sizes: set[tuple[int, int]] = set()
    moments = 0
    while True:
        sizes.add(board_size(game.view(None)))
        moments += 1
        if game.is_over:
            break
        seat = game.actors()[0]
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert moments > 50
    assert len(sizes) == 1, f"{len(sizes)} sizes over {moments} moments: {sorted(sizes)}"


def test_one_symbol_one_meaning() -> None:
    """The class symbols, the expansion pieces' symbols and the row markers are all apart."""
    classes, pieces = list(CLASS_GLYPHS.values()), list(PIECE_GLYPHS.values())
    markers = ["▶"]  # a player deciding now
    every = classes + pieces + markers
    assert len(every) == len(set(every)), every
