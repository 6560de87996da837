"""What a whole game costs in traffic to Discord: bytes uploaded and writes to the channel.

Before the table kept its picture, the seeded 4-player base game below uploaded 6,489,717
bytes (119 pictures: one per table edit, new table message and secret DM) and made 160
writes to channels for 115 actions (the issue counted about 12 MB for such a game with the
earlier landscape board). A table message now keeps its attachment while the same player goes
on deciding and never uploads the picture it already carries, and the PNG is packed tighter.

Before table messages were edited through the clicks on them (``cogs.table.handles``), every action
edited the table through the channel and a turn passing cost two writes (the new table, and
the old one losing its buttons): 160 writes for 115 actions. Now the channel sees the new
table when the turn passes, and an edit only when the action came from somewhere other than a
click on that table (a private panel opened from an earlier table, a typed move).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import World
from tests.e2e.table import Table, is_play, make_bot

BYTES_BEFORE = 6_489_717


async def open_four(world: World, client: Any) -> Table:
    """Anna opens a lobby for four; Ben, Cleo and Dave join; Anna starts."""
    fake = world.fake
    opened = await fake.slash(
        world.anna, world.channel, "rattus", "new", options={"seat_order": "joined", "players": 4}
    )
    lobby = await opened.wait_reply()
    players = [world.anna, world.ben, world.cleo, world.dave]
    for user in players[1:]:
        await (await fake.click(user, lobby, label="Join")).wait_reply()
    await (await fake.click(world.anna, lobby, label="Start")).wait_response()
    await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(world.channel)))
    record = await client.service.game_in_channel(world.channel.id)
    return Table(fake, client, world.channel, {u.id: u for u in players}, record.id)


@pytest.mark.slow
async def test_a_four_player_game_uploads_a_third_and_writes_once_per_action(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_four(world, client)
        started = len(fake.requests)
        first = (await table.record()).version
        for _ in range(8):  # several steps by one player keep the picture they began with
            await table.step()
            shown = table.table_message()
            assert fake.attachments(shown)[0].startswith(b"\x89PNG")
            assert shown["embeds"][0]["image"]["url"] == shown["attachments"][0]["url"]
        await table.play_until(table.is_over)
        record = await table.record()
        channel = f"/channels/{world.channel.id}/messages"
        lobby = f"{channel}/{fake.messages(world.channel)[0]['id']}"

        def lobby_edits() -> int:
            return sum(1 for r in fake.requests[started:] if r.channel_write and r.path == lobby)

        # the lobby's last edit (the game ended) may come just after the final move is saved
        # (the final message, its picture, replay file and ratings first: on four busy workers
        # that took over the 10 s default once)
        await fake.wait_for(
            lambda: lobby_edits() >= 2, timeout=30, what="the lobby to say the game ended"
        )
    assert record.status == "finished"
    requests = fake.requests[started:]
    actions = record.version - first
    in_channel = [r for r in requests if r.channel_write and r.path.startswith(channel)]
    writes = [r for r in in_channel if r.path != lobby]
    posted = [r for r in writes if r.method == "POST"]
    uploaded = sum(r.file_bytes for r in requests)
    pictures = [r for r in requests if r.file_bytes]

    edited = [r for r in writes if r.method == "PATCH"]
    print(  # the README's figures (pytest -s)
        f"\ntraffic: {uploaded:,} bytes uploaded in {len(pictures)} pictures; {len(writes)} "
        f"channel writes ({len(posted)} posted, {len(edited)} edits) for {actions} actions; "
        f"{client.tables.handles.edits} edits through clicks"
    )
    assert uploaded * 3 <= BYTES_BEFORE, (uploaded, len(pictures))
    # at most one channel write per action: most edits go through the clicks on the table
    assert len(writes) <= actions, (len(writes), actions, len(posted))
    assert len(edited) * 4 <= actions, (len(edited), actions)
    assert client.tables.handles.edits >= actions // 2, (client.tables.handles.edits, actions)
    # the lobby says the game started (with a link to the table), then ended
    assert len(in_channel) - len(writes) == 2
    # about one picture a turn, not one per step
    assert len(pictures) <= len(posted) + len(writes) // 10
    assert fake.rejected == [] and fake.unhandled == []
