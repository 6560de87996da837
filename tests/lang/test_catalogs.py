"""The catalogs against the code: every marked text is in the German catalogs, translated,
not fuzzy, with the English's ``{fields}``; the catalogs are what ``python -m lang.extract``
writes (no text missing, none left over)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from lang import catalogs
from lang.extract import (
    AREAS,
    data_texts,
    disagreements,
    extracted,
    incomplete,
    main,
    problems,
    stale,
    unextractable,
    unextractable_texts,
)


def test_every_marked_text_has_its_german_translation() -> None:
    found = incomplete("de")
    assert found == [], "German catalog entries to write (lang/locales/de):\n" + "\n".join(found)


def test_the_catalogs_are_up_to_date_with_the_code() -> None:
    found = stale(catalogs.shipped())
    assert found == [], f"run `python -m lang.extract`: {found}"


def test_check_mode_exits_non_zero_when_a_catalog_is_out_of_date(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["--check"]) == 0
    monkeypatch.setattr(catalogs, "LOCALES", tmp_path)  # a language with no catalogs yet
    assert main(["--check", "--add", "fr"]) == 1


def test_each_kind_of_incomplete_entry_is_found() -> None:
    template = Catalog(fuzzy=False)
    for key in ("Join", "Leave", "Start", "Remove {name}", "Gone"):
        template.add(key)
    template.add(("{n} rat", "{n} rats"))
    german = Catalog(locale="de", fuzzy=False)
    german.add("Join", "Beitreten")
    german.add("Leave", "")
    german.add("Start", "Starten", flags=["fuzzy"])
    german.add("Remove {name}", "{nom} entfernen")
    german.add(("{n} rat", "{n} rats"), ("{n} Ratte", ""))
    assert problems(template, german) == [
        "untranslated: 'Leave'",
        "fuzzy: 'Start'",
        "fields ['nom'] for ['name']: 'Remove {name}'",
        "missing: 'Gone'",
        "untranslated: '{n} rat'",
    ]


def test_a_text_translated_differently_by_two_areas_is_found() -> None:
    """The areas' catalogs are merged into one lookup: a text has one translation, so two
    areas that disagree would show the last one's everywhere."""
    engine = Catalog(locale="de", domain="engine")
    engine.add("Pass", "Pass")
    engine.add("none", "keine")
    engine.add(("{n} rat", "{n} rats"), ("{n} Ratte", "{n} Ratten"))
    cogs = Catalog(locale="de", domain="cogs")
    cogs.add("Pass", "Passen")
    cogs.add("none", "keine")
    cogs.add(("{n} rat", "{n} rats"), ("{n} Ratte", "{n} Ratten"))
    assert disagreements({"engine": engine, "cogs": cogs}) == [
        "translated differently: 'Pass' (engine.po 'Pass', cogs.po 'Passen')"
    ]


def test_every_area_is_extracted_from_its_own_code() -> None:
    where = {
        area: {loc.split("/")[0] for m in extracted(area) for loc, _ in m.locations}
        for area in AREAS
    }
    assert where["cogs"] <= {"cogs", "bot.py", ""} and "cogs" in where["cogs"]  # "": /commands
    assert where["host"] <= {"host", "lang"}
    assert where["engine"] <= {"engine"}
    assert where["render"] <= {"render"}


def test_no_marker_is_given_a_text_built_at_run_time() -> None:
    assert unextractable_texts() == []


def test_a_text_built_at_run_time_is_found() -> None:
    source = (
        'msg(f"Hi {name}")\n'
        'tr("a" + b)\n'
        'tr.plural("{n} rat", "{n} " + word, n)\n'
        "msg(REGION)\n"
        'tr("Fine {x}", x=f"<@{uid}>")\n'
        'tr.plural("{n} day", "{n} days", n, when=when(due, tr))\n'
        'tr("Fine {x}", x=tr.say(text), y=lang.texts(tr.language), z=tr("a"))\n'
    )
    assert unextractable(source, "x.py") == [
        "x.py:1: msg(f'Hi {name}')",
        "x.py:2: tr('a' + b)",
        "x.py:3: plural('{n} ' + word)",
        "x.py:6: plural(... tr ...): make it apart first",
    ]


def test_texts_in_data_files_are_found_by_their_paths() -> None:
    data = {
        "classes": {"royalty": "Royalty", "church": "Church"},
        "cards": [{"id": "king", "name": "King"}, {"id": "nun", "name": "Nun", "text": ""}],
        "regions": {"Anglia": "light", "Gallia": "light"},
        "list": ["Numidia", 3],
    }
    assert data_texts(data, ["classes", "*"]) == ["Royalty", "Church"]
    assert data_texts(data, ["cards", "*", "name"]) == ["King", "Nun"]
    assert data_texts(data, ["cards", "*", "text"]) == []
    assert data_texts(data, ["regions", "@"]) == ["Anglia", "Gallia"]
    assert data_texts(data, ["list", "*"]) == ["Numidia"]
    assert data_texts(data, ["missing", "*"]) == []
    engine = {m.id for m in extracted("engine")}
    assert {"Gallia", "Numidia", "Pied Piper", "Peasantry", "Fortune-teller's Tent"} <= engine
    assert {"Take two jokers.", "Take one joker."} <= engine  # a Cartus building's actions


def test_a_plural_constant_is_extracted_with_both_forms() -> None:
    """``N_plural`` marks a plural text a shared helper tells (the Queen's placement): the
    catalog holds it as one plural entry, so its translated forms follow the count."""
    engine = {m.id for m in extracted("engine")}
    queen = (
        "{player} (Queen) placed {n} cube in {region}.",
        "{player} (Queen) placed {n} cubes in {region}.",
    )
    assert queen in engine
    assert queen[0] not in engine  # not a text of its own
    assert unextractable('N_plural("{n} rat", f"{n} {word}")\n', "x.py") == [
        "x.py:1: N_plural(f'{n} {word}')"
    ]


def test_the_slash_commands_descriptions_and_choices_are_extracted() -> None:
    cogs = {m.id: [where for where, _ in m.locations] for m in extracted("cogs")}
    assert "/rattus" in cogs["Play Rattus, the board game"]
    assert "/rattus/stats/language" in cogs["The language I use with you"]
    assert "/cartus/new" in cogs["no_winner"]  # a choice's name
