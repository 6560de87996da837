"""Text wrapped to a width on a picture: where a line may break."""

from __future__ import annotations

from render.common.frame import width_of, wrap

KILLED = "Von der Pest dahingerafft: 12 Nonnen · 2 Siegpunktplättchen · 15 Ratten"


def test_a_count_stays_on_the_line_of_the_word_it_counts() -> None:
    for width in range(170, 420, 10):
        lines = wrap(KILLED, 14, width)
        assert all(not line.split(" ")[-1].isdigit() for line in lines), (width, lines)
        assert " ".join(lines).replace(" ·", "").split() == KILLED.replace(" ·", "").split()
        assert all(width_of(line, 14) <= width for line in lines), (width, lines)


def test_a_count_and_a_word_too_wide_together_are_broken_as_before() -> None:
    width = width_of("Siegpunktplättchen", 14) + 1
    lines = wrap("2 Siegpunktplättchen", 14, width)
    assert lines == ["2", "Siegpunktplättchen"]


def test_a_separator_after_a_count_still_ends_its_line() -> None:
    lines = wrap("Runde 1/9 · Versorgung: Rathaus", 14, width_of("Runde 1/9 ·", 14) + 2)
    assert lines[0] == "Runde 1/9" and not lines[1].startswith("·")
