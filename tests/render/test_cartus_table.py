"""The Rattus Cartus table picture, drawn from the views of seeded games."""

from __future__ import annotations

import io
import itertools
import json
from typing import Any

import pytest
from PIL import Image, ImageChops

from engine import cartus
from engine.core import Rng
from render import cartus_table
from render.cartus.table import (
    CLASS_ORDER,
    WIDTH,
    influence_chips,
    nun_row_boxes,
    ranked_discs,
    section_tops,
    table_image,
    text_boxes,
)
from render.common.colours import GOLD
from render.common.frame import seats_of
from tests.render.helpers import EN
from tests.render.measure import MIN_ON_PHONE, first_glyph_height, on_phone


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


def test_entries_and_revealed_cards_change_their_building() -> None:
    games = _games(3, seed=11, every=1)
    entered = next(g.view(None) for g in games if any(b["entries"] for b in g.view(None)["row"]))
    empty = {**entered, "row": [{**b, "entries": []} for b in entered["row"]]}
    assert table_image(entered).tobytes() != table_image(empty).tobytes()


def test_layout_height_matches_the_picture() -> None:
    view = cartus.new_game(5, seed=1).view(2)
    assert table_image(view).height == round(section_tops(view)["end"])


# -- the end: ranked, the winner crowned, the dead marked ---------------------------------

NAMES = ["Alice", "Bob", "Carol", "Dmitri", "Eve"]


def _finished(players: int, seed: int) -> Any:
    game = cartus.new_game(players, seed=seed)
    rng = Rng.from_seed(seed)
    while not game.is_over:
        seat = game.actors()[0]
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def _named(view: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(view))
    for player in out["players"]:
        player["name"] = NAMES[player["seat"]]
    return out


def _end_with_dead_and_a_later_winner() -> dict[str, Any]:
    """A finished 3-player game where the plague killed someone and the winner is not the
    first seat: seat order and ranking differ."""
    for seed in range(1, 200):
        view = _named(_finished(3, seed).view(None))
        dead = set(view["outcome"]["dead"]) - set(view["outcome"]["spared"])
        if dead and view["winners"] and view["ranking"][0] != 0:
            return view
    raise AssertionError("no seeded game with a dead player and a winner in a later seat")


def _rows(view: dict[str, Any]) -> list[tuple[str, float]]:
    """Each player's name as drawn in the player rows, with its height on the picture."""
    _, boxes = text_boxes(view)
    top, end = section_tops(view)["players"], section_tops(view)["buildings"]
    names = {NAMES[p["seat"]] for p in view["players"]}
    return [
        (box.text.split()[-1], box.box[1])
        for box in boxes
        if top <= box.box[1] < end and box.text.split() and box.text.split()[-1] in names
    ]


def test_the_final_board_ranks_the_players_first_with_places() -> None:
    view = _end_with_dead_and_a_later_winner()
    tops = section_tops(view)
    assert tops["players"] < tops["buildings"] <= tops["tracks"] < tops["nun_row"]
    rows = _rows(view)
    ranked = [NAMES[seat] for seat in view["ranking"]]
    assert [name for name, _ in sorted(rows, key=lambda r: r[1])] == ranked
    _, boxes = text_boxes(view)
    places = [b.text for b in boxes if b.text in {"1.", "2.", "3."}]
    assert places == ["1.", "2.", "3."]
    scores = [b.text for b in boxes if "points ·" in b.text]
    assert [s.split()[0] for s in scores] == [str(view["scores"][str(s)]) for s in view["ranking"]]


