"""A local fake of Discord's REST API and gateway, for end-to-end tests of the bot.

See docs/fakediscord.md. The real discord.py client connects to it through
``FakeDiscord.patched()`` (or ``FakeDiscord.running(client)``).
"""

from .driver import FakeDiscord
from .interactions import InteractionResult
from .models import (
    ADMIN_PERMISSIONS,
    MEMBER_PERMISSIONS,
    Channel,
    FakeDiscordError,
    Guild,
    Role,
    User,
)
from .state import Rejection, Repeat, Request

__all__ = [
    "ADMIN_PERMISSIONS",
    "MEMBER_PERMISSIONS",
    "Channel",
    "FakeDiscord",
    "FakeDiscordError",
    "Guild",
    "InteractionResult",
    "Rejection",
    "Repeat",
    "Request",
    "Role",
    "User",
]
