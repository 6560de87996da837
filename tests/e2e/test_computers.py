"""Computer players through Discord: added in the lobby, moving at once, never DM'd."""

from __future__ import annotations

import re
from typing import Any

import pytest

from host import computers
from tests.e2e.conftest import World
from tests.e2e.table import Table, all_channel_text, is_play, make_bot, text_of


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computers, "SIMULATIONS", 3)


async def test_two_people_and_two_computers_from_lobby_to_scores(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        opened = await fake.slash(
            world.anna, world.channel, "rattus", "new", options={"seat_order": "joined"}
        )
        lobby = await opened.wait_reply()
        await (await fake.click(world.ben, lobby, label="Join")).wait_reply()
        await (await fake.click(world.anna, lobby, label="Add computer (easy)")).wait_reply()
        added = await fake.slash(
            world.ben, world.channel, "rattus", "add-ai", options={"level": "strong"}
        )
        assert "Computer 2 (strong) joined" in (await added.wait_reply())["content"]
        shown = text_of(fake.message(lobby))
        assert "Computer 1 (easy)" in shown and "Computer 2 (strong)" in shown
        await (await fake.click(world.anna, lobby, label="Start")).wait_response()
        record = await client.service.game_in_channel(world.channel.id)
        await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(world.channel)))
        table = Table(
            fake,
            client,
            world.channel,
            {world.anna.id: world.anna, world.ben.id: world.ben},
            record.id,
        )
        await table.play_until(table.is_over)

        final = await table.record()
        assert final.status == "finished"
        assert "Final scores" in text_of(fake.last_message(world.channel))
        channel_text = all_channel_text(fake, [world.channel])
        assert re.search(r"^Computer 1 \(easy\) (placed|moved|took)", channel_text, re.M)
        assert re.search(r"^Computer 2 \(strong\) (placed|moved|took)", channel_text, re.M)
        log = await client.service.action_log(record.id, limit=1000)
        assert {e.seat for e in log if e.user_id is None} == {2, 3}
        assert fake.rejected == [] and fake.unhandled == []


@pytest.mark.slow
async def test_computer_seats_answer_region_card_questions_in_africanus(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        opened = await fake.slash(
            world.anna,
            world.channel,
            "rattus",
            "new",
            options={"expansions": "africanus", "seat_order": "joined", "players": 5},
        )
        lobby = await opened.wait_reply()
        await (await fake.click(world.ben, lobby, label="Join")).wait_reply()
        for label in ("Add computer (easy)", "Add computer (strong)", "Add computer (easy)"):
            await (await fake.click(world.anna, lobby, label=label)).wait_reply()
        await (await fake.click(world.anna, lobby, label="Start")).wait_response()
        record = await client.service.game_in_channel(world.channel.id)
        assert record.game.players == 5
        await fake.wait_for(lambda: bool(fake.dms(world.anna)) and bool(fake.dms(world.ben)))
        people = {world.anna.id: world.anna, world.ben.id: world.ben}
        table = Table(fake, client, world.channel, people, record.id)
        await table.play_until(table.is_over, limit=1500)

        log = await client.service.action_log(record.id, limit=5000)
        answered = [
            e for e in log if e.user_id is None and e.notation.split(":")[0] in ("play", "pass")
        ]
        assert answered, "no computer seat answered a region card question"
        assert "Final scores" in text_of(fake.last_message(world.channel))
        assert fake.rejected == [] and fake.unhandled == []
