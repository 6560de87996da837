"""Texts as keys and values (engine.text) and how lang makes them into strings: JSON round
trips, nested texts, plurals, seats, verbatim lines, and English where a translation is
missing."""

from __future__ import annotations

import dataclasses
import json

import pytest
from babel.messages.catalog import Catalog

import lang
from cogs.table.components import shown
from cogs.table.replies import user_message
from engine.core import Action, Event, IllegalAction
from engine.text import (
    Msg,
    Seat,
    by,
    fields,
    from_json,
    msg,
    plural,
    pmsg,
    restored,
    stored,
    verbatim,
    with_names,
)
from host.errors import UserError
from tests.pseudo import installed

NAMES = ["Aoife", "Bruno"]


def test_a_text_and_its_values_survive_json() -> None:
    text = msg(
        "{player} moves {rats} from {region} to {other}",
        player=Seat(1),
        rats=plural("{n} rat", "{n} rats", 3),
        region=msg("Gallia"),
        other=verbatim("Terra ⟨0⟩"),
    )
    data = json.loads(json.dumps(text.to_json()))
    assert from_json(data) == text
    assert from_json(data).english(NAMES) == "Bruno moves 3 rats from Gallia to Terra Aoife"


def test_a_text_about_what_a_seat_did_is_the_text_that_names_it_as_player() -> None:
    # ctx.did(seat, ...) keeps a log line equal, to the stored character, to the line an event
    # text naming the seat itself made: the seat stands first, after a plural's count.
    said = by(1, msg("{player} moved the plague to {region}.", region=msg("Gallia")))
    named = msg("{player} moved the plague to {region}.", player=Seat(1), region=msg("Gallia"))
    assert said == named and stored(said) == stored(named)
    counted = by(0, plural("{player} placed {n} cube.", "{player} placed {n} cubes.", 2, x=3))
    assert counted == plural(
        "{player} placed {n} cube.", "{player} placed {n} cubes.", 2, player=Seat(0), x=3
    )
    assert stored(counted) == stored(
        plural("{player} placed {n} cube.", "{player} placed {n} cubes.", 2, player=Seat(0), x=3)
    )
    # a text with a context keeps it
    assert by(1, pmsg("choice", "{player} passed.")) == pmsg(
        "choice", "{player} passed.", player=Seat(1)
    )


