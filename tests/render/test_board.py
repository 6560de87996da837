"""Rendering hand-made views: size, labels, pieces, names, and every optional key."""

import copy
import io
from typing import Any

import pytest
from PIL import Image

from render import board_size, rattus_board
from render.rattus.board import board_grid, seats_of
from render.rattus.map import label_box
from render.rattus.tiles import Box
from tests.render.helpers import EN, board, changed_box, dark_pixels, decode, inside
from tests.render.views import AFRICA, base_view, expansion_view, over_view

VIEWS = {
    "2 players": lambda: base_view(2),
    "3 players": lambda: base_view(3),
    "4 players": lambda: base_view(4),
    "5 players with every expansion": lambda: expansion_view(5),
    "6 players with every expansion": lambda: expansion_view(6),
    "game over": over_view,
}


@pytest.mark.parametrize("which", list(VIEWS))
def test_board_is_a_phone_shaped_png(which: str) -> None:
    view = VIEWS[which]()
    png = rattus_board(view)
    raw = Image.open(io.BytesIO(png))
    assert raw.format == "PNG"
    assert raw.size == board_size(view)
    assert 700 <= raw.width <= 1100
    assert raw.mode == "P"
    assert len(png) < 300 * 1024


@pytest.mark.parametrize("which", list(VIEWS))
def test_only_regions_in_use_get_a_labelled_tile(which: str) -> None:
    view = VIEWS[which]()
    image = board(view)
    where = board_grid(view, seats_of(view, EN), EN)
    for name, region in view["regions"].items():
        if region["in_use"]:
            assert dark_pixels(image, label_box(where, name)) > 40, f"no label drawn for {name}"
        else:
            assert name not in where.tiles


def test_two_players_need_three_columns_and_africa_only_with_its_regions() -> None:
    two, four = base_view(2), base_view(4)
    assert board_size(two)[0] < board_size(four)[0]
    where = board_grid(four, seats_of(four, EN), EN)
    assert not set(AFRICA) & set(where.tiles)


def test_same_view_gives_the_same_bytes() -> None:
    assert rattus_board(base_view(3)) == rattus_board(base_view(3))


def _without(view: dict[str, Any], drop: str) -> dict[str, Any]:
    other = copy.deepcopy(view)
    for region in other["regions"].values():
        region.pop(drop, None)
    other.pop(drop, None)
    return other


def _tile(view: dict[str, Any], name: str) -> Box:
    return board_grid(view, seats_of(view, EN), EN).tiles[name]


def _within(box: tuple[int, int, int, int] | None, tile: Box) -> bool:
    return box is not None and all(
        (
            tile[0] - 1 <= box[0],
            tile[1] - 1 <= box[1],
            box[2] <= tile[2] + 1,
            box[3] <= tile[3] + 1,
        )
    )


@pytest.mark.parametrize(
    ("key", "where"),
    [
        ("nuns", "gallia"),
        ("bishops", "polonia"),
        ("potions", "gallia"),
        ("diplomats", "hungaria"),
        ("goods", "scandia"),
        ("caravan", "numidia"),
    ],
)
def test_expansion_pieces_draw_in_their_tile(key: str, where: str) -> None:
    view = expansion_view(6)
    bare = copy.deepcopy(view)
    if key == "caravan":
        bare.pop(key)
    else:
        bare["regions"][where].pop(key)
    assert board_size(bare) == board_size(view)
    the_map = (0, 0, board_size(view)[0], round(board_grid(view, seats_of(view, EN), EN).height))
    box = changed_box(board(view).crop(the_map), board(bare).crop(the_map))
    assert box is not None, f"{key} changed nothing"
    assert _within(box, _tile(view, where))


def test_walls_draw_on_their_links() -> None:
    view = expansion_view(6)
    box = changed_box(board(view), board(_without(view, "walls")))
    assert box is not None
    where = board_grid(view, seats_of(view, EN), EN)
    for a, b in view["walls"]:
        link = where.link(a, b)
        assert link is not None and inside(link.middle, box)


def test_cubes_rats_and_plague_draw_in_their_tile() -> None:
    view = base_view(4)
    bare = copy.deepcopy(view)
    bare["regions"]["russia"]["cubes"] = {}
    bare["regions"]["russia"]["rats"] = 0
    bare["regions"]["russia"]["slots"] = []
    assert _within(changed_box(board(view), board(bare)), _tile(view, "russia"))
    moved = copy.deepcopy(view)
    moved["plague"] = "hispania"
    before, after = board(view), board(moved)
    for name in ("hispania", "germania", "anglia"):
        tile = _int(_tile(view, name))
        changed = changed_box(before.crop(tile), after.crop(tile)) is not None
        assert changed == (name != "anglia"), name


def _int(box: Box) -> tuple[int, int, int, int]:
    return (round(box[0]), round(box[1]), round(box[2]), round(box[3]))


def test_counts_up_to_twenty_fit_one_chip_each() -> None:
    view = base_view(4)
    view["regions"]["russia"]["cubes"] = {"0": 20, "1": 19, "2": 18, "3": 17}
    image = board(view)
    assert dark_pixels(image, _tile(view, "russia"), limit=60) > 0


