"""A game in German from its lobby to its scores, through the real bot (issue #21).

Anna (who chose German with ``/rattus stats language``) hosts, Ben's Discord is in German,
and Dave, a spectator whose Discord is in English, watches and pokes. Everything the channel
shows (the lobby, the table message, notices, the final scores) is in German for everyone;
what only one person reads (a command's reply, a refusal, a panel, a DM) is in that
person's language: German for Anna and Ben, English for Dave.

No text on the German table may be an English catalog text that has a different German
translation (``english_texts``): that is a text shown without going through the table's
language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

import pytest

from lang.catalogs import AREAS, read
from render.common.canvas import recording
from tests.e2e.conftest import World
from tests.e2e.table import Table, buttons_of, controls_of, is_play, make_bot, text_of
from tests.e2e.test_cartus import CartusTable
from tests.fakediscord import Channel, FakeDiscord, User
from tests.i18n_scan import literals, message_texts, patterns

PNG = b"\x89PNG\r\n\x1a\n"
FIELD = re.compile(r"\{[a-z_]+\}")
WORD = re.compile(r"[^\W\d_]{3,}")
PIECES = re.compile(r"\n| [·•|] ")
PARTS = re.compile(r"\n| [·•|] |; |: |\. ")
"""Where a text made in code from pieces may be cut into them (a line, a list, a clause)."""


@cache
def english_texts() -> tuple[frozenset[str], tuple[tuple[str, re.Pattern[str]], ...]]:
    """The English texts of the catalogs whose German is different: those without fields as
    they are, and those with ``{fields}`` as shapes (each field any text), with their msgid."""
    exact: set[str] = set()
    shapes: list[tuple[str, re.Pattern[str]]] = []
    for area in AREAS:
        catalog = read("de", area)
        assert catalog is not None, area
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            german = message.string if isinstance(message.string, tuple) else (message.string,)
            for english in ids:
                if english in german:
                    continue
                fixed = FIELD.sub(" ", english)
                # a shape needs two words of its own, or it would fit any German line
                if len(WORD.findall(fixed)) < (2 if FIELD.search(english) else 1):
                    continue
                if FIELD.search(english):
                    parts = FIELD.split(english)
                    shape = "(?:.+?)".join(re.escape(p) for p in parts)
                    shapes.append((english, re.compile(shape, re.S)))
                else:
                    exact.add(english)
    return frozenset(exact), tuple(shapes)


def english_in(texts: Iterable[tuple[str, str]]) -> list[str]:
    """Each text (or line, or part of a line joined by " · ") that is an English catalog text
    with a different German: "surface: text  <- msgid"."""
    exact, shapes = english_texts()
    found: list[str] = []
    for surface, text in texts:
        for piece in {text, *(p.strip() for p in PIECES.split(text))}:
            piece = piece.strip().strip("*_").strip()
            if not piece:
                continue
            if piece in exact:
                found.append(f"{surface}: {piece!r}")
                continue
            for english, shape in shapes:
                if shape.fullmatch(piece):
                    found.append(f"{surface}: {piece!r} <- {english!r}")
                    break
    return sorted(set(found))


def public_texts(fake: FakeDiscord, channel: Channel) -> list[tuple[str, str]]:
    """Every text the channel showed, each version of each message (no private replies)."""
    found: list[tuple[str, str]] = []
    for stored, data in fake.state.messages.versions:
        if stored.channel is channel and stored.visible_to is None:
            found += message_texts(data)
    return found


def private_texts(fake: FakeDiscord, user: User) -> list[tuple[str, str]]:
    """Every text only ``user`` read: their private replies (each version) and their DMs."""
    found: list[tuple[str, str]] = []
    for stored, data in fake.state.messages.versions:
        dm = stored.channel.is_dm and stored.channel.recipient is user
        if stored.visible_to is user or dm:
            found += message_texts(data)
    return found


def code_english_in(texts: Iterable[tuple[str, str]], area: str) -> list[str]:
    """Each piece of text that is an English text written in an area's code (a literal, or
    the shape of an f-string or ``{field}`` text with at least two words of its own) and
    holds at least two English words: English made outside the catalogs, which a German
    table never shows. (The games' names are names, the same in every language.)"""
    written = set(literals()[area]) - {"rattus cartus"}
    shapes = [
        shape
        for _, shape in patterns()[area]
        if len(WORD.findall(re.sub(r"\.\+\?|\\.", " ", shape.pattern))) >= 2
    ]
    found: list[str] = []
    for surface, text in texts:
        for piece in {text, *(p.strip() for p in PIECES.split(text)), *PARTS.split(text)}:
            norm = " ".join(piece.strip("*_.() ").lower().split())
            if len(WORD.findall(norm)) < 2:
                continue
            if norm in written or any(shape.fullmatch(norm) for shape in shapes):
                found.append(f"{surface}: {piece!r}")
    return sorted(set(found))


def labels(message: Any) -> list[str]:
    return [b["label"] for b in buttons_of(message)]


async def german_lobby(world: World, game: str, options: dict[str, Any]) -> Any:
    """Anna chooses German for herself and opens a lobby (it speaks her language); Ben, whose
    Discord is in German, joins with the German button; Anna adds a computer player; Dave
    (Discord in English) is refused the start, in English. Returns the lobby message."""
    fake = world.fake
    world.ben.locale = "de"
    said = await (
        await fake.slash(
            world.anna, world.channel, game, "stats", "language", options={"language": "de"}
        )
    ).wait_reply()
    assert text_of(said) == "Ich spreche jetzt Deutsch mit dir."
    opened = await fake.slash(world.anna, world.channel, game, "new", options=options)
    lobby = await opened.wait_reply()
    assert labels(lobby) == [
        "Beitreten",
        "Verlassen",
        "Computer hinzufügen (leicht)",
        "Computer hinzufügen (stark)",
        "Starten",
        "Absagen",
    ]
    shown = text_of(lobby)
    assert "· Spiel #1 · Lobby" in shown and "sammelt Mitspieler" in shown
    assert "Spieler (1 von höchstens 3)" in shown and "Anna (Gastgeber)" in shown
    await (await fake.click(world.ben, lobby, label="Beitreten")).wait_reply()
    await (await fake.click(world.anna, lobby, label="Computer hinzufügen (leicht)")).wait_reply()
    assert "Spieler (3 von höchstens 3)" in text_of(fake.message(lobby))
    refused = await fake.click(world.dave, lobby, label="Starten")
    assert "Only the host, Anna, can start game #1." in text_of(await refused.wait_reply())
    assert refused.ephemeral
    await (await fake.click(world.anna, lobby, label="Starten")).wait_response()
    await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(world.channel)))
    assert "Das Spiel hat begonnen" in text_of(fake.message(lobby))
    return lobby


