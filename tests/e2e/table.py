"""Playing through Discord as the fake users do: read the table, click, choose."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import bot
from cogs.client import GameBot
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


async def click_as_seen(
    fake: FakeDiscord, user: User, seen: JSON, custom_id: str
) -> InteractionResult:
    """A click that left the user's screen while it still showed ``seen``, an older state of
    the message (the bot's later edit had not reached them yet)."""
    stored = fake.state.messages.get(int(seen["id"]))
    assert stored is not None
    as_seen = dataclasses.replace(stored, data=copy.deepcopy(seen))
    data = ix.component_data(ix.find_component(seen, custom_id), None)
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
        return await self.client.service.get(self.game_id)

    async def actor(self) -> User | None:
        record = await self.record()
        if record.status != "running":
            return None
        seat = record.game.actors()[0]
        return self.users[record.user_of(seat)]

    def table_message(self) -> JSON:
        """The home channel's current table message: the newest one with buttons."""
        for message in reversed(self.fake.messages(self.channel)):
            if buttons_of(message) and ":v:" in buttons_of(message)[0]["custom_id"]:
                return message
        raise AssertionError("no table message with buttons in the channel")

    def pick_button(self, buttons: list[JSON]) -> JSON:
        useful = [b for b in buttons if not b["custom_id"].endswith((":back", ":done"))]
        for kind in self.prefer:
            wanted = [b for b in useful if b["custom_id"].endswith(f":{kind}")]
            if wanted and self.rng.random() < 0.85:
                return wanted[0]
        return self.rng.choice(useful or buttons)

    def pick_option(self, select: JSON) -> str:
        values = [o["value"] for o in select["options"]]
        return self.rng.choice(values)

    async def step(self, choose: Callable[[JSON], JSON] | None = None) -> list[JSON]:
        """The actor clicks a table button and follows their private panel until it has
        nothing more to choose. Returns every private reply they saw."""
        user = await self.actor()
        assert user is not None
        table = self.table_message()
        button = (choose or self.pick_button)(buttons_of(table))
        result = await self.fake.click(user, table, button["custom_id"])
        reply = await result.wait_reply()
        seen = [reply]
        for _ in range(FOLLOW_LIMIT):
            if selects_of(reply):
                select = selects_of(reply)[0]
                result = await self.fake.select(
                    user, reply, select["custom_id"], [self.pick_option(select)]
                )
            elif buttons_of(reply):
                result = await self.fake.click(
                    user, reply, self.pick_button(buttons_of(reply))["custom_id"]
                )
            else:
                return seen
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


async def press(fake: FakeDiscord, user: User, message: JSON, group: str) -> JSON:
    """Click the button of an action group (by the end of its custom_id); return the reply."""
    button = next(b for b in buttons_of(message) if b["custom_id"].endswith(f":{group}"))
    result = await fake.click(user, message, button["custom_id"])
    return await result.wait_reply()


async def choose(fake: FakeDiscord, user: User, message: JSON, notation: str) -> JSON:
    """Pick an option in the message's select; return the reply (the updated panel)."""
    select = selects_of(message)[0]
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
