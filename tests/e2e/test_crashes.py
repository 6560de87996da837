"""The bot stopped dead at chosen moments, then started again: every game goes on, no
acknowledged action is lost, none is applied twice (typed retries included), every secret owed
is delivered once, and each game has exactly one live table in its channel.

The stop is injected in-process: the patched step raises ``Crash`` (a cancellation, so nothing
after it in that flow runs and nothing is reported), and the bot is closed at once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cogs.runtime.games import game_kinds
from host.service import GameService
from host.store import Store
from tests.e2e.conftest import World
from tests.e2e.table import controls_of, make_bot, restart, text_of
from tests.e2e.test_deciders import open_seated


class Crash(asyncio.CancelledError):
    """The process stops here."""


@contextlib.contextmanager
def crash_at(
    owner: Any, name: str, *, after: bool = False, when: Callable[..., bool] | None = None
) -> Iterator[asyncio.Event]:
    """The first call of ``owner.name`` (with ``when``: the first whose arguments it accepts)
    stops the bot (before it runs, or just after)."""
    original = getattr(owner, name)
    crashed = asyncio.Event()

    async def stop(*args: Any, **kwargs: Any) -> Any:
        if crashed.is_set() or (when is not None and not when(*args, **kwargs)):
            return await original(*args, **kwargs)
        if not after:
            crashed.set()
            raise Crash
        result = await original(*args, **kwargs)
        crashed.set()
        raise Crash
        return result

    setattr(owner, name, stop)
    try:
        yield crashed
    finally:
        setattr(owner, name, original)


def live_tables(fake: Any, channel: Any, game_id: int) -> list[dict[str, Any]]:
    prefix = f"rattus:g:{game_id}:v:"
    return [
        m
        for m in fake.messages(channel)
        if any(c["custom_id"].startswith(prefix) for c in controls_of(m))
    ]


async def check_sound(world: World, client: Any, game_id: int, actions: int) -> None:
    fake = world.fake
    record = await client.service.get(game_id)
    log = await client.service.action_log(game_id, limit=1000)
    assert len(log) == actions == record.version
    assert await client.service.channels.pending_dms() == []
    live = live_tables(fake, world.channel, game_id)
    assert len(live) == 1, [text_of(m)[:60] for m in live]
    assert all(f":v:{record.version}:" in c["custom_id"] for c in controls_of(live[0]))
    for person in (world.anna, world.ben):
        hands = [m for m in fake.dms(person) if "Your region cards" in text_of(m)]
        assert len(hands) == 1, person.name


async def typed(world: World, client: Any) -> str:
    """Anna's first offered action, as the autocomplete values it."""
    choices = await world.fake.autocomplete(
        world.anna, world.channel, "rattus", "play", focused="action", value=""
    )
    return str(choices[0]["value"])


@pytest.mark.slow
@pytest.mark.parametrize(
    ("where", "name", "after", "saved"),
    [
        ("tables", "act", False, False),  # after the defer, before anything is saved
        ("store", "save_action", True, True),  # just after saving
        ("tables", "show_table", False, True),  # before the table is edited or posted
        ("channels", "set_table_message", False, True),  # a new table posted, not recorded
    ],
    ids=["after the defer", "after saving", "before the table edit", "before the record"],
)
async def test_a_crash_during_a_typed_move_loses_nothing_and_repeats_nothing(
    world: World, tmp_path: Any, where: str, name: str, after: bool, saved: bool
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        table = await open_seated(world, client, [world.anna, world.ben], expansions="africanus")
        await fake.wait_for(lambda: fake.dms(world.anna) and fake.dms(world.ben))
        value = await typed(world, client)
        owners = {
            "tables": client.tables,
            "channels": client.service.channels,
            "store": client.store,
        }
        owner = owners[where]
        with crash_at(owner, name, after=after) as crashed:
            await fake.slash(world.anna, world.channel, "rattus", "play", options={"action": value})
            await asyncio.wait_for(crashed.wait(), 10)

    async with restart(fake, db, world.guild) as restarted:
        retry = await fake.slash(
            world.anna, world.channel, "rattus", "play", options={"action": value}
        )
        answer = text_of(await retry.wait_reply())
        assert ("already counted" in answer) == saved, answer
        await fake.wait_for(lambda: not restarted.tables.lock(table.game_id).locked())
        await check_sound(world, restarted, table.game_id, 1)


@pytest.mark.slow
async def test_a_crash_before_the_dealt_secrets_and_during_repair(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        with crash_at(client.tables, "dm_secrets") as crashed:
            table = await open_seated(
                world, client, [world.anna, world.ben], expansions="africanus"
            )
            await asyncio.wait_for(crashed.wait(), 10)
    assert fake.dms(world.anna) == [] and fake.dms(world.ben) == []

    # While the bot is down a move is saved but never shown.
    async with await Store.open(db) as store:
        service = GameService(store, kinds=game_kinds())
        record = await service.get(table.game_id)
        seat = record.game.actors()[0]
        notation = record.game.legal_actions(seat)[0].notation
        await service.act(table.game_id, record.user_of(seat), notation)

    crashing = make_bot(fake, db, world.guild)
    async with fake.running(crashing):
        with crash_at(crashing.tables, "show_table") as crashed:
            await asyncio.wait_for(crashed.wait(), 10)

    async with restart(fake, db, world.guild) as restarted:
        await check_sound(world, restarted, table.game_id, 1)