def test_the_winner_is_crowned_and_the_dead_are_marked() -> None:
    view = _end_with_dead_and_a_later_winner()
    image, boxes = text_boxes(view)
    killed = [b for b in boxes if b.text.startswith("☠ Killed by the plague")]
    dead = set(view["outcome"]["dead"]) - set(view["outcome"]["spared"])
    assert len(killed) == len(dead) >= 1
    for seat in dead:
        rats = view["outcome"]["rats"][seat]
        assert any(f"{rats} rats" in b.text for b in killed)
    # the crown: gold sits left of the winner's name and of nobody else's
    by_name = {name: y for name, y in _rows(view)}
    winner = NAMES[view["winners"][0]]
    for name, y in by_name.items():
        name_box = next(b for b in boxes if b.box[1] == y and b.text.endswith(name))
        left = (name_box.box[0] - 40, y, name_box.box[0], name_box.box[3])
        crop = image.crop(tuple(round(v) for v in left)).convert("RGB")  # type: ignore[arg-type]
        gold = sum(1 for px in _pixels(crop) if _close(px, GOLD))
        assert (gold > 40) == (name == winner), f"{name}: {gold} gold pixels"


def test_without_a_survivor_nobody_is_crowned() -> None:
    view = _end_with_dead_and_a_later_winner()
    view["winners"] = []
    view["outcome"]["spared"] = []
    view["outcome"]["dead"] = [p["seat"] for p in view["players"]]
    image = table_image(view)
    _, boxes = text_boxes(view)
    assert sum(b.text.startswith("☠") for b in boxes) == len(view["players"])
    assert table_image(view).tobytes() == image.tobytes()


