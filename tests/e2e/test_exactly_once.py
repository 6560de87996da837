"""What the bot sends again after a crash arrives once: an owed secret, a private question, a
notice to a decider, a table or a lobby sent just before the crash (before the bot recorded
that it went out) is sent again with the same nonce, and Discord keeps the first."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest

from cogs.runtime.games import game_kinds
from host.service import GameService
from host.store import Store
from tests.e2e.conftest import World
from tests.e2e.seeded import deciding, play_seeded
from tests.e2e.table import buttons_of, make_bot, restart, text_of
from tests.e2e.test_crashes import Crash, crash_at, live_tables
from tests.e2e.test_deciders import mentions, open_seated

HAND = "Your region cards"


@pytest.mark.slow
async def test_a_secret_sent_just_before_a_crash_is_not_sent_again(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        with crash_at(client.service.channels, "dm_done") as crashed:
            table = await open_seated(
                world, client, [world.anna, world.ben], expansions="africanus"
            )
            await asyncio.wait_for(crashed.wait(), 10)
    first = [p for p in (world.anna, world.ben) if fake.dms(p)]
    assert len(first) == 1, "the crash came after the first DM, before it was forgotten"

    async with restart(fake, db, world.guild) as again:
        for person in (world.anna, world.ben):
            assert [HAND in text_of(m) for m in fake.dms(person)] == [True], person.name
        assert await again.service.channels.pending_dms(table.game_id) == []
        assert [r.nonce[:2] for r in fake.repeats] == ["s."]
        assert fake.rejected == [] and fake.unhandled == []


@pytest.mark.slow
async def test_a_private_question_asked_just_before_a_crash_is_not_asked_again(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    people = [world.anna, world.ben, world.cleo]
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        table = await open_seated(world, client, people, expansions="africanus")
        asking = crash_at(
            client.service.channels,
            "mark_deciders_told",
            when=lambda record: bool(record.private_actors()),
        )
        with asking as crashed, contextlib.suppress(Crash):
            await play_seeded(client, table.game_id, 0, deciding("region_play"), limit=100)
        assert crashed.is_set()
        record = await client.service.get(table.game_id)
        asked = people[record.private_actors()[0]]
        assert len([m for m in fake.dms(asked) if "private question" in text_of(m)]) == 1

    async with restart(fake, db, world.guild):
        questions = [m for m in fake.dms(asked) if "private question" in text_of(m)]
        assert len(questions) == 1
        assert any(r.nonce.startswith("q.") for r in fake.repeats)
        assert len(live_tables(fake, world.channel, table.game_id)) == 1
        assert fake.rejected == [] and fake.unhandled == []


NOTICE = "it's your decision in game"


@pytest.mark.slow
async def test_a_decider_told_just_before_a_crash_is_not_told_again(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    people = [world.anna, world.ben, world.cleo]
    client = make_bot(fake, db, world.guild)

    def noticed(*_: Any) -> bool:
        return any(NOTICE in text_of(m) for m in fake.messages(world.channel))

    async with fake.running(client):
        table = await open_seated(world, client, people)
        telling = crash_at(client.service.channels, "mark_deciders_told", when=noticed)
        with telling as crashed, contextlib.suppress(Crash):
            await play_seeded(client, table.game_id, 36, lambda r: False, limit=200)
        assert crashed.is_set()

    async with restart(fake, db, world.guild) as again:
        notices = [m for m in fake.messages(world.channel) if NOTICE in text_of(m)]
        assert len(notices) == 1
        record = await again.service.get(table.game_id)
        decider = people[record.game.actors()[0]]
        assert mentions(notices[0], decider)
        assert any(r.nonce.startswith("n.") for r in fake.repeats)
        assert fake.rejected == [] and fake.unhandled == []


@pytest.mark.slow
async def test_a_table_posted_just_before_a_crash_is_not_posted_twice(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        opened = await fake.slash(
            world.anna, world.channel, "rattus", "new", options={"seat_order": "joined"}
        )
        lobby = await opened.wait_reply()
        await (await fake.click(world.ben, lobby, label="Join")).wait_reply()
        dealt = crash_at(
            client.service.channels, "set_table_message", when=lambda *args, **_: args[3] >= 0
        )
        with dealt as crashed:
            await fake.click(world.anna, lobby, label="Start")
            await asyncio.wait_for(crashed.wait(), 10)
    boards = [m for m in fake.messages(world.channel) if m["attachments"]]
    assert len(boards) == 1, "the table went out, the crash came before it was recorded"

    async with restart(fake, db, world.guild) as again:
        record = await again.service.game_in_channel(world.channel.id)
        assert record is not None
        assert [m["id"] for m in fake.messages(world.channel) if m["attachments"]] == [
            boards[0]["id"]
        ]
        assert len(fake.repeats) == 1
        live = live_tables(fake, world.channel, record.id)
        assert [m["id"] for m in live] == [boards[0]["id"]]
        assert fake.rejected == [] and fake.unhandled == []


@pytest.mark.slow
async def test_a_lobby_posted_by_repair_just_before_a_crash_is_not_posted_twice(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    async with await Store.open(db) as store:
        lobby = await GameService(store, kinds=game_kinds()).open_lobby(
            kind="rattus",
            guild_id=world.guild.id,
            channel_id=world.channel.id,
            host_id=world.anna.id,
            host_name="Anna",
            options={},
        )

    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        with crash_at(client.tables, "post_lobby") as crashed:
            await asyncio.wait_for(crashed.wait(), 10)
    assert len(fake.messages(world.channel)) == 1

    async with restart(fake, db, world.guild) as again:
        posted = [m for m in fake.messages(world.channel) if f"game #{lobby.id}" in text_of(m)]
        assert len(posted) == 1 and buttons_of(posted[0])
        assert [r.nonce for r in fake.repeats] == [f"l.{lobby.id}"]
        assert await again.service.channels.lobby_message(lobby.id) is not None
        assert fake.rejected == [] and fake.unhandled == []


@pytest.mark.slow
async def test_a_decider_the_table_mentioned_just_before_a_crash_is_not_told_again(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        with crash_at(client.service.channels, "mark_deciders_told") as crashed:
            table = await open_seated(world, client, [world.anna, world.ben])
            await asyncio.wait_for(crashed.wait(), 10)
        first = table.table_message()
        assert mentions(first, world.anna)

    async with restart(fake, db, world.guild) as again:
        assert [m["id"] for m in fake.messages(world.channel) if mentions(m, world.anna)] == [
            first["id"]
        ]
        assert (
            await again.service.channels.new_deciders(await again.service.get(table.game_id)) == []
        )
        assert fake.rejected == [] and fake.unhandled == []


def words(message: dict[str, Any]) -> list[Any]:
    """A table message's embeds without their pictures (each message has its own link)."""
    return [
        (e.get("title"), e.get("description"), [(f["name"], f["value"]) for f in e["fields"]])
        for e in message["embeds"]
    ]


