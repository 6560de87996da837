"""Secrets go by DM, or privately in the channel when DMs are closed; never in public."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cogs.rattus.presenter import RATTUS
from engine.core import Rng
from engine.rattus.spec import redeal
from tests.e2e.conftest import World
from tests.e2e.table import (
    all_channel_text,
    choose,
    group_of,
    make_bot,
    past_placement,
    press,
    selects_of,
    text_of,
)
from tests.e2e.test_full_game import PNG, open_game

PEEK = "Witch: rat"


def plague(buttons: list[dict[str, Any]]) -> dict[str, Any]:
    return next(b for b in buttons if group_of(b) == "plague")


async def use_the_witch(world: World, table: Any) -> list[dict[str, Any]]:
    """Anna, first to play, takes the Witch and looks at two rats. Returns her panels."""
    fake, anna = world.fake, world.anna
    assert await table.actor() is anna
    panel = await press(fake, anna, table.table_message(), "take")
    panel = await choose(fake, anna, panel, "take:witch")
    panel = await press(fake, anna, panel, "use")
    first = [o["value"] for o in selects_of(panel)[0]["options"] if "look:" in o["value"]]
    panel = await choose(fake, anna, panel, first[0])
    after_first = text_of(panel)
    second = [o["value"] for o in selects_of(panel)[0]["options"] if "look:" in o["value"]]
    panel = await choose(fake, anna, panel, second[-1])
    after_second = text_of(panel)
    panel = await press(fake, anna, panel, "keep")
    return [{"first": after_first, "second": after_second, "last": text_of(panel)}]


async def test_the_witch_peek_comes_by_dm_and_never_in_the_channel(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        await past_placement(table)
        await use_the_witch(world, table)

        # the first look comes at once; the second (shown in her panel) waits for the next
        # turn, so news that needs no answer comes in one DM a turn at most
        first = await fake.wait_for(lambda: fake.dms(world.anna))
        await fake.wait_for(lambda: not client.tables.lock(table.game_id).locked())
        assert len(fake.dms(world.anna)) == 1 and PEEK in text_of(first[0])
        turn = (await table.record()).game.view()["turn"]
        for _ in range(30):
            if (await table.record()).game.view()["turn"] != turn:
                break
            await table.step(plague)
        dms = await fake.wait_for(lambda: len(fake.dms(world.anna)) >= 2 and fake.dms(world.anna))
        assert len(dms) == 2 and PEEK in text_of(dms[1])
        assert "What you know" in text_of(dms[1])
        assert fake.attachments(dms[1])[0].startswith(PNG)
        assert fake.dms(world.ben) == [] and fake.dms(world.cleo) == []
        assert PEEK not in all_channel_text(fake, [world.channel])
        assert "direct messages" not in all_channel_text(fake, [world.channel])

        # The public board (here as someone outside the game asks for it) is byte for byte
        # the one drawn with every face-down front moved round, the two Anna looked at
        # among them: no front reaches the public image.
        await fake.wait_for(lambda: not client.tables.lock(table.game_id).locked())
        record = await table.record()
        asked = await fake.slash(world.dave, world.channel, "rattus", "board")
        shown = fake.attachments(await asked.wait_reply())[0]
        shuffled = redeal(record.game, Rng.from_seed(7))
        assert shuffled.to_dict()["tokens"] != record.game.to_dict()["tokens"]
        assert shown == RATTUS.render(replace(record, game=shuffled).view(None), "en")


async def test_closed_dms_get_the_peek_privately_and_the_channel_is_told_once(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    fake.close_dms(world.anna)
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        await past_placement(table)
        panels = await use_the_witch(world, table)

        assert PEEK in panels[0]["first"] and PEEK in panels[0]["second"]
        channel_text = all_channel_text(fake, [world.channel])
        assert PEEK not in channel_text
        assert channel_text.count("I can't send you direct messages") == 1
        assert fake.dms(world.anna) == []

        hand = await fake.slash(world.anna, world.channel, "rattus", "hand")
        reply = await hand.wait_reply()
        assert hand.ephemeral
        assert "What you know" in text_of(reply) and ", rat " in text_of(reply)
        assert fake.attachments(reply)[0].startswith(PNG)

        others = await fake.slash(world.ben, world.channel, "rattus", "hand")
        assert ", rat " not in text_of(await others.wait_reply())


async def test_a_player_who_opens_dms_later_gets_the_next_secret_by_dm(
    world: World, tmp_path: Any
) -> None:
    fake, anna = world.fake, world.anna
    fake.close_dms(anna)
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        await past_placement(table)
        await use_the_witch(world, table)
        assert await client.service.channels.dms_closed(anna.id)

        fake.open_dms(anna)
        first_turn = (await table.record()).game.view()["turn"]

        for _ in range(30):
            if (await table.record()).game.view()["turn"] == first_turn + 3:
                break
            await table.step(plague)
        assert await table.actor() is anna
        panel = await press(fake, anna, table.table_message(), "use")
        looks = [o["value"] for o in selects_of(panel)[0]["options"] if "look:" in o["value"]]
        panel = await choose(fake, anna, panel, looks[0])
        slots = [o["value"] for s in selects_of(panel) for o in s["options"]]
        if any(v.startswith("slot:") for v in slots):  # several rats there: which one
            await choose(fake, anna, panel, next(v for v in slots if v.startswith("slot:")))

        dms = await fake.wait_for(lambda: fake.dms(anna))
        assert PEEK in text_of(dms[0])
        assert not await client.service.channels.dms_closed(anna.id)
        channel_text = all_channel_text(fake, [world.channel])
        assert channel_text.count("I can't send you direct messages") == 1
        assert PEEK not in channel_text
