"""Everything the fake Discord holds in memory, and the changes the gateway announces."""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from .interactions import InteractionResult
from .messages import MessageStore
from .models import (
    BOT_PERMISSIONS,
    CHANNEL_DM,
    CHANNEL_PUBLIC_THREAD,
    CHANNEL_TEXT,
    JSON,
    MEMBER_PERMISSIONS,
    Channel,
    Guild,
    Pulse,
    Role,
    Snowflakes,
    StoredMessage,
    User,
)

INTENT_GUILDS = 1 << 0
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12

Announce = Callable[[str, JSON, int], None]
RequestHook = Callable[[str, str, str], Awaitable[bool]]
"""``hook(method, path, phase)`` for every REST request: ``path`` without ``/api/vN``,
``phase`` "before" (returning True drops the request: nothing is done, nobody is answered)
or "after" (the request was carried out; the answer is not sent yet)."""


@dataclass(frozen=True)
class Repeat:
    """A message send that Discord answered with the earlier message of the same nonce."""

    channel_id: int
    nonce: str
    message_id: int


@dataclass(frozen=True)
class Rejection:
    """A request the fake refused (or did not know), for tests to assert on."""

    method: str
    path: str
    status: int
    body: JSON


@dataclass(frozen=True)
class Request:
    """A REST request the bot made (answered or refused), for tests that count traffic."""

    method: str
    path: str
    status: int
    size: int
    """Bytes of the request body as sent (JSON or multipart)."""
    file_bytes: int
    """Bytes of the files uploaded with it."""

    @property
    def channel_write(self) -> bool:
        """A message created, edited or deleted through a channel (not an interaction
        reply): what Discord's per-channel rate limits count."""
        return self.method in ("POST", "PATCH", "DELETE") and bool(
            CHANNEL_MESSAGES.match(self.path)
        )


CHANNEL_MESSAGES = re.compile(r"^/channels/\d+/messages(/\d+)?$")


