"""A whole Rattus Cartus game through Discord: /cartus lobby, supplies chosen at once in secret,
cards played with one multi-select, a Sword's victim choosing what to give privately, a
restart in the middle of a round, a player whose DMs are closed, and the final scores."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from engine.text import english
from tests.e2e.conftest import World
from tests.e2e.seeded import play_seeded
from tests.e2e.table import (
    SEED,
    buttons_of,
    controls_of,
    group_of,
    is_play,
    make_bot,
    restart,
    selects_of,
    start_game,
    text_of,
)
from tests.fakediscord import FakeDiscord, User

PNG = b"\x89PNG\r\n\x1a\n"
FOLLOW_LIMIT = 12
JSON = Any


class CartusTable:
    """Drives a Cartus game as its players would: the table's buttons, then private panels."""

    def __init__(self, fake: FakeDiscord, client: Any, world: World, game_id: int) -> None:
        self.fake, self.client, self.world, self.game_id = fake, client, world, game_id
        self.users = {u.id: u for u in (world.anna, world.ben, world.cleo)}
        self.rng = random.Random(SEED)
        self.kinds_answered: list[str] = []
        self.picks_made: list[tuple[str, list[str]]] = []
        self.private_prompts: list[str] = []

    async def record(self) -> Any:
        """The game once its computer players are done moving (``cogs.table.thinking``)."""
        await self.client.tables.computers.settle([self.game_id])
        return await self.client.service.get(self.game_id)

    def table_message(self) -> JSON:
        for message in reversed(self.fake.messages(self.world.channel)):
            if is_play(message):
                return message
        raise AssertionError("no table message with controls")

    async def answer(self, user: User) -> None:
        """``user`` answers their decision: a choice on the table (or its button, which opens
        their private panel), then their panel until it has nothing more to ask."""
        record = await self.record()
        seat = record.seat_of(user.id)
        decision = record.game.decision(seat)
        kind = record.game.legal_actions(seat)[0].kind
        self.kinds_answered.append(decision.kind)
        if decision.private:
            self.private_prompts.append(english(decision.prompt))
        wanted = "answer" if decision.private else kind
        table = self.table_message()
        control = next(c for c in controls_of(table) if group_of(c) == wanted)
        if control["type"] == 3:
            values = self.choose_values(control)
            first = await self.fake.select(user, table, control["custom_id"], values)
        else:
            first = await self.fake.click(user, table, control["custom_id"])
        reply = await first.wait_reply()
        for _ in range(FOLLOW_LIMIT):
            result = None
            if selects_of(reply):
                select = selects_of(reply)[0]
                values = self.choose_values(select)
                if select["custom_id"].endswith(":m"):
                    self.picks_made.append((select["custom_id"].split(":")[-2], values))
                result = await self.fake.select(user, reply, select["custom_id"], values)
            elif playing := [b for b in buttons_of(reply) if group_of(b) != "board"]:
                button = self.rng.choice(playing)
                result = await self.fake.click(user, reply, button["custom_id"])
            if result is None:
                return
            reply = await result.wait_reply()

    def choose_values(self, select: JSON) -> list[str]:
        values = [o["value"] for o in select["options"]]
        if not select["custom_id"].endswith(":m"):
            return [self.rng.choice(values)]
        # Several cards at once: every Sword and one more card, keeping the rest in hand,
        # so that Swords meet other players in the buildings and their victims have cards.
        swords = [v for v in values if v.startswith("sw.")]
        others = [v for v in values if not v.startswith("sw.")]
        chosen = swords + others[:1]
        low, high = select.get("min_values", 1), select.get("max_values", 1)
        chosen = (chosen + [v for v in values if v not in chosen])[
            : max(low, min(high, len(chosen)))
        ]
        return chosen

    async def step(self) -> None:
        record = await self.record()
        seat = record.game.actors()[0]
        await self.answer(self.users[record.user_of(seat)])


async def open_cartus(world: World, client: Any) -> CartusTable:
    fake = world.fake
    opened = await fake.slash(
        world.anna,
        world.channel,
        "cartus",
        "new",
        options={"seat_order": "joined", "players": 3, "simultaneous_supply": True},
    )
    lobby = await opened.wait_reply()
    assert "Rattus Cartus" in text_of(lobby) and "at once, in secret" in text_of(lobby)
    await (await fake.click(world.ben, lobby, label="Join")).wait_reply()
    joined = await fake.slash(world.cleo, world.channel, "cartus", "join")
    assert "You joined game" in (await joined.wait_reply())["content"]
    record = await start_game(fake, client, world.anna, lobby, world.channel)
    await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(world.channel)))
    return CartusTable(fake, client, world, record.id)


def channel_text(fake: FakeDiscord, world: World) -> str:
    return "\n".join(text_of(m) for m in fake.messages(world.channel))


