"""What a server's moderators and its people decide about the bot's data and rules:
/rattus settings (where lobbies open, who opens them, a new lobby's defaults), the bot
removed from a server (its games end; its data goes after the grace period, unless the bot
is invited back), and /rattus forget-me."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

from host.departures import purge_departed
from host.servers import FORMER_PLAYER
from tests.e2e.conftest import World
from tests.e2e.table import make_bot, text_of
from tests.e2e.test_full_game import open_game


async def answer(world: World, user: object, command: str, **options: object) -> str:
    result = await world.fake.slash(user, world.channel, "rattus", command, options=options)  # type: ignore[arg-type]
    return text_of(await result.wait_reply(timeout=30))


async def test_settings_are_shown_enforced_in_words_and_kept_across_a_restart(
    world: World, tmp_path: Path
) -> None:
    fake = world.fake
    players = fake.add_role(world.guild, "Players")
    fake.give_role(world.ben, players)
    db = tmp_path / "games.sqlite3"
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        shown = await answer(world, world.anna, "settings")
        assert "**Lobbies may be opened in:** any channel" in shown
        assert "**Who may open one:** everyone" in shown
        refused = await answer(world, world.anna, "settings", timer="24h")
        assert "Only people with Manage Server" in refused
        saved = await answer(
            world,
            world.admin,
            "settings",
            channels=f"<#{world.other_channel.id}>",
            opener=players,
            timer="24h",
            expansions="africanus, mercatus",
            stand_in="strong",
        )
        assert saved.startswith("Saved.") and f"<#{world.other_channel.id}>" in saved
    async with fake.running(make_bot(fake, db, world.guild)) as client:
        # Kept across the restart; here is not an allowed channel.
        here = await answer(world, world.ben, "new")
        assert f"Rattus lobbies are opened in <#{world.other_channel.id}>" in here
        # Anna lacks the role, in the right channel.
        there = await fake.slash(world.anna, world.other_channel, "rattus", "new")
        refusal = text_of(await there.wait_reply(timeout=30))
        assert f"needs the role <@&{players.id}>" in refusal
        assert await client.service.game_in_channel(world.other_channel.id) is None
        # Ben has it: his lobby takes the server's defaults.
        opened = await fake.slash(world.ben, world.other_channel, "rattus", "new")
        lobby = text_of(await opened.wait_reply(timeout=30))
        assert "Africanus" in lobby and "Mercatus" in lobby, lobby
        record = await client.service.game_in_channel(world.other_channel.id)
        assert record is not None
        assert sorted(record.options["expansions"]) == ["africanus", "mercatus"]
        clock = await client.clocks.settings(record.id)
        assert (clock.mode, clock.hours, clock.stand_in) == ("turn", 24, "strong")
        # Bad settings are refused in words and change nothing.
        bad = await answer(world, world.admin, "settings", expansions="atlantis")
        assert "atlantis" in bad.lower()
        assert "Africanus" in await answer(world, world.admin, "settings")


async def until(check: Callable[[], Awaitable[bool]], what: str) -> None:
    for _ in range(500):
        if await check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"waited in vain for {what}")


def game_rows(db: Path, game_id: int) -> int:
    with sqlite3.connect(db) as conn:
        return int(
            conn.execute("SELECT COUNT(*) FROM games WHERE id = ?", (game_id,)).fetchone()[0]
        )


async def test_a_server_that_removes_the_bot_loses_its_games_after_the_grace_period(
    world: World, tmp_path: Path
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        service = client.service
        rows = service.store.servers
        table = await open_game(world, client, players=2)

        async def ended() -> bool:
            return (await service.get(table.game_id)).status == "abandoned"

        async def departed() -> bool:
            return world.guild.id in await rows.departed_before(float("inf"))

        async def back() -> bool:
            return not await departed()

        fake.remove_bot(world.guild)
        await until(ended, "the game to end")
        await until(departed, "the departure to be noted")
        # Invited back within the grace period: nothing is deleted.
        fake.invite_bot(world.guild)
        await until(back, "the return to be noted")
        assert await purge_departed(service, forget_days=0) == {}
        assert game_rows(db, table.game_id) == 1
        # Removed again, and the grace period passes: everything of the server goes.
        fake.remove_bot(world.guild)
        await until(departed, "the second departure to be noted")
        assert await purge_departed(service, forget_days=30) == {}  # not yet
        assert await purge_departed(service, forget_days=0) == {world.guild.id: 1}
    assert game_rows(db, table.game_id) == 0


async def test_forget_me_deletes_a_persons_data_and_keeps_the_games_moves(
    world: World, tmp_path: Path
) -> None:
    fake = world.fake
    db = tmp_path / "games.sqlite3"
    client = make_bot(fake, db, world.guild)
    async with fake.running(client):
        table = await open_game(world, client, players=2)
        asked = await fake.slash(world.ben, world.channel, "rattus", "stats", "forget-me")
        question = await asked.wait_reply(timeout=30)
        assert "cannot be undone" in text_of(question)
        # While Ben is in a game, it says so and deletes nothing.
        early = await fake.click(world.ben, question, label="Delete my data")
        assert f"still in game #{table.game_id}" in text_of(await early.wait_reply(timeout=30))
        await client.service.cancel(table.game_id, world.anna.id, can_manage=True)
        done = await fake.click(world.ben, question, label="Delete my data")
        said = text_of(await done.wait_reply(timeout=30))
        assert said.startswith("Done:") and FORMER_PLAYER in said
        ended = await client.service.get(table.game_id)
        assert [s.name for s in ended.seats] == ["Anna", FORMER_PLAYER]
        assert world.ben.id not in [s.user_id for s in ended.seats]
    with sqlite3.connect(db) as conn:
        for table_name in ("seats", "player_stats", "ratings", "user_prefs", "results"):
            held = conn.execute(
                f"SELECT COUNT(*) FROM {table_name} WHERE user_id = ?", (world.ben.id,)
            ).fetchone()[0]
            assert held == 0, table_name
        names = {r[0] for r in conn.execute("SELECT name FROM player_stats")}
        assert "Ben" not in names
