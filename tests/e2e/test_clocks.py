"""Clocks through Discord, with the clocks run 60 times faster (a minute lasts a second): a
stand-in deciding when time runs out, reminders by mention and DM, a region card question
answered "don't play", the timer changed mid-game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import bot
from cogs.runtime.client import GameBot
from host import computers
from host.clocks import DEADLINE
from tests.e2e.conftest import World
from tests.e2e.seeded import deciding, play_seeded
from tests.e2e.table import SEED, is_play, text_of
from tests.fakediscord import Channel, FakeDiscord, User

SPEED = 60.0


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computers, "SIMULATIONS", 3)


def fast_bot(fake: FakeDiscord, db_path: Path, world: World) -> GameBot:
    settings = bot.Settings(
        token=fake.token, db_path=str(db_path), dev_guild=world.guild.id, clock_speed=SPEED
    )
    client = bot.build_bot(settings, seed_source=lambda: SEED)
    client._connection.guild_ready_timeout = 0.05
    return client


async def open_timed(
    world: World, client: GameBot, people: list[User], timer: str, **options: Any
) -> int:
    fake = world.fake
    opened = await fake.slash(
        people[0],
        world.channel,
        "rattus",
        "new",
        options={"seat_order": "joined", "players": len(people), "timer": timer, **options},
    )
    lobby = await opened.wait_reply()
    for person in people[1:]:
        await (await fake.click(person, lobby, label="Join")).wait_reply()
    await (await fake.click(people[0], lobby, label="Start")).wait_response()
    await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(world.channel)))
    record = await client.service.game_in_channel(world.channel.id)
    assert record is not None
    return int(record.id)


def said(fake: FakeDiscord, channel: Channel, words: str) -> list[dict[str, Any]]:
    return [m for m in fake.messages(channel) if words in text_of(m)]


def mentioned(message: dict[str, Any]) -> set[str]:
    return {str(u["id"]) for u in message.get("mentions") or []}


async def test_time_running_out_reminds_then_a_computer_decides(
    world: World, tmp_path: Path
) -> None:
    fake = world.fake
    client = fast_bot(fake, tmp_path / "games.sqlite3", world)
    people = [world.anna, world.ben]
    async with fake.running(client):
        game_id = await open_timed(world, client, people, "1m")
        assert said(fake, world.channel, "Timer: live, 1 minute per decision.")
        record = await client.service.get(game_id)
        first = people[record.game.actors()[0]]
        await fake.wait_for(
            lambda: said(fake, world.channel, "ran out of time"), timeout=10, what="a stand-in"
        )
        await client.tables.lock(game_id).acquire()  # hold the game still while we look
        try:
            [reminder] = said(fake, world.channel, "a reminder")
            assert mentioned(reminder) == {str(first.id)}
            assert "/channels/" in text_of(reminder)
            dms = [m for m in fake.dms(first) if "a reminder" in text_of(m)]
            assert len(dms) == 1 and "Back to the table" in text_of(dms[0])
            notice = said(fake, world.channel, "ran out of time")[0]
            assert f"{first.name} ran out of time in game #{game_id}" in text_of(notice)
            log = await client.service.action_log(game_id, limit=3)
            assert log[0].user_id is None and log[0].seat == people.index(first)
        finally:
            client.tables.lock(game_id).release()
        assert fake.rejected == [] and fake.unhandled == []


async def test_the_table_shows_the_deadline_and_each_time_bank(
    world: World, tmp_path: Path
) -> None:
    """The decider's deadline is a Discord timestamp on the table (each reader sees it in
    their own time); with a daily timer, every person's bank is listed."""
    fake = world.fake
    client = fast_bot(fake, tmp_path / "games.sqlite3", world)
    people = [world.anna, world.ben]
    async with fake.running(client):
        game_id = await open_timed(world, client, people, "2/day")
        await client.tables.lock(game_id).acquire()
        try:
            [due] = [
                j for j in await client.service.store.jobs.pending(game_id) if j.kind == DEADLINE
            ]
            table = [m for m in fake.messages(world.channel) if is_play(m)][-1]
            embed = table["embeds"][0]
            assert f"⏰ time runs out <t:{int(due.due_at)}:R>" in embed["description"]
            [banks] = [f["value"] for f in embed["fields"] if f["name"] == "Time banks"]
            # the decider's decision: a day's bank and half a day's share, at 60 times speed
            decider = people[int(due.payload["seat"])]
            other = people[1 - int(due.payload["seat"])]
            assert banks.count("·") == 1 and f"{other.name} 1 d" in banks
            assert f"{decider.name} 1 d 1" in banks  # 1 d 11 h 59 min or 1 d 12 h
        finally:
            client.tables.lock(game_id).release()
        assert fake.rejected == [] and fake.unhandled == []


