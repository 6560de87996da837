"""The pseudo-language scan's own rules (tests/i18n_scan.py)."""

from tests.i18n_scan import area_of, outside_marks, unmarked_pieces


def test_a_wrapped_line_that_starts_inside_a_mark_counts_as_marked() -> None:
    """A picture wraps a long marked text into lines, each drawn on its own: the second
    line starts inside the mark the first opened."""
    assert unmarked_pieces("⟦Spáréd bý thé plágúé: féwést⟧", []) == []
    assert unmarked_pieces("ráts (⟧2 ⟦ráts⟧⟦)⟧", []) == []
    assert unmarked_pieces("ráts⟧ and English words", []) == ["and English words"]
    assert outside_marks("⟦á⟧ left ⟦b⟧") == "\n\n left \n\n"


def test_a_text_outside_any_mark_is_still_found() -> None:
    assert unmarked_pieces("Supply: draw 4 cards", []) == ["Supply: draw 4 cards"]
    assert unmarked_pieces("draw 4 cards⟧", []) == []


def test_a_region_name_with_a_word_of_the_engine_is_put_down_to_the_engine() -> None:
    """The name "Hispania" is both a region's name in the engine's map and an id in render's tile
    layout: the tie goes to the engine, whose label ("{region} next") made the text."""
    assert area_of(["Hispania next"]) == "engine"