def test_texts_and_events_are_whole_and_never_change() -> None:
    # both set their fields through their slots' own setters (engine.text.slot_setters)
    text = Msg("{n} rat", (("n", 2),), "{n} rats", 2, False, "count")
    assert text == Msg(
        key="{n} rat", params=(("n", 2),), plural="{n} rats", count=2, context="count"
    )
    assert hash(text) == hash(
        dataclasses.replace(plural("{n} rat", "{n} rats", 2), context="count")
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        text.key = "other"  # type: ignore[misc]
    event = Event("moved", text, (1,), {"n": 2}, ("Red", "Yellow"))
    assert (event.kind, event.template, event.audience, event.data) == (
        "moved",
        text,
        (1,),
        {"n": 2},
    )
    assert event.text == "2 rats" and Event("moved", text).data == {}
    with pytest.raises(AttributeError):
        event.kind = "other"


def test_a_line_saved_before_texts_had_keys_reads_as_it_was() -> None:
    old = from_json("⟨0⟩ placed 2 cubes in Gallia.")
    assert old.verbatim
    assert lang.say(old, "de", NAMES) == "Aoife placed 2 cubes in Gallia."
    assert old.to_json() == "⟨0⟩ placed 2 cubes in Gallia."


@pytest.mark.parametrize("data", [3, None, {"p": {}}, {"k": "x", "p": {"a": [1]}}, {"k": 1}])
def test_what_is_not_a_text_is_refused(data: object) -> None:
    with pytest.raises(ValueError):
        from_json(data)


def test_plural_picks_the_form_by_count_in_each_language() -> None:
    rats = {n: plural("{n} rat", "{n} rats", n) for n in (0, 1, 2, 5, 22)}
    assert [lang.say(rats[n], "en") for n in (0, 1, 2)] == ["0 rats", "1 rat", "2 rats"]
    german = Catalog(locale="de", fuzzy=False)
    german.add(("{n} rat", "{n} rats"), ("{n} Ratte", "{n} Ratten"))
    polish = Catalog(locale="pl", fuzzy=False)  # three forms: 1, 2-4 (22-24...), 5-21
    polish.add(("{n} rat", "{n} rats"), ("{n} szczur", "{n} szczury", "{n} szczurów"))
    lang.register("de-test", "Deutsch", german)
    lang.register("pl-test", "Polski", polish)
    try:
        assert [lang.say(rats[n], "de-test") for n in (0, 1, 2)] == [
            "0 Ratten",
            "1 Ratte",
            "2 Ratten",
        ]
        assert [lang.say(rats[n], "pl-test") for n in (1, 2, 5, 22)] == [
            "1 szczur",
            "2 szczury",
            "5 szczurów",
            "22 szczury",
        ]
    finally:
        lang.unregister("de-test")
        lang.unregister("pl-test")


def test_nested_texts_and_seats_are_rendered_in_the_same_language() -> None:
    text = msg("Remove {name}", name=msg("Player {n}", n=2))
    assert lang.say(text, "en") == "Remove Player 2"
    assert lang.say(text, "de") == "Spieler 2 entfernen"
    seated = msg("Remove {name}", name=Seat(0))
    assert lang.say(seated, "de", NAMES) == "Aoife entfernen"
    assert lang.say(seated, "de") == "Spieler 1 entfernen"  # nobody named: the seat's number


def test_a_missing_translation_falls_back_to_english_never_a_key() -> None:
    text = msg("A text no catalog has heard of, for {who}", who="Aoife")
    assert lang.say(text, "de") == "A text no catalog has heard of, for Aoife"
    assert lang.say(text, "xx") == "A text no catalog has heard of, for Aoife"
    many = plural("{n} unheard thing", "{n} unheard things", 2)
    assert lang.say(many, "de") == "2 unheard things"


def test_a_translation_whose_fields_do_not_fit_falls_back_to_english() -> None:
    broken = Catalog(locale="de", fuzzy=False)
    broken.add("Remove {name}", "{nom} entfernen")
    broken.add("{a} beats {b}", "{a} schlägt {b:d}")
    lang.register("broken", "Kaputt", broken)
    try:
        assert lang.say(msg("Remove {name}", name="Bo"), "broken") == "Remove Bo"
        assert lang.say(msg("{a} beats {b}", a="x", b="y"), "broken") == "x beats y"
    finally:
        lang.unregister("broken")
    assert fields("{a} and {b}") == {"a", "b"}


def test_plain_strings_are_looked_up_and_data_is_shown_as_it_is() -> None:
    assert lang.say("Join", "de") == "Beitreten"
    assert lang.say("Aoife", "de") == "Aoife"
    assert lang.say(verbatim("Join"), "de") == "Join"


def test_texts_for_code_that_shows_at_once() -> None:
    tr = lang.texts("de", NAMES)
    assert tr("Remove {name}", name=Seat(1)) == "Bruno entfernen"
    assert tr.plural("{n} unheard rat", "{n} unheard rats", 1) == "1 unheard rat"
    assert tr.say(msg("Join")) == "Beitreten"


def test_languages_offered_and_discord_locales() -> None:
    assert lang.LANGUAGES == {"en": "English", "de": "Deutsch"}
    assert lang.language_of("de") == "de"
    assert lang.language_of("en-GB") == "en"
    assert lang.language_of("pt-BR") == "en"
    assert lang.language_of(None) == "en"


def test_the_pseudo_language_marks_each_text_from_the_catalog() -> None:
    with installed() as code:
        assert lang.languages()[code] == "Pseudo"
        assert lang.language_of(code) == code
        assert lang.say(msg("Remove {name}", name="Aoife"), code) == "⟦Rémóvé ⟧Aoife"
        assert lang.say(msg("Not in any catalog"), code) == "Not in any catalog"
    assert lang.language_of("qps") == "en"


def test_names_are_bound_to_seats_before_the_language_is_known() -> None:
    text = msg("{player} takes {what}", player=Seat(0), what=msg("Remove {name}", name=Seat(1)))
    bound = with_names(text, NAMES)
    assert isinstance(bound, Msg)
    assert from_json(bound.to_json()) == bound
    assert lang.say(bound, "de") == "Aoife takes Bruno entfernen"
    assert with_names(verbatim("⟨1⟩ passes."), NAMES) == verbatim("Bruno passes.")
    assert lang.say(with_names(verbatim("⟨0⟩ left."), NAMES), "de") == "Aoife left."


def test_refusals_keep_their_text_for_the_readers_language() -> None:
    refusal = IllegalAction(msg("Remove {name}", name=Seat(1)))
    assert str(refusal) == "Remove Player 2"
    error = UserError(with_names(refusal.text, NAMES))
    assert error.message == "Remove Bruno"
    assert user_message(error, "de") == "Bruno entfernen"
    assert user_message(UserError("An older English refusal."), "de") == "An older English refusal."


def test_an_action_that_ends_the_turn_says_so_in_the_readers_language() -> None:
    action = Action("pass", msg("Remove {name}", name="Bo"), ends_turn=True)
    assert shown(action) == "Remove Bo (ends your turn)"
    assert shown(action, "de") == "Bo entfernen (beendet deinen Zug)"
    assert shown(Action("x", "Pass (ends your turn)", ends_turn=True)) == "Pass (ends your turn)"


def test_one_english_text_with_two_meanings_has_a_translation_for_each() -> None:
    """A text with a context (gettext's msgctxt) is translated apart from the same English
    without one, keeps its context through JSON and with names bound, and falls back to the
    English when its context has no translation."""
    choice = pmsg("choice", "Pass")
    german = Catalog(locale="de", fuzzy=False)
    german.add("Pass", "Pass")
    german.add("Pass", "Passen", context="choice")
    german.add("{player} passes", "{player} passt", context="choice")
    lang.register("de-test", "Deutsch", german)
    try:
        assert lang.say(choice, "de-test") == "Passen"
        assert lang.say(msg("Pass"), "de-test") == "Pass"
        assert lang.say(lang.msg("{a} / {b}", a=choice, b=msg("Pass")), "de-test") == (
            "Passen / Pass"
        )
        again = from_json(json.loads(json.dumps(choice.to_json())))
        assert again == choice and lang.say(again, "de-test") == "Passen"
        named = with_names(pmsg("choice", "{player} passes", player=Seat(0)), NAMES)
        assert lang.say(named, "de-test") == "Aoife passt"
        assert lang.say(pmsg("other", "Pass"), "de-test") == "Pass"
        assert lang.say(choice, lang.DEFAULT) == "Pass" and choice.english() == "Pass"
    finally:
        lang.unregister("de-test")


def test_a_text_kept_in_a_column_reads_back_and_older_lines_stay_as_they_were() -> None:
    text = msg("{player} takes the {card}.", player=Seat(1), card=msg("Witch"))
    kept = stored(text)
    assert isinstance(kept, str) and restored(kept) == text
    assert lang.say(restored(kept), "de", NAMES) == "Bruno takes the Hexe."
    older = restored("Anna placed 2 cubes in ⟨1⟩.")
    assert older == verbatim("Anna placed 2 cubes in ⟨1⟩.")
    assert lang.say(older, "de", NAMES) == "Anna placed 2 cubes in Bruno."
    assert restored('{"k": broken') == verbatim('{"k": broken')
    assert stored(restored("An older line.")) == "An older line."
