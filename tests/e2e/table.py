"""Playing through Discord as the fake users do: read the table, click, choose."""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import random
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import bot
from cogs.runtime.client import GameBot
from host.models import GameRecord
from tests.fakediscord import Channel, FakeDiscord, Guild, InteractionResult, User
from tests.fakediscord import interactions as ix

JSON = Any
SEED = 7
FOLLOW_LIMIT = 20


def make_bot(
    fake: FakeDiscord, db_path: Path | str, guild: Guild, *, global_commands: bool = False
) -> GameBot:
    """The real bot from bot.py, with a fixed seed for every new game. Its commands go to
    ``guild`` only, or everywhere (direct messages too) with ``global_commands``."""
    dev_guild = None if global_commands else guild.id
    settings = bot.Settings(token=fake.token, db_path=str(db_path), dev_guild=dev_guild)
    return bot.build_bot(settings, seed_source=lambda: SEED)


@asynccontextmanager
async def restart(fake: FakeDiscord, db_path: Path | str, guild: Guild) -> AsyncIterator[GameBot]:
    """The bot started (again) on a database, once its start-up repair is done."""
    client = make_bot(fake, db_path, guild)
    async with fake.running(client):
        await fake.wait_for(client.repaired.is_set, what="start-up repair")
        yield client


async def click_as_seen(
    fake: FakeDiscord, user: User, seen: JSON, custom_id: str, values: list[str] | None = None
) -> InteractionResult:
    """A click (or, with ``values``, a choice in a select) that left the user's screen while
    it still showed ``seen``, an older state of the message (the bot's later edit had not
    reached them yet)."""
    stored = fake.state.messages.get(int(seen["id"]))
    assert stored is not None
    as_seen = dataclasses.replace(stored, data=copy.deepcopy(seen))
    data = ix.component_data(ix.find_component(seen, custom_id), values)
    return await fake._interact(user, stored.channel, ix.MESSAGE_COMPONENT, data, as_seen)


def delete_message(fake: FakeDiscord, message: JSON) -> None:
    """Someone (a moderator) deletes the message; the bot hears of it on the gateway."""
    stored = fake.state.messages.get(int(message["id"]))
    assert stored is not None
    fake.state.messages.delete(stored)
    fake.state.message_deleted(stored)


def buttons_of(message: JSON) -> list[JSON]:
    found = []
    for row in message.get("components") or []:
        found += [c for c in row.get("components") or [] if c.get("type") == 2]
    return found


def selects_of(message: JSON) -> list[JSON]:
    found = []
    for row in message.get("components") or []:
        found += [c for c in row.get("components") or [] if c.get("type") == 3]
    return found


def controls_of(message: JSON) -> list[JSON]:
    """Every button and select of a message, in order."""
    found = []
    for row in message.get("components") or []:
        found += [c for c in row.get("components") or [] if c.get("type") in (2, 3)]
    return found


def group_of(control: JSON) -> str:
    """The action group a play control belongs to (``rattus:g:1:v:9:place:s0`` -> place)."""
    parts = str(control.get("custom_id", "")).split(":")
    return parts[5] if len(parts) > 5 and parts[3] == "v" else ""


def is_play(message: JSON) -> bool:
    """Whether a message carries a game's play controls (a live table or a panel)."""
    return any(":v:" in c["custom_id"] for c in controls_of(message))


def only_group(message: JSON, group: str) -> JSON:
    """The message as if it held only the select of one group: choosing there is what a
    button of that group would have opened."""
    rows = [
        row
        for row in message.get("components") or []
        if any(c.get("type") == 3 and group_of(c) == group for c in row.get("components") or [])
    ]
    return {**message, "components": rows}


def text_of(message: JSON) -> str:
    """Everything a person can read in a message: content and every embed's text."""
    parts = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or ""]
        parts += [f"{f.get('name')}\n{f.get('value')}" for f in embed.get("fields") or []]
        parts.append((embed.get("footer") or {}).get("text") or "")
    return "\n".join(parts)


