"""The Rattus Cartus table picture, drawn from the views of seeded games."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageChops

from engine import cartus
from engine.core import Rng
from render import cartus_table
from render.cartus_table import WIDTH, disc_centres, nun_row_boxes, section_tops, table_image
from render.rattus_board import seats_of


def _games(players: int, seed: int, every: int = 9) -> list[Any]:
    game = cartus.new_game(players, seed=seed)
    rng = Rng.from_seed(seed)
    out = [game]
    step = 0
    while not game.is_over:
        seat = game.actors()[0]
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
        step += 1
        if step % every == 0:
            out.append(game)
    out.append(game)
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_seat_and_spectator_picture_of_a_seeded_game(players: int) -> None:
    games = _games(players, seed=players * 7)
    assert games[-1].is_over
    for game in [*games[:: max(1, len(games) // 6)], games[-1]]:
        for seat in [None, *range(players)]:
            png = cartus_table(game.view(seat))
            image = Image.open(io.BytesIO(png))
            assert image.format == "PNG" and image.width == WIDTH
            assert len(png) < 300 * 1024


def _nun_crop(view: dict[str, Any], place: int) -> Image.Image:
    box = nun_row_boxes(view, section_tops(view)["nun_row"])[place]
    return table_image(view).crop(tuple(round(v) for v in box))  # type: ignore[arg-type]


def test_a_looked_at_nun_row_card_shows_only_in_that_players_picture() -> None:
    for game in _games(3, seed=5, every=1):
        mine = game.view(0)
        seen = [i for i, c in enumerate(mine["nun_row"]) if c["card"] is not None]
        others = [i for i in seen if game.view(1)["nun_row"][i]["card"] is None]
        if game.is_over or not others:
            continue
        place = others[0]
        public = _nun_crop(game.view(None), place)
        assert ImageChops.difference(_nun_crop(mine, place), public).getbbox() is not None
        assert ImageChops.difference(_nun_crop(game.view(1), place), public).getbbox() is None
        return
    pytest.fail("no game state where seat 0 had looked at a Nun-row card seat 1 had not")


def test_stacked_discs_sit_in_order_and_each_shows() -> None:
    view: dict[str, Any] = dict(cartus.new_game(4, seed=3).view(None))
    view["influence"] = {
        **view["influence"],
        "church": [
            {"seat": 2, "points": 3, "stack": 0},
            {"seat": 0, "points": 3, "stack": 1},
            {"seat": 3, "points": 3, "stack": 2},
        ],
    }
    top = section_tops(view)["tracks"]
    centres = {seat: at for seat, _, at in disc_centres(view, top)["church"]}
    low, middle, high = centres[2], centres[0], centres[3]
    assert low[1] > middle[1] > high[1] and low[0] < middle[0] < high[0]
    image = table_image(view)
    seats = seats_of(view)
    for seat, (x, y) in centres.items():
        # each disc shows at its lower left, which the disc above it leaves uncovered
        pixel = image.getpixel((round(x - 9), round(y + 9)))
        assert _close(pixel, seats[seat].colour.fill), f"seat {seat}'s disc is hidden"


def _close(pixel: Any, colour: tuple[int, int, int]) -> bool:
    return sum(abs(int(a) - int(b)) for a, b in zip(pixel, colour, strict=False)) < 60


def test_entries_and_revealed_cards_change_their_building() -> None:
    games = _games(3, seed=11, every=1)
    entered = next(g.view(None) for g in games if any(b["entries"] for b in g.view(None)["row"]))
    empty = {**entered, "row": [{**b, "entries": []} for b in entered["row"]]}
    assert table_image(entered).tobytes() != table_image(empty).tobytes()


def test_layout_height_matches_the_picture() -> None:
    view = cartus.new_game(5, seed=1).view(2)
    assert table_image(view).height == round(section_tops(view)["end"])
