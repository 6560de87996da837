"""Text in any script: font fallback glyph by glyph, shaping, right-to-left order, fitting."""

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from render.common.canvas import Canvas
from render.common.fonts import ELLIPSIS, REPLACEMENT, covers, has_glyph, script_font, script_of
from render.common.text import drawable, fit, layout, split_runs, visual_order
from render.rattus.board import seats_of
from tests.render.helpers import EN
from tests.render.views import base_view


def test_latin_greek_and_cyrillic_are_kept() -> None:
    text = "Zoë Ångström Χλόη Дмитрий"
    assert drawable(text) == text
    assert layout(text, 20).simple


@pytest.mark.parametrize(
    ("name", "script"),
    [
        ("山田太郎", "droid"),
        ("さくら はなこ", "droid"),
        ("محمد علي", "arabic"),
        ("देवनागरी", "devanagari"),
        ("שלום", "hebrew"),
        ("สมชาย", "thai"),
        ("রবীন্দ্রনাথ", "bengali"),
        ("김민준", "hangul"),
        ("이서연", "hangul"),
    ],
)
def test_names_in_other_scripts_are_kept_and_drawn_by_their_font(name: str, script: str) -> None:
    assert drawable(name) == name
    assert all(script_of(ch) == script for ch in name if ch != " ")


def test_emoji_become_one_replacement_per_run_and_stay_on_the_line() -> None:
    assert drawable("🐀 Rat") == f"{REPLACEMENT} Rat"
    assert drawable("Anna 🐀🐀 Rat 👑x") == f"Anna {REPLACEMENT} Rat {REPLACEMENT}x"
    line = layout("Anna 🐀 Rat", 20)
    assert line.simple and line.width == layout(f"Anna {REPLACEMENT} Rat", 20).width


def test_joiners_and_variation_selectors_vanish_outside_complex_scripts() -> None:
    family = "👨\u200d👩\u200d👧"
    assert drawable(f"x{family}y") == f"x{REPLACEMENT}y"
    assert drawable("a\u200bb") == "ab"
    assert drawable("❤\ufe0f") == "❤"
    assert drawable("क्\u200dष") == "क्\u200dष"


def test_control_characters_and_newlines_become_spaces_or_vanish() -> None:
    assert drawable("Anna\nvon\tBerg\x07") == "Anna von Berg"


def test_has_glyph_tells_missing_from_present() -> None:
    assert has_glyph("Ж")
    assert has_glyph("♛")
    assert not has_glyph("山")
    assert covers("droid", "山")
    assert not covers("droid", "한") and covers("hangul", "한")
    assert not any(covers(script, "🐀") for script in ("droid", "arabic", "dejavu"))


def test_mixed_scripts_split_into_runs_by_font() -> None:
    runs = split_runs("Anna 山田 علي")
    assert [(run.script, run.rtl) for run in runs] == [
        ("dejavu", False),
        ("droid", False),
        ("arabic", True),
    ]


def test_a_right_to_left_name_puts_its_first_word_on_the_right() -> None:
    runs = visual_order(split_runs("שלום abc"))
    assert [run.script for run in runs] == ["dejavu", "hebrew"]
    runs = visual_order(split_runs("abc שלום"))
    assert [run.script for run in runs] == ["dejavu", "hebrew"]
    runs = visual_order(split_runs("abc שלום 山田"))
    assert [run.script for run in runs] == ["dejavu", "hebrew", "droid"]


def _drawn(text: str, size: int = 40) -> Image.Image:
    canvas = Canvas.blank(400, 60, (255, 255, 255))
    canvas.text((10, 10), text, size // 2, fill=(0, 0, 0))
    return canvas.image


def _reference(text: str, script: str, size: int = 40, direction: str | None = None) -> Image.Image:
    """``text`` drawn directly with one script font, placed as the canvas places it."""
    image = Image.new("RGB", (800, 120), (255, 255, 255))
    line = layout(text, size)
    ((_, x),) = line.runs
    draw = ImageDraw.Draw(image, "RGBA")
    baseline = 20 + _ascent(size)
    face = script_font(script, size)
    draw.text((20 + x, baseline), text, font=face, fill=(0, 0, 0), anchor="ls", direction=direction)
    return image


def _ascent(size: int) -> int:
    from render.common.fonts import font

    return font(size).getmetrics()[0]


@pytest.mark.parametrize(
    ("name", "script", "direction"),
    [
        ("山田太郎", "droid", None),
        ("さくら", "droid", None),
        ("محمد علي", "arabic", "rtl"),
        ("क्षत्रिय", "devanagari", "ltr"),
        ("김민준", "hangul", None),
    ],
)
def test_rendered_names_match_their_script_font_shaped(
    name: str, script: str, direction: str | None
) -> None:
    drawn = _drawn(name)
    reference = _reference(name, script, direction=direction)
    assert ImageChops.difference(drawn, reference).getbbox() is None
    ink = ImageChops.invert(drawn).getbbox()
    assert ink is not None and ink != ImageChops.invert(_drawn(REPLACEMENT)).getbbox()


@pytest.mark.parametrize(("name", "script"), [("محمد", "arabic"), ("क्षत्रिय", "devanagari")])
def test_complex_scripts_are_shaped_not_drawn_letter_by_letter(name: str, script: str) -> None:
    unshaped = Image.new("RGB", (800, 120), (255, 255, 255))
    face = ImageFont.truetype(
        script_font(script, 40).path, 40, layout_engine=ImageFont.Layout.BASIC
    )
    ImageDraw.Draw(unshaped).text(
        (20, 20 + _ascent(40)), name, font=face, fill=(0, 0, 0), anchor="ls"
    )
    assert ImageChops.difference(_drawn(name), unshaped).getbbox() is not None


def test_fit_keeps_short_text() -> None:
    assert fit("Anna", 20, False, 200).text == "Anna"


@pytest.mark.parametrize(
    "name",
    [
        "Ἀλέξανδρος Παπαδόπουλος-Καραμανλής",
        "山田太郎山田太郎山田太郎山田太郎",
        "محمد بن عبد الله العربي",
    ],
)
def test_fit_cuts_with_ellipsis_within_width(name: str) -> None:
    cut = fit(name, 36, True, 300)
    assert cut.text.endswith(ELLIPSIS)
    assert cut.width <= 300
    assert name.startswith(cut.text[:-1].rstrip())


def test_fit_with_no_room_gives_only_the_ellipsis() -> None:
    assert fit("Anna", 20, False, 1).text == ELLIPSIS


def test_names_in_any_script_reach_the_board_and_only_unreadable_ones_fall_back() -> None:
    view = base_view(4)
    names = ["山田太郎", "محمد", "🐀🐀", "김민준"]
    for player, name in zip(view["players"], names, strict=True):
        player["name"] = name
    seats = seats_of(view, EN)
    assert [seats[i].name for i in range(4)] == ["山田太郎", "محمد", "Player 3", "김민준"]


def test_every_hangul_syllable_and_letter_is_drawn_not_replaced() -> None:
    syllables = [chr(code) for code in range(0xAC00, 0xD7A4, 97)]
    letters = [chr(code) for code in range(0x3131, 0x318F)]
    name = "".join(syllables[:12])
    assert drawable(name) == name
    assert all(script_of(ch) is not None for ch in syllables + letters)
    mixed = "Kim 김민준 山田"
    assert drawable(mixed) == mixed
    assert REPLACEMENT not in drawable("최지우 🐀")[:3]
