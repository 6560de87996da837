"""The other /rattus commands, each as a fake user types it."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import World
from tests.e2e.table import buttons_of, controls_of, make_bot, past_placement, text_of
from tests.e2e.test_full_game import PNG, open_game


async def test_commands_are_synced_within_discords_limits(world: World, tmp_path: Any) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        await fake.wait_for_commands()
        names = [command["name"] for command in fake.commands(world.guild)]
        assert sorted(names) == ["cartus", "rattus"]
        assert fake.rejected == []


async def test_one_open_game_per_channel_and_the_lobby_commands(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        opened = await fake.slash(world.anna, world.channel, "rattus", "new")
        lobby = await opened.wait_reply()
        again = await fake.slash(world.ben, world.channel, "rattus", "new")
        refusal = text_of(await again.wait_reply())
        assert again.ephemeral
        assert "already has a lobby: game #1" in refusal
        assert f"/channels/{world.guild.id}/{world.channel.id}/{lobby['id']}" in refusal

        joined = await fake.slash(world.ben, world.channel, "rattus", "join")
        await joined.wait_reply()
        assert "2. Ben" in text_of(fake.message(lobby))
        left = await fake.slash(world.ben, world.channel, "rattus", "leave")
        await left.wait_reply()
        assert "Ben" not in text_of(fake.message(lobby))

        too_few = await fake.click(world.anna, lobby, label="Start")
        assert "at least 2 players" in text_of(await too_few.wait_reply())

        not_host = await fake.click(world.ben, lobby, label="Cancel")
        assert "Only the host" in text_of(await not_host.wait_reply())
        cancelled = await fake.click(world.anna, lobby, label="Cancel")
        await cancelled.wait_reply()
        assert buttons_of(fake.message(lobby)) == []
        assert "cancelled" in text_of(fake.message(lobby))

        fresh = await fake.slash(world.ben, world.channel, "rattus", "new")
        assert "game #2" in text_of(await fresh.wait_reply())


async def test_play_by_notation_with_autocomplete_and_the_read_only_commands(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        choices = await fake.autocomplete(
            world.anna, world.channel, "rattus", "play", focused="action", value="gal"
        )
        assert choices and all("gallia" in choice["value"] for choice in choices)
        assert all(choice["name"] != choice["value"] for choice in choices)
        # a start placement hands the game on: the suggestion says so before it is sent
        assert all(choice["name"].endswith("(ends your turn)") for choice in choices)
        nothing = await fake.autocomplete(
            world.ben, world.channel, "rattus", "play", focused="action", value=""
        )
        assert [c["name"] for c in nothing] == [
            "You have nothing to decide now (waiting for Anna)."
        ]

        for bad, why in (
            ("fly:to-the-moon", "Possible now: place"),
            ("place gallia!!", "actions look like 'place:gallia'"),
            ("x" * 90, "too long"),
            ("plague:gallia", "is not possible now"),
        ):
            refused = await fake.slash(
                world.anna, world.channel, "rattus", "play", options={"action": bad}
            )
            assert why in text_of(await refused.wait_reply())
            assert refused.ephemeral
            assert (await table.record()).version == 0

        played = await fake.slash(
            world.anna, world.channel, "rattus", "play", options={"action": choices[0]["value"]}
        )
        assert "✅" in text_of(await played.wait_reply())
        assert (await table.record()).version == 1

        status = await fake.slash(world.dave, world.channel, "rattus", "status")
        assert "**Ben** to decide" in text_of(await status.wait_reply())

        board = await fake.slash(world.dave, world.channel, "rattus", "board")
        assert fake.attachments(await board.wait_reply())[0].startswith(PNG)

        log = await fake.slash(world.cleo, world.channel, "rattus", "log")
        assert "**Anna**" in text_of(await log.wait_reply())

        games = await fake.slash(world.ben, world.other_channel, "rattus", "games")
        listed = text_of(await games.wait_reply())
        assert f"Game #{table.game_id}" in listed and "your move" in listed

        rules = await fake.slash(world.dave, world.channel, "rattus", "rules")
        assert "Witch" in text_of(await rules.wait_reply())
        witch = await fake.slash(
            world.dave, world.channel, "rattus", "rules", options={"card": "witch"}
        )
        assert "Magic" in text_of(await witch.wait_reply())


async def test_a_spectator_channel_follows_without_buttons(world: World, tmp_path: Any) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        follow = await fake.slash(
            world.dave, world.other_channel, "rattus", "spectate", options={"game": table.game_id}
        )
        assert "now follows" in text_of(await follow.wait_reply())
        watched = fake.last_message(world.other_channel)
        assert watched is not None and controls_of(watched) == []
        assert fake.attachments(watched)[0].startswith(PNG)

        await past_placement(table)
        newest = fake.last_message(world.other_channel)
        assert newest is not None and newest["id"] != watched["id"]
        assert "Turn 1" in text_of(newest) and controls_of(newest) == []

        stop = await fake.slash(
            world.dave, world.other_channel, "rattus", "spectate", options={"stop": True}
        )
        await stop.wait_reply()
        count = len(fake.messages(world.other_channel))
        await table.step()
        assert len(fake.messages(world.other_channel)) == count


async def test_abandon_needs_the_host_or_manage_channels(world: World, tmp_path: Any) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        refused = await fake.slash(world.ben, world.channel, "rattus", "abandon")
        assert "Only the host" in text_of(await refused.wait_reply())
        assert (await table.record()).status == "running"

        done = await fake.slash(world.admin, world.channel, "rattus", "abandon")
        assert "is closed" in text_of(await done.wait_reply())
        assert (await table.record()).status == "abandoned"
        assert all(not controls_of(m) for m in fake.messages(world.channel))
        assert "abandoned by Mod" in text_of(fake.last_message(world.channel) or {})
