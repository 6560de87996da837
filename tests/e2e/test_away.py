"""Away through Discord: `/rattus clock away days:` stops a person's clocks in their games, the
table says so, and their deadline comes back when the absence ends (or at their next move)."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot
from cogs.runtime.client import GameBot
from host.clocks import DEADLINE
from tests.e2e.conftest import World
from tests.e2e.table import SEED, text_of
from tests.e2e.test_clocks import open_timed
from tests.fakediscord import FakeDiscord

SPEED = 8640.0
"""A day lasts ten seconds."""


def fast_bot(fake: FakeDiscord, db_path: Path, world: World) -> GameBot:
    settings = bot.Settings(
        token=fake.token, db_path=str(db_path), dev_guild=world.guild.id, clock_speed=SPEED
    )
    client = bot.build_bot(settings, seed_source=lambda: SEED)
    client._connection.guild_ready_timeout = 0.05
    return client


def table_text(client: GameBot, fake: FakeDiscord, world: World) -> str:
    tables = [
        m for m in fake.messages(world.channel) if "game #" in text_of(m) and "Move " in text_of(m)
    ]
    return text_of(tables[-1])


@pytest.mark.slow
async def test_away_stops_the_clock_says_so_and_ends(world: World, tmp_path: Path) -> None:
    fake = world.fake
    client = fast_bot(fake, tmp_path / "games.sqlite3", world)
    async with fake.running(client):
        game_id = await open_timed(world, client, [world.anna, world.ben], "24h")
        record = await client.service.get(game_id)
        seat = record.game.actors()[0]
        person = [world.anna, world.ben][seat]
        name = record.name_of(seat)

        asked = await fake.slash(
            person, world.channel, "rattus", "clock", "away", options={"days": 1}
        )
        answer = text_of(await asked.wait_reply())
        assert "You are away until <t:" in answer and "1 running game" in answer, answer
        assert "Days of absence left in the past year: 59 of 60." in answer
        jobs = [j for j in await client.service.store.jobs.pending(game_id) if j.kind == DEADLINE]
        assert jobs == []
        shown = table_text(client, fake, world)
        assert f"💤 Away, clocks stopped: {name} until <t:" in shown and "⏰" not in shown

        # The day ends: the deadline is back, and nobody stood in for them meanwhile.
        await fake.wait_for(
            lambda: "💤" not in table_text(client, fake, world), timeout=30, what="the return"
        )
        assert "⏰" in table_text(client, fake, world)
        assert await client.clocks.away_until(person.id) is None
        assert (await client.service.get(game_id)).version == record.version  # nobody stood in

        # Away again, then a move of theirs ends it at once.
        asked = await fake.slash(
            person, world.channel, "rattus", "clock", "away", options={"days": 2}
        )
        await asked.wait_reply()
        assert "💤" in table_text(client, fake, world)
        offer = await fake.autocomplete(person, world.channel, "rattus", "play", focused="action")
        played = await fake.slash(
            person, world.channel, "rattus", "play", options={"action": offer[0]["value"]}
        )
        assert "✅" in text_of(await played.wait_reply())
        assert await client.clocks.away_until(person.id) is None
        assert "💤" not in table_text(client, fake, world)

        back = await fake.slash(
            person, world.channel, "rattus", "clock", "away", options={"days": 0}
        )
        assert "You are not away" in text_of(await back.wait_reply())
        assert fake.rejected == [] and fake.unhandled == []
