"""Late, stale and oversized input: a clear private answer, and the game unchanged."""

from __future__ import annotations

import copy
from typing import Any

from tests.e2e.conftest import World
from tests.e2e.table import (
    buttons_of,
    click_as_seen,
    controls_of,
    is_play,
    make_bot,
    selects_of,
    text_of,
)
from tests.e2e.test_full_game import PNG, open_game

CONTENT_LIMIT = 2000


async def test_a_lobby_cancel_that_arrives_after_the_start_leaves_the_game_running(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        opened = await fake.slash(world.anna, world.channel, "rattus", "new")
        lobby = await opened.wait_reply()
        joined = await fake.click(world.ben, lobby, label="Join")
        await joined.wait_reply()
        as_seen = copy.deepcopy(fake.message(lobby))
        started = await fake.click(world.anna, lobby, label="Start")
        await started.wait_response()
        table = await fake.wait_for_message(world.channel, lambda m: is_play(m))

        cancel = next(b for b in buttons_of(as_seen) if b["label"] == "Cancel")
        late = await click_as_seen(fake, world.anna, as_seen, cancel["custom_id"])
        answer = text_of(await late.wait_reply())
        assert late.ephemeral
        assert "already started" in answer and "/rattus abandon" in answer
        record = await client.service.game_in_channel(world.channel.id)
        assert record is not None and record.status == "running"
        assert controls_of(fake.message(table)) == controls_of(table)

        joins = next(b for b in buttons_of(as_seen) if b["label"] == "Join")
        late_join = await click_as_seen(fake, world.cleo, as_seen, joins["custom_id"])
        assert "already started" in text_of(await late_join.wait_reply())
        assert [s.name for s in (await client.service.get(record.id)).seats] != []
        assert world.cleo.id not in {s.user_id for s in (await client.service.get(record.id)).seats}


async def test_a_private_select_used_after_the_game_was_abandoned_says_so_once(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        as_seen = copy.deepcopy(table.table_message())
        select = selects_of(as_seen)[0]
        abandoned = await fake.slash(world.anna, world.channel, "rattus", "abandon")
        await abandoned.wait_reply()
        assert controls_of(fake.message(as_seen)) == []

        value = select["options"][0]["value"]
        chosen = await click_as_seen(fake, world.anna, as_seen, select["custom_id"], [value])
        reply = await chosen.wait_reply()
        assert reply["content"] == f"Game #{table.game_id} was abandoned."
        assert buttons_of(reply) == [] and selects_of(reply) == []

        late = await click_as_seen(fake, world.ben, as_seen, select["custom_id"], [value])
        assert (await late.wait_reply())["content"] == f"Game #{table.game_id} was abandoned."
        record = await table.record()
        assert record.status == "abandoned" and record.version == 0


async def test_oversized_options_get_a_short_clear_refusal(world: World, tmp_path: Any) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        for command, options, expected in (
            ("new", {"class_cards": "x" * 3000}, "is not a way to choose class cards"),
            ("new", {"class_cards": "king " + "y" * 3000}, "Unknown class card"),
            ("new", {"expansions": "z" * 3000}, "cannot play the expansion"),
            ("rules", {"card": "w" * 3000}, "There is no class card called"),
        ):
            refused = await fake.slash(
                world.anna, world.channel, "rattus", command, options=options
            )
            text = (await refused.wait_reply())["content"]
            assert refused.ephemeral
            assert expected in text and len(text) <= CONTENT_LIMIT, (command, text[:200])
        assert await client.service.game_in_channel(world.channel.id) is None
        assert fake.rejected == []


async def test_the_join_and_leave_commands_answer_before_editing_the_lobby(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        opened = await fake.slash(world.anna, world.channel, "rattus", "new")
        lobby = await opened.wait_reply()
        joined = await fake.slash(world.ben, world.channel, "rattus", "join")
        assert "You joined game #1" in text_of(await joined.wait_reply())
        assert joined.deferred and joined.ephemeral
        left = await fake.slash(world.ben, world.channel, "rattus", "leave")
        assert "You left game #1" in text_of(await left.wait_reply())
        assert left.deferred and left.ephemeral
        assert "Ben" not in text_of(fake.message(lobby))


async def test_the_log_and_board_of_a_channel_s_ended_game_stay_reachable(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        await table.step()
        abandoned = await fake.slash(world.anna, world.channel, "rattus", "abandon")
        await abandoned.wait_reply()

        log = await fake.slash(world.dave, world.channel, "rattus", "log")
        assert f"Game #{table.game_id}: the latest actions" in text_of(await log.wait_reply())
        board = await fake.slash(world.dave, world.channel, "rattus", "board")
        assert fake.attachments(await board.wait_reply())[0].startswith(PNG)
        status = await fake.slash(world.dave, world.channel, "rattus", "status")
        assert f"Game #{table.game_id} is abandoned" in text_of(await status.wait_reply())
