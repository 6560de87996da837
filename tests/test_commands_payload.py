"""The slash commands the bot syncs stay within Discord's limits for application commands."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import bot
import lang
from cogs.runtime.games import hosted_games

NAME = re.compile(r"^[-_\w]{1,32}$")
SUBCOMMAND, GROUP = 1, 2


def problems_in(option: dict[str, Any], path: str) -> list[str]:
    found: list[str] = []
    name = option.get("name", "")
    if not NAME.match(name) or name != name.lower():
        found.append(f"{path}: name {name!r} must be 1-32 lowercase word characters")
    description = option.get("description", "")
    if not 1 <= len(description) <= 100:
        found.append(f"{path}: description of {len(description)} characters (1-100)")
    options = option.get("options") or []
    if len(options) > 25:
        found.append(f"{path}: {len(options)} options (at most 25)")
    choices = option.get("choices") or []
    if len(choices) > 25:
        found.append(f"{path}: {len(choices)} choices (at most 25)")
    for choice in choices:
        if not 1 <= len(choice["name"]) <= 100:
            found.append(f"{path}: choice name {choice['name']!r} (1-100 characters)")
    seen_optional = False
    for child in options:
        if child.get("type") not in (SUBCOMMAND, GROUP):
            if child.get("required"):
                if seen_optional:
                    found.append(f"{path}.{child['name']}: required option after an optional one")
            else:
                seen_optional = True
        found += problems_in(child, f"{path}.{child.get('name')}")
    return found


SUBCOMMAND, GROUP = 1, 2


def command_chars(command: dict[str, Any]) -> int:
    total = len(command.get("name", "")) + len(command.get("description", ""))
    for choice in command.get("choices") or []:
        total += len(choice["name"]) + len(str(choice["value"]))
    return total + sum(command_chars(child) for child in command.get("options") or [])


@pytest.fixture
async def payload() -> list[dict[str, Any]]:
    settings = bot.Settings(token="unused", db_path=":memory:", sync_commands=False)
    client = bot.build_bot(settings)
    await client.setup_hook()
    try:
        data = [command.to_dict(client.tree) for command in client.tree.get_commands()]
        return json.loads(json.dumps(data))
    finally:
        await client.close()


@pytest.fixture
async def translated() -> list[dict[str, Any]]:
    """The payload as the bot syncs it: every command with its translations (discord.py asks
    the bot's translator for each Discord locale)."""
    settings = bot.Settings(token="unused", db_path=":memory:", sync_commands=False)
    client = bot.build_bot(settings)
    await client.setup_hook()
    try:
        translator = client.tree.translator
        assert translator is not None
        data = [
            await command.get_translated_payload(client.tree, translator)
            for command in client.tree.get_commands()
        ]
        return json.loads(json.dumps(data))
    finally:
        await client.close()


LOCALIZED_LIMIT = 8000
"""Discord's limit for a command: its names, descriptions, options and choices together,
each counted at its longest translation."""


def longest(entry: dict[str, Any], key: str) -> int:
    texts = [entry.get(key) or "", *(entry.get(f"{key}_localizations") or {}).values()]
    return max(len(text) for text in texts)


def localized_chars(command: dict[str, Any]) -> int:
    """A command's size as Discord counts it against ``LOCALIZED_LIMIT``."""
    total = longest(command, "name") + longest(command, "description")
    for choice in command.get("choices") or []:
        total += longest(choice, "name") + len(str(choice["value"]))
    return total + sum(localized_chars(child) for child in command.get("options") or [])


def localization_problems(entry: dict[str, Any], path: str) -> list[str]:
    """Each translation Discord would refuse: a description outside 1-100 characters, a
    choice name outside 1-100, and any translated name (names stay English)."""
    found = [f"{path}: its name is translated" for _ in entry.get("name_localizations") or {}]
    for locale, text in (entry.get("description_localizations") or {}).items():
        if not 1 <= len(text) <= 100:
            found.append(f"{path}: {locale} description of {len(text)} characters")
    for choice in entry.get("choices") or []:
        for locale, text in (choice.get("name_localizations") or {}).items():
            if not 1 <= len(text) <= 100:
                found.append(f"{path}: {locale} choice {text!r} (1-100 characters)")
    for child in entry.get("options") or []:
        found += localization_problems(child, f"{path}.{child.get('name')}")
    return found


async def test_every_command_in_every_language_is_within_discord_limits(
    translated: list[dict[str, Any]],
) -> None:
    found = [p for command in translated for p in localization_problems(command, command["name"])]
    assert found == []
    sizes = {command["name"]: localized_chars(command) for command in translated}
    assert all(size <= LOCALIZED_LIMIT for size in sizes.values()), sizes


async def test_descriptions_and_choices_are_translated_and_names_are_not(
    translated: list[dict[str, Any]],
) -> None:
    rattus = next(command for command in translated if command["name"] == "rattus")
    assert rattus["description_localizations"]["de"] == "Rattus spielen, das Brettspiel"
    assert "name_localizations" not in rattus or not rattus["name_localizations"]
    new = next(option for option in rattus["options"] if option["name"] == "new")
    assert new["description_localizations"]["de"] == "Eine Rattus-Lobby in diesem Kanal eröffnen"
    stats = next(option for option in rattus["options"] if option["name"] == "stats")
    language = next(option for option in stats["options"] if option["name"] == "language")
    choices = language["options"][0]["choices"]
    german = [(c.get("name_localizations") or {}).get("de", c["name"]) for c in choices]
    assert german == ["Die von Discord", "English", "Deutsch"]
    assert all(set(c.get("name_localizations") or {}) <= {"de"} for c in choices)


def untranslated(entry: dict[str, Any], path: str, language: str) -> list[str]:
    """Each description and choice name that the catalogs translate to ``language`` but that
    the payload does not carry in that language (nor any other shipped one)."""
    found = []
    texts = [("description", entry), *(("name", choice) for choice in entry.get("choices") or [])]
    for key, item in texts:
        english = item.get(key) or ""
        wanted = lang.say(english, language) if english else english
        carried = (item.get(f"{key}_localizations") or {}).get(language)
        if wanted != english and carried != wanted:
            found.append(f"{path}: {english!r}")
    for child in entry.get("options") or []:
        found += untranslated(child, f"{path}.{child.get('name')}", language)
    return found


async def test_every_text_the_catalogs_translate_is_sent_translated(
    translated: list[dict[str, Any]],
) -> None:
    """However a command is declared (its choices given before or after the command is made),
    a description or choice with a translation reaches Discord with it."""
    for language in lang.languages():
        if language != lang.DEFAULT:
            found = [p for c in translated for p in untranslated(c, c["name"], language)]
            assert found == [], language


def test_the_localized_count_takes_each_texts_longest_translation() -> None:
    command = {
        "name": "g",
        "description": "abc",
        "description_localizations": {"de": "abcdef"},
        "options": [{"name": "o", "description": "x", "choices": [{"name": "ab", "value": 1}]}],
    }
    assert localized_chars(command) == 1 + 6 + 1 + 1 + 2 + 1
    assert localization_problems(
        {"name": "g", "description_localizations": {"de": "x" * 101}}, "g"
    ) == ["g: de description of 101 characters"]


async def test_every_name_description_and_list_is_within_discord_limits(
    payload: list[dict[str, Any]],
) -> None:
    found = [problem for command in payload for problem in problems_in(command, command["name"])]
    assert found == []


async def test_each_command_stays_under_4000_characters(payload: list[dict[str, Any]]) -> None:
    sizes = {command["name"]: command_chars(command) for command in payload}
    assert all(size <= 4000 for size in sizes.values()), sizes


MOST_ENTRIES = 20
"""Discord allows 25 subcommands (or groups) in a command and in a group; we keep to 20 so
that each has room to grow."""


def entries(command: dict[str, Any], path: str) -> dict[str, int]:
    """path -> how many subcommands and groups it holds, for a command and its groups."""
    children = [o for o in command.get("options") or [] if o.get("type") in (SUBCOMMAND, GROUP)]
    found = {path: len(children)} if children else {}
    for child in children:
        if child.get("type") == GROUP:
            found |= entries(child, f"{path} {child['name']}")
    return found


async def test_every_command_and_group_holds_at_most_20_entries(
    payload: list[dict[str, Any]],
) -> None:
    counts = {k: v for c in payload for k, v in entries(c, c["name"]).items()}
    assert {"rattus", "cartus", "rattus clock", "rattus seat", "rattus stats"} <= set(counts)
    assert all(count <= MOST_ENTRIES for count in counts.values()), counts


def test_the_entry_count_sees_groups_and_what_they_hold() -> None:
    too_many = {
        "name": "g",
        "options": [
            {"name": "a", "type": SUBCOMMAND},
            {
                "name": "b",
                "type": GROUP,
                "options": [{"name": f"s{i}", "type": 1} for i in range(21)],
            },
        ],
    }
    assert entries(too_many, "g") == {"g": 2, "g b": 21}


@pytest.mark.parametrize("game", sorted(hosted_games()))
async def test_each_game_is_one_group_with_the_playing_commands(
    payload: list[dict[str, Any]], game: str
) -> None:
    assert sorted(command["name"] for command in payload) == sorted(hosted_games())
    group = next(command for command in payload if command["name"] == game)
    subcommands = {option["name"] for option in group["options"]}
    assert {"new", "join", "leave", "start", "abandon", "play", "board", "status", "hand"} <= (
        subcommands
    )
    assert {"games", "spectate", "rules", "log", "undo", "replay"} <= subcommands


async def test_play_offers_autocomplete_for_its_action(payload: list[dict[str, Any]]) -> None:
    for group in payload:
        play = next(option for option in group["options"] if option["name"] == "play")
        action = next(option for option in play["options"] if option["name"] == "action")
        assert action["autocomplete"] is True
        assert action["required"] is True


def test_the_checker_catches_what_discord_refuses() -> None:
    bad = {
        "name": "Rattus",
        "description": "x" * 101,
        "options": [{"name": f"o{i}", "description": "d", "type": 3} for i in range(26)],
    }
    found = problems_in(bad, "bad")
    assert any("name 'Rattus'" in p for p in found)
    assert any("description of 101" in p for p in found)
    assert any("26 options" in p for p in found)