def test_public_rows_say_what_they_show_and_only_your_own_hand_is_yours() -> None:
    games = _games(3, seed=4)
    middle = games[len(games) // 2]
    _, public = text_boxes(middle.view(None))
    assert not any("hand:" in b.text.lower() for b in public)
    assert sum("cards in hand" in b.text or "card in hand" in b.text for b in public) == 3
    _, own = text_boxes(middle.view(1))
    assert sum(b.text.startswith("Your hand:") for b in own) == 1
    end = _named(_finished(3, 4).view(None))
    _, final = text_boxes(end)
    assert not any("Your hand" in b.text for b in final)
    assert sum(b.text.startswith("Hand:") for b in final) == 3
    _, mine = text_boxes(_named(_finished(3, 4).view(2)))
    assert sum(b.text.startswith("Your hand:") for b in mine) == 1


# -- influence: ranked chips, never stacked out of sight ----------------------------------


def test_influence_lists_players_most_first_ties_in_disc_order_none_hidden() -> None:
    view: dict[str, Any] = dict(cartus.new_game(5, seed=3).view(None))
    view["influence"] = {
        cls: [{"seat": p, "points": 0, "stack": p} for p in range(5)] for cls in CLASS_ORDER
    }
    view["influence"]["church"] = [
        {"seat": 2, "points": 3, "stack": 0},
        {"seat": 0, "points": 3, "stack": 1},
        {"seat": 3, "points": 3, "stack": 2},
        {"seat": 1, "points": 12, "stack": 0},
        {"seat": 4, "points": 0, "stack": 0},
    ]
    assert [d["seat"] for d in ranked_discs(view, "church")] == [1, 2, 0, 3]
    chips = influence_chips(view, section_tops(view)["tracks"], EN)
    assert [seat for seat, _ in chips["church"]] == [1, 2, 0, 3]
    assert chips["peasantry"] == []  # nobody has points: no disc stacked at 0
    boxes = [box for _, box in chips["church"]]
    for a, b in itertools.pairwise(boxes):
        assert a[2] <= b[0] or a[3] <= b[1], "two chips overlap"
    image = table_image(view)
    seats = seats_of(view, EN)
    for seat, (x0, y0, _, y1) in chips["church"]:
        # the disc's own colour and its mark letter both show
        disc = image.crop((round(x0), round(y0), round(x0 + 32), round(y1))).convert("RGB")
        pixels = _pixels(disc)
        assert sum(_close(px, seats[seat].colour.fill) for px in pixels) > 200
        assert sum(_close(px, seats[seat].colour.text) for px in pixels) > 20


def test_every_class_with_five_players_fits_beside_its_name() -> None:
    view: dict[str, Any] = dict(cartus.new_game(5, seed=3).view(None))
    view["influence"] = {
        cls: [{"seat": p, "points": 10 + p, "stack": 0} for p in range(5)] for cls in CLASS_ORDER
    }
    chips = influence_chips(view, section_tops(view)["tracks"], EN)
    for cls in CLASS_ORDER:
        assert len(chips[cls]) == 5
        assert all(box[2] <= WIDTH - 10 for _, box in chips[cls])


# -- nothing cut, and a phone reads it ------------------------------------------------------

LONG_NAMES = [
    "Bartholomew-Alexandrina of the Longest Name",
    "Дмитрий Александрович Соколов",
    "渡辺さくら子の長い長い名前です",
    "محمد عبد الرحمن الطويل",
    "Ἀλέξανδρος Παπαδόπουλος",
]


def _sample_views() -> list[dict[str, Any]]:
    views: list[dict[str, Any]] = []
    for players in (2, 3, 5):
        games = _games(players, seed=players * 5, every=7)
        for game in [*games[:: max(1, len(games) // 4)], games[-1]]:
            for seat in (None, 0):
                view = json.loads(json.dumps(game.view(seat)))
                for player in view["players"]:
                    player["name"] = LONG_NAMES[player["seat"] % len(LONG_NAMES)]
                views.append(view)
    return views


def test_nothing_is_cut_and_everything_stays_inside_the_picture() -> None:
    for view in _sample_views():
        image, boxes = text_boxes(view)
        assert boxes
        for box in boxes:
            assert box.drawn == box.text, f"cut: {box.text!r} drawn as {box.drawn!r}"
            assert box.box[0] >= 0 and box.box[2] <= WIDTH - 8, f"outside: {box.text!r}"
            assert box.box[3] <= image.height


def test_on_a_phone_every_text_is_eight_pixels_tall() -> None:
    measured = 0
    for view in _sample_views()[::3]:
        image, boxes = text_boxes(view)
        for box in boxes:
            first = box.text[:1]
            if not (first.isascii() and (first.isupper() or first.isdigit())):
                continue
            capital = first_glyph_height(image, box.box, box.ink)
            assert on_phone(capital, image.width) >= MIN_ON_PHONE, (
                f"{box.text!r} is {on_phone(capital, image.width):.1f} px on a phone"
            )
            measured += 1
    assert measured > 100


def test_the_cartus_picture_does_not_import_the_rattus_picture() -> None:
    import ast
    import importlib.util
    from pathlib import Path

    spec = importlib.util.find_spec("render.cartus.table")
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    modules = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert modules and not [m for m in modules if m.startswith("render.rattus")]


def _close(pixel: Any, colour: tuple[int, int, int]) -> bool:
    return sum(abs(int(a) - int(b)) for a, b in zip(pixel, colour, strict=False)) < 60


def _pixels(image: Image.Image) -> list[tuple[int, int, int]]:
    data = image.convert("RGB").tobytes()
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]


def test_a_long_list_of_revealed_cards_wraps_inside_its_building() -> None:
    view = json.loads(json.dumps(cartus.new_game(3, seed=3).view(None)))
    every = {kind: 1 for kind in [*CLASS_ORDER, "joker", "sword", "flute"]}
    for building in view["row"]:
        building["revealed"] = True
        building["entries"] = [
            {"seat": 0, "space": 1, "count": 9, "cards": every, "premium": True},
            {"seat": 1, "space": 2, "count": 1, "cards": {"sword": 1}, "premium": False},
        ]
    _, boxes = text_boxes(view)
    tops = section_tops(view)
    inside = [b for b in boxes if tops["buildings"] <= b.box[1] < tops["tracks"]]
    assert len([b for b in inside if b.text.startswith("▲")]) == 2
    gutter = WIDTH / 2
    for box in inside:
        assert box.box[2] <= gutter or box.box[0] >= gutter, f"{box.text!r} crosses into the next"
