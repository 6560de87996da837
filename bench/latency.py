"""Milliseconds from a click to the bot's reply, against the local fake Discord.

Runs the real bot (bot.py, discord.py, SQLite, Pillow) with GAMES games at once; in each, the
player to act uses a control of the table (a select there, or a button and then the select
of the private answer), over and over. Prints the median, 95th percentile and worst of:

- ack: any click or choice until the bot's first answer to it (the deferral); Discord gives
  up on an interaction not answered within 3 seconds;
- open: a click on a table button until its private choices are shown;
- answer: a choice until the chooser sees its private answer (what was done, and their next
  controls);
- act: a choice until the channel's table shows its result (the action is saved, the board
  drawn when it must be, the table message edited or posted): the visible result.

    .venv/bin/python bench/latency.py [--games 20] [--actions 30] [--think 0] [--in-process]

The load average of the machine is printed with the figures: on a shared machine they move
with it.

With ``--think S`` each player waits a random 0 to 2*S seconds before each click, as people
do; without it every game clicks as fast as the bot answers (the worst case).
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
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.runtime.client import GameBot
from cogs.runtime.games import game_kinds
from host.service import GameService
from host.store import Store
from tests.e2e.table import JSON, SEED, Table, controls_of, group_of, is_play, make_bot
from tests.fakediscord import FakeDiscord, Guild

ROOT = Path(__file__).resolve().parent.parent


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


async def open_game(fake: FakeDiscord, client: GameBot, guild: Guild, number: int) -> Table:
    channel = fake.add_text_channel(guild, f"table-{number}")
    host, guest = fake.add_user(f"Host{number}"), fake.add_user(f"Guest{number}")
    opened = await fake.slash(host, channel, "rattus", "new", options={"players": 2})
    lobby = await opened.wait_reply()
    await (await fake.click(guest, lobby, label="Join")).wait_reply()
    await (await fake.click(host, lobby, label="Start")).wait_response()
    await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(channel)), timeout=60)
    game = await client.service.game_in_channel(channel.id)
    assert game is not None
    return Table(fake, client, channel, {host.id: host, guest.id: guest}, game.id)


def playable(message: JSON) -> list[JSON]:
    """The controls of a message that choose something (not back, done or undo)."""
    return [
        c
        for c in controls_of(message)
        if ":v:" in c["custom_id"] and group_of(c) not in ("back", "done", "board")
    ]


async def shown(table: Table, version: int) -> None:
    """Wait until the channel's table shows ``version`` (or a later one)."""

    def showing() -> bool:
        found = re.search(r":v:(\d+):", str(table.table_message().get("components")))
        return found is not None and int(found.group(1)) >= version

    await table.fake.wait_for(showing, timeout=120)


async def play(
    table: Table,
    actions: int,
    think: float,
    samples: dict[str, list[float]],
) -> None:
    rng = random.Random(table.game_id)
    done = 0
    while done < actions:
        await asyncio.sleep(rng.uniform(0, 2 * think))
        user = await table.actor()
        if user is None:
            return
        message = table.table_message()
        controls = playable(message)
        if not controls:
            return
        control = rng.choice(controls)
        if control.get("type") == 2:  # a button opens the choices privately
            start = time.perf_counter()
            result = await table.fake.click(user, message, control["custom_id"])
            message = await result.wait_reply(timeout=120)
            samples["open"].append(time.perf_counter() - start)
            samples["ack"].append(result.latency or 0.0)
            controls = [c for c in playable(message) if c.get("type") == 3]
            if not controls:
                continue
            control = controls[0]
            await asyncio.sleep(rng.uniform(0, 2 * think))
        version = (await table.record()).version
        values = table.pick_values(control)
        start = time.perf_counter()
        result = await table.fake.select(user, message, control["custom_id"], values)
        await result.wait_reply(timeout=120)
        samples["answer"].append(time.perf_counter() - start)
        await shown(table, version + 1)
        samples["act"].append(time.perf_counter() - start)
        samples["ack"].append(result.latency or 0.0)
        done += 1


