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

    .venv/bin/python bench/latency.py [--games 20] [--actions 12] [--think 0]

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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.client import GameBot
from tests.e2e.table import JSON, Table, controls_of, group_of, is_play, make_bot
from tests.fakediscord import FakeDiscord, Guild


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
        if ":v:" in c["custom_id"] and group_of(c) not in ("back", "done")
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


async def main(games: int, actions: int, think: float) -> None:
    logging.basicConfig(level=logging.ERROR)
    fake = await FakeDiscord.start()
    guild = fake.add_guild("Bench")
    with tempfile.TemporaryDirectory() as folder:
        client = make_bot(fake, Path(folder) / "bench.sqlite3", guild)
        async with fake.running(client):
            tables = [await open_game(fake, client, guild, n) for n in range(games)]
            samples: dict[str, list[float]] = {"ack": [], "open": [], "answer": [], "act": []}
            began = time.perf_counter()
            await asyncio.gather(*(play(t, actions, think, samples) for t in tables))
            elapsed = time.perf_counter() - began
            drawn = client.tables.pictures.drawn
            held = client.tables.handles.edits
    await fake.stop()
    print(
        f"{games} games at once, {len(samples['open'])} buttons opened and "
        f"{len(samples['act'])} actions in {elapsed:.1f} s; {drawn} pictures drawn; "
        f"{held} table edits through clicks"
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
    parser.add_argument("--actions", type=int, default=12)
    parser.add_argument("--think", type=float, default=0.0)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.games, arguments.actions, arguments.think))
