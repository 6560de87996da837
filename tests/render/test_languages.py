"""The pictures speak the table's language: every word drawn passes through the catalogs
(the tests' pseudo-language marks each one), and German words fit where English ones did."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from engine import cartus, rattus
from engine.core import Rng
from render import cartus_table, rattus_board
from render.cartus.table import WIDTH, text_boxes
from render.common.canvas import Canvas, recording
from render.common.fonts import ELLIPSIS
from render.rattus.board import board_image
from tests.i18n_scan import unmarked_pieces
from tests.pseudo import installed
from tests.render.views import base_view, expansion_view, over_view

NAMES = ["Anna", "Björn", "Chidi", "Dagny", "Emeka", "Farah"]


def _played(game: Any, seed: int, every: int) -> Iterator[Any]:
    """Moments of a random game: every ``every`` actions, and its end."""
    rng = Rng.from_seed(seed)
    step = 0
    while not game.is_over:
        if step % every == 0:
            yield game
        seat = game.actors()[0]
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
        step += 1
    yield game


def _views(game: Any, players: int) -> list[dict[str, Any]]:
    names = NAMES[:players]
    return [json.loads(json.dumps(game.view(seat, names=names))) for seat in (None, 0)]


def rattus_views() -> list[dict[str, Any]]:
    """Fixture views of every setup, and a seeded game with every expansion to its end."""
    views = [base_view(2), base_view(4), expansion_view(5), expansion_view(6), over_view()]
    game = rattus.new_game(4, expansions=set(rattus.EXPANSIONS), seed=3)
    for moment in list(_played(game, 3, 40)):
        views += _views(moment, 4)
    return views


def cartus_views() -> list[dict[str, Any]]:
    """A seeded 5-player game from its start to its end, for a spectator and a player."""
    views: list[dict[str, Any]] = []
    for moment in _played(cartus.new_game(5, seed=11), 11, 25):
        views += _views(moment, 5)
    return views


def test_every_word_on_a_rattus_board_passes_through_the_catalogs() -> None:
    with installed() as pseudo, recording() as drawn:
        for view in rattus_views():
            rattus_board(view, pseudo)
    assert len(drawn) > 500
    names = [*NAMES, *(p["name"] for p in expansion_view(6)["players"])]
    left = sorted({piece for text in drawn for piece in unmarked_pieces(text, names)})
    assert left == []


def test_every_word_on_a_cartus_table_passes_through_the_catalogs() -> None:
    with installed() as pseudo, recording() as drawn:
        for view in cartus_views():
            cartus_table(view, pseudo)
    assert len(drawn) > 500
    left = sorted({piece for text in drawn for piece in unmarked_pieces(text, NAMES)})
    assert left == []


def test_a_picture_is_drawn_in_the_language_asked_for() -> None:
    view = over_view()
    # board_image draws every time (rattus_board keeps the bytes of a view it drew before,
    # perhaps in another test of this process: it would draw nothing to record)
    with recording() as german:
        board_image(view, "de")
    with recording() as english:
        board_image(view, "en")
    assert "STÄNDEKARTEN" in german and "CLASS CARDS" in english
    assert rattus_board(view, "de") != rattus_board(view, "en")


def test_german_words_on_the_rattus_board_are_never_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each text drawn in German is drawn whole: the lines under the map, the key, the card
    names, the tiles' words (only a name too long for its room would be cut)."""
    cut: list[tuple[str, str]] = []
    text = Canvas.text

    def whole(self: Canvas, at: Any, words: str, *args: Any, **kwargs: Any) -> str:
        drawn = text(self, at, words, *args, **kwargs)
        if drawn.endswith(ELLIPSIS) and not words.endswith(ELLIPSIS):
            cut.append((words, drawn))
        return drawn

    monkeypatch.setattr(Canvas, "text", whole)
    for view in rattus_views():
        board_image(view, "de")
    assert cut == []


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_text_of_the_cartus_table_fits_whole(language: str) -> None:
    """German is longer: every line is still drawn whole inside the picture."""
    for view in cartus_views()[::2]:
        image, boxes = text_boxes(view, language)
        for box in boxes:
            assert box.drawn == box.text, f"cut: {box.text!r} drawn as {box.drawn!r}"
            assert box.box[0] >= 0 and box.box[2] <= WIDTH - 8, f"outside: {box.text!r}"
            assert box.box[3] <= image.height
