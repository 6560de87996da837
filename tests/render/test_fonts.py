from render.canvas import face_for
from render.fonts import ELLIPSIS, REPLACEMENT, drawable, fit, font, has_glyph


def test_latin_greek_and_cyrillic_are_kept() -> None:
    text = "Zoë Ångström Χλόη Дмитрий"
    assert drawable(text) == text


def test_cjk_and_emoji_become_one_replacement_per_run() -> None:
    assert drawable("Anna 山田太郎") == f"Anna {REPLACEMENT}"
    assert drawable("🐀 Rat") == f"{REPLACEMENT} Rat"


def test_joiners_and_variation_selectors_vanish() -> None:
    family = "👨\u200d👩\u200d👧"
    assert drawable(f"x{family}y") == f"x{REPLACEMENT}y"
    assert drawable("a\u200bb") == "ab"
    assert drawable("❤\ufe0f") == "❤"


def test_control_characters_and_newlines_become_spaces_or_vanish() -> None:
    assert drawable("Anna\nvon\tBerg\x07") == "Anna von Berg"


def test_has_glyph_tells_missing_from_present() -> None:
    assert has_glyph("Ж")
    assert has_glyph("♛")
    assert not has_glyph("山")
    assert not has_glyph("🐀")


def test_fit_keeps_short_text() -> None:
    assert fit("Anna", font(20), 200) == "Anna"


def test_fit_cuts_with_ellipsis_within_width() -> None:
    face = face_for(18, bold=True)
    name = "Ἀλέξανδρος Παπαδόπουλος-Καραμανλής"
    cut = fit(name, face, 300)
    assert cut.endswith(ELLIPSIS)
    assert face.getlength(cut) <= 300
    assert name.startswith(cut[:-1].rstrip())


def test_fit_with_no_room_gives_only_the_ellipsis() -> None:
    assert fit("Anna", font(20), 1) == ELLIPSIS
