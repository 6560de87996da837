"""A Pied Piper game through Discord: the lobby option, the expansion's actions, the end."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import World
from tests.e2e.table import Table, all_channel_text, buttons_of, make_bot, text_of
from tests.e2e.test_full_game import PNG


async def test_a_pied_piper_game_from_lobby_to_the_end(world: World, tmp_path: Any) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        choices = await fake.autocomplete(
            world.anna, world.channel, "rattus", "new", focused="expansions", value="pied"
        )
        assert "pied_piper" in [c["value"] for c in choices]
        opened = await fake.slash(
            world.anna,
            world.channel,
            "rattus",
            "new",
            options={
                "expansions": "pied_piper",
                "class_cards": "rat_control",
                "seat_order": "joined",
            },
        )
        lobby = await opened.wait_reply()
        assert "Pied Piper" in text_of(lobby)
        await (await fake.click(world.ben, lobby, label="Join")).wait_reply()
        await (await fake.click(world.anna, lobby, label="Start")).wait_response()
        record = await client.service.game_in_channel(world.channel.id)
        assert sorted(record.game.state.cards_in_play) == sorted(
            ["pied_piper", "wizard", "bishop", "nun", "monk", "emperor"]
        )
        await fake.wait_for(
            lambda: any(
                ":v:" in b["custom_id"] for m in fake.messages(world.channel) for b in buttons_of(m)
            )
        )
        table = Table(
            fake,
            client,
            world.channel,
            {world.anna.id: world.anna, world.ben.id: world.ben},
            record.id,
        )
        table.prefer = ("use", "place", "plague", "rat", "ravage", "bonus", "count", "keep")
        await table.play_until(table.is_over, limit=900)

        final = fake.last_message(world.channel)
        assert final is not None and "Final scores" in text_of(final)
        assert fake.attachments(final)[0].startswith(PNG)
        text = all_channel_text(fake, [world.channel])
        assert "Witch: rat" not in text and "\u27e8" not in text
        assert fake.rejected == [] and fake.unhandled == []
