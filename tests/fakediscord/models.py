"""The fake's world: snowflakes, users, guilds, channels and stored messages, with the JSON
payloads Discord would send for each of them."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

T = TypeVar("T")
JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1420070400000

CHANNEL_TEXT = 0
CHANNEL_DM = 1
CHANNEL_PUBLIC_THREAD = 11

FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

PERMISSION_ADMINISTRATOR = 1 << 3
MEMBER_PERMISSIONS = (
    (1 << 6)  # add reactions
    | (1 << 10)  # view channel
    | (1 << 11)  # send messages
    | (1 << 14)  # embed links
    | (1 << 15)  # attach files
    | (1 << 16)  # read message history
    | (1 << 31)  # use application commands
    | (1 << 38)  # send messages in threads
)
ADMIN_PERMISSIONS = (1 << 53) - 1
BOT_PERMISSIONS = MEMBER_PERMISSIONS | (1 << 13) | (1 << 34) | (1 << 35)


class Snowflakes:
    """Snowflake ids in increasing order whose timestamps are the wall clock."""

    def __init__(self) -> None:
        self._counter = itertools.count()
        self._last = 0

    def next(self) -> int:
        stamp = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        candidate = stamp | (next(self._counter) & 0xFFF)
        self._last = max(candidate, self._last + 1)
        return self._last


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


def snowflake_iso(snowflake: int) -> str:
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat()


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    permissions: int = MEMBER_PERMISSIONS
    locale: str = "en-US"
    role_ids: set[int] = field(default_factory=set)
    """The guild roles the user has (besides @everyone)."""

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.name.lower().replace(" ", "_"),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
            "flags": 0,
        }

    def member_payload(self, guild: Guild, *, with_user: bool = True) -> JSON:
        member: JSON = {
            "roles": [str(r) for r in sorted(self.role_ids) if r in guild.role_ids()],
            "nick": None,
            "avatar": None,
            "joined_at": snowflake_iso(guild.id),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
            "permissions": str(self.permissions),
        }
        if with_user:
            member["user"] = self.payload()
        return member


@dataclass(eq=False)
class Channel:
    id: int
    name: str
    type: int
    guild: Guild | None = None
    parent: Channel | None = None
    recipient: User | None = None
    bot_can_send: bool = True
    position: int = 0

    @property
    def is_dm(self) -> bool:
        return self.type == CHANNEL_DM

    def payload(self) -> JSON:
        if self.recipient is not None:
            return {
                "id": str(self.id),
                "type": CHANNEL_DM,
                "last_message_id": None,
                "flags": 0,
                "recipients": [self.recipient.payload()],
            }
        assert self.guild is not None
        data: JSON = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [],
            "nsfw": False,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
            "parent_id": str(self.parent.id) if self.parent is not None else None,
        }
        if self.type == CHANNEL_PUBLIC_THREAD:
            data["owner_id"] = str(self.guild.owner_id)
            data["message_count"] = 0
            data["member_count"] = 1
            data["total_message_sent"] = 0
            data["thread_metadata"] = {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": snowflake_iso(self.id),
                "locked": False,
                "create_timestamp": snowflake_iso(self.id),
            }
        return data

    def interaction_payload(self, permissions: int) -> JSON:
        data = self.payload()
        data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class Role:
    id: int
    name: str

    def payload(self, position: int = 1) -> JSON:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": position,
            "permissions": "0",
            "managed": False,
            "mentionable": True,
            "flags": 0,
        }


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    channels: list[Channel] = field(default_factory=list)
    roles: list[Role] = field(default_factory=list)

    def role_ids(self) -> set[int]:
        return {r.id for r in self.roles}

    def everyone_role(self) -> JSON:
        return {
            "id": str(self.id),
            "name": "@everyone",
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": 0,
            "permissions": str(MEMBER_PERMISSIONS),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }

    def payload(self, bot: User) -> JSON:
        plain = [c for c in self.channels if c.type != CHANNEL_PUBLIC_THREAD]
        threads = [c for c in self.channels if c.type == CHANNEL_PUBLIC_THREAD]
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "features": [],
            "roles": [self.everyone_role()]
            + [r.payload(n) for n, r in enumerate(self.roles, start=1)],
            "emojis": [],
            "stickers": [],
            "channels": [c.payload() for c in plain],
            "threads": [c.payload() for c in threads],
            "members": [bot.member_payload(self)],
            "member_count": 2,
            "large": False,
            "unavailable": False,
            "joined_at": snowflake_iso(self.id),
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "max_members": 500000,
            "nsfw": False,
            "lazy": True,
        }


@dataclass(eq=False)
class StoredMessage:
    """A message as Discord holds it: ``data`` is the payload it serves, kept current."""

    data: JSON
    channel: Channel
    visible_to: User | None = None
    deleted: bool = False

    @property
    def id(self) -> int:
        return int(self.data["id"])

    @property
    def ephemeral(self) -> bool:
        return bool(self.data["flags"] & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.data["flags"] & FLAG_LOADING)


class Pulse:
    """Wakes every waiter whenever the fake's state changes."""

    def __init__(self) -> None:
        self._event = asyncio.Event()

    def notify(self) -> None:
        self._event.set()
        self._event = asyncio.Event()

    async def wait_until(
        self,
        check: Callable[[], T | None],
        *,
        timeout: float,
        what: str,
        poll: float | None = None,
    ) -> T:
        """Return the first truthy ``check()``; re-check on every change (and every ``poll``
        seconds, for conditions on state outside the fake)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = check()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what}")
            wait = remaining if poll is None else min(remaining, poll)
            event = self._event
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), wait)


class FakeDiscordError(Exception):
    """A test asked for something Discord's client would not let a user do."""
