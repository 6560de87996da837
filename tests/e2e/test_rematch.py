"""Rematch: the final message's button opens a lobby with the same players, options, timer and
computer players; the others are mentioned and join with one click; it works after a restart."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import World
from tests.e2e.table import Table, buttons_of, make_bot, restart, start_game, text_of


def button(message: Any, label: str) -> Any:
    found = [b for b in buttons_of(message) if b.get("label") == label]
    assert found, [b.get("label") for b in buttons_of(message)]
    return found[0]


@pytest.mark.slow
async def test_a_rematch_keeps_players_options_timer_and_computers(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    options = {"seat_order": "joined", "players": 3, "timer": "24h", "class_cards": "random"}
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        opened = await fake.slash(world.anna, world.channel, "rattus", "new", options=options)
        lobby = await opened.wait_reply()
        await (await fake.click(world.ben, lobby, label="Join")).wait_reply()
        await (await fake.click(world.anna, lobby, label="Add computer (easy)")).wait_reply()
        record = await start_game(fake, client, world.anna, lobby, world.channel)
        people = {world.anna.id: world.anna, world.ben.id: world.ben}
        table = Table(fake, client, world.channel, people, record.id)
        await table.play_until(table.is_over, limit=1500)
        old = await table.record()
        assert old.status == "finished"
        final = fake.last_message(world.channel)
        assert "Final scores" in text_of(final)
        rematch = button(final, "Rematch")

    async with restart(fake, db, world.guild) as client:
        # Only the game's players may ask.
        refused = await (await fake.click(world.cleo, final, rematch["custom_id"])).wait_reply()
        assert f"Only the players of game #{old.id}" in text_of(refused)
        assert await client.service.game_in_channel(world.channel.id) is None

        asked = await (await fake.click(world.ben, final, rematch["custom_id"])).wait_reply()
        assert "You opened game #" in text_of(asked) and "host" in text_of(asked)
        new = await client.service.game_in_channel(world.channel.id)
        assert new is not None and new.status == "lobby" and new.id != old.id
        assert [s.name for s in new.seats] == ["Ben", "Computer 1 (easy)"]
        assert new.host_user_id == world.ben.id
        assert {k: v for k, v in new.options.items() if k != "rematch_of"} == old.options
        assert (await client.clocks.settings(new.id)) == (await client.clocks.settings(old.id))
        posted = fake.last_message(world.channel)
        assert posted["content"] == (
            f"Rematch of game #{old.id}: <@{world.anna.id}>, press **Join** to play again."
        )
        assert "Timer: 24 hours per decision." in text_of(posted)
        assert len([m for m in fake.messages(world.channel) if "Rematch of" in text_of(m)]) == 1

        # Ben again: nothing changes. Anna: one click seats her (the old button or Join).
        again = await (await fake.click(world.ben, final, rematch["custom_id"])).wait_reply()
        assert "You are already in game" in text_of(again)
        joined = await (await fake.click(world.anna, final, rematch["custom_id"])).wait_reply()
        assert f"You joined game #{new.id}" in text_of(joined)
        new = await client.service.get(new.id)
        assert [s.name for s in new.seats] == ["Ben", "Computer 1 (easy)", "Anna"]
        assert "Anna" in text_of(fake.message(posted))
        assert len([m for m in fake.messages(world.channel) if "Rematch of" in text_of(m)]) == 1

        started = await start_game(fake, client, world.ben, posted, world.channel)
        assert started.id == new.id and started.game is not None
        # The rematch runs: the old button now says the channel is busy.
        busy = await (await fake.click(world.anna, final, rematch["custom_id"])).wait_reply()
        assert f"already has a running game, game #{new.id}" in text_of(busy)
        assert fake.rejected == [] and fake.unhandled == []