def cpu_seconds(pid: int) -> float:
    """CPU time (user and system) a process has used so far, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Harness:
    """What the bench reads the games through when the bot runs in a process of its own:
    a service on the same database (the seats, who must act)."""

    def __init__(self, service: GameService) -> None:
        self.service = service


async def bot_process(fake: FakeDiscord, db: Path, guild: Guild) -> asyncio.subprocess.Process:
    """bot.py in its own process against the fake (``tests/e2e/launch_bot.py``), as in
    production, where Discord is not in the bot's process."""
    identified = fake.gateway.identify_count
    environment = dict(
        os.environ,
        DISCORD_TOKEN=fake.token,
        RATTUS_DB=str(db),
        RATTUS_DEV_GUILD=str(guild.id),
        RATTUS_LOG_LEVEL="ERROR",
        FAKE_DISCORD_HTTP=fake.http_base,
        FAKE_DISCORD_GATEWAY=fake.gateway_url,
        LAUNCH_SEED=str(SEED),
    )
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.e2e.launch_bot", cwd=ROOT, env=environment
    )
    await fake.wait_for(lambda: fake.gateway.identify_count > identified, timeout=60)
    await fake.wait_for_commands(timeout=60)
    return process


async def main(games: int, actions: int, think: float, in_process: bool) -> None:
    logging.basicConfig(level=logging.ERROR)
    fake = await FakeDiscord.start()
    guild = fake.add_guild("Bench")
    samples: dict[str, list[float]] = {"ack": [], "open": [], "answer": [], "act": []}
    counted = ""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        if in_process:
            client = make_bot(fake, db, guild)
            async with fake.running(client):
                tables = [await open_game(fake, client, guild, n) for n in range(games)]
                began = time.perf_counter()
                await asyncio.gather(*(play(t, actions, think, samples) for t in tables))
                elapsed = time.perf_counter() - began
                counted = (
                    f"; {client.tables.pictures.drawn} pictures drawn; "
                    f"{client.tables.handles.edits} table edits through clicks"
                )
        else:
            process = await bot_process(fake, db, guild)
            try:
                async with await Store.open(db) as store:
                    harness = cast(GameBot, Harness(GameService(store, kinds=game_kinds())))
                    tables = [await open_game(fake, harness, guild, n) for n in range(games)]
                    began, cpu = time.perf_counter(), cpu_seconds(process.pid)
                    await asyncio.gather(*(play(t, actions, think, samples) for t in tables))
                    elapsed = time.perf_counter() - began
                    cpu = cpu_seconds(process.pid) - cpu
                    per_action = 1000 * cpu / max(1, len(samples["act"]))
                    counted = f"; the bot's process used {cpu:.1f} s of CPU, {per_action:.1f} ms an action"
            finally:
                process.kill()
                await process.wait()
    await fake.stop()
    where = "in the bench's process" if in_process else "in its own process"
    print(
        f"{games} games at once (the bot {where}), {len(samples['open'])} buttons opened "
        f"and {len(samples['act'])} actions in {elapsed:.1f} s{counted}"
    )
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.1f}" for x in os.getloadavg()))
    for name, key in (
        ("ack (any click -> first answer)", "ack"),
        ("open (button -> its choices)", "open"),
        ("answer (choice -> private reply)", "answer"),
        ("act (choice -> table shows it)", "act"),
    ):
        ms = [s * 1000 for s in samples[key]]
        if not ms:
            print(f"{name:32} none")
            continue
        print(
            f"{name:32} median {statistics.median(ms):7.1f} ms   "
            f"p95 {percentile(ms, 0.95):7.1f} ms   max {max(ms):7.1f} ms"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--actions", type=int, default=30)
    parser.add_argument("--think", type=float, default=0.0)
    parser.add_argument(
        "--in-process",
        action="store_true",
        help="run the bot in the bench's own process, beside the fake Discord",
    )
    arguments = parser.parse_args()
    asyncio.run(main(arguments.games, arguments.actions, arguments.think, arguments.in_process))
