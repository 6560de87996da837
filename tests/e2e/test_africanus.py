"""An Africanus game for five through Discord: the lobby, region card hands by DM, the end."""

from __future__ import annotations

from typing import Any

from engine.rattus.africanus import regions
from engine.text import english
from tests.e2e.conftest import World
from tests.e2e.table import Table, all_channel_text, is_play, make_bot, text_of
from tests.e2e.test_full_game import PNG


async def test_a_five_player_africanus_game_from_lobby_to_the_end(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    eve, finn = fake.add_user("Eve"), fake.add_user("Finn")
    people = [world.anna, world.ben, world.cleo, world.dave, eve, finn]
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        opened = await fake.slash(
            world.anna,
            world.channel,
            "rattus",
            "new",
            options={"expansions": "africanus", "seat_order": "joined"},
        )
        lobby = await opened.wait_reply()
        assert "Africanus" in text_of(lobby) and "up to 6 players" in text_of(lobby)
        for person in people[1:5]:
            await (await fake.click(person, lobby, label="Join")).wait_reply()
        await (await fake.click(world.anna, lobby, label="Start")).wait_response()
        # the click is answered before the game is dealt: wait for the table's controls
        await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(world.channel)))
        record = await client.service.game_in_channel(world.channel.id)
        assert record.game.players == 5 and len(record.game.state.cards_in_play) == 8
        seated = people[:5]
        await fake.wait_for(lambda: all(fake.dms(p) for p in seated))
        hands = regions.table(record.game.state)["hands"]
        for seat, person in enumerate(seated):
            first = text_of(fake.dms(person)[0])
            assert "Your region cards" in first
            names = {english(regions.describe(c)).split(" (")[0] for c in hands[seat]}
            assert all(name in first for name in names)
        table = Table(fake, client, world.channel, {p.id: p for p in seated}, record.id)
        table.prefer = ("use", "place", "plague", "rat", "ravage", "bonus", "count", "keep")
        await table.play_until(table.is_over, limit=1500)

        final = fake.last_message(world.channel)
        assert final is not None and "Final scores" in text_of(final)
        assert fake.attachments(final)[0].startswith(PNG)
        text = all_channel_text(fake, [world.channel])
        assert "Your region cards" not in text and "\u27e8" not in text
        assert fake.dms(finn) == []
        assert fake.rejected == [] and fake.unhandled == []
