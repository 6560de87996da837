"""A table message is edited through the latest click on it while that click's token lasts;
without one (run out, or refused by Discord) the edit goes through the channel, and the game
shows the same either way."""

from __future__ import annotations

import time
from typing import Any

from cogs.table.handles import TOKEN_SECONDS
from cogs.table.replies import png_file
from tests.e2e.conftest import World
from tests.e2e.table import JSON, controls_of, group_of, make_bot, past_placement, selects_of
from tests.e2e.test_deciders import open_seated
from tests.fakediscord import FakeDiscord, User


def edits_of(fake: FakeDiscord, since: int, message: JSON) -> tuple[int, int]:
    """Edits since request ``since``: of this message through its channel, and of any
    message through an interaction's webhook."""
    requests = fake.requests[since:]
    channel = [r for r in requests if r.method == "PATCH" and r.path.endswith(f"/{message['id']}")]
    held = [r for r in requests if r.method == "PATCH" and r.path.startswith("/webhooks/")]
    return len(channel), len(held)


async def place_on_table(fake: FakeDiscord, user: User, table: JSON) -> JSON:
    """Choose cubes to place in the table's own select; return the private answer."""
    select = next(s for s in selects_of(table) if group_of(s) == "place")
    result = await fake.select(user, table, select["custom_id"], [select["options"][0]["value"]])
    return await result.wait_reply()


async def test_table_edits_go_through_the_click_and_fall_back_to_the_channel(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        handles = client.tables.handles
        table = await open_seated(world, client, [world.anna, world.ben])
        await past_placement(table)
        for spoiled in ("run out", "refused"):
            for _ in range(10):  # to the start of a turn, where cubes can be placed
                if any(group_of(s) == "place" for s in selects_of(table.table_message())):
                    break
                await table.step()
            user = await table.actor()
            assert user is not None

            # cubes placed from the table's select: the table is edited through that click
            message = table.table_message()
            since, before = len(fake.requests), handles.edits
            panel = await place_on_table(fake, user, message)
            assert table.table_message()["id"] == message["id"]  # still this player's turn
            assert edits_of(fake, since, message) == (0, 1) and handles.edits == before + 1

            # the click can no longer edit: the next step's edit goes through the channel
            if spoiled == "run out":
                now = handles._clock()
                handles._clock = lambda now=now: now + TOKEN_SECONDS + 1
            else:
                fake.state.interactions.clear()  # Discord answers "Unknown Webhook"
            since, before = len(fake.requests), handles.edits
            control = next(c for c in controls_of(panel) if group_of(c) not in ("back", "done"))
            await (await table.use(user, panel, control)).wait_reply()
            record = await table.record()
            await fake.wait_for(lambda v=record.version: f":v:{v}:" in str(table.table_message()))
            assert handles.edits == before, spoiled
            assert edits_of(fake, since, message)[0] == 1, spoiled
            assert (
                not controls_of(fake.message(message))
                or table.table_message()["id"] == message["id"]
            )
            handles._clock = time.monotonic
        assert fake.unhandled == []


async def test_a_refused_click_leaves_the_new_picture_whole_for_the_channel(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_seated(world, client, [world.anna, world.ben])
        await past_placement(table)
        user = await table.actor()
        assert user is not None
        message = table.table_message()
        await place_on_table(fake, user, message)  # a click on the table is held
        fake.state.interactions.clear()  # Discord no longer knows it
        png = fake.attachments(message)[0]
        picture = png_file(png)
        edited = await client.tables.handles.edit(int(message["id"]), attachments=[picture])
        assert edited is None
        assert picture.fp.read() == png  # rewound: the channel edit uploads all of it