@pytest.mark.slow
async def test_a_three_player_cartus_game_from_lobby_to_scores(
    world: World, tmp_path: Path
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    fake.close_dms(world.cleo)
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        table = await open_cartus(world, client)
        first = table.table_message()
        assert fake.attachments(first)[0].startswith(PNG)
        assert "Supplies, chosen in secret" in text_of(first)
        assert [b["label"] for b in buttons_of(first)] == ["Answer…"]
        # hands: by DM to Anna and Ben, and the channel tells Cleo once to use /cartus hand
        for user in (world.anna, world.ben):
            dm = await fake.wait_for_dm(user, lambda m: "Your hand" in text_of(m))
            assert "• " in text_of(dm)
        await fake.wait_for_message(
            world.channel, lambda m: "/cartus hand" in (m.get("content") or "")
        )
        hand = await (await fake.slash(world.cleo, world.channel, "cartus", "hand")).wait_reply()
        assert "Your hand (5 cards)" in text_of(hand)

        # Anna chooses her supply in secret: the table says she has chosen, not what
        await table.answer(world.anna)
        shown = text_of(table.table_message())
        assert "Chosen: Anna" in shown and "Still choosing: Ben, Cleo" in shown
        while (await table.record()).game.view(None)["round"] < 2 or (
            await table.record()
        ).game.view(None)["status"] != "enter":
            await table.step()
        before = await table.record()

    async with restart(fake, db, world.guild) as restarted:
        table.client = restarted
        assert (await table.record()).version == before.version
        for _ in range(2000):
            record = await table.record()
            if record.status != "running":
                break
            await table.step()
        record = await table.record()
        assert record.status == "finished"
        final = fake.last_message(world.channel)
        assert final is not None and "game over" in final["embeds"][0]["title"]
        assert "Final scores" in text_of(final)
        assert fake.attachments(final)[0].startswith(PNG)
        # every player is mentioned; each score is told by its lines and they add up
        assert {m["id"] for m in final["mentions"]} == {
            str(u.id) for u in (world.anna, world.ben, world.cleo)
        }
        outcome = record.game.outcome
        assert outcome is not None
        assert [sum(line.values()) for line in outcome["lines"]] == outcome["scores"]

    assert "give" in table.kinds_answered, "a Sword took cards and its victim chose them"
    assert any(group == "give" for group, _ in table.picks_made)
    assert any(group == "commit" and len(values) > 1 for group, values in table.picks_made)
    everything = channel_text(fake, world)
    for prompt in table.private_prompts:
        assert prompt not in everything, f"a private question reached the channel: {prompt}"
    assert "Your hand" not in everything and "\u27e8" not in everything
    # the only refusals: DMs to Cleo, tried again each time so that opening them would work
    assert {r.body.get("code") for r in fake.rejected} == {50007}
    assert fake.unhandled == []


def holds_a_pass_to_play(record: Any) -> bool:
    """A moment when a person enters a building before others and holds a Pass card."""
    game = record.game
    if record.status != "running":
        return False
    seat = game.actors()[0]
    decision = game.decision(seat)
    return decision.secret_kinds == ("pass",) and any(
        action.kind == "pass" for action in game.legal_actions(seat)
    )


@pytest.mark.slow
async def test_a_pass_card_is_played_from_the_table_through_the_players_own_controls(
    world: World, tmp_path: Path
) -> None:
    """The table offers "Play a Pass card…" whatever the hand holds (issue 22): for the
    decider it opens their own controls privately, where the Pass is one button; anyone
    else is told it is not their move."""
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        options = {"seat_order": "joined", "players": 3, "buildings": "random"}
        lobby = await (
            await fake.slash(world.anna, world.channel, "cartus", "new", options=options)
        ).wait_reply()
        await (await fake.click(world.ben, lobby, label="Join")).wait_reply()
        await (await fake.click(world.cleo, lobby, label="Join")).wait_reply()
        started = await start_game(fake, client, world.anna, lobby, world.channel)
        record = await play_seeded(client, started.id, 1, holds_a_pass_to_play)
        seat = record.game.actors()[0]
        users = {u.id: u for u in (world.anna, world.ben, world.cleo)}
        decider = users[record.user_of(seat)]
        other = next(u for u in users.values() if u is not decider)
        table = fake.last_message(world.channel)
        assert table is not None and is_play(table)
        offered = [b for b in buttons_of(table) if b["label"] == "Play a Pass card…"]
        assert len(offered) == 1
        assert not any("choose after the others" in b["label"] for b in buttons_of(table))

        refused = await fake.click(other, table, offered[0]["custom_id"])
        assert "not your turn" in text_of(await refused.wait_reply()) and refused.ephemeral

        opened = await fake.click(decider, table, offered[0]["custom_id"])
        panel = await opened.wait_reply()
        assert opened.ephemeral and "Enter a building" in text_of(panel)
        [play_it] = [b for b in buttons_of(panel) if b["label"].startswith("Play a Pass card:")]
        assert (await client.service.get(record.id)).version == record.version
        await (await fake.click(decider, panel, play_it["custom_id"])).wait_reply()
        log = await client.service.action_log(record.id)
        assert log[-1].notation == "pass" and log[-1].user_id == decider.id
        after = await client.service.get(record.id)
        assert after.version == record.version + 1 and after.game.actors() != [seat]
