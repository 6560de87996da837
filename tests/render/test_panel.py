"""Under the map, as on the map: at 380 pixels wide (a phone) the players' lines, the class
cards and the key are 8 pixels tall; and the picture keeps its height all game long (a
function of the game's setup: players, expansions, cards), so the table never jumps."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from engine import rattus
from render import board_size
from render.common.colours import ALERT, INK, MUTED
from render.common.pieces import CLASS_GLYPHS, PIECE_GLYPHS, RAT_CHIP_H, token_chip_width
from render.rattus.board import board_grid, seats_of
from render.rattus.panel import (
    CHIP_ROW,
    LINE_H,
    MARK_BOX,
    PAD,
    PILL_H,
    cards_height,
    chip_rows,
    key_lines,
    plague_layout,
    plague_tokens,
    revealed_height,
    row_height,
    words_width,
)
from tests.render.helpers import EN, board
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
    seats = seats_of(view, EN)
    width = image.width
    top = board_grid(view, seats, EN).height
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
    assert cards_height(view, width - 2 * PAD, EN) > LINE_H
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


def _final_ravage(players: int, expansions: tuple[str, ...], seed: int) -> dict[str, Any]:
    """The public view of a seeded random game once it is over: its final plague turned
    over every rat on the board."""
    game = rattus.new_game(players, expansions=set(expansions), seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.actors()[0]
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
    view: dict[str, Any] = game.view(None)
    return view


def _band_top(view: dict[str, Any], image_height: int, width: int) -> float:
    """Where the latest plagues' band starts: above the key at the bottom of the picture."""
    key = len(key_lines(view, width - 2 * PAD, EN)) * LINE_H
    return image_height - 8 - key - revealed_height(view)


@pytest.mark.parametrize(
    ("players", "expansions"), [(4, ()), (6, rattus.EXPANSIONS)], ids=["4 players", "6 players"]
)
def test_a_final_ravage_of_many_rats_is_eight_pixels_tall_on_a_phone(
    players: int, expansions: tuple[str, ...]
) -> None:
    """Every rat the final plague turned over is drawn as a chip a line tall, after its
    region's name: its limit and the names as tall as the map's on a phone."""
    view = _final_ravage(players, expansions, seed=3 + players)
    tokens = plague_tokens(view)
    assert len(tokens) > 12, len(tokens)
    image = board(view)
    width = image.width
    inner = width - 2 * PAD
    layout = plague_layout(view, inner, EN)
    assert not any(what == "more" for what, *_ in layout)
    assert sum(1 for what, *_ in layout if what == "chip") == len(tokens)
    top = _band_top(view, image.height, width) + LINE_H
    heights: dict[str, float] = {}
    for what, item, left, line in layout:
        middle = top + line * CHIP_ROW + CHIP_ROW / 2
        box = (PAD + left, middle - RAT_CHIP_H / 2 + 3, 0.0, middle + RAT_CHIP_H / 2 - 3)
        if what == "chip":
            box = (box[0] + 3, box[1], PAD + left + token_chip_width(item) - 3, box[3])
            heights[f"a rat's limit, line {line + 1}"] = min(
                heights.get(f"a rat's limit, line {line + 1}", 99.0),
                first_glyph_height(image, box, INK),
            )
        elif what == "label":
            box = (box[0], box[1], PAD + left + words_width(str(item)), box[3])
            heights[f"a region's name, line {line + 1}"] = max(
                ink_height(image, box, ink) for ink in (INK, ALERT)
            )
    assert any(line.startswith("a rat's limit, line 2") for line in heights)
    small = {
        what: round(on_phone(h, width), 1)
        for what, h in heights.items()
        if on_phone(h, width) < MIN_ON_PHONE
    }
    assert not small, f"smaller than the map's names on a phone: {small}"


def test_a_plague_of_more_rats_than_the_band_holds_says_how_many_more() -> None:
    """The band keeps its lines whatever a plague turned over: past them, its last line
    says how many more rats there are (the text tells each), and the picture keeps its
    size."""
    view = _final_ravage(4, (), seed=7)
    size = board_size(view)
    tokens = plague_tokens(view)
    crowded = copy.deepcopy(view)
    crowded["ravages"] = [{"tokens": tokens * 4}]
    inner = board(view).width - 2 * PAD
    layout = plague_layout(crowded, inner, EN)
    shown = sum(1 for what, *_ in layout if what == "chip")
    what, text, left, line = layout[-1]
    assert what == "more" and text == f"+{4 * len(tokens) - shown} more"
    assert line == chip_rows(view) - 1 and all(p[3] < chip_rows(view) for p in layout)
    assert left + words_width(text) <= inner
    assert board_size(crowded) == size
    assert board(crowded).size == size
