"""Computer players through Discord: added in the lobby, moving at once, never DM'd."""

from __future__ import annotations

import asyncio
import contextlib
import re
import threading
from typing import Any

import pytest

from cogs.runtime.games import presenters
from cogs.table.embeds import PING_ROOM, TABLE_TEXT, table_embed
from engine.computers import Computer
from engine.text import english
from host import computers
from host.models import GameRecord, Seat
from host.store import Store
from tests.e2e.conftest import World
from tests.e2e.table import (
    Table,
    all_channel_text,
    controls_of,
    is_play,
    make_bot,
    restart,
    start_game,
    text_of,
)
from tests.e2e.test_cartus import CartusTable


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
        record = await start_game(fake, client, world.anna, lobby, world.channel)
        await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(world.channel)))
        table = Table(
            fake,
            client,
            world.channel,
            {world.anna.id: world.anna, world.ben.id: world.ben},
            record.id,
        )
        started = len(fake.requests)
        shown: list[str] = []
        while not await table.is_over():
            before = (await table.record()).version
            await table.step()
            await table.record()  # the computers that must decide next are done
            # After each person's step, the table shows what every computer did since: the
            # newest moves that fit its text, and how many earlier ones the log has.
            since = await client.service.action_log(record.id, limit=1000)
            table_text = all_channel_text(fake, [world.channel])
            unseen = [
                english(e.public_text)
                for e in since[before:]
                if e.user_id is None and e.public_text and english(e.public_text) not in table_text
            ]
            earlier = re.findall(r"… (\d+) earlier lines?: `/rattus log`", table_text)
            if unseen and earlier and len(unseen) <= int(earlier[-1]):
                continue
            for entry in since[before:]:
                if entry.user_id is None and entry.public_text:
                    line = english(entry.public_text)
                    if line not in all_channel_text(fake, [world.channel]):
                        print(
                            "MISSING",
                            line,
                            [(e.version, e.name, e.public_text) for e in since[before:]],
                        )
                        for m in fake.messages(world.channel)[-2:]:
                            print("MSG", m["id"], repr(text_of(m)))
                    await fake.wait_for(
                        lambda line=line: line in all_channel_text(fake, [world.channel]),
                        what=f"'{line}' on the table",
                    )
                    shown.append(line)

        final = await table.record()
        assert final.status == "finished"
        assert "Final scores" in text_of(fake.last_message(world.channel))
        channel_text = all_channel_text(fake, [world.channel])
        assert re.search(r"^Computer 1 \(easy\) (placed|moved|took)", channel_text, re.M)
        assert re.search(r"^Computer 2 \(strong\) (placed|moved|took)", channel_text, re.M)
        log = await client.service.action_log(record.id, limit=1000)
        assert {e.seat for e in log if e.user_id is None} == {2, 3}
        assert shown
        assert fake.rejected == [] and fake.unhandled == []

    # No table write of its own for a computer's move: one write shows a person's action with
    # every computer move after it (a new table message, when the turn passes, also takes the
    # buttons off the one before it).
    people = [e for e in log if e.user_id is not None]
    computer_moves = len(log) - len(people)
    channel = f"/channels/{world.channel.id}/messages"
    lobby = f"{channel}/{fake.messages(world.channel)[0]['id']}"
    writes = [
        r
        for r in fake.requests[started:]
        if r.channel_write and r.path.startswith(channel) and r.path != lobby
    ]
    posted = [r for r in writes if r.method == "POST"]
    assert computer_moves > len(people) / 2
    assert len(writes) <= len(people) + len(posted), (len(writes), len(people), len(posted))


@pytest.mark.slow
async def test_computer_seats_answer_region_card_questions_in_africanus(
    world: World, tmp_path: Any
) -> None:
    """Five players, Anna and four computers: games are played in the channel until a
    computer seat has been asked (privately) whether to play a region card, and answered."""
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    answered: list[Any] = []
    async with fake.running(client):
        for _ in range(GAMES_FOR_A_QUESTION):
            opened = await fake.slash(
                world.anna,
                world.channel,
                "rattus",
                "new",
                options={"expansions": "africanus", "seat_order": "joined", "players": 5},
            )
            lobby = await opened.wait_reply()
            for label in ["Add computer (strong)", *["Add computer (easy)"] * 3]:
                await (await fake.click(world.anna, lobby, label=label)).wait_reply()
            record = await start_game(fake, client, world.anna, lobby, world.channel)
            assert record.game.players == 5
            await fake.wait_for(
                lambda record=record: any(
                    f"{record.kind}:g:{record.id}:v:" in b["custom_id"]
                    for m in fake.messages(world.channel)
                    for b in controls_of(m)
                )
            )
            table = Table(fake, client, world.channel, {world.anna.id: world.anna}, record.id)
            await table.play_until(table.is_over, limit=1500)
            assert "Final scores" in text_of(fake.last_message(world.channel))
            log = await client.service.action_log(record.id, limit=5000)
            answered += [
                e for e in log if e.user_id is None and e.notation.split(":")[0] in ("play", "pass")
            ]
            if answered:
                break
        assert answered, "no computer seat answered a region card question"
        assert fake.rejected == [] and fake.unhandled == []


GAMES_FOR_A_QUESTION = 4


async def open_with_computers(world: World, client: Any, *labels: str) -> Table:
    """Anna opens a lobby (seats as joined), adds computer players by their buttons, starts."""
    fake = world.fake
    opened = await fake.slash(
        world.anna, world.channel, "rattus", "new", options={"seat_order": "joined"}
    )
    lobby = await opened.wait_reply()
    for label in labels:
        await (await fake.click(world.anna, lobby, label=label)).wait_reply()
    await (await fake.click(world.anna, lobby, label="Start")).wait_response()
    await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(world.channel)))
    record = await client.service.game_in_channel(world.channel.id)
    return Table(fake, client, world.channel, {world.anna.id: world.anna}, record.id)


