"""Two-player games with an expansion through Discord: the lobby option, the expansion's actions,
the end."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rattus import data
from tests.e2e.conftest import World
from tests.e2e.table import Table, all_channel_text, is_play, make_bot, start_game, text_of
from tests.e2e.test_full_game import PNG


@pytest.mark.parametrize(
    ("typed", "expansion", "title", "card_set"),
    [
        ("pied", "pied_piper", "Pied Piper", "rat_control"),
        ("merc", "mercatus", "Mercatus", "the_aristocrats"),
    ],
)
async def test_a_game_with_an_expansion_from_lobby_to_the_end(
    world: World, tmp_path: Any, typed: str, expansion: str, title: str, card_set: str
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        choices = await fake.autocomplete(
            world.anna, world.channel, "rattus", "new", focused="expansions", value=typed
        )
        assert expansion in [c["value"] for c in choices]
        opened = await fake.slash(
            world.anna,
            world.channel,
            "rattus",
            "new",
            options={"expansions": expansion, "class_cards": card_set, "seat_order": "joined"},
        )
        lobby = await opened.wait_reply()
        assert title in text_of(lobby)
        await (await fake.click(world.ben, lobby, label="Join")).wait_reply()
        record = await start_game(fake, client, world.anna, lobby, world.channel)
        assert sorted(record.game.state.cards_in_play) == sorted(data.card_sets()[card_set])
        await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(world.channel)))
        seated = {world.anna.id: world.anna, world.ben.id: world.ben}
        table = Table(fake, client, world.channel, seated, record.id)
        table.prefer = ("use", "goods", "place", "plague", "rat", "ravage", "bonus", "count")
        await table.play_until(table.is_over, limit=900)

        final = fake.last_message(world.channel)
        assert final is not None and "Final scores" in text_of(final)
        assert fake.attachments(final)[0].startswith(PNG)
        text = all_channel_text(fake, [world.channel])
        assert "Witch: rat" not in text and "\u27e8" not in text
        assert fake.rejected == [] and fake.unhandled == []