async def asks(world: World, game: str, user: User, *path: str) -> str:
    reply = await (await world.fake.slash(user, world.channel, game, *path)).wait_reply()
    return text_of(reply)


async def rattus_table(world: World, client: Any) -> Table:
    await german_lobby(world, "rattus", {"players": 3, "seat_order": "joined"})
    record = await client.service.game_in_channel(world.channel.id)
    humans = {u.id: u for u in (world.anna, world.ben)}
    return Table(world.fake, client, world.channel, humans, record.id)


async def spectator_and_players_ask(world: World, table: Any, game: str) -> None:
    """Dave clicks a player's control on the table and asks for the status: both in English;
    Ben asks for the status: in German."""
    fake = world.fake
    message = table.table_message()
    control = controls_of(message)[0]
    if control["type"] == 2:
        refused = await fake.click(world.dave, message, control["custom_id"])
    else:
        least = int(control.get("min_values") or 1)
        chosen = [option["value"] for option in control["options"][:least]]
        refused = await fake.select(world.dave, message, control["custom_id"], chosen)
    assert text_of(await refused.wait_reply()) == "You are not in this game."
    assert refused.ephemeral
    dave_sees = await asks(world, game, world.dave, "status")
    assert f"{game.capitalize()} · game #1 ·" in dave_sees.replace("Rattus Cartus", "Cartus")
    assert "Players" in dave_sees and "Spieler" not in dave_sees
    ben_sees = await asks(world, game, world.ben, "status")
    assert "· Spiel #1 ·" in ben_sees and "Spieler" in ben_sees and "Players" not in ben_sees


