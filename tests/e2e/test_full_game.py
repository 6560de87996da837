"""A whole base game played through Discord: lobby, buttons, selects, DMs, the end."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.conftest import World
from tests.e2e.table import (
    Table,
    all_channel_text,
    buttons_of,
    controls_of,
    is_play,
    make_bot,
    text_of,
)

PNG = b"\x89PNG\r\n\x1a\n"


async def open_game(world: World, client: Any, *, players: int = 3) -> Table:
    """Anna opens a lobby, Ben joins by button and Cleo by command, Anna starts it."""
    fake = world.fake
    opened = await fake.slash(
        world.anna,
        world.channel,
        "rattus",
        "new",
        options={"seat_order": "joined", "players": players},
    )
    lobby = await opened.wait_reply()
    assert [b["label"] for b in buttons_of(lobby)] == [
        "Join",
        "Leave",
        "Add computer (easy)",
        "Add computer (strong)",
        "Start",
        "Cancel",
    ]
    joined = await fake.click(world.ben, lobby, label="Join")
    await joined.wait_reply()
    seated = [world.anna, world.ben]
    if players > 2:
        by_command = await fake.slash(world.cleo, world.channel, "rattus", "join")
        assert "You joined game" in (await by_command.wait_reply())["content"]
        seated.append(world.cleo)
    started = await fake.click(world.anna, lobby, label="Start")
    await started.wait_response()
    record = await client.service.game_in_channel(world.channel.id)
    await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(world.channel)))
    return Table(fake, client, world.channel, {u.id: u for u in seated}, record.id)


async def test_a_base_game_from_lobby_to_the_end(world: World, tmp_path: Any) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        lobby = fake.messages(world.channel)[0]
        assert buttons_of(fake.message(lobby)) == []
        first = table.table_message()
        assert fake.attachments(first)[0].startswith(PNG)
        assert "to decide" in text_of(first)
        assert "Ruleset" in text_of(first) and "house-default" in text_of(first)

        await table.play_until(table.is_over)

        record = await table.record()
        assert record.status == "finished"
        final = fake.last_message(world.channel)
        assert final is not None
        assert "game over" in final["embeds"][0]["title"]
        assert "Final scores" in text_of(final)
        # every player is mentioned, and each score is told line by line
        assert {m["id"] for m in final["mentions"]} == {
            str(u.id) for u in (world.anna, world.ben, world.cleo)
        }
        assert "on the map" in text_of(final)
        assert fake.attachments(final)[0].startswith(PNG)
        # No old table keeps its controls; the final message offers only a rematch.
        with_buttons = [m for m in fake.messages(world.channel) if controls_of(m)]
        assert [m["id"] for m in with_buttons] == [final["id"]]
        assert [b["label"] for b in controls_of(final)] == ["Rematch"]
        channel_text = all_channel_text(fake, [world.channel])
        assert "Witch: rat" not in channel_text
        assert "\u27e8" not in channel_text  # every seat in a log line is named
        assert re.search(r"^(Anna|Ben|Cleo) (placed|moved|took)", channel_text, re.M)
        assert not re.search(r"^(Red|Yellow|Green) (placed|moved|took)", channel_text, re.M)
        assert fake.rejected == [] and fake.unhandled == []
