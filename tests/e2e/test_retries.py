"""Typed commands carry the moment they were offered at: a repeat is answered, not applied
twice; racing picks on one panel keep the winner's confirmation."""

from __future__ import annotations

import asyncio
from typing import Any

from cogs.table.components import shown
from tests.e2e.conftest import World
from tests.e2e.table import (
    choose,
    group_of,
    make_bot,
    only_group,
    past_placement,
    selects_of,
    text_of,
)
from tests.e2e.test_deciders import open_seated

STALE = "older moment"


async def test_a_repeated_typed_command_counts_once_and_says_so(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_seated(world, client, [world.anna, world.ben])
        before = await table.record()
        choices = await fake.autocomplete(
            world.anna, world.channel, "rattus", "play", focused="action", value=""
        )
        legal = {a.notation: shown(a) for a in before.game.legal_actions(0)}
        assert {c["name"] for c in choices} == set(legal.values())
        assert all(c["value"].endswith(f"@{table.game_id}.{before.version}") for c in choices)
        value = choices[0]["value"]

        first = await fake.slash(
            world.anna, world.channel, "rattus", "play", options={"action": value}
        )
        assert "✅" in text_of(await first.wait_reply())
        again = await fake.slash(
            world.anna, world.channel, "rattus", "play", options={"action": value}
        )
        answer = text_of(await again.wait_reply())
        assert "already counted" in answer and STALE not in answer
        after = await table.record()
        assert after.version == before.version + 1
        log = await client.service.action_log(table.game_id)
        assert [e.user_id for e in log].count(world.anna.id) == 1

        # Two at once: one applies, the other is told the first counted.
        value = (
            await fake.autocomplete(
                world.ben, world.channel, "rattus", "play", focused="action", value=""
            )
        )[0]["value"]
        both = [
            await fake.slash(world.ben, world.channel, "rattus", "play", options={"action": value})
            for _ in range(2)
        ]
        texts = sorted([text_of(await r.wait_reply()) for r in both], key=lambda t: "✅" in t)
        assert "already counted" in texts[0] and "✅" in texts[1]
        assert (await table.record()).version == after.version + 1


async def test_autocomplete_offers_every_game_with_a_move_and_says_why_when_none(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    lounge = fake.add_text_channel(world.guild, "lounge")
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        first = await open_seated(world, client, [world.anna, world.ben])
        second = await open_seated(
            world, client, [world.anna, world.cleo], channel=world.other_channel
        )
        choices = await fake.autocomplete(
            world.anna, lounge, "rattus", "play", focused="action", value=""
        )
        names = [c["name"] for c in choices]
        assert any(n.startswith(f"#{first.game_id}: ") for n in names)
        assert any(n.startswith(f"#{second.game_id}: ") for n in names)
        pick = next(c for c in choices if c["name"].startswith(f"#{second.game_id}: "))
        played = await fake.slash(
            world.anna, lounge, "rattus", "play", options={"action": pick["value"]}
        )
        assert "✅" in text_of(await played.wait_reply())
        assert (await second.record()).version == 1 and (await first.record()).version == 0

        none = await fake.autocomplete(
            world.dave, lounge, "rattus", "play", focused="action", value=""
        )
        assert len(none) == 1 and none[0]["name"]


async def test_two_quick_picks_on_one_panel_keep_the_winner_s_confirmation(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_seated(world, client, [world.anna, world.ben])
        await past_placement(table)
        # Her first choice on the table (a class card) opens her private panel.
        offered = selects_of(only_group(table.table_message(), "take"))[0]["options"]
        panel = await choose(fake, world.anna, table.table_message(), offered[0]["value"])
        start = (await table.record()).version
        select = next(s for s in selects_of(panel) if group_of(s) == "place")
        values = [o["value"] for o in select["options"]][:2]
        picks = await asyncio.gather(
            *(fake.select(world.anna, panel, select["custom_id"], [v]) for v in values)
        )
        for pick in picks:
            await pick.wait_response()
        await fake.wait_for(lambda: not client.tables.lock(table.game_id).locked())
        await asyncio.sleep(0.2)
        shown = text_of(fake.message(panel))
        assert "✅" in shown and STALE not in shown
        assert (await table.record()).version == start + 1
        notes = [text_of(m) for m in fake.ephemerals(world.anna)]
        assert any("came after" in n for n in notes)
