"""Undo, replay files, /rattus replay and /rattus log, through the real bot and discord.py
against the local fake of Discord."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine import replay
from engine.text import english
from host import replays, seats
from render.rattus.board import rattus_board
from tests.e2e.conftest import World
from tests.e2e.seeded import play_seeded
from tests.e2e.table import (
    Table,
    buttons_of,
    click_as_seen,
    make_bot,
    past_placement,
    restart,
    text_of,
)
from tests.e2e.test_full_game import PNG, open_game


def undo_button(message: Any) -> Any:
    found = [b for b in buttons_of(message) if b.get("label") == "Undo"]
    return found[0] if found else None


async def turn_of_seat_zero(table: Table) -> Any:
    await past_placement(table)
    record = await table.record()
    assert record.game.actors() == [0]
    return record


async def test_an_undo_is_accepted_and_one_after_a_witch_look_is_refused(
    world: World, tmp_path: Path
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        record = await turn_of_seat_zero(table)
        anna = table.users[record.user_of(0)]
        before = record.game.to_dict()
        # Anna placed the last start cubes: the button is there, and says why not.
        first = table.table_message()
        passed = await (await fake.click(anna, first, undo_button(first)["custom_id"])).wait_reply()
        assert "Place 2 starting cubes in" in text_of(passed)  # the action refused, by name
        assert "that ended your turn" in text_of(passed)
        assert (await table.record()).version == record.version

        await client.tables.act(table.game_id, anna.id, "take:witch", version=None)
        shown = copy.deepcopy(table.table_message())  # as Anna's screen shows it now
        assert undo_button(shown) is not None

        # Someone else's click changes nothing and tells them why, privately.
        other = next(u for u in table.users.values() if u.id != anna.id)
        refused = await (
            await fake.click(other, shown, undo_button(shown)["custom_id"])
        ).wait_reply()
        assert "nothing of yours" in text_of(refused)
        assert (await table.record()).game.state.hands[0] == ["witch"]

        accepted = await (
            await fake.click(anna, shown, undo_button(shown)["custom_id"])
        ).wait_reply()
        assert "Taken back: " in text_of(accepted)
        after = await table.record()
        assert after.version == record.version + 2
        assert after.game.to_dict() == {**before, "version": after.version}
        log = await client.service.store.actions(table.game_id)
        assert (log[-1].notation, english(log[-1].public_text or "")) == (
            "undo",
            "Anna takes back their last action.",
        )
        told = await (
            await fake.slash(other, world.channel, "rattus", "log", options={"count": 2})
        ).wait_reply()
        assert "**Anna** takes back their last action." in text_of(told)

        # The Undo button drawn before the undo is stale now: it changes nothing.
        stale = await (
            await click_as_seen(fake, anna, shown, undo_button(shown)["custom_id"])
        ).wait_reply()
        assert "older moment" in text_of(stale)
        assert (await table.record()).version == after.version

        # Take the Witch again and look at a rat: that shows a hidden front, so it stands.
        await client.tables.act(table.game_id, anna.id, "take:witch", version=None)
        await client.tables.act(table.game_id, anna.id, "use:witch", version=None)
        game = (await table.record()).game
        look = next(a.notation for a in game.legal_actions(0) if a.kind == "look")
        await client.tables.act(table.game_id, anna.id, look, version=None)
        looked = await table.record()
        assert look.startswith("look:") and any(
            0 in seen for seen in looked.game.state.known.values()
        )
        by_command = await (await fake.slash(anna, world.channel, "rattus", "undo")).wait_reply()
        assert "showed something that was hidden" in text_of(by_command)
        assert (await table.record()).version == looked.version
        assert "limit" not in text_of(by_command) and look[5:] not in text_of(by_command).lower()
        assert fake.rejected == [] and fake.unhandled == []


async def undo_offered(fake: Any, user: Any, channel: Any) -> Any:
    offered = await fake.autocomplete(user, channel, "rattus", "undo", focused="action")
    assert len(offered) == 1, offered
    return offered[0]


async def test_a_typed_undo_sent_twice_takes_back_one_action(world: World, tmp_path: Path) -> None:
    """The command's suggestion carries the moment it was offered: sent again (a retry after a
    lost answer, a double submit, two at once) it is answered, and the game is unchanged; the
    next suggestion takes back the action before, on purpose."""
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        record = await turn_of_seat_zero(table)
        anna = table.users[record.user_of(0)]
        start = record.game.to_dict()
        await client.tables.act(table.game_id, anna.id, "take:witch", version=None)
        took = await table.record()
        await client.tables.act(table.game_id, anna.id, "use:witch", version=None)
        used = await table.record()

        offer = await undo_offered(fake, anna, world.channel)
        assert offer["value"] == f"undo@{table.game_id}.{used.version}"
        assert offer["name"].startswith("Take back: ")
        options = {"action": offer["value"]}
        first = await fake.slash(anna, world.channel, "rattus", "undo", options=options)
        assert "Taken back: " in text_of(await first.wait_reply())
        once = await table.record()
        assert once.version == used.version + 1
        assert once.game.to_dict() == {**took.game.to_dict(), "version": once.version}

        again = await fake.slash(anna, world.channel, "rattus", "undo", options=options)
        answer = text_of(await again.wait_reply())
        assert "already counted" in answer and "not applied again" in answer, answer
        assert (await table.record()).version == once.version
        log = await client.service.store.actions(table.game_id)
        assert [e.notation for e in log].count("undo") == 1

        # On purpose: the suggestion now is the undo of the action before.
        offer = await undo_offered(fake, anna, world.channel)
        assert offer["value"] == f"undo@{table.game_id}.{once.version}"
        # Sent twice at once: one takes back, the other is told it already counted.
        both = [
            await fake.slash(
                anna, world.channel, "rattus", "undo", options={"action": offer["value"]}
            )
            for _ in range(2)
        ]
        texts = sorted([text_of(await r.wait_reply()) for r in both], key=lambda t: "Taken" in t)
        assert "already counted" in texts[0] and "Taken back: " in texts[1], texts
        twice = await table.record()
        assert twice.version == once.version + 1
        assert twice.game.to_dict() == {**start, "version": twice.version}
        log = await client.service.store.actions(table.game_id)
        assert [e.notation for e in log].count("undo") == 2

        # Nothing more to take back: the list says why, and picking that changes nothing.
        offer = await undo_offered(fake, anna, world.channel)
        assert offer["value"] == "why" and "ended your turn" in offer["name"]
        why = await fake.slash(anna, world.channel, "rattus", "undo", options={"action": "why"})
        assert "ended your turn" in text_of(await why.wait_reply())
        assert (await table.record()).version == twice.version
        assert fake.rejected == [] and fake.unhandled == []


async def test_a_bare_typed_undo_asks_with_a_button_for_its_moment(
    world: World, tmp_path: Path
) -> None:
    """Without the suggestion the command only shows what it would take back, with an Undo
    button for that moment: sending it twice and pressing both takes back one action."""
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        record = await turn_of_seat_zero(table)
        anna = table.users[record.user_of(0)]
        await client.tables.act(table.game_id, anna.id, "take:witch", version=None)
        took = await table.record()
        asked = [
            await (await fake.slash(anna, world.channel, "rattus", "undo")).wait_reply()
            for _ in range(2)
        ]
        assert (await table.record()).version == took.version
        assert all("Take back **" in text_of(m) and undo_button(m) for m in asked)
        done = await (
            await fake.click(anna, asked[0], undo_button(asked[0])["custom_id"])
        ).wait_reply()
        assert "Taken back: " in text_of(done)
        late = await (
            await fake.click(anna, asked[1], undo_button(asked[1])["custom_id"])
        ).wait_reply()
        assert "older moment" in text_of(late)
        after = await table.record()
        assert after.version == took.version + 1 and after.game.state.hands[0] == []
        assert fake.rejected == [] and fake.unhandled == []


def the_json(fake: Any, message: Any) -> Any:
    files = fake.attachments(message)
    assert files[0].startswith(PNG)
    return json.loads(files[1].decode("utf-8"))


@pytest.mark.slow
async def test_the_replay_file_posted_at_the_end_replays_offline_to_the_same_game(
    world: World, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild, global_commands=True)
    async with fake.running(client):
        table = await open_game(world, client, players=2)
        record = await turn_of_seat_zero(table)
        anna = table.users[record.user_of(0)]
        await client.tables.act(table.game_id, anna.id, "take:king", version=None)
        offer = await undo_offered(fake, anna, world.channel)
        taken = await (
            await fake.slash(
                anna, world.channel, "rattus", "undo", options={"action": offer["value"]}
            )
        ).wait_reply()
        assert "Taken back" in text_of(taken)

        early = await (await fake.slash(anna, world.channel, "rattus", "replay")).wait_reply()
        assert "still going" in text_of(early)

        end = await play_seeded(client, table.game_id, 3, lambda r: r.status != "running")
        assert end.status == "finished"
        final = fake.last_message(world.channel)
        assert "Final scores" in text_of(final)
        data = the_json(fake, final)
        assert data["format"] == "rattus-replay" and data["game"] == "rattus"
        assert [p["name"] for p in data["players"]] == [s.name for s in end.seats]
        assert {"seat": 0, "notation": "undo"} in data["moves"]

        rebuilt = replay.replay(data)
        assert rebuilt.game.to_dict() == end.game.to_dict()
        path = tmp_path / "replay.json"
        path.write_bytes(fake.attachments(final)[1])
        png = tmp_path / "turn.png"
        middle = rebuilt.turns()[len(rebuilt.turns()) // 2]
        assert replay.main([str(path), "--turn", str(middle), "--png", str(png)]) == 0
        assert "the same final game as recorded" in capsys.readouterr().out
        assert png.read_bytes().startswith(PNG)

        # /rattus replay of a middle turn: the public board as that turn ended.
        shown = await (
            await fake.slash(world.ben, world.channel, "rattus", "replay", options={"turn": middle})
        ).wait_reply()
        assert f"as turn {middle} ended" in text_of(shown)
        assert fake.attachments(shown)[0].startswith(PNG)
        again = await (
            await fake.slash(world.ben, world.channel, "rattus", "replay", options={"turn": 9999})
        ).wait_reply()
        assert "There is no turn 9999" in text_of(again)
        file_reply = await (
            await fake.slash(world.ben, world.channel, "rattus", "replay")
        ).wait_reply()
        assert json.loads(fake.attachments(file_reply)[0]) == data

        # Another server cannot see this game's turns.
        elsewhere = fake.add_guild("Elsewhere")
        channel = fake.add_text_channel(elsewhere, "games")
        foreign = await (
            await fake.slash(
                world.ben,
                channel,
                "rattus",
                "replay",
                options={"game": table.game_id, "turn": middle},
            )
        ).wait_reply()
        assert f"There is no game #{table.game_id}" in text_of(foreign)
        assert fake.rejected == [] and fake.unhandled == []


async def test_replayed_turns_show_their_own_pictures_and_the_board_stays_the_final_one(
    world: World, tmp_path: Path
) -> None:
    """A picture is cached by the moment it draws: replays of several turns of a finished game
    are several pictures, each the fresh drawing of that turn, and the finished game's board
    asked for afterwards (after a restart, with nothing cached) is its final board."""
    fake = world.fake
    path = tmp_path / "games.sqlite3"
    client = make_bot(fake, path, world.guild)
    async with fake.running(client):
        table = await open_game(world, client, players=2)
        rng = random.Random(5)
        for _ in range(2000):  # played through the service: only the end matters here
            record = await client.service.get(table.game_id)
            if record.status != "running":
                break
            seat = record.game.actors()[0]
            action = rng.choice(record.game.legal_actions(seat))
            await client.service.act(
                table.game_id, record.user_of(seat), action.notation, version=None
            )
        assert record.status == "finished"
    async with restart(fake, path, world.guild) as client:
        record = await client.service.get(table.game_id)
        history = await replays.rebuild(client.service, record)
        turns = [3, 9, 15]
        assert all(turn in history.turns() for turn in turns)
        shown = []
        for turn in turns:
            answer = await (
                await fake.slash(
                    world.ben, world.channel, "rattus", "replay", options={"turn": turn}
                )
            ).wait_reply()
            assert f"as turn {turn} ended" in text_of(answer)
            then = replace(record, game=history.at_turn(turn), status="running")
            assert fake.attachments(answer)[0] == rattus_board(then.view(None)), turn
            shown.append(fake.attachments(answer)[0])
        assert len(set(shown)) == len(turns)
        board = await (await fake.slash(world.ben, world.channel, "rattus", "board")).wait_reply()
        assert "Game over" in text_of(board)
        assert fake.attachments(board)[0] == rattus_board(record.view())
        assert fake.attachments(board)[0] not in shown
        assert fake.rejected == [] and fake.unhandled == []


async def test_a_replayed_turn_names_whoever_held_each_seat_then(
    world: World, tmp_path: Path
) -> None:
    """Ben plays, hands his seat over and Dave plays it to the end: a turn replayed from
    before the change says Ben (text and picture), one after it says Dave."""
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client, players=2)
        service = client.service
        rng = random.Random(5)
        changed_at = None
        for _ in range(2000):
            record = await service.get(table.game_id)
            if record.status != "running":
                break
            if changed_at is None and int(record.game.view(None)["turn"]) == 12:
                await seats.resign(service, table.game_id, world.ben.id, None)
                await seats.take_seat(service, table.game_id, world.dave.id, "Dave")
                changed_at = record.version
                continue
            seat = record.game.actors()[0]
            action = rng.choice(record.game.legal_actions(seat))
            await service.act(table.game_id, record.user_of(seat), action.notation, version=None)
        assert record.status == "finished" and changed_at is not None
        ben = record.seat_of(world.dave.id)
        assert record.name_of(ben) == "Dave"
        history = await replays.rebuild(service, record)
        for turn, then_name, not_name in [(5, "Ben", "Dave"), (15, "Dave", "Ben")]:
            answer = await (
                await fake.slash(
                    world.anna, world.channel, "rattus", "replay", options={"turn": turn}
                )
            ).wait_reply()
            text = text_of(answer)
            assert then_name in text and not_name not in text, (turn, text)
            then = history.at_turn(turn)
            names = record.names()
            names[ben] = then_name
            view = replace(record, game=then, status="running").view(None, names=names)
            assert fake.attachments(answer)[0] == rattus_board(view), turn
        assert fake.rejected == [] and fake.unhandled == []


async def test_the_log_tells_what_happened_since_your_last_move(
    world: World, tmp_path: Path
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        await turn_of_seat_zero(table)
        seat = (await table.record()).seat_of(world.anna.id)
        expected: list[Any] = []
        for target in range(20, 400, 4):
            record = await play_seeded(
                client,
                table.game_id,
                target,
                lambda r, t=target: r.status != "running" or r.version >= t,
            )
            entries = await client.service.store.actions(table.game_id)
            mine = [e for e in entries if e.seat == seat and e.public_text]
            expected = entries[entries.index(mine[-1]) + 1 :] if mine else entries
            told = " ".join(english(e.public_text or "") for e in expected)
            if ("Rat revealed" in told and "loses" in told) or record.status != "running":
                break
        answer = await (await fake.slash(world.anna, world.channel, "rattus", "log")).wait_reply()
        text = text_of(answer)
        assert "since your last move" in text
        for entry in expected:
            assert f"`{entry.version:>3}`" in text
        assert f"`{mine[-1].version:>3}`" not in text
        # What happened, not only who did what: each rat revealed and who lost what.
        assert "Rat revealed" in text and "loses" in text
        latest = await (
            await fake.slash(world.dave, world.channel, "rattus", "log", options={"count": 5})
        ).wait_reply()
        assert text_of(latest).count("`") == 10
        assert fake.rejected == [] and fake.unhandled == []