async def test_a_restart_while_a_computer_thinks_moves_it_once_after(
    world: World, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot stops while a computer player's answer is being thought out in its worker
    thread; the bot started in its place lets the computer move, once, and the game goes on."""
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    client = make_bot(fake, db, world.guild)
    thinking, release = threading.Event(), threading.Event()
    handlers: list[asyncio.Task[Any]] = []
    real_choose, real_think = computers.choose, Computer.choose

    def slow_think(self: Computer, view: Any, legal: Any) -> str:
        thinking.set()
        release.wait(timeout=30)
        return real_think(self, view, legal)

    async def watched(*args: Any) -> str:
        task = asyncio.current_task()
        assert task is not None
        handlers.append(task)
        return await real_choose(*args)

    async with fake.running(client):
        table = await open_with_computers(world, client, "Add computer (easy)")
        before = await table.record()
        assert before.game.actors() == [0]
        legal = await client.service.legal_actions(before.id, world.anna.id)
        monkeypatch.setattr(Computer, "choose", slow_think)
        monkeypatch.setattr(computers, "choose", watched)
        # Anna's action is saved; then the computer must answer, and thinks...
        await fake.slash(
            world.anna, world.channel, "rattus", "play", options={"action": legal[0].notation}
        )
        await fake.wait_for(thinking.is_set, what="the computer to start thinking")
        stopped = await client.service.get(before.id)
    # ... when the bot stops (its process gone: the waiting handler never resumes).
    for task in handlers:
        task.cancel()
    release.set()
    for task in handlers:
        with contextlib.suppress(asyncio.CancelledError):
            await task
    monkeypatch.setattr(Computer, "choose", real_think)
    monkeypatch.setattr(computers, "choose", real_choose)
    assert stopped.version == before.version + 1
    assert computers.deciding(stopped, stopped.game) == 1
    async with await Store.open(str(db)) as store:
        owed = await store.actions(before.id)
    assert [e.user_id for e in owed] == [world.anna.id] * len(owed)

    async with restart(fake, db, world.guild) as restarted:
        table.client = restarted
        record = await table.record()
        assert computers.deciding(record, record.game) is None
        log = await restarted.service.action_log(record.id, limit=100)
        moved = [e for e in log if e.user_id is None]
        assert moved and len(log) == record.version
        assert sorted(e.version for e in log) == list(range(1, record.version + 1))
        # The computer's moves after the restart show on the table like anyone's.
        shown = text_of(table.table_message())
        assert all(english(e.public_text) in shown for e in moved if e.public_text)
        # and the game goes on from the table's buttons
        await table.step()
        assert (await table.record()).version > record.version
        replayed = await restarted.service.replay(record.id)
        saved = await table.record()
        assert replayed.to_dict() == saved.game.to_dict()
    assert fake.rejected == [] and fake.unhandled == []


def test_a_long_batch_of_computer_moves_shows_its_newest_and_counts_the_rest() -> None:
    """The table keeps to its length: the newest moves that fit, and how many the log has."""
    moves = [f"Computer {i % 3 + 1} (easy) placed 2 cubes in Region {i}." for i in range(60)]
    record = GameRecord(
        id=1,
        kind="rattus",
        guild_id=1,
        channel_id=2,
        status="running",
        version=3,
        host_user_id=4,
        options={},
        seats=[Seat(0, 4, "Anna")],
        game=None,
        created_at=0.0,
        updated_at=0.0,
    )
    presenter = presenters()["rattus"]
    view = {"actors": [0], "log": ["only the latest line"], "players": []}
    embed = table_embed(record, view, presenter, with_image=False, moves=moves)
    (happened,) = [f for f in embed.fields if f.name == "What just happened"]
    note, *shown = (happened.value or "").splitlines()
    assert shown == moves[-len(shown) :] and len(shown) > 5
    assert note == f"… {len(moves) - len(shown)} earlier lines: `/rattus log`"
    assert len(embed) <= TABLE_TEXT - PING_ROOM


@pytest.mark.slow
async def test_a_cartus_game_with_a_strong_computer_from_lobby_to_scores(
    world: World, tmp_path: Any
) -> None:
    """/cartus add-ai seats a strong computer; its secret choices (supplies chosen at once,
    cards played face down) never show, and it gets no messages."""
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        opened = await fake.slash(
            world.anna,
            world.channel,
            "cartus",
            "new",
            options={"seat_order": "joined", "players": 3, "simultaneous_supply": True},
        )
        lobby = await opened.wait_reply()
        await (await fake.click(world.ben, lobby, label="Join")).wait_reply()
        added = await fake.slash(
            world.anna, world.channel, "cartus", "add-ai", options={"level": "strong"}
        )
        assert "Computer 1 (strong) joined" in (await added.wait_reply())["content"]
        record = await start_game(fake, client, world.anna, lobby, world.channel)
        await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(world.channel)))
        table = CartusTable(fake, client, world, record.id)
        for _ in range(600):
            if (await table.record()).status != "running":
                break
            await table.step()
        final = await table.record()
        assert final.status == "finished"
        log = await client.service.action_log(record.id, limit=1000)
    kinds = {e.notation.split(":")[0] for e in log if e.user_id is None}
    assert {"supply", "enter", "commit"} <= kinds
    everything = all_channel_text(fake, [world.channel])
    assert "Final scores" in everything
    for entry in log:
        if entry.user_id is None and entry.notation.startswith("commit"):
            assert entry.label is None or english(entry.label) not in everything
    assert "You play" not in everything and "You chose" not in everything
    assert fake.rejected == [] and fake.unhandled == []
