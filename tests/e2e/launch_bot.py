"""Run the real bot (bot.py's ``main``) in a process of its own against the fake Discord.

``python -m tests.e2e.launch_bot`` with the usual settings in the environment (DISCORD_TOKEN,
RATTUS_DB, ...) and the fake's addresses in FAKE_DISCORD_HTTP and FAKE_DISCORD_GATEWAY;
with LAUNCH_SEED every new game gets that seed (as the in-process tests' bots do). It
points discord.py at the fake as ``FakeDiscord.patched()`` does, and shortens discord.py's wait
for the guilds after READY (as the in-process tests do), then runs ``bot.main``: a test may
kill the process at any moment and start another on the same database.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route
from discord.state import ConnectionState

GUILD_READY_TIMEOUT = 0.05


def point_at_the_fake(environ: dict[str, str]) -> None:
    Route.BASE = environ["FAKE_DISCORD_HTTP"]
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(environ["FAKE_DISCORD_GATEWAY"])
    created = ConnectionState.__init__

    def quick_ready(self: ConnectionState, *args: Any, **kwargs: Any) -> None:
        created(self, *args, **kwargs)
        self.guild_ready_timeout = GUILD_READY_TIMEOUT

    ConnectionState.__init__ = quick_ready  # type: ignore[method-assign]


def main() -> int:
    environ = dict(os.environ)
    point_at_the_fake(environ)
    import bot

    if "LAUNCH_SEED" in environ:
        seed = int(environ["LAUNCH_SEED"])
        build = bot.build_bot

        def seeded(settings: bot.Settings, **kwargs: Any) -> Any:
            return build(settings, **{**kwargs, "seed_source": lambda: seed})

        bot.build_bot = seeded  # type: ignore[assignment]
    return bot.main(environ, env_file=None)


if __name__ == "__main__":
    sys.exit(main())