@dataclass
class Table:
    """One game as the test drives it: the fake, the running bot and the seated users."""

    fake: FakeDiscord
    client: GameBot
    channel: Channel
    users: dict[int, User]
    game_id: int
    rng: random.Random = field(default_factory=lambda: random.Random(SEED))
    prefer: tuple[str, ...] = ("place", "plague", "rat", "ravage", "bonus", "count", "keep")

    async def record(self) -> Any:
        """The game once its computer players are done moving (they move in the background
        after a person's result is shown: ``cogs.table.thinking``)."""
        await self.client.tables.computers.settle([self.game_id])
        return await self.client.service.get(self.game_id)

    async def actor(self) -> User | None:
        record = await self.record()
        if record.status != "running":
            return None
        seat = record.game.actors()[0]
        return self.users[record.user_of(seat)]

    def table_message(self) -> JSON:
        """The home channel's current table message: the newest one with play controls."""
        for message in reversed(self.fake.messages(self.channel)):
            if is_play(message):
                return message
        raise AssertionError("no table message with controls in the channel")

    def pick_button(self, controls: list[JSON]) -> JSON:
        """A control to use: of a preferred group mostly, never going back when avoidable."""
        useful = [c for c in controls if group_of(c) not in ("back", "done", "board")]
        for kind in self.prefer:
            wanted = [c for c in useful if group_of(c) == kind]
            if wanted and self.rng.random() < 0.85:
                return wanted[0]
        return self.rng.choice(useful or controls)

    def pick_option(self, select: JSON) -> str:
        values = [o["value"] for o in select["options"]]
        return self.rng.choice(values)

    def pick_values(self, select: JSON) -> list[str]:
        """Options to choose in a select: one, or as many as a multi-select needs at least."""
        values = [o["value"] for o in select["options"]]
        least = int(select.get("min_values") or 1)
        return self.rng.sample(values, least) if least > 1 else [self.rng.choice(values)]

    async def use(self, user: User, message: JSON, control: JSON) -> InteractionResult:
        """Press a button, or choose in a select, of a message."""
        if control.get("type") == 3:
            values = self.pick_values(control)
            return await self.fake.select(user, message, control["custom_id"], values)
        return await self.fake.click(user, message, control["custom_id"])

    async def step(self, choose: Callable[[list[JSON]], JSON] | None = None) -> list[JSON]:
        """The actor uses a table control (a button, or a choice in a select) and follows
        their private panel until it has nothing more to choose. Returns every private reply
        they saw."""
        user = await self.actor()
        assert user is not None
        table = self.table_message()
        result = await self.use(user, table, (choose or self.pick_button)(controls_of(table)))
        reply = await result.wait_reply()
        seen = [reply]
        for _ in range(FOLLOW_LIMIT):
            controls = controls_of(reply)
            if not controls:
                return seen
            result = await self.use(user, reply, self.pick_button(controls))
            reply = await result.wait_reply()
            seen.append(reply)
        return seen

    async def play_until(self, done: Callable[[], Any], limit: int = 600) -> None:
        for _ in range(limit):
            if await done():
                return
            await self.step()
        raise AssertionError(f"game #{self.game_id} did not reach the goal in {limit} steps")

    async def is_over(self) -> bool:
        return bool((await self.record()).status != "running")


def all_channel_text(fake: FakeDiscord, channels: Iterable[Channel]) -> str:
    return "\n".join(text_of(m) for channel in channels for m in fake.messages(channel))


async def start_game(
    fake: FakeDiscord, client: GameBot, user: User, lobby: JSON, channel: Channel
) -> GameRecord:
    """The host presses Start; return the game once it runs and its first table is shown.
    (The click is only deferred at once: the game starts after that answer.)"""
    await (await fake.click(user, lobby, label="Start")).wait_response()

    async def running() -> GameRecord | None:
        record = await client.service.game_in_channel(channel.id)
        return record if record is not None and record.game is not None else None

    record = None
    for _ in range(1000):
        record = await running()
        if record is not None:
            break
        await asyncio.sleep(0.01)
    assert record is not None, "the game did not start"
    prefix = f"{record.kind}:g:{record.id}:v:"
    await fake.wait_for(
        lambda: any(
            c["custom_id"].startswith(prefix)
            for m in fake.messages(channel)
            for c in controls_of(m)
        )
    )
    return record


async def press(fake: FakeDiscord, user: User, message: JSON, group: str) -> JSON:
    """Reach the choices of an action group: click its button and return the reply, or, when
    the message already shows the group as a select, return the message with only that
    select (no interaction needed)."""
    listed = only_group(message, group)
    if listed["components"]:
        return listed
    button = next(b for b in buttons_of(message) if group_of(b) == group)
    result = await fake.click(user, message, button["custom_id"])
    return await result.wait_reply()


async def choose(fake: FakeDiscord, user: User, message: JSON, notation: str) -> JSON:
    """Pick an option in the message's select that offers it; return the reply (the updated
    panel)."""
    offering = [s for s in selects_of(message) if any(o["value"] == notation for o in s["options"])]
    select = (offering or selects_of(message))[0]
    result = await fake.select(user, message, select["custom_id"], [notation])
    return await result.wait_reply()


async def past_placement(table: Table) -> None:
    """Each seat places its start cubes, one action at a time, until the first turn begins."""
    for _ in range(20):
        record = await table.record()
        if record.game.view(None)["status"] != "placement":
            return
        user = await table.actor()
        assert user is not None
        panel = await press(table.fake, user, table.table_message(), "place")
        options = [o["value"] for o in selects_of(panel)[0]["options"]]
        await choose(table.fake, user, panel, table.rng.choice(options))
    raise AssertionError("the start placement did not end")
