"""Numbers with decimals in each language's own way (ratings, average scores)."""

from __future__ import annotations

import lang
from cogs.commands.stats import tally_line
from host.stats import Tally


def test_a_decimal_takes_the_languages_decimal_mark() -> None:
    assert lang.texts("en").decimal(3.25) == "3.2"
    assert lang.texts("de").decimal(3.26) == "3,3"
    assert lang.texts("de").decimal(1234.5) == "1234,5"
    assert lang.texts("de").decimal(2, digits=0) == "2"


def test_a_signed_decimal_says_its_sign() -> None:
    de = lang.texts("de")
    assert de.decimal(3.3, signed=True) == "+3,3"
    assert de.decimal(-0.75, signed=True) == "−0,8"
    assert de.decimal(0, signed=True) == "+0,0"
    assert lang.texts("en").decimal(-12.04) == "-12.0"


def test_a_language_babel_does_not_know_writes_numbers_as_english() -> None:
    assert lang.texts("qps").decimal(3.5) == "3.5"
    assert lang.texts("pt-BR").decimal(3.5) == "3,5"


def test_an_average_score_in_german_has_a_decimal_comma() -> None:
    line = tally_line("Rattus", Tally(played=2, won=1, scores=[12, 13]), lang.texts("de"))
    assert "12,5" in line and "12.5" not in line
