"""A restart loses nothing: old buttons keep working and a missed table is re-posted."""

from __future__ import annotations

from typing import Any

from cogs.runtime.games import game_kinds
from host.service import GameService
from host.store import Store
from tests.e2e.conftest import World
from tests.e2e.table import (
    buttons_of,
    choose,
    controls_of,
    make_bot,
    past_placement,
    press,
    restart,
    selects_of,
    text_of,
)
from tests.e2e.test_full_game import open_game


async def test_a_restart_in_the_middle_of_a_plague_continues_from_old_components(
    world: World, bot_db: str
) -> None:
    fake = world.fake
    db = bot_db
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        await past_placement(table)
        anna = await table.actor()
        assert anna is world.anna
        panel = await press(fake, anna, table.table_message(), "plague")
        # With this seed, moving the plague to the first region offered makes it spread.
        targets = [o["value"] for o in selects_of(panel)[0]["options"]]
        panel = await choose(fake, anna, panel, targets[0])
        before = await table.record()
        decision = before.game.decision(before.game.actors()[0])
        table_before = table.table_message()

    assert decision.kind in {"spread", "plague_bonus"}, decision
    assert selects_of(panel) or buttons_of(panel)
    async with restart(fake, db, world.guild) as restarted:
        table.client = restarted
        assert table.table_message()["id"] == table_before["id"], "an up-to-date table is kept"
        record = await table.record()
        assert record.version == before.version

        if selects_of(panel):
            select = selects_of(panel)[0]
            least = int(select.get("min_values") or 1)
            values = [o["value"] for o in select["options"]][:least]
            chosen = await fake.select(anna, panel, select["custom_id"], values)
            panel = await chosen.wait_reply()
        else:
            panel = await press(fake, anna, panel, buttons_of(panel)[0]["custom_id"].split(":")[-1])
        assert "✅" in text_of(panel)
        assert (await table.record()).version == before.version + 1

        await table.play_until(lambda: _next_turn(table, before.game.view(None)["turn"]))
        assert (await table.record()).status == "running"


async def _next_turn(table: Any, turn: int) -> bool:
    record = await table.record()
    return bool(record.game.view(None)["turn"] > turn + 1)


async def test_a_table_the_bot_missed_is_reposted_on_start(world: World, bot_db: str) -> None:
    """The bot died between saving an action and posting the table; the process started in
    its place re-posts it (on SQLite, and on PostgreSQL)."""
    fake = world.fake
    db = bot_db
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        old_table = table.table_message()

    # The bot is down, as if it crashed between saving an action and posting the table.
    async with await Store.open(db) as store:
        service = GameService(store, kinds=game_kinds())
        record = await service.get(table.game_id)
        actor = record.user_of(record.game.actors()[0])
        notation = record.game.legal_actions(record.game.actors()[0])[0].notation
        await service.act(table.game_id, actor, notation)

    async with restart(fake, db, world.guild) as restarted:
        table.client = restarted
        current = table.table_message()
        assert current["id"] != old_table["id"]
        assert f"Move {record.version + 1}" in text_of(current)
        assert controls_of(fake.message(old_table)) == []
        await table.step()
        assert (await table.record()).version > record.version + 1
