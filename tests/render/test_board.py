"""Rendering hand-made views: size, labels, pieces, names, and every optional key."""

import copy
import io
from typing import Any

import pytest
from PIL import Image

from render import board_size, rattus_board
from render.layout import board_layout
from render.rattus_board import seats_of
from render.rattus_map import label_box
from tests.render.helpers import board, changed_box, dark_pixels, decode, inside
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
def test_board_is_a_png_of_the_board_size(which: str) -> None:
    png = rattus_board(VIEWS[which]())
    raw = Image.open(io.BytesIO(png))
    assert raw.format == "PNG"
    assert raw.size == board_size()
    assert 1400 <= raw.width <= 1600
    assert raw.mode in ("P", "RGB")
    assert len(png) < 1024 * 1024


@pytest.mark.parametrize("which", list(VIEWS))
def test_every_region_in_use_is_labelled_and_unused_ones_are_greyed(which: str) -> None:
    view = VIEWS[which]()
    image = board(view)
    for name, region in view["regions"].items():
        ink = dark_pixels(image, label_box(name, region["name"]))
        if region["in_use"]:
            assert ink > 40, f"no label drawn for {name}"
        else:
            assert ink < 10, f"{name} is not in use but its label is not greyed"


def test_africa_regions_are_labelled_only_when_the_view_has_them() -> None:
    image = board(base_view(4))
    for name in AFRICA:
        assert dark_pixels(image, label_box(name)) == 0


def test_same_view_gives_the_same_bytes() -> None:
    assert rattus_board(base_view(3)) == rattus_board(base_view(3))


def _without(view: dict[str, Any], drop: str) -> dict[str, Any]:
    other = copy.deepcopy(view)
    for region in other["regions"].values():
        region.pop(drop, None)
    other.pop(drop, None)
    return other


def _pieces_area(name: str) -> tuple[float, float]:
    return board_layout().regions[name].pieces


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
def test_expansion_pieces_draw_near_their_region(key: str, where: str) -> None:
    view = expansion_view(6)
    box = changed_box(board(view), board(_without(view, key)))
    assert box is not None, f"{key} changed nothing"
    assert inside(_pieces_area(where), box, margin=90)


def test_walls_draw_on_their_edges() -> None:
    view = expansion_view(6)
    box = changed_box(board(view), board(_without(view, "walls")))
    assert box is not None
    layout = board_layout()
    for a, b in view["walls"]:
        edge = layout.edge(a, b)
        assert edge is not None and inside(edge.at, box)


def test_cubes_rats_and_plague_draw_in_their_region() -> None:
    view = base_view(4)
    bare = copy.deepcopy(view)
    bare["regions"]["russia"]["cubes"] = {}
    bare["regions"]["russia"]["rats"] = 0
    bare["regions"]["russia"]["slots"] = []
    box = changed_box(board(view), board(bare))
    assert box is not None and inside(_pieces_area("russia"), box, margin=10)
    moved = copy.deepcopy(view)
    moved["plague"] = "hispania"
    box = changed_box(board(view), board(moved))
    assert box is not None and inside(_pieces_area("hispania"), box, margin=60)


def test_counts_up_to_twenty_are_readable_on_one_chip() -> None:
    view = base_view(4)
    view["regions"]["russia"]["cubes"] = {"0": 20, "1": 19, "2": 18, "3": 17}
    image = board(view)
    x, y = _pieces_area("russia")
    assert dark_pixels(image, (x - 100, y, x + 100, y + 90), limit=60) > 0


def test_revealed_tokens_change_the_panel() -> None:
    view = base_view(4)
    quiet = copy.deepcopy(view)
    quiet["revealed"] = []
    box = changed_box(board(view), board(quiet))
    assert box is not None and box[2] > board_layout().width


@pytest.mark.parametrize("count", [1, 5, 40])
def test_many_revealed_tokens_fit_the_panel(count: int) -> None:
    view = base_view(4)
    token = view["revealed"][0]
    view["revealed"] = [dict(token, region=name) for name in list(view["regions"]) * 4][:count]
    assert board(view).size == board_size()


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
    assert image.size == board_size()


def test_name_fallbacks() -> None:
    view = base_view(2)
    del view["players"][0]["name"]
    view["players"][1]["name"] = "   "
    del view["players"][1]["mark"]
    view["players"].append(dict(view["players"][0], seat=2, name="🐀 \u200d🐀"))
    seats = seats_of(view)
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
    box = changed_box(board(view), board(private))
    assert box is not None and inside(_pieces_area("gallia"), box, margin=40)


def test_unknown_keys_and_regions_are_ignored() -> None:
    view = base_view(3)
    view["regions"]["atlantis"] = dict(view["regions"]["gallia"], name="Atlantis")
    view["something_new"] = {"x": 1}
    assert decode(rattus_board(view)).size == board_size()


def test_starting_rats_show_their_purple_back_in_their_region() -> None:
    view = base_view(4)
    marked = copy.deepcopy(view)
    marked["regions"]["gallia"]["slots"][0] = {"known": None, "starting": True}
    box = changed_box(board(view), board(marked))
    assert box is not None and inside(_pieces_area("gallia"), box, margin=40)


def test_cubes_on_the_baker_show_in_the_player_row() -> None:
    from render.rattus_panel import _player_stats

    player = base_view(4)["players"][1]
    assert "Baker" not in _player_stats(player)
    assert "3 on the Baker" in _player_stats({**player, "baker": 3})
    with_baker = copy.deepcopy(base_view(4))
    with_baker["players"][1]["baker"] = 3
    assert decode(rattus_board(with_baker)).size == board_size()


def test_the_goods_supply_is_listed_under_the_table_row() -> None:
    view = base_view(4)
    plain = board(view)
    with_goods = copy.deepcopy(view)
    with_goods["goods_supply"] = {
        "fish": {"up": 1, "down": 0},
        "cloth": {"up": 0, "down": 3},
        "lumber": {"up": 1, "down": 2},
        "salt": {"up": 1, "down": 3},
    }
    width, height = board_size()
    panel = (width - 680, 0, width, height)
    assert dark_pixels(board(with_goods), panel, 170) > dark_pixels(plain, panel, 170) + 200


@pytest.mark.parametrize("region", ["russia", "tartaria"])
def test_the_plague_outline_stays_inside_the_map(region: str) -> None:
    view = base_view(4)
    view["revealed"] = []
    hit = copy.deepcopy(view)
    hit["revealed"] = [{"region": region, "limit": 1, "classes": [], "majority": 0, "all": 0}]
    before, after = board(view), board(hit)
    edge = board_layout().width
    assert changed_box(before.crop((0, 0, edge, 1003)), after.crop((0, 0, edge, 1003)))
    margin = (edge + 1, 0, edge + 14, board_size()[1])  # the panel's edge, left of its text
    assert changed_box(before.crop(margin), after.crop(margin)) is None, (
        f"the outline of {region} reaches into the panel"
    )
