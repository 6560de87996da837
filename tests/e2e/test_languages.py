"""Who reads which language, through the bot: a lobby speaks its host's language (or the
server's default), its host changes it with the lobby's select; a person's own replies follow
their choice (``/rattus stats language``), else their Discord app's language."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import World
from tests.e2e.table import buttons_of, make_bot, selects_of, text_of


def labels(message: Any) -> list[str]:
    return [b["label"] for b in buttons_of(message)]


def language_select(message: Any) -> Any:
    found = [s for s in selects_of(message) if s["custom_id"].endswith(":lobby:language")]
    assert len(found) == 1, selects_of(message)
    return found[0]


async def test_the_lobby_speaks_its_hosts_language_and_the_host_changes_it(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    world.anna.locale = "de"
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        lobby = await (await fake.slash(world.anna, world.channel, "rattus", "new")).wait_reply()
        assert "Beitreten" in labels(lobby) and "Join" not in labels(lobby)
        assert "sammelt Mitspieler" in text_of(lobby)
        chooser = language_select(lobby)
        assert [(o["label"], o.get("default", False)) for o in chooser["options"]] == [
            ("English", False),
            ("Deutsch", True),
        ]

        # Ben (Discord in English) joins: the table stays German; he may not change it, and
        # is told so in English.
        await (await fake.click(world.ben, lobby, label="Beitreten")).wait_reply()
        refused = await (
            await fake.select(world.ben, lobby, chooser["custom_id"], ["en"])
        ).wait_reply()
        assert "Only the host chooses the table's language." in text_of(refused)
        assert "Beitreten" in labels(fake.message(lobby))

        await (await fake.select(world.anna, lobby, chooser["custom_id"], ["en"])).wait_reply()
        lobby = fake.message(lobby)
        assert "Join" in labels(lobby) and "is gathering players" in text_of(lobby)
        assert "Players (2 of at most 4)" in text_of(lobby)
        assert fake.rejected == [] and fake.unhandled == []


async def test_a_person_chooses_their_language_over_their_discords(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        said = await (
            await fake.slash(
                world.ben, world.channel, "rattus", "stats", "language", options={"language": "de"}
            )
        ).wait_reply()
        assert text_of(said) == "Ich spreche jetzt Deutsch mit dir."
        lobby = await (await fake.slash(world.anna, world.channel, "rattus", "new")).wait_reply()
        # Ben's own refusal is in his language; the table stays in Anna's (English).
        chooser = language_select(lobby)
        refused = await (
            await fake.select(world.ben, lobby, chooser["custom_id"], ["de"])
        ).wait_reply()
        assert "Nur der Gastgeber wählt die Sprache des Tisches." in text_of(refused)
        assert "Join" in labels(fake.message(lobby))
        back = await (
            await fake.slash(
                world.ben,
                world.channel,
                "rattus",
                "stats",
                "language",
                options={"language": "discord"},
            )
        ).wait_reply()
        assert "your Discord app's language" in text_of(back)
        assert await client.service.channels.user_language(world.ben.id) is None


async def test_a_server_sets_the_language_of_new_tables(world: World, tmp_path: Any) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        saved = await (
            await fake.slash(
                world.admin, world.channel, "rattus", "settings", options={"language": "de"}
            )
        ).wait_reply()
        assert "**Language of a new table:** Deutsch" in text_of(saved)
        lobby = await (await fake.slash(world.anna, world.channel, "rattus", "new")).wait_reply()
        assert "Beitreten" in labels(lobby)
        record = await client.service.game_in_channel(world.channel.id)
        assert record is not None and record.language == "de"
