"""Time to your own result with a strong computer seated after you, against the local fake
Discord.

Runs the real bot (discord.py, SQLite, Pillow, the strong computer at its default budget) in
the bench's process with GAMES games at once, each a person and "Computer 1 (strong)". The
person uses the table's controls (a button, then the select of their private panel, or a
select on the table) as fast as the bot answers, and waits for the computer's turn to be
shown before choosing again. For each choice after which the computer had to decide it
prints the median, 95th percentile and worst of:

- answer: the choice until the chooser sees their private answer (what they did, what next);
- table: the choice until both the private answer and the channel's table show their move
  (the table at its version or a later one);
- computers: the choice until the table shows the computer's last move of that turn.

and the same "answer" and "table" figures for the other choices (nothing after them but the
person's own next decision); then how many of the person's clicks (a table button to the panel
it opens, a choice to its private answer) took over 1 s, as the issue counted them.

    .venv/bin/python bench/own_result.py [--games 2] [--choices 12]

The load average of the machine is printed with the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.runtime.client import GameBot
from tests.e2e.table import JSON, controls_of, group_of, is_play, make_bot, start_game
from tests.fakediscord import FakeDiscord, Guild, User
from tests.fakediscord.models import Channel

MOVE = re.compile(r"Move (\d+)")
LIVE = re.compile(r":v:(\d+):")


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def shown_version(fake: FakeDiscord, channel: Channel) -> int:
    """The newest version a table message of the channel shows (its footer's move)."""
    best = -1
    for message in fake.messages(channel)[-3:]:
        for embed in message.get("embeds") or []:
            found = MOVE.search((embed.get("footer") or {}).get("text") or "")
            if found:
                best = max(best, int(found.group(1)))
    return best


class Game:
    def __init__(self, fake: FakeDiscord, client: GameBot, channel: Channel, person: User) -> None:
        self.fake, self.client, self.channel, self.person = fake, client, channel, person
        self.game_id = 0
        self.rng = random.Random(channel.id)
        self.opening: list[float] = []
        """Seconds from each click on a table's button to the private panel it opens."""

    async def open(self) -> None:
        fake = self.fake
        opened = await fake.slash(
            self.person, self.channel, "rattus", "new", options={"seat_order": "joined"}
        )
        lobby = await opened.wait_reply()
        label = "Add computer (strong)"
        await (await fake.click(self.person, lobby, label=label)).wait_reply()
        record = await start_game(fake, self.client, self.person, lobby, self.channel)
        self.game_id = record.id

    async def my_turn(self) -> int:
        """Wait until the person decides and a live table (with their controls) shows it;
        the game's version."""
        while True:
            record = await self.client.service.get(self.game_id)
            if record.status != "running":
                return -1
            live = self.table()
            found = None if live is None else LIVE.search(str(live.get("components")))
            if record.game.actors() == [0] and found and int(found.group(1)) >= record.version:
                return int(record.version)
            await asyncio.sleep(0.02)

    def table(self) -> JSON | None:
        return next((m for m in reversed(self.fake.messages(self.channel)) if is_play(m)), None)

    async def choose(self) -> tuple[float, float, int] | None:
        """One choice through the table's controls: (seconds to the private answer, seconds
        to the table showing it, the version it made), timed from the choice itself."""
        fake, user = self.fake, self.person
        message = self.table()
        if message is None:
            return None
        controls = [
            c for c in controls_of(message) if group_of(c) not in ("back", "done", "board", "")
        ]
        if not controls:
            return None
        control = self.rng.choice(controls)
        if control["type"] == 2:
            clicked = time.perf_counter()
            opened = await fake.click(user, message, control["custom_id"])
            message = await opened.wait_reply(timeout=120)
            self.opening.append(time.perf_counter() - clicked)
            selects = [c for c in controls_of(message) if c["type"] == 3]
            if not selects:
                return None
            control = selects[0]
        values = [o["value"] for o in control["options"]]
        least = int(control.get("min_values") or 1)
        picked = self.rng.sample(values, least) if least > 1 else [self.rng.choice(values)]
        version = (await self.client.service.get(self.game_id)).version
        start = time.perf_counter()
        result = await fake.select(user, message, control["custom_id"], picked)
        await result.wait_reply(timeout=120)
        answer = time.perf_counter() - start
        await fake.wait_for(
            lambda: shown_version(fake, self.channel) > version, timeout=120, poll=0.005
        )
        return answer, time.perf_counter() - start, version + 1


async def play(game: Game, choices: int, samples: dict[str, list[float]]) -> None:
    for _ in range(choices):
        if await game.my_turn() < 0:
            return
        start = time.perf_counter()
        made = await game.choose()
        if made is None:
            continue
        answer, table, version = made
        if await game.my_turn() < 0:
            return
        log = await game.client.service.action_log(game.game_id, limit=50)
        after = [e for e in log if e.version > version]
        if after and all(e.user_id is None for e in after):
            samples["answer, computer next"].append(answer)
            samples["table, computer next"].append(table)
            samples["computers shown"].append(time.perf_counter() - start)
        else:
            samples["answer, no computer"].append(answer)
            samples["table, no computer"].append(table)


async def main(games: int, choices: int) -> None:
    logging.basicConfig(level=logging.ERROR)
    fake = await FakeDiscord.start()
    guild: Guild = fake.add_guild("Bench")
    samples: dict[str, list[float]] = {
        "answer, computer next": [],
        "table, computer next": [],
        "computers shown": [],
        "answer, no computer": [],
        "table, no computer": [],
    }
    with tempfile.TemporaryDirectory() as folder:
        client = make_bot(fake, Path(folder) / "bench.sqlite3", guild)
        async with fake.running(client):
            tables = []
            for n in range(games):
                channel = fake.add_text_channel(guild, f"table-{n}")
                game = Game(fake, client, channel, fake.add_user(f"Player{n}"))
                await game.open()
                tables.append(game)
            began = time.perf_counter()
            await asyncio.gather(*(play(g, choices, samples) for g in tables))
            elapsed = time.perf_counter() - began
    await fake.stop()
    clicks = [*samples["answer, computer next"], *samples["answer, no computer"]]
    clicks += [seconds for game in tables for seconds in game.opening]
    slow = sorted(seconds * 1000 for seconds in clicks if seconds > 1.0)
    print(f"{games} games at once, a person and a strong computer each, {elapsed:.1f} s")
    worst = f", the worst {slow[-1]:.0f} ms" if slow else ""
    print(
        f"clicks over 1 s (a button to its panel, a choice to its answer): {len(slow)} of {len(clicks)}{worst}"
    )
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.1f}" for x in os.getloadavg()))
    for name, values in samples.items():
        ms = [v * 1000 for v in values]
        if not ms:
            print(f"{name:24} none")
            continue
        print(
            f"{name:24} {len(ms):3} choices: median {statistics.median(ms):7.0f} ms   "
            f"p95 {percentile(ms, 0.95):7.0f} ms   max {max(ms):7.0f} ms"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--choices", type=int, default=12)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.games, arguments.choices))
