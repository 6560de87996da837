"""Milliseconds from a click to the bot's reply, against the local fake Discord.

Runs the real bot (bot.py, discord.py, SQLite, Pillow) with GAMES games at once; in each, the
player to act clicks a table button and picks an option in the private select, over and over.
Prints the median, 95th percentile and worst of three latencies:

- ack: any click or choice until the bot's first answer to it (the defer, or the reply
  itself); Discord gives up on an interaction not answered within 3 seconds;
- open: a click on a table button until the private select is shown;
- act: a choice in the select until the bot shows the result (the action is saved, the board
  rendered, the table message edited and the player's next controls shown).

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
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.client import GameBot
from tests.e2e.table import Table, buttons_of, make_bot, selects_of
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
    await fake.wait_for(
        lambda: any(":v:" in b["custom_id"] for m in fake.messages(channel) for b in buttons_of(m))
    )
    game = await client.service.game_in_channel(channel.id)
    assert game is not None
    return Table(fake, client, channel, {host.id: host, guest.id: guest}, game.id)


async def play(
    table: Table,
    actions: int,
    think: float,
    opens: list[float],
    acts: list[float],
    acks: list[float],
) -> None:
    rng = random.Random(table.game_id)
    for _ in range(actions):
        await asyncio.sleep(rng.uniform(0, 2 * think))
        user = await table.actor()
        if user is None:
            return
        message = table.table_message()
        buttons = [b for b in buttons_of(message) if not b["custom_id"].endswith(":done")]
        start = time.perf_counter()
        result = await table.fake.click(user, message, rng.choice(buttons)["custom_id"])
        panel = await result.wait_reply(timeout=60)
        opens.append(time.perf_counter() - start)
        acks.append(result.latency or 0.0)
        if not selects_of(panel):
            continue
        select = selects_of(panel)[0]
        value = rng.choice([o["value"] for o in select["options"]])
        await asyncio.sleep(rng.uniform(0, 2 * think))
        start = time.perf_counter()
        result = await table.fake.select(user, panel, select["custom_id"], [value])
        await table.fake.wait_for(lambda r=result: r.original_edited, timeout=60)
        acts.append(time.perf_counter() - start)
        acks.append(result.latency or 0.0)


async def main(games: int, actions: int, think: float) -> None:
    logging.basicConfig(level=logging.ERROR)
    fake = await FakeDiscord.start()
    guild = fake.add_guild("Bench")
    with tempfile.TemporaryDirectory() as folder:
        client = make_bot(fake, Path(folder) / "bench.sqlite3", guild)
        async with fake.running(client):
            tables = [await open_game(fake, client, guild, n) for n in range(games)]
            opens: list[float] = []
            acts: list[float] = []
            acks: list[float] = []
            began = time.perf_counter()
            await asyncio.gather(*(play(t, actions, think, opens, acts, acks) for t in tables))
            elapsed = time.perf_counter() - began
    await fake.stop()
    print(f"{games} games at once, {len(opens)} clicks and {len(acts)} actions in {elapsed:.1f} s")
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.1f}" for x in os.getloadavg()))
    for name, samples in (
        ("ack (any click -> first answer)", acks),
        ("open (click -> select)", opens),
        ("act (choice -> result)", acts),
    ):
        ms = [s * 1000 for s in samples]
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
