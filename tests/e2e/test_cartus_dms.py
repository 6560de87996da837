"""Rattus Cartus by direct message, counted: a 3-player game through the fake Discord, every
player with open DMs, answering sometimes in the DM that asked and sometimes from the table.
Each player gets at most one DM a round besides the questions only a DM can ask (never the
question their own panel already shows), each question is asked once, and a question
answered anywhere is closed everywhere: at the end no DM holds a live control."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import World
from tests.e2e.table import (
    SEED,
    buttons_of,
    controls_of,
    group_of,
    make_bot,
    selects_of,
    text_of,
)
from tests.e2e.test_cartus import open_cartus
from tests.fakediscord import User

JSON = Any
FOLLOW_LIMIT = 12


def _live(message: JSON) -> bool:
    return bool(selects_of(message) or buttons_of(message))


class Counted:
    """Plays the game and counts every DM each player got, by the round it came in."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.fake = table.fake
        self.rng = random.Random(SEED)
        self.seen: dict[int, int] = {u: 0 for u in table.users}
        self.per_round: dict[int, Counter[int]] = {u: Counter() for u in table.users}
        self.questions: dict[int, Counter[int]] = {u: Counter() for u in table.users}
        self.answered_in_dm = 0
        self.answered_at_table = 0
        self.most_live = 0

    def count(self, round_no: int) -> None:
        """Put the DMs that came since the last count in ``round_no``; a question is a DM
        sent as one (its nonce), whether or not it has been answered since."""
        asked = {m.id for n, (_, m) in self.fake.state.nonces.items() if n.startswith("q.")}
        for user_id, user in self.table.users.items():
            dms = self.fake.dms(user)
            for message in dms[self.seen[user_id] :]:
                self.per_round[user_id][round_no] += 1
                if int(message["id"]) in asked:
                    self.questions[user_id][round_no] += 1
            self.seen[user_id] = len(dms)

    def live_question(self, user: User) -> JSON | None:
        """The latest DM of ``user`` with controls (one at most, after the change)."""
        live = [m for m in self.fake.dms(user) if _live(m)]
        self.most_live = max(self.most_live, len(live))
        return live[-1] if live else None

    async def follow(self, user: User, reply: JSON) -> None:
        for _ in range(FOLLOW_LIMIT):
            if selects_of(reply):
                select = selects_of(reply)[0]
                values = self.table.choose_values(select)
                result = await self.fake.select(user, reply, select["custom_id"], values)
            elif playing := [b for b in buttons_of(reply) if group_of(b) != "board"]:
                button = self.rng.choice(playing)
                result = await self.fake.click(user, reply, button["custom_id"])
            else:
                return
            reply = await result.wait_reply()
            if reply is None:
                return

    async def step(self) -> None:
        record = await self.table.record()
        seat = record.game.actors()[0]
        user = self.table.users[record.user_of(seat)]
        decision = record.game.decision(seat)
        asked = self.live_question(user)
        if decision.private and asked is not None and self.rng.random() < 0.5:
            self.answered_in_dm += 1
            select = (selects_of(asked) or buttons_of(asked))[0]
            if select["type"] == 3:
                values = self.table.choose_values(select)
                first = await self.fake.select(user, asked, select["custom_id"], values)
            else:
                first = await self.fake.click(user, asked, select["custom_id"])
            await self.follow(user, await first.wait_reply())
            return
        self.answered_at_table += 1
        wanted = "answer" if decision.private else record.game.legal_actions(seat)[0].kind
        table = self.table.table_message()
        control = next(c for c in controls_of(table) if group_of(c) == wanted)
        if control["type"] == 3:
            values = self.table.choose_values(control)
            first = await self.fake.select(user, table, control["custom_id"], values)
        else:
            first = await self.fake.click(user, table, control["custom_id"])
        await self.follow(user, await first.wait_reply())


@pytest.mark.slow
async def test_cartus_dms_at_most_one_a_round_and_no_question_left_open(
    world: World, tmp_path: Path
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_cartus(world, client)
        counted = Counted(table)
        rounds = int((await table.record()).game.view(None)["rounds"])
        end = rounds + 1  # the DMs that came with the end of the game
        await fake.wait_for_dm(world.anna, lambda m: "Your hand" in text_of(m))
        counted.count(1)
        for _ in range(3000):
            record = await table.record()
            if record.status != "running":
                break
            await counted.step()
            record = await table.record()
            # what a step sent belongs to the round it led to
            counted.count(end if record.status != "running" else record.game.view(None)["round"])
        assert record.status == "finished"

    for user_id, user in table.users.items():
        per_round = counted.per_round[user_id]
        questions = counted.questions[user_id]
        stale = sum(_live(m) for m in fake.dms(user))
        print(
            f"{user.name}: {sum(per_round.values())} DMs in {rounds} rounds, "
            f"{sum(questions.values())} with a question, {stale} live at the end; "
            f"per round {dict(sorted(per_round.items()))}"
        )
    print(f"most live DM questions at once for one player: {counted.most_live}")
    assert counted.answered_in_dm > 5 and counted.answered_at_table > 5
    assert counted.most_live <= 1
    for user_id, user in table.users.items():
        per_round = counted.per_round[user_id]
        questions = counted.questions[user_id]
        for round_no in range(1, end + 1):
            news_only = per_round[round_no] - questions[round_no]
            assert news_only <= 1, (
                f"{user.name}: {news_only} DMs without a question in round {round_no}"
            )
        assert sum(per_round.values()) <= 2 * rounds
        live = [m for m in fake.dms(user) if _live(m)]
        assert live == [], f"{user.name} keeps {len(live)} live controls in DMs: {text_of(live[0])}"
    assert fake.unhandled == []
