"""The real bot.py, run in a process of its own, killed with SIGKILL at moments the fake
Discord chooses (a deferral arriving, a table edit, a DM accepted, start-up repair's first
request), and started again on the same database each time: the game goes on, no
acknowledged action is lost, none is applied twice (typed retries included), every secret
owed is delivered once, and the channel keeps exactly one live table."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cogs.runtime.games import game_kinds
from host.models import GameRecord
from host.service import GameService
from host.store import Store
from tests.e2e.bot_process import BotProcess
from tests.e2e.conftest import World
from tests.e2e.table import text_of
from tests.e2e.test_crashes import live_tables
from tests.fakediscord import User

HAND = "Your region cards"


async def saved(db: Path, channel_id: int) -> tuple[GameRecord, int, int]:
    """The channel's game as saved, the length of its action log and the DMs still owed."""
    async with await Store.open(db) as store:
        service = GameService(store, kinds=game_kinds())
        record = await service.latest_game_in_channel(channel_id)
        assert record is not None
        log = await service.action_log(record.id, limit=1000)
        return record, len(log), len(await service.channels.pending_dms(record.id))


async def typed_move(world: World, db: Path) -> tuple[User, str]:
    """Whoever must move now, and the first action the autocomplete offers them."""
    record, _, _ = await saved(db, world.channel.id)
    assert record.game is not None
    user_id = record.user_of(record.game.actors()[0])
    person = next(p for p in (world.anna, world.ben) if p.id == user_id)
    choices = await world.fake.autocomplete(
        person, world.channel, "rattus", "play", focused="action", value=""
    )
    return person, str(choices[0]["value"])


async def play(world: World, person: User, value: str) -> str:
    result = await world.fake.slash(
        person, world.channel, "rattus", "play", options={"action": value}
    )
    return text_of(await result.wait_reply(timeout=30))


@pytest.mark.slow
async def test_the_bot_killed_at_chosen_moments_loses_nothing_and_repeats_nothing(
    world: World, tmp_path: Path
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    bot = BotProcess(fake, db, world, tmp_path)
    people = (world.anna, world.ben)
    dm_paths = {f"/channels/{fake.dm_channel(p).id}/messages" for p in people}
    try:
        # Killed just after Discord accepted the first dealt secret, before it was forgotten.
        await bot.start()
        killed = bot.kill_on(lambda m, p: m == "POST" and p in dm_paths, phase="after")
        opened = await fake.slash(
            world.anna,
            world.channel,
            "rattus",
            "new",
            options={"seat_order": "joined", "players": 2, "expansions": "africanus"},
        )
        lobby = await opened.wait_reply(timeout=30)
        await (await fake.click(world.ben, lobby, label="Join")).wait_reply(timeout=30)
        await fake.click(world.anna, lobby, label="Start")
        await asyncio.wait_for(killed.wait(), 30)
        assert sum(len(fake.dms(p)) for p in people) == 1

        # Killed at start-up repair's first request, before Discord carried it out.
        identified = fake.gateway.identify_count
        killed = bot.kill_on(
            lambda m, p: fake.gateway.identify_count > identified and p != "/gateway/bot",
            phase="before",
        )
        await bot.start()
        await asyncio.wait_for(killed.wait(), 30)

        # Repair finishes: each secret arrives once (the first one's repeat is deduplicated).
        # Repair may send the secret that was never sent before the one sent already, so
        # wait for both: the new one and the repeat of the old one.
        await bot.start()
        await fake.wait_for(
            lambda: (
                all(any(HAND in text_of(m) for m in fake.dms(p)) for p in people)
                and any(r.nonce.startswith("s.") for r in fake.repeats)
            ),
            timeout=30,
            what="every secret dealt, and the repeat of the one sent before the kill",
        )
        for person in people:
            assert [HAND in text_of(m) for m in fake.dms(person)] == [True], person.name

        # Killed when the typed move's deferral reaches Discord: nothing was applied, nobody
        # saw an answer; typed again after the restart, it is applied.
        person, value = await typed_move(world, db)
        killed = bot.kill_on(lambda m, p: m == "POST" and p.endswith("/callback"), phase="before")
        await fake.slash(person, world.channel, "rattus", "play", options={"action": value})
        await asyncio.wait_for(killed.wait(), 30)
        assert (await saved(db, world.channel.id))[1] == 0
        await bot.start()
        answer = await play(world, person, value)
        assert answer.startswith("✅") and "already counted" not in answer, answer

        # Killed before the table edit of the next typed move (saved, never shown): typed
        # again after the restart, it is answered as counted, not applied twice.
        person, value = await typed_move(world, db)
        table_path = f"/channels/{world.channel.id}/messages/"
        killed = bot.kill_on(lambda m, p: m == "PATCH" and p.startswith(table_path), phase="before")
        await fake.slash(person, world.channel, "rattus", "play", options={"action": value})
        await asyncio.wait_for(killed.wait(), 30)
        assert (await saved(db, world.channel.id))[1] == 2
        await bot.start()
        answer = await play(world, person, value)
        assert "already counted" in answer, answer

        # The game goes on.
        person, value = await typed_move(world, db)
        answer = await play(world, person, value)
        assert answer.startswith("✅"), answer
        record, actions, owed = await saved(db, world.channel.id)
        assert actions == record.version == 3 and owed == 0
        await fake.wait_for(
            lambda: [
                m
                for m in live_tables(fake, world.channel, record.id)
                if f":v:{record.version}:" in str(m["components"])
            ],
            timeout=30,
        )
        live = live_tables(fake, world.channel, record.id)
        assert len(live) == 1, [text_of(m)[:60] for m in live]
        for person in people:
            assert len([m for m in fake.dms(person) if HAND in text_of(m)]) == 1
        assert fake.unhandled == []
        assert bot.kills == 4 and bot.starts == 5
        dealt, repairing, deferral, edit = bot.killed_at
        assert dealt.startswith("POST ") and dealt[5:] in dm_paths
        assert deferral.endswith("/callback") and edit.startswith(f"PATCH {table_path}")
        assert repairing  # the first request of the second process, made by its repair
    except BaseException:
        print(bot.log())
        raise
    finally:
        await bot.kill()
