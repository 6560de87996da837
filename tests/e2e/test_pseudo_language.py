"""Everyone in the pseudo-language: every text a person can read passes through the catalogs.

The scan (tests/i18n_scan.py) reads what the fake Discord showed (every version of every
message in channels, DMs and private replies, with their buttons, selects and options;
autocomplete; modals) and every text drawn on a picture, and finds what was made outside the
catalogs. ``NOT_CONVERTED`` lists the areas of the code still making their own texts: a
converter removes their area once it is done, and the whole-game scans then hold it to
having none. Issue #21 is done when the list is empty.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

import lang
from render.common.canvas import recording
from tests.e2e.conftest import World
from tests.e2e.table import Table, is_play, make_bot, selects_of
from tests.fakediscord import FakeDiscord
from tests.i18n_scan import Leak, leaks, seen_texts
from tests.pseudo import installed

NOT_CONVERTED: set[str] = set()
"""Areas whose texts are not all made through ``lang`` yet (issue #21); "?" (a text no
area's code holds) is never excused."""

GAME_NAMES = ("Rattus Cartus", "Rattus", "Cartus")
"""The games' names, shown as they are in every language."""


@pytest.fixture
def pseudo(world: World) -> Iterator[str]:
    """Everyone's Discord in the pseudo-language."""
    with installed() as code:
        for user in (world.anna, world.ben, world.cleo, world.dave, world.admin):
            user.locale = code
        yield code


def names(world: World, *more: str) -> list[str]:
    """What is shown as it is in every language: people's names, the games' names, and the
    languages' names (each in itself, as a language menu lists them)."""
    people = [u.name for u in (world.anna, world.ben, world.cleo, world.dave, world.admin)]
    return [*people, *GAME_NAMES, *lang.languages().values(), *more]


def report(found: list[Leak]) -> str:
    return "\n".join(sorted(str(leak) for leak in found))


async def test_the_lobby_passes_through_the_catalogs(
    world: World, pseudo: str, tmp_path: Any
) -> None:
    """The lobby message: its title, headline, players, buttons, language select and the
    host's description of the options and timer."""
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        lobby = await (await fake.slash(world.anna, world.channel, "rattus", "new")).wait_reply()
        chooser = next(s for s in selects_of(lobby) if s["custom_id"].endswith(":language"))
        await (await fake.click(world.ben, lobby, chooser_free(lobby, "join"))).wait_reply()
        await (await fake.click(world.anna, lobby, chooser_free(lobby, "ai-easy"))).wait_reply()
        await (await fake.select(world.anna, lobby, chooser["custom_id"], [pseudo])).wait_reply()
        found = leaks(seen_texts(fake), names(world))
    assert found == [], report(found)


def chooser_free(message: dict[str, Any], op: str) -> str:
    """The custom id of a lobby button by its operation (labels are in the pseudo-language)."""
    for row in message.get("components") or []:
        for item in row.get("components") or []:
            if item.get("custom_id", "").endswith(f":lobby:{op}"):
                return str(item["custom_id"])
    raise AssertionError(f"no lobby button {op}")


async def whole_game(world: World, kind: str, options: dict[str, Any], tmp_path: Any) -> list[Leak]:
    """A seeded game of ``kind`` from its lobby to its end, three people in the pseudo-
    language choosing through the table, their panels and commands; every leak found."""
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    with recording() as drawn:
        async with fake.running(client):
            table = await open_game(fake, client, world, kind, options)
            steps = 0
            while not await table.is_over():
                await table.step()
                steps += 1
                if steps % 25 == 1:
                    await commands(fake, world, kind)
                assert steps < 800, "the game did not end"
            await commands(fake, world, kind)
            seated = [s.name for s in (await table.record()).seats]
        texts = [*seen_texts(fake), *(("picture", text) for text in drawn)]
    assert steps > 10 and drawn, (steps, len(drawn))
    surfaces = {surface for surface, _ in texts}
    assert {"picture", "embed", "button"} <= surfaces, surfaces
    # The scan sees a text left out of the catalogs among what was read: an English line.
    left_out = leaks([*texts, ("embed", "Plague in Gallia")], names(world, *seated))
    assert ("embed", "Plague in Gallia") in {(leak.surface, leak.text) for leak in left_out}
    return leaks(texts, names(world, *seated))


async def open_game(
    fake: FakeDiscord, client: Any, world: World, kind: str, options: dict[str, Any]
) -> Table:
    opened = await fake.slash(world.anna, world.channel, kind, "new", options=options)
    lobby = await opened.wait_reply()
    for user in (world.ben, world.cleo):
        await (await fake.click(user, lobby, chooser_free(lobby, "join"))).wait_reply()
    await (await fake.click(world.anna, lobby, chooser_free(lobby, "start"))).wait_response()
    await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(world.channel)))
    record = await client.service.game_in_channel(world.channel.id)
    seated = {u.id: u for u in (world.anna, world.ben, world.cleo)}
    return Table(fake, client, world.channel, seated, record.id)


async def commands(fake: FakeDiscord, world: World, kind: str) -> None:
    """What a person asks on their own: status, their hand, the board, the log, the rules,
    their games, their stats, the timer, the server's settings, and what /play suggests."""
    asked = (
        ("status",),
        ("hand",),
        ("board",),
        ("log",),
        ("rules",),
        ("games",),
        ("stats", "player"),
        ("clock", "timer"),
        ("settings",),
    )
    for path in asked:
        await (await fake.slash(world.ben, world.channel, kind, *path)).wait_reply()
    await fake.autocomplete(world.anna, world.channel, kind, "play", focused="action")


def unexcused(found: list[Leak]) -> list[Leak]:
    """The leaks no area is excused for; with I18N_REPORT=area (or "all") set, every leak of
    that area is printed first (run with -s), for whoever converts it."""
    wanted = os.environ.get("I18N_REPORT")
    if wanted:
        print(report([leak for leak in found if wanted in ("all", leak.area)]))
    return [leak for leak in found if leak.area not in NOT_CONVERTED]


@pytest.mark.slow
async def test_a_rattus_game_with_every_expansion_passes_through_the_catalogs(
    world: World, pseudo: str, tmp_path: Any
) -> None:
    options = {"players": 3, "seat_order": "joined", "expansions": "pied_piper,mercatus,africanus"}
    found = await whole_game(world, "rattus", options, tmp_path)
    assert unexcused(found) == [], report(unexcused(found))


@pytest.mark.slow
async def test_a_cartus_game_passes_through_the_catalogs(
    world: World, pseudo: str, tmp_path: Any
) -> None:
    found = await whole_game(world, "cartus", {"players": 3, "seat_order": "joined"}, tmp_path)
    assert unexcused(found) == [], report(unexcused(found))
