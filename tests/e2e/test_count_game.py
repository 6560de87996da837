"""The tests' own counting game, a whole game through the bot: registered with the engine by
its spec (tests/conftest.py) and hosted with one entry (tests/e2e/count_table.py), it is
opened, joined by a computer player (the default random one: the game has none of its own),
played by a person and, once that person stops answering, by a stand-in, to the end."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cogs.runtime import games as hosting
from tests.e2e.conftest import World
from tests.e2e.count_table import HOSTED
from tests.e2e.table import Table, buttons_of, is_play, text_of
from tests.e2e.test_clocks import fast_bot, said


@pytest.fixture
def count_hosted() -> Iterator[None]:
    hosting.host(HOSTED)
    try:
        yield
    finally:
        hosting.stop_hosting(HOSTED.kind.name)


@pytest.mark.slow
async def test_a_counting_game_against_the_default_computer_ends_with_a_stand_in(
    world: World, tmp_path: Path, count_hosted: None
) -> None:
    fake = world.fake
    client = fast_bot(fake, tmp_path / "games.sqlite3", world)
    async with fake.running(client):
        opened = await fake.slash(
            world.anna, world.channel, "count", "new", options={"target": 30, "timer": "1m"}
        )
        lobby = await opened.wait_reply()
        await (await fake.click(world.anna, lobby, label="Add computer (easy)")).wait_reply()
        assert "Computer 1 (easy)" in text_of(fake.message(lobby))
        offered = [b.get("label") for b in buttons_of(fake.message(lobby))]
        assert "Add computer (easy)" in offered and "Add computer (strong)" not in offered
        refused = await fake.slash(
            world.anna, world.channel, "count", "add-ai", options={"level": "strong"}
        )
        assert "A computer player is easy." in text_of(await refused.wait_reply())
        await (await fake.click(world.anna, lobby, label="Start")).wait_response()
        await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(world.channel)))
        record = await client.service.game_in_channel(world.channel.id)
        assert record is not None and record.kind == "count"
        table = Table(fake, client, world.channel, {world.anna.id: world.anna}, record.id)
        table.prefer = ("add",)
        played = 0
        while played < 1 and await table.actor() is world.anna:
            await table.step()  # an add; then "done" is all that is left
            await table.step()
            played += 1
        await fake.wait_for(
            lambda: said(fake, world.channel, "ran out of time"), timeout=20, what="a stand-in"
        )
        await fake.wait_for(
            lambda: said(fake, world.channel, "reaches 30 and wins"),
            timeout=60,
            what="the end of the game",
        )
        final = await table.record()
        assert final.status != "running" and final.game.is_over
        log = await client.service.action_log(record.id, limit=1000)
        computer_seat = next(s.seat for s in final.seats if s.is_ai)
        anna_seat = next(s.seat for s in final.seats if s.user_id == world.anna.id)
        assert any(e.seat == computer_seat and e.user_id is None for e in log)
        assert any(e.seat == anna_seat and e.user_id == world.anna.id for e in log)
        assert any(e.seat == anna_seat and e.user_id is None for e in log), "a stand-in moved"
        assert fake.rejected == [] and fake.unhandled == []