async def test_a_region_card_question_times_out_to_dont_play(world: World, tmp_path: Path) -> None:
    fake = world.fake
    client = fast_bot(fake, tmp_path / "games.sqlite3", world)
    people = [world.anna, world.ben, world.cleo]
    async with fake.running(client):
        game_id = await open_timed(world, client, people, "120m", expansions="africanus")
        record = await play_seeded(client, game_id, 0, deciding("region_play"), limit=100)
        seat = record.game.actors()[0]
        asked = people[seat]
        version = record.version
        await fake.wait_for(
            lambda: said(fake, world.channel, "private answer ran out of time"),
            timeout=10,
            what="the question to time out",
        )
        log = await client.service.action_log(game_id, limit=200)
        answered = [e for e in log if e.version == version + 1]
        assert answered[0].notation == "pass" and answered[0].user_id is None
        notice = said(fake, world.channel, "private answer ran out of time")[0]
        assert asked.name not in text_of(notice) and not mentioned(notice)
        await fake.wait_for(
            lambda: any("nothing was played" in text_of(m) for m in fake.dms(asked))
        )
        assert fake.rejected == [] and fake.unhandled == []


async def test_the_host_sets_and_shows_the_timer(world: World, tmp_path: Path) -> None:
    fake = world.fake
    client = fast_bot(fake, tmp_path / "games.sqlite3", world)
    people = [world.anna, world.ben]
    async with fake.running(client):
        game_id = await open_timed(world, client, people, "none")
        shown = await (
            await fake.slash(world.ben, world.channel, "rattus", "clock", "timer")
        ).wait_reply()
        assert "No timer" in shown["content"]
        refused = await fake.slash(
            world.ben, world.channel, "rattus", "clock", "timer", options={"timer": "5m"}
        )
        assert "Only the host" in (await refused.wait_reply())["content"]
        changed = await fake.slash(
            world.anna,
            world.channel,
            "rattus",
            "clock",
            "timer",
            options={"timer": "48h", "missed": 2, "stand_in": "strong"},
        )
        words = (await changed.wait_reply())["content"]
        assert "48 hours per decision" in words and "computer player (strong)" in words
        assert "After 2 missed deadlines in a row" in words
        assert said(fake, world.channel, f"The timer of game #{game_id} has changed")
        off = await fake.slash(
            world.ben, world.channel, "rattus", "clock", "reminders", options={"setting": "off"}
        )
        assert "No more reminders" in (await off.wait_reply())["content"]
        bad = await fake.slash(
            world.anna, world.channel, "rattus", "new", options={"timer": "forever"}
        )
        assert "can't read the timer" in (await bad.wait_reply())["content"]
        assert fake.rejected == [] and fake.unhandled == []


async def test_a_game_finishes_after_the_stand_ins_take_the_seats(
    world: World, tmp_path: Path
) -> None:
    fake = world.fake
    client = fast_bot(fake, tmp_path / "games.sqlite3", world)
    people = [world.anna, world.ben]
    async with fake.running(client):
        game_id = await open_timed(world, client, people, "1m")
        changed = await fake.slash(
            world.anna, world.channel, "rattus", "clock", "timer", options={"missed": 1}
        )
        assert "After 1 missed deadline in a row" in (await changed.wait_reply())["content"]
        await fake.wait_for(
            lambda: said(fake, world.channel, "Final scores"), timeout=60, what="the end"
        )
        record = await client.service.get(game_id)
        assert record.status == "finished"
        for person in people:
            handed = said(fake, world.channel, f"<@{person.id}> missed 1 deadline in a row")
            assert len(handed) == 1 and "/rattus seat back" in text_of(handed[0])
            assert mentioned(handed[0]) == {str(person.id)}
            told = await fake.wait_for(
                lambda person=person: [
                    m for m in fake.dms(person) if "now plays your seat" in text_of(m)
                ],
                what="the DM saying a computer plays the seat",
            )
            assert len(told) == 1 and "/rattus seat back" in text_of(told[0])
        log = await client.service.action_log(game_id, limit=1000)
        assert log and all(entry.user_id is None for entry in log)
        assert fake.rejected == [] and fake.unhandled == []