def test_revealed_tokens_show_under_the_map_and_outline_their_tile() -> None:
    view = base_view(4)
    quiet = copy.deepcopy(view)
    quiet["revealed"] = quiet["ravages"] = []
    before, after = board(quiet), board(view)
    where = board_grid(view, seats_of(view, EN), EN)
    assert after.height == before.height  # room is kept for the plague all game long
    germania = _int(where.tiles["germania"])
    assert changed_box(before.crop(germania), after.crop(germania)) is not None
    bottom = (0, round(where.height), after.width, after.height)
    assert dark_pixels(after, bottom) > dark_pixels(
        before, (0, round(where.height), before.width, before.height)
    )


@pytest.mark.parametrize("count", [1, 5, 40])
def test_many_revealed_tokens_fit_the_picture(count: int) -> None:
    view = base_view(4)
    token = view["revealed"][0]
    view["revealed"] = [dict(token, region=name) for name in list(view["regions"]) * 4][:count]
    view["ravages"] = [{"turn": 9, "seat": 0, "region": "gallia", "tokens": view["revealed"]}]
    assert board(view).size == board_size(view)


NAMES = [
    "Émilie-Françoise Lefèvre-Dûrand!",
    "Αλεξάνδρα Παπαδοπούλου-Καραγιάννη",
    "Александра Владимировна Петрова-",
    "山田太郎山田太郎山田太郎山田太郎山田太郎山田太郎山田太郎山田太郎",
    "🐀🐀 Rat King 👑 of the Plague 🧪✨x",
    "",
]


def test_long_names_in_many_scripts_and_emoji_render() -> None:
    view = expansion_view(6)
    for player, name in zip(view["players"], NAMES, strict=True):
        assert len(name) <= 34
        player["name"] = name
    image = board(view)
    assert image.size == board_size(view)


def test_name_fallbacks() -> None:
    view = base_view(2)
    del view["players"][0]["name"]
    view["players"][1]["name"] = "   "
    del view["players"][1]["mark"]
    view["players"].append(dict(view["players"][0], seat=2, name="🐀 \u200d🐀"))
    seats = seats_of(view, EN)
    assert seats[0].name == "Player 1"
    assert seats[2].name == "Player 3"
    assert seats[1].name == "Player 2"
    assert seats[1].mark == "Y"


def test_a_private_view_shows_known_rat_tokens() -> None:
    view = base_view(4)
    view["seat"] = 0
    private = copy.deepcopy(view)
    private["regions"]["gallia"]["slots"][1] = {
        "known": {"limit": 2, "classes": ["magic"], "majority": 0, "all": 1}
    }
    assert _within(changed_box(board(view), board(private)), _tile(view, "gallia"))


def test_unknown_keys_and_regions_are_ignored() -> None:
    view = base_view(3)
    view["regions"]["atlantis"] = dict(view["regions"]["gallia"], name="Atlantis")
    view["something_new"] = {"x": 1}
    assert decode(rattus_board(view)).size == board_size(view)


def test_starting_rats_show_their_purple_back_in_their_tile() -> None:
    view = base_view(4)
    marked = copy.deepcopy(view)
    marked["regions"]["gallia"]["slots"][0] = {"known": None, "starting": True}
    assert _within(changed_box(board(view), board(marked)), _tile(view, "gallia"))


def test_cubes_on_the_baker_show_in_the_player_row() -> None:
    from render.rattus.panel import _stats

    view = base_view(4)
    player = view["players"][1]
    assert "Baker" not in _stats(view, player, EN)
    assert "3 on Baker" in _stats(view, {**player, "baker": 3}, EN)


def test_the_goods_supply_is_listed_under_the_map() -> None:
    view = base_view(4)
    with_goods = copy.deepcopy(view)
    with_goods["goods_supply"] = {
        "fish": {"up": 1, "down": 0},
        "cloth": {"up": 0, "down": 3},
        "lumber": {"up": 1, "down": 2},
        "salt": {"up": 1, "down": 3},
    }
    assert board_size(with_goods)[1] > board_size(view)[1]


@pytest.mark.parametrize("region", ["russia", "tartaria"])
def test_the_plague_outline_stays_on_its_tile(region: str) -> None:
    view = base_view(4)
    view["revealed"] = view["ravages"] = []
    hit = copy.deepcopy(view)
    hit["revealed"] = [{"region": region, "limit": 1, "classes": [], "majority": 0, "all": 0}]
    hit["ravages"] = [{"turn": 9, "seat": 0, "region": region, "tokens": hit["revealed"]}]
    before, after = board(view), board(hit)
    where = board_grid(view, seats_of(view, EN), EN)
    top = (0, 0, before.width, round(where.height))
    assert _within(changed_box(before.crop(top), after.crop(top)), where.tiles[region])


def test_a_view_is_drawn_once_and_its_bytes_kept() -> None:
    from render.rattus.board import _png

    view = base_view(3)
    view["turn"] = 917  # a view no other test draws
    before = _png.kept.cache_info()
    first = rattus_board(view)
    again = rattus_board(copy.deepcopy(view))
    after = _png.kept.cache_info()
    assert first is again
    assert (after.misses - before.misses, after.hits - before.hits) == (1, 1)
