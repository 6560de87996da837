"""bot.py in a process of its own (tests/e2e/launch_bot.py) against the fake Discord: started,
stopped with a signal or killed at moments the fake chooses, and started again on the same
database."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

from tests.e2e.conftest import World
from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 60.0
Match = Callable[[str, str], bool]


class BotProcess:
    """bot.py in a subprocess (tests/e2e/launch_bot.py), on one database, started again
    after each kill."""

    def __init__(self, fake: FakeDiscord, db: Path, world: World, logs: Path) -> None:
        self.fake = fake
        self.db = db
        self.world = world
        self.logs = logs
        self.process: asyncio.subprocess.Process | None = None
        self.starts = 0
        self.kills = 0
        self.env: dict[str, str] = {}
        """Settings that replace the usual ones (a wrong token, an address nobody answers)."""
        self.killed_at: list[str] = []
        """``METHOD path`` of each request that killed the process."""

    def _environment(self) -> dict[str, str]:
        return (
            dict(
                os.environ,
                DISCORD_TOKEN=self.fake.token,
                RATTUS_DB=str(self.db),
                RATTUS_DEV_GUILD=str(self.world.guild.id),
                RATTUS_LOG_LEVEL="INFO",
                FAKE_DISCORD_HTTP=self.fake.http_base,
                FAKE_DISCORD_GATEWAY=self.fake.gateway_url,
            )
            | self.env
        )

    async def start(self, *, connected: bool = True) -> None:
        """Start the process; with ``connected``, wait until it has identified itself."""
        assert self.process is None or self.process.returncode is not None
        self.starts += 1
        identified = self.fake.gateway.identify_count
        with (self.logs / f"bot-{self.starts}.log").open("wb") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.e2e.launch_bot",
                cwd=ROOT,
                env=self._environment(),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=log,
            )
        process = self.process
        if not connected:
            return
        await self.fake.wait_for(
            lambda: process.returncode is not None or self.fake.gateway.identify_count > identified,
            timeout=START_TIMEOUT,
            what="the bot process to connect",
        )
        assert process.returncode is None, self.log()

    async def terminate(self, sig: int = signal.SIGTERM) -> None:
        """Send a stop signal (SIGTERM or SIGINT), as docker stop or systemd would."""
        assert self.process is not None and self.process.returncode is None
        self.process.send_signal(sig)

    async def exited(self, timeout: float) -> int:
        """The process's exit code once it has ended by itself within ``timeout`` seconds."""
        assert self.process is not None
        return await asyncio.wait_for(self.process.wait(), timeout)

    async def kill(self) -> None:
        """SIGKILL, and wait until it is gone and the fake saw its connection drop."""
        process = self.process
        if process is None or process.returncode is not None:
            return
        process.send_signal(signal.SIGKILL)
        await process.wait()
        self.kills += 1
        await self.fake.wait_for(lambda: not self.fake.connected, what="the connection to drop")

    def kill_on(self, match: Match, *, phase: str) -> asyncio.Event:
        """Kill the process at the first request ``match(method, path)`` accepts: "before"
        the fake carries it out (it is then never done), or "after" (done, not answered)."""
        killed = asyncio.Event()
        fired: list[str] = []

        async def hook(method: str, path: str, when: str) -> bool:
            if fired or when != phase or not match(method, path):
                return False
            fired.append(f"{method} {path}")
            self.killed_at.append(fired[0])
            remove()
            await self.kill()
            killed.set()
            return phase == "before"

        remove = self.fake.on_request(hook)
        return killed

    def output(self) -> str:
        """What the latest process printed (its log lines and any error)."""
        return (self.logs / f"bot-{self.starts}.log").read_text(errors="replace")

    def log(self) -> str:
        return "\n".join(
            path.read_text(errors="replace")[-3000:] for path in sorted(self.logs.glob("bot-*"))
        )
