"""A person's own result comes first, whatever the computer seated after them does next.

The strong computer's thinking is held in its worker thread until the test lets each decision
go, so what the bot shows while it thinks, and in which order, is seen step by step; no
assertion depends on wall time.
"""

from __future__ import annotations

import random
import re
import threading
from typing import Any

import pytest

from cogs.table import thinking
from cogs.table.components import BOARD
from engine.computers import Computer
from engine.text import english
from host import computers
from tests.e2e.conftest import World
from tests.e2e.table import (
    Table,
    buttons_of,
    choose,
    controls_of,
    group_of,
    is_play,
    make_bot,
    past_placement,
    press,
    selects_of,
    start_game,
    text_of,
)
from tests.fakediscord import FakeDiscord
from tests.fakediscord.state import Request

THINKING = "Computer 1 (strong) is thinking…"
WEBHOOK = re.compile(r"^/webhooks/\d+/([^/]+)(?:/messages/([^/]+))?$")


class HeldThinking:
    """Computer.choose, held until the test lets a decision go: notes how many requests the
    bot had made when each decision began to be thought out."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.begun: list[int] = []
        self.allowed = threading.Semaphore(0)

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        real = Computer.choose

        def choose(player: Computer, view: Any, legal: Any) -> str:
            self.begun.append(len(self.fake.requests))
            assert self.allowed.acquire(timeout=30), "the test never let the computer decide"
            return real(player, view, legal)

        monkeypatch.setattr(Computer, "choose", choose)


def shown(fake: FakeDiscord, requests: list[Request], table_id: int) -> list[str]:
    """What each request that showed something did, in order: "table" (the table message
    edited, through its channel or a click held on it), "posted" (a new channel message) or
    "panel" (a private answer to a click)."""
    clicks = {ix.token: ix for ix in fake.state.interactions.values()}
    done = []
    for request in requests:
        if request.channel_write and request.method == "POST":
            done.append("posted")
        elif request.channel_write and request.path.endswith(f"/messages/{table_id}"):
            done.append("table")
        elif (found := WEBHOOK.match(request.path)) and request.method in ("POST", "PATCH"):
            click = clicks.get(found.group(1))
            if click is None:
                continue
            on_table = click.source is not None and click.source.id == table_id
            original = found.group(2) == "@original"
            done.append("table" if on_table and original else "panel")
    return done


async def test_the_person_sees_their_move_before_a_strong_computer_moves_after_them(
    world: World, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = world.fake
    monkeypatch.setattr(computers, "SIMULATIONS", 3)
    monkeypatch.setattr(thinking, "SHOW_EVERY", 0.0)  # each decision shown as it is made
    held = HeldThinking(fake)
    held.install(monkeypatch)
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        opened = await fake.slash(
            world.anna, world.channel, "rattus", "new", options={"seat_order": "joined"}
        )
        lobby = await opened.wait_reply()
        await (await fake.click(world.anna, lobby, label="Add computer (strong)")).wait_reply()
        record = await start_game(fake, client, world.anna, lobby, world.channel)
        game_id = record.id
        # The start placement: Anna places, then the strong computer places twice (two
        # decisions), then Anna again.
        assert record.game.actors() == [0]
        table = next(m for m in reversed(fake.messages(world.channel)) if is_play(m))
        messages_before = len(fake.messages(world.channel))

        # Anna opens her choices on the table (a click held to edit it) and places a cube.
        panel = await press(fake, world.anna, table, "place")
        option = selects_of(panel)[0]["options"][0]["value"]
        placed_at = len(fake.requests)
        answer = await choose(fake, world.anna, panel, option)

        # Her own result is visible, panel and table, while the computer has not moved.
        saved = await client.service.get(game_id)
        log = await client.service.action_log(game_id, limit=10)
        assert [e.user_id for e in log] == [world.anna.id]
        assert saved.version == record.version + 1
        assert answer["content"].startswith(f"✅ {english(log[-1].public_text)}")
        assert THINKING in answer["content"]
        now = fake.message(table)
        assert english(log[-1].public_text) in text_of(now)
        assert f"⏳ {THINKING}" in text_of(now)
        assert all(":place:" not in b["custom_id"] for b in buttons_of(now))

        # The order: one edit of the table, then her private answer, and only then did the
        # computer begin to think; nothing was posted.
        await fake.wait_for(lambda: len(held.begun) == 1, what="the computer to think")
        before = shown(fake, fake.requests[placed_at : held.begun[0]], int(table["id"]))
        assert before == ["table", "panel"], before
        assert len(fake.messages(world.channel)) == messages_before

        # A click while the computer thinks is answered at once, and plainly.
        typed = await fake.slash(
            world.anna, world.channel, "rattus", "play", options={"action": option}
        )
        refused = await typed.wait_reply()
        assert (
            "Computer 1 (strong) is still thinking: it's not your turn yet." in (refused["content"])
        )
        assert (await client.service.get(game_id)).version == saved.version

        # The computer's first decision appears on the table as it is made, still thinking.
        held.allowed.release()
        await fake.wait_for(lambda: len(held.begun) == 2, what="the second decision")
        first = (await client.service.action_log(game_id, limit=10))[-1]
        assert first.user_id is None and first.version == saved.version + 1
        await fake.wait_for(
            lambda: english(first.public_text) in text_of(fake.message(table)),
            what="the computer's first move on the table",
        )
        assert f"⏳ {THINKING}" in text_of(fake.message(table))
        assert len(fake.messages(world.channel)) == messages_before

        # Its second decision ends its placement: Anna decides again, on a new table message
        # that mentions her; the thinking notice is gone from the table.
        held.allowed.release()
        await client.tables.computers.settle([game_id])
        final = await client.service.get(game_id)
        assert final.game.actors() == [0]
        log = await client.service.action_log(game_id, limit=10)
        assert [e.user_id for e in log] == [world.anna.id, None, None]
        newest = await fake.wait_for_message(world.channel, is_play)
        assert newest["id"] != table["id"]
        assert f"<@{world.anna.id}>" in (newest.get("content") or "")
        assert THINKING not in text_of(newest)
        # The retired table no longer says the computer is thinking: it tells what was played
        # while it was the table, the computer's moves with Anna's.
        retired = text_of(fake.message(table))
        assert THINKING not in retired
        assert all(english(e.public_text) in retired for e in log if e.public_text)
        assert all(english(e.public_text) in text_of(newest) for e in log[1:] if e.public_text)
        assert len(fake.messages(world.channel)) == messages_before + 1
        assert len(held.begun) == 2
        # Her private answer, shown before the computer moved, now tells its moves too and
        # gives her next choices (the one message, edited).
        told = fake.message(answer)
        assert told["content"].startswith(f"✅ {english(log[0].public_text)}")
        assert all(english(e.public_text) in told["content"] for e in log[1:] if e.public_text), (
            told["content"]
        )
        assert THINKING not in told["content"]
        assert any(":place:" in c["custom_id"] for c in selects_of(told) + buttons_of(told))
    assert fake.rejected == [] and fake.unhandled == []


async def test_a_person_going_on_deciding_sees_their_move_on_a_picture_in_their_panel(
    world: World, tmp_path: Any
) -> None:
    """The table keeps its picture while the same player goes on deciding (one upload a
    turn); their panel offers the board as it is now, drawn and uploaded only when asked,
    privately, never to the channel."""
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        opened = await fake.slash(
            world.anna, world.channel, "rattus", "new", options={"seat_order": "joined"}
        )
        lobby = await opened.wait_reply()
        await (await fake.click(world.ben, lobby, label="Join")).wait_reply()
        record = await start_game(fake, client, world.anna, lobby, world.channel)
        users = {world.anna.id: world.anna, world.ben.id: world.ben}
        table = Table(fake, client, world.channel, users, record.id)
        await past_placement(table)
        record = await table.record()
        seat = record.game.actors()[0]
        user = users[record.user_of(seat)]
        # an action after which the same player decides again, in the same turn
        turn = record.game.view(None)["turn"]
        action = next(
            a
            for a in record.game.legal_actions(seat)
            if (after := record.game.apply(seat, a.notation)).actors() == [seat]
            and after.view(None)["turn"] == turn
        )
        typed = await fake.slash(
            user, world.channel, "rattus", "play", options={"action": action.notation}
        )
        answer = await typed.wait_reply()
        board = next(b for b in buttons_of(answer) if group_of(b) == BOARD)
        assert board["label"] == "🖼 Board now"
        uploads = [r for r in fake.requests if r.file_bytes]
        clicked = await fake.click(user, answer, board["custom_id"])
        shown_now = await clicked.wait_reply()
        saved = await client.service.get(record.id)
        drawn = await client.tables.board_png(saved, saved.view(seat), "en")
        assert fake.attachments(fake.message(shown_now))[0] == drawn
        assert f"move {saved.version}" in text_of(fake.message(shown_now))
        # one upload, to the clicker's own panel; the channel's table kept its picture
        new = [r for r in fake.requests if r.file_bytes][len(uploads) :]
        assert len(new) == 1 and not new[0].channel_write
        assert saved.version == record.version + 1  # nothing changed
        # their controls are still there
        assert any(group_of(c) not in ("", BOARD) for c in controls_of(fake.message(shown_now)))
    assert fake.rejected == [] and fake.unhandled == []


def _first_legal(game: Any, played: set[int]) -> Any:
    """The game once the computer seats (``played``, each taking its first legal action, as
    the test's computers do) are done moving: one moves while any of them decides."""
    while not game.is_over and (movers := [s for s in game.actors() if s in played]):
        game = game.apply(movers[0], game.legal_actions(movers[0])[0].notation)
    return game


def _asks_after_computers(game: Any, seat: int, notation: str, played: set[int]) -> bool:
    """Whether ``seat`` playing ``notation`` passes the decision to the computers alone, and
    their moves then ask ``seat`` (alone) a private question."""
    after = game.apply(seat, notation)
    if after.is_over or not after.actors() or not set(after.actors()) <= played:
        return False
    after = _first_legal(after, played)
    return not after.is_over and after.actors() == [seat] and after.decision(seat).private


def _route(game: Any, seat: int, played: set[int]) -> tuple[list[str], str] | None:
    """Random choices of ``seat`` (with the computers' first legal ones between) up to a
    moment where one of its choices leads to a question after the computers' moves: (the
    choices before, that choice); tried over several seeds of the random choices."""
    for choice_seed in range(30):
        rng = random.Random(choice_seed)
        current, before = _first_legal(game, played), []
        while not current.is_over and seat in current.actors():
            actions = [a.notation for a in current.legal_actions(seat)]
            found = [a for a in actions if _asks_after_computers(current, seat, a, played)]
            if found:
                return before, found[0]
            before.append(rng.choice(actions))
            current = _first_legal(current.apply(seat, before[-1]), played)
    return None


async def test_a_question_that_comes_after_a_computers_move_is_asked_once(
    world: World, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person chooses in their panel; the computer seated after them moves, and its move
    asks the person a private question (Rattus Cartus: their cards face down in a building,
    their supply, what a Sword takes). Someone else's move caused it, so it comes by DM;
    the person's panel, completed with the computer's moves, says where the question is
    instead of asking it a second time."""
    fake = world.fake

    def first(player: Computer, view: Any, legal: Any) -> str:
        return str(legal[0].notation if hasattr(legal[0], "notation") else legal[0])

    monkeypatch.setattr(Computer, "choose", first)
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        options = {"seat_order": "joined", "players": 2}
        opened = await fake.slash(world.anna, world.channel, "cartus", "new", options=options)
        lobby = await opened.wait_reply()
        await (await fake.click(world.anna, lobby, label="Add computer (easy)")).wait_reply()
        started = await start_game(fake, client, world.anna, lobby, world.channel)
        game_id = started.id
        seat = started.seat_of(world.anna.id)
        played = {s.seat for s in started.seats if s.computer_plays}
        route = _route(started.game, seat, played)
        assert route is not None, "no choice of Anna's leads to a question after a computer"
        before, target = route
        for notation in before:
            await client.tables.computers.settle([game_id])
            update = await client.tables.act(game_id, world.anna.id, notation, version=None)
            client.tables.computers.wake(game_id, update.record)
        await client.tables.computers.settle([game_id])
        record = await client.service.get(game_id)
        assert _asks_after_computers(record.game, seat, target, played)

        dms_before = len(fake.dms(world.anna))
        typed = await fake.slash(
            world.anna, world.channel, "cartus", "play", options={"action": target}
        )
        panel = await typed.wait_reply()
        await client.tables.computers.settle([game_id])
        final = await client.service.get(game_id)
        assert final.game.actors() == [seat] and final.game.decision(seat).private
        log = await client.service.action_log(game_id, limit=20)
        mine = max(i for i, e in enumerate(log) if e.user_id == world.anna.id)
        assert log[mine].notation == target and len(log) > mine + 1  # computers moved

        prompt = str(final.game.decision(seat).prompt)
        new_dms = fake.dms(world.anna)[dms_before:]
        asked_by_dm = [m for m in new_dms if controls_of(m) and prompt in text_of(m)]
        completed = fake.message(panel)
        in_panel = [c for c in controls_of(completed) if group_of(c) != BOARD]
        places = len(asked_by_dm) + (1 if in_panel else 0)
        assert places == 1, (
            f"the question was asked in {places} places: {len(asked_by_dm)} DMs, "
            f"panel controls {[c.get('custom_id') for c in in_panel]}"
        )
        # It came by DM (a computer's move caused it); the panel tells the computer's moves
        # and points to the DM.
        assert len(asked_by_dm) == 1
        told = completed["content"]
        assert all(
            english(e.public_text).split(". ")[0] in told for e in log[mine + 1 :] if e.public_text
        )
        dm = asked_by_dm[0]
        assert "Your next question came by DM: https://discord.com/channels/@me/" in told
        assert told.endswith(f"/{dm['channel_id']}/{dm['id']}")
        assert prompt not in told
    assert fake.rejected == [] and fake.unhandled == []
