"""Stats and the leaderboard through Discord, after three games (one of them abandoned)."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

from host import stats
from tests.e2e.conftest import World
from tests.e2e.table import Table, is_play, make_bot
from tests.fakediscord import Channel, FakeDiscord, User


async def lobby_of_two(
    fake: FakeDiscord, channel: Channel, host: User, other: User, client: Any, *more: User
) -> int:
    opened = await fake.slash(host, channel, "rattus", "new", options={"seat_order": "joined"})
    lobby = await opened.wait_reply()
    for user in (other, *more):
        await (await fake.click(user, lobby, label="Join")).wait_reply()
    await (await fake.click(host, lobby, label="Start")).wait_response()
    await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(channel)))
    record = await client.service.game_in_channel(channel.id)
    return int(record.id)


async def play_by_service(
    client: Any,
    game_id: int,
    seed: int,
    *,
    stop_at: int | None,
    last: Callable[[int, str], Awaitable[None]] | None = None,
) -> None:
    """Random legal actions through the bot's service (quicker than clicking every one);
    with ``last``, an action that ends the game or is followed by a computer's move (which
    may end it) is handed to it instead (user id, notation)."""
    rng = random.Random(seed)
    service = client.service
    for _ in range(3000):
        await client.tables.computers.settle([game_id])  # computers move after a person
        record = await service.get(game_id)
        if record.status != "running":
            return
        seat = record.game.actors()[0]
        user = record.user_of(seat)
        if stop_at is not None and seat == 1 and record.version > stop_at:
            return  # stop on Ben's move
        notation = rng.choice(service.turn(record, user).actions).notation
        after = record.game.apply(seat, notation)
        computers = {s.seat for s in record.seats if s.computer_plays}
        if last is not None and (after.is_over or computers & set(after.actors())):
            await last(user, notation)  # it may end the game, or a computer may then end it
        else:
            await service.act(game_id, user, notation)
    raise AssertionError("the game did not end")


def field_text(embed: dict[str, Any], name: str) -> str:
    return next(f["value"] for f in embed["fields"] if f["name"] == name)


async def test_stats_and_leaderboard_after_three_games(world: World, tmp_path: Any) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    third_channel = fake.add_text_channel(world.guild, "third")
    async with fake.running(client):
        # 1: played to the end by clicks on the table.
        first = await lobby_of_two(fake, world.channel, world.anna, world.ben, client)
        table = Table(
            fake, client, world.channel, {world.anna.id: world.anna, world.ben.id: world.ben}, first
        )
        await table.play_until(table.is_over)
        final = await fake.wait_for_message(
            world.channel, lambda m: any("game over" in e.get("title", "") for e in m["embeds"])
        )
        ratings = field_text(final["embeds"][0], "Ratings").splitlines()
        assert len(ratings) == 2 and all(" (+" in r or " (−" in r for r in ratings)
        # newcomers: the loser shows 0 (no negative rating), the winner above it
        assert sorted(float(r.split(": ")[1].split(" ")[0]) for r in ratings)[0] == 0.0
        assert {r.split(":")[0] for r in ratings} == {"Anna", "Ben"}
        # 2: played to the end.
        second = await lobby_of_two(fake, world.other_channel, world.anna, world.ben, client)
        await play_by_service(client, second, 2, stop_at=None)
        # 3: abandoned by its host while it is Ben's move: Ben left it.
        third = await lobby_of_two(fake, third_channel, world.anna, world.ben, client)
        await play_by_service(client, third, 3, stop_at=6)
        abandon = await fake.slash(world.anna, third_channel, "rattus", "abandon")
        await abandon.wait_reply()
        assert (await client.service.get(third)).status == "abandoned"

        results = {
            r.game_id: r for r in await client.service.store.stats.results_for_user(world.anna.id)
        }
        anna_won = sum(results[g].winner for g in (first, second))

        asked = await fake.slash(world.anna, world.channel, "rattus", "stats", "player")
        shown = (await asked.wait_reply())["embeds"][0]
        assert shown["title"] == "Rattus stats: Anna"
        assert shown["description"].startswith(f"3 games in this server: {anna_won} won.")
        people = field_text(shown, "Among people")
        assert people.startswith(f"Base game: 3 played, {anna_won} won, average score ")
        assert "Rating **" in people and "(3 rated games)" in people
        assert "With computer players" not in [f["name"] for f in shown["fields"]]
        favourites = field_text(shown, "Favourite class cards")
        assert favourites != "none yet" and "(" in favourites
        assert field_text(shown, "This server").startswith("3 games by 2 players (1 abandoned)")
        assert "Across servers you are not shown" in shown["footer"]["text"]

        asked = await fake.slash(
            world.cleo, world.channel, "rattus", "stats", "player", options={"player": world.ben}
        )
        ben = (await asked.wait_reply())["embeds"][0]
        assert ben["title"] == "Rattus stats: Ben"
        ben_won = 2 - anna_won
        assert ben["description"] == (
            f"3 games in this server: {ben_won} won, 1 left before the end (counted as lost)."
        )
        assert "footer" not in ben

        # The leaderboard: both, in the order of their ratings.
        asked = await fake.slash(world.ben, world.channel, "rattus", "stats", "leaderboard")
        board = (await asked.wait_reply())["embeds"][0]
        assert board["title"] == "Rattus leaderboard: this server"
        lines = field_text(board, "Among people").splitlines()
        ratings = {
            s.name: s
            for s in await stats.leaderboard(
                client.service, kind="rattus", guild_id=world.guild.id, pool="people"
            )
        }
        order = sorted(ratings, key=lambda n: -ratings[n].rating.ordinal)
        assert [line.split(".")[1].split(":")[0].strip() for line in lines] == order
        assert all("(3 games)" in line for line in lines)
        assert field_text(board, "With computer players") == "No rated games yet."

        # Across servers: nobody until Anna shares.
        asked = await fake.slash(
            world.anna, world.channel, "rattus", "stats", "leaderboard", options={"scope": "all"}
        )
        everywhere = (await asked.wait_reply())["embeds"][0]
        assert field_text(everywhere, "Among people") == "No rated games yet."
        shared = await fake.slash(
            world.anna, world.channel, "rattus", "stats", "share", options={"setting": "on"}
        )
        assert "leaderboard scope:all" in (await shared.wait_reply())["content"]
        asked = await fake.slash(
            world.ben, world.channel, "rattus", "stats", "leaderboard", options={"scope": "all"}
        )
        everywhere = (await asked.wait_reply())["embeds"][0]
        assert everywhere["title"] == "Rattus leaderboard: every server"
        text = field_text(everywhere, "Among people")
        assert "Anna" in text and "Ben" not in text

        # Nothing of this is about Cartus.
        asked = await fake.slash(world.anna, world.channel, "cartus", "stats", "player")
        cartus = (await asked.wait_reply())["embeds"][0]
        assert cartus["description"] == "No Rattus Cartus games in this server yet."
        assert fake.rejected == [] and fake.unhandled == []


async def test_who_resigned_lost_the_game_the_others_finished(world: World, tmp_path: Any) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        game_id = await lobby_of_two(fake, world.channel, world.anna, world.ben, client, world.cleo)
        await play_by_service(client, game_id, 4, stop_at=3)
        resigned = await fake.slash(world.cleo, world.channel, "rattus", "seat", "resign")
        await resigned.wait_reply()
        users = {u.id: u for u in (world.anna, world.ben)}

        async def by_command(user_id: int, notation: str) -> None:
            played = await fake.slash(
                users[user_id], world.channel, "rattus", "play", options={"action": notation}
            )
            await played.wait_reply()

        await play_by_service(client, game_id, 5, stop_at=None, last=by_command)
        assert (await client.service.get(game_id)).status == "finished"
        final = await fake.wait_for_message(
            world.channel, lambda m: any("game over" in e.get("title", "") for e in m["embeds"])
        )
        ratings = field_text(final["embeds"][0], "Ratings").splitlines()
        assert ratings[-1].startswith("Cleo: ") and ratings[-1].endswith(" · left")
        assert len(ratings) == 3  # Anna, Ben and Cleo; not the computer that took her seat

        asked = await fake.slash(
            world.anna, world.channel, "rattus", "stats", "player", options={"player": world.cleo}
        )
        cleo = (await asked.wait_reply())["embeds"][0]
        assert cleo["description"] == (
            "1 game in this server: 0 won, 1 left before the end (counted as lost)."
        )
        asked = await fake.slash(world.anna, world.channel, "rattus", "stats", "leaderboard")
        board = field_text((await asked.wait_reply())["embeds"][0], "Among people")
        assert board.splitlines()[-1].startswith("3. Cleo: ")
        assert fake.rejected == [] and fake.unhandled == []