def german_for_the_germans(world: World) -> None:
    """No English catalog text with a German translation in what Anna (who chose German) or
    Ben (whose Discord is German) read alone, their DMs included; Dave's own replies never
    in German. (What the channel showed: ``test_no_english_on_a_german_*_table``.)"""
    fake = world.fake
    assert english_in(private_texts(fake, world.anna)) == []
    assert english_in(private_texts(fake, world.ben)) == []
    english_for_the_spectator(world)


def english_for_the_spectator(world: World) -> None:
    """Nothing Dave (Discord in English) read alone is German."""
    daves = "\n".join(text for _, text in private_texts(world.fake, world.dave))
    assert daves and "Spiel #" not in daves and "entscheidet" not in daves
    assert "Warte auf" not in daves and "Spieler" not in daves


async def test_a_german_rattus_table_from_the_lobby_to_the_first_moves(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await rattus_table(world, client)
        first = table.table_message()
        shown = text_of(first)
        assert f"<@{world.anna.id}>, du bist am Zug." in shown
        assert "Rattus · Spiel #1 · Startaufstellung" in shown
        assert "**Anna** entscheidet:" in shown
        assert "Was gerade geschah" in shown and "Regelwerk" in shown
        assert "Würfel einsetzen" in labels(first) or any(
            s.get("placeholder") == "Würfel einsetzen" for s in controls_of(first)
        )
        assert fake.attachments(first)[0].startswith(PNG)
        await spectator_and_players_ask(world, table, "rattus")
        replies = []
        for _ in range(4):
            replies += [text_of(reply) for reply in await table.step()]
        assert any("Warte auf" in reply for reply in replies), replies
        # a picture in a private reply speaks as the reply around it: Dave's own board in
        # English beside the German table's
        with recording() as daves:
            daves_board = await (
                await fake.slash(world.dave, world.channel, "rattus", "board")
            ).wait_reply()
        assert fake.attachments(daves_board)[0].startswith(PNG)
        assert "CLASS CARDS" in daves and "Zug" not in " ".join(daves)
        # and names the computer player in English, as his reply does
        assert any("Computer 1 (easy)" in line for line in daves), daves
        assert "Computer 1 (easy)" in text_of(daves_board)
        assert not any("(leicht)" in line for line in daves)
        assert "eingesetzt" not in text_of(daves_board)  # what just happened, in English
        german_for_the_germans(world)
        await table.record()  # the computer players done before the bot stops
        assert fake.rejected == [] and fake.unhandled == []


@pytest.mark.slow
async def test_a_whole_rattus_game_in_german_with_an_english_spectator(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await rattus_table(world, client)
        await spectator_and_players_ask(world, table, "rattus")
        await table.play_until(table.is_over, limit=800)
        final = fake.last_message(world.channel)
        assert final is not None
        shown = text_of(final)
        assert "Rattus · Spiel #1 · Spielende" in final["embeds"][0]["title"]
        assert "Endstand" in shown and "Final scores" not in shown
        assert labels(final) == ["Revanche"]
        assert fake.attachments(final)[0].startswith(PNG)
        assert english_in(message_texts(final)) == []
        dave_sees = await asks(world, "rattus", world.dave, "status")
        assert "game #1" in dave_sees and "Spiel #1" not in dave_sees
        german_for_the_germans(world)
        assert fake.rejected == [] and fake.unhandled == []


async def cartus_table(world: World, client: Any) -> CartusTable:
    await german_lobby(world, "cartus", {"players": 3, "seat_order": "joined"})
    record = await client.service.game_in_channel(world.channel.id)
    table = CartusTable(world.fake, client, world, record.id)
    table.users = {u.id: u for u in (world.anna, world.ben)}
    return table


async def test_a_german_cartus_table_from_the_lobby_to_the_first_moves(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    with recording() as drawn:
        await cartus_first_moves(world, client)
    # the picture speaks the table's language, to Dave (English) too
    pictures = "\n".join(drawn)
    assert "Runde 1/" in pictures and "Einfluss: die meisten zuerst;" in pictures
    assert "Influence" not in pictures and "Round" not in pictures


async def cartus_first_moves(world: World, client: Any) -> None:
    fake = world.fake
    async with fake.running(client):
        table = await cartus_table(world, client)
        first = table.table_message()
        assert "Rattus Cartus · Spiel #1 ·" in text_of(first)
        assert "Runde 1 von " in text_of(first) and "Was gerade geschah" in text_of(first)
        assert fake.attachments(first)[0].startswith(PNG)
        # Anna chose German: her hand comes by DM in German
        dm = await fake.wait_for_dm(world.anna, lambda m: "Deine Hand" in text_of(m))
        assert "• " in text_of(dm)
        assert "Deine Hand (5 Karten)" in await asks(world, "cartus", world.ben, "hand")
        await spectator_and_players_ask(world, table, "cartus")
        for _ in range(4):
            await table.step()
        english_for_the_spectator(world)
        await table.record()  # the computer players done before the bot stops
        assert fake.rejected == [] and fake.unhandled == []


@pytest.mark.slow
async def test_a_whole_cartus_game_in_german_with_an_english_spectator(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await cartus_table(world, client)
        await spectator_and_players_ask(world, table, "cartus")
        for _ in range(2000):
            if (await table.record()).status != "running":
                break
            await table.step()
        final = fake.last_message(world.channel)
        assert final is not None
        assert "Rattus Cartus · Spiel #1 · Spielende" in final["embeds"][0]["title"]
        assert "Endstand" in text_of(final) and "Final scores" not in text_of(final)
        assert labels(final) == ["Revanche"]
        assert english_in(message_texts(final)) == []
        english_for_the_spectator(world)
        assert fake.rejected == [] and fake.unhandled == []


async def first_moves(world: World, tmp_path: Any, game: str) -> list[tuple[str, str]]:
    """A German table of ``game`` through its first moves; what the channel showed."""
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        opened = rattus_table if game == "rattus" else cartus_table
        table = await opened(world, client)
        for _ in range(4):
            await table.step()
        await table.record()  # the computer players done before the bot stops
    return public_texts(fake, world.channel)


async def test_no_english_on_a_german_rattus_table(world: World, tmp_path: Any) -> None:
    """Nothing the channel showed is English: neither a catalog text with a German
    translation nor a text the code writes in English outside the catalogs."""
    shown = await first_moves(world, tmp_path, "rattus")
    assert english_in(shown) == []
    assert [code_english_in(shown, area) for area in AREAS] == [[]] * len(AREAS)


async def test_no_english_on_a_german_cartus_table(world: World, tmp_path: Any) -> None:
    """Nothing the channel showed is English: neither a catalog text with a German
    translation nor a text the code writes in English outside the catalogs."""
    shown = await first_moves(world, tmp_path, "cartus")
    assert english_in(shown) == []
    assert [code_english_in(shown, area) for area in AREAS] == [[]] * len(AREAS)


async def test_a_german_cartus_players_panels_are_german(world: World, tmp_path: Any) -> None:
    await first_moves(world, tmp_path, "cartus")
    german_for_the_germans(world)


async def test_dms_to_a_player_whose_discord_is_in_german_are_in_german(
    world: World, tmp_path: Any
) -> None:
    """Ben never chose a language: the hand DM, sent without an interaction, follows the
    Discord language of his latest interaction (German)."""
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await cartus_table(world, client)
        dm = await fake.wait_for_dm(world.ben, lambda m: bool(m.get("embeds")))
        await table.record()
        assert english_in(message_texts(dm)) == []
        assert "Deine Hand" in text_of(dm)
