"""Through Discord: after a person's plague turns over several rats, their private answer
shows every rat and everyone's losses, then (once it has moved, after the answer was shown)
the computer's whole turn that followed, in the order they happened (it used to keep four
lines and drop the rest without a word)."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest

from engine.text import english
from host import computers
from render.rattus.board import rattus_board
from render.rattus.panel import plague_tokens
from tests.e2e.conftest import World
from tests.e2e.table import make_bot, restart, start_game, text_of
from tests.engine.helpers import position, token


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computers, "SIMULATIONS", 3)


async def test_the_answer_to_a_plague_shows_every_rat_every_loss_and_the_computer_turn(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        opened = await fake.slash(
            world.anna,
            world.channel,
            "rattus",
            "new",
            options={"seat_order": "joined", "players": 2},
        )
        lobby = await opened.wait_reply()
        await (await fake.click(world.anna, lobby, label="Add computer (easy)")).wait_reply()
        record = await start_game(fake, client, world.anna, lobby, world.channel)
        await fake.wait_for(lambda: not client.tables.lock(record.id).locked())
        version = (await client.service.get(record.id)).version

    # Anna's turn: three rats in Gallia, where she and the computer have cubes.
    game = position(
        2,
        cubes={"gallia": {0: 4, 1: 3}, "italia": {0: 2, 1: 1}},
        rats={"gallia": [token(1, a=1), token(1, m=1), token(2, a=1)]},
        plague="hispania",
    )
    saved = game.to_dict()
    saved["version"] = version
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE games SET state = ?, version = ? WHERE id = ?",
            (json.dumps(saved), version, record.id),
        )

    async with restart(fake, db, world.guild) as restarted:
        moved = await fake.slash(
            world.anna, world.channel, "rattus", "play", options={"action": "plague:gallia"}
        )
        await moved.wait_reply()
        panel = ""
        for _ in range(3):  # the new rats, one by one: the last one brings the ravage
            current = (await restarted.service.get(record.id)).game
            if current.decision(0) is None or current.decision(0).kind != "spread":
                break
            spread = current.legal_actions(0)[0].notation
            answered = await fake.slash(
                world.anna, world.channel, "rattus", "play", options={"action": spread}
            )
            reply = await answered.wait_reply()
            panel = reply["content"]
        # Her answer came before the computer moved; once its turn is done, the same answer
        # tells it too (cogs.table.thinking).
        await restarted.tables.computers.settle([record.id])
        panel = fake.message(reply)["content"]
        lines = panel.splitlines()
        reveals = [line for line in lines if line.startswith("Rat revealed in Gallia")]
        assert len(reveals) == 3, panel
        assert all("Anna loses 1" in line for line in reveals), panel
        assert sum("Computer 1" in line and "loses" in line for line in reveals) == 2, panel
        assert lines[0].startswith("✅ A new rat arrived"), panel
        log = await restarted.service.action_log(record.id, limit=100)
        mine = max(i for i, e in enumerate(log) if e.user_id == world.anna.id)
        theirs = [english(e.public_text) for e in log[mine + 1 :] if e.public_text]
        assert theirs, "the computer played its turn"
        told = " ".join(lines)
        for text in theirs:
            assert text in told, (text, panel)
        assert len(lines) > 4 and len(panel) <= 2000
        # the table anyone sees says the same: every rat of Anna's plague, then the computer's
        table = text_of(fake.last_message(world.channel) or {})
        assert table.count("Rat revealed in Gallia") == 3, table
        assert all(text in table for text in theirs), table
        # and its picture: drawn from a view holding every ravage since, Gallia's among them
        now = await restarted.service.get(record.id)
        drawn = [str(t["region"]) for t in plague_tokens(now.view(None))]
        assert drawn.count("gallia") == 3, drawn
        shown = fake.state.messages.attachment_bytes(fake.last_message(world.channel) or {})
        assert shown == [rattus_board(now.view(None))]