class FakeState:
    def __init__(self, bot_name: str) -> None:
        self.ids = Snowflakes()
        self.pulse = Pulse()
        self.token = "fake." + secrets.token_urlsafe(24)
        self.allowed_intents: int | None = None
        """The intents the application may ask for (None: all); others close with 4014."""
        self.bot = User(self.ids.next(), bot_name, bot=True, permissions=BOT_PERMISSIONS)
        self.owner = User(self.ids.next(), "Owner")
        self.application_id = self.bot.id
        self.attachment_size_limit = 10 * 1024 * 1024
        self.users: dict[int, User] = {self.bot.id: self.bot, self.owner.id: self.owner}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.dm_channels: dict[int, Channel] = {}
        self.messages = MessageStore(self.ids, self.pulse, self.bot, self.users)
        self.global_commands: list[JSON] = []
        self.guild_commands: dict[int, list[JSON]] = {}
        self.sync_count = 0
        self.interactions: dict[int, InteractionResult] = {}
        self.unhandled: list[Rejection] = []
        self.rejected: list[Rejection] = []
        self.requests: list[Request] = []
        self.nonce_window = 300.0
        """Seconds a message nonce is remembered (Discord: "the past few minutes")."""
        self.nonces: dict[str, tuple[float, StoredMessage]] = {}
        self.repeats: list[Repeat] = []
        self.request_hooks: list[RequestHook] = []
        self.announce: Announce = lambda event, data, intent: None

    def add_user(self, name: str, permissions: int = MEMBER_PERMISSIONS) -> User:
        user = User(self.ids.next(), name, permissions=permissions)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str) -> Guild:
        guild = Guild(self.ids.next(), name, owner_id=self.owner.id)
        self.guilds[guild.id] = guild
        payload = guild.payload(self.bot)
        payload.pop("unavailable")  # a guild just joined, not one coming back from an outage
        self.announce("GUILD_CREATE", payload, INTENT_GUILDS)
        return guild

    def add_role(self, guild: Guild, name: str) -> Role:
        role = Role(self.ids.next(), name)
        guild.roles.append(role)
        payload = {"guild_id": str(guild.id), "role": role.payload(len(guild.roles))}
        self.announce("GUILD_ROLE_CREATE", payload, INTENT_GUILDS)
        return role

    def remove_bot(self, guild: Guild) -> None:
        """The bot is kicked from (or leaves) the guild: Discord sends GUILD_DELETE."""
        self.guilds.pop(guild.id, None)
        self.announce("GUILD_DELETE", {"id": str(guild.id)}, INTENT_GUILDS)

    def invite_bot(self, guild: Guild) -> None:
        """The bot is invited back: GUILD_CREATE with everything in the guild."""
        self.guilds[guild.id] = guild
        payload = guild.payload(self.bot)
        payload.pop("unavailable")  # a guild just joined, not one coming back from an outage
        self.announce("GUILD_CREATE", payload, INTENT_GUILDS)

    def add_channel(
        self, guild: Guild, name: str, *, kind: int = CHANNEL_TEXT, parent: Channel | None = None
    ) -> Channel:
        position = len(guild.channels)
        channel = Channel(
            self.ids.next(), name, kind, guild=guild, parent=parent, position=position
        )
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        payload = dict(channel.payload(), guild_id=str(guild.id))
        event = "THREAD_CREATE" if kind == CHANNEL_PUBLIC_THREAD else "CHANNEL_CREATE"
        self.announce(event, payload, INTENT_GUILDS)
        return channel

    def dm_channel(self, user: User) -> Channel:
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = Channel(self.ids.next(), "", CHANNEL_DM, recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def commands_for(self, channel: Channel) -> list[tuple[JSON, bool]]:
        """The commands a user sees in the channel, guild ones first, with a guild flag."""
        guild_ones = self.guild_commands.get(channel.guild.id, []) if channel.guild else []
        return [(c, True) for c in guild_ones] + [(c, False) for c in self.global_commands]

    def sync_commands(self, guild_id: int | None, payload: list[JSON]) -> list[JSON]:
        previous = self.guild_commands.get(guild_id, []) if guild_id else self.global_commands
        ids = {(c.get("type", 1), c["name"]): c["id"] for c in previous}
        stored: list[JSON] = []
        for command in payload:
            key = (command.get("type", 1), command["name"])
            entry = dict(command)
            entry.setdefault("type", 1)
            entry.setdefault("options", [])
            entry.setdefault("description", "")
            entry.setdefault("default_member_permissions", None)
            entry.setdefault("nsfw", False)
            entry["id"] = ids.get(key) or str(self.ids.next())
            entry["application_id"] = str(self.application_id)
            entry["version"] = str(self.ids.next())
            if guild_id:
                entry["guild_id"] = str(guild_id)
            stored.append(entry)
        if guild_id:
            self.guild_commands[guild_id] = stored
        else:
            self.global_commands = stored
        self.sync_count += 1
        self.pulse.notify()
        return stored

    def nonce_repeat(self, channel: Channel, body: JSON) -> StoredMessage | None:
        """The message the bot already created with this body's nonce, if ``enforce_nonce``
        asks for it and it was within the window: Discord returns it and creates nothing.
        The bot is the only author here, so the nonce alone is the key (across channels, as
        Discord's "same author with the same nonce"); a message deleted since still counts."""
        nonce = body.get("nonce")
        if nonce is None or not body.get("enforce_nonce"):
            return None
        found = self.nonces.get(str(nonce))
        if found is None or time.monotonic() - found[0] > self.nonce_window:
            return None
        message = found[1]
        self.repeats.append(Repeat(channel.id, str(nonce), message.id))
        self.pulse.notify()
        return message

    def nonce_sent(self, body: JSON, message: StoredMessage) -> None:
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            self.nonces[str(nonce)] = (time.monotonic(), message)

    def message_created(self, message: StoredMessage) -> None:
        self._announce_message("MESSAGE_CREATE", message)

    def message_updated(self, message: StoredMessage) -> None:
        self._announce_message("MESSAGE_UPDATE", message)

    def message_deleted(self, message: StoredMessage) -> None:
        if message.visible_to is not None:
            return
        data: JSON = {"id": str(message.id), "channel_id": str(message.channel.id)}
        if message.channel.guild is not None:
            data["guild_id"] = str(message.channel.guild.id)
        self.announce("MESSAGE_DELETE", data, self._message_intent(message.channel))

    def _announce_message(self, event: str, message: StoredMessage) -> None:
        if message.visible_to is not None:
            return
        data = dict(message.data)
        if message.channel.guild is not None:
            data["guild_id"] = str(message.channel.guild.id)
            data["member"] = self.bot.member_payload(message.channel.guild, with_user=False)
        self.announce(event, data, self._message_intent(message.channel))

    @staticmethod
    def _message_intent(channel: Channel) -> int:
        return INTENT_DIRECT_MESSAGES if channel.is_dm else INTENT_GUILD_MESSAGES