@pytest.mark.slow
async def test_a_spectator_channel_left_behind_by_a_crash_catches_up_at_start(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        table = await open_seated(world, client, [world.anna, world.ben])
        follow = await fake.slash(
            world.dave, world.other_channel, "rattus", "spectate", options={"game": table.game_id}
        )
        await follow.wait_reply()
        await fake.wait_for(lambda: fake.messages(world.other_channel))

        def home_shown(*args: Any, **_: Any) -> bool:
            return bool(args[1] == world.channel.id and args[3] >= 1)

        shown = crash_at(client.service.channels, "set_table_message", after=True, when=home_shown)
        with shown as crashed, contextlib.suppress(Crash):
            await play_seeded(client, table.game_id, 1, lambda r: r.version >= 1, limit=5)
        assert crashed.is_set()
        home = table.table_message()
        assert words(fake.last_message(world.other_channel)) != words(home)

    async with restart(fake, db, world.guild) as again:
        record = await again.service.get(table.game_id)
        assert record.version == 1
        watching = [m for m in fake.messages(world.other_channel) if m["embeds"]]
        assert words(watching[-1]) == words(fake.message(home))
        assert all(m.version == 1 for m in await again.service.channels.table_messages(record.id))
        assert fake.rejected == [] and fake.unhandled == []


@pytest.mark.slow
@pytest.mark.parametrize(
    "sent", [False, True], ids=["before the final scores", "final scores sent, not recorded"]
)
async def test_a_game_that_ended_just_before_a_crash_shows_its_end_once(
    world: World, tmp_path: Any, monkeypatch: pytest.MonkeyPatch, sent: bool
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        table = await open_seated(world, client, [world.anna, world.ben])
        ending = asyncio.Event()
        show_final = client.tables.show_final

        async def final(record: Any) -> None:
            ending.set()
            await show_final(record)

        monkeypatch.setattr(client.tables, "show_final", final)
        if sent:  # the final message went out; the crash came before it was recorded
            stop = crash_at(
                client.service.channels, "set_table_message", when=lambda *_, **__: ending.is_set()
            )
        else:  # the game ended and was saved; the crash came before anything was shown
            stop = crash_at(client.tables, "show_final")
        with stop as crashed, contextlib.suppress(Crash):
            await play_seeded(client, table.game_id, 3, lambda r: r.status != "running", 2000)
        assert crashed.is_set()
    over = f"game #{table.game_id} is over"

    def finals() -> list[Any]:
        return [m for m in fake.messages(world.channel) if over in m.get("content", "")]

    assert len(finals()) == (1 if sent else 0)

    async with restart(fake, db, world.guild) as again:
        assert (await again.service.get(table.game_id)).status == "finished"
        assert len(finals()) == 1
        assert "Final scores" in text_of(finals()[0])
        assert live_tables(fake, world.channel, table.game_id) == []
        # a repeat of the final message (or of a secret owed by the last move) comes back as
        # the message already sent, never as a second one
        assert ("f." in [r.nonce[:2] for r in fake.repeats]) == sent
        assert fake.rejected == [] and fake.unhandled == []
    # a later start shows nothing again
    async with restart(fake, db, world.guild):
        assert len(finals()) == 1
