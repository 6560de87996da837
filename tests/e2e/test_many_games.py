"""One person in two games at once: commands find the right one, or ask which."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import World
from tests.e2e.table import is_play, make_bot, text_of
from tests.e2e.test_full_game import PNG, open_game


async def second_game(world: World, host: Any, guest: Any) -> int:
    """A two-player game in a new channel, seats as joined: ``host`` moves first."""
    fake = world.fake
    channel = fake.add_text_channel(world.guild, "second-table")
    opened = await fake.slash(
        host, channel, "rattus", "new", options={"seat_order": "joined", "players": 2}
    )
    lobby = await opened.wait_reply()
    joined = await fake.click(guest, lobby, label="Join")
    await joined.wait_reply()
    started = await fake.click(host, lobby, label="Start")
    await started.wait_response()
    await fake.wait_for_message(channel, lambda m: is_play(m))
    return int(lobby["embeds"][0]["title"].split("#")[1].split(" ")[0])


async def test_commands_from_direct_messages_find_the_game_or_name_the_choices(
    world: World, tmp_path: Any
) -> None:
    fake, anna = world.fake, world.anna
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild, global_commands=True)
    async with fake.running(client):
        first = await open_game(world, client)
        second = await second_game(world, world.ben, anna)
        dm = fake.dm_channel(anna)

        choices = await fake.autocomplete(anna, dm, "rattus", "play", focused="action")
        assert choices and all(c["value"].startswith("place:") for c in choices)
        played = await fake.slash(
            anna, dm, "rattus", "play", options={"action": choices[0]["value"]}
        )
        reply = text_of(await played.wait_reply())
        assert played.ephemeral
        assert reply.startswith(f"**Game #{first.game_id}**: ✅")
        assert (await first.record()).version == 1

        again = await fake.slash(anna, dm, "rattus", "play", options={"action": "place:gallia"})
        asked = text_of(await again.wait_reply())
        assert "You are in 2 Rattus games" in asked and "`game` option" in asked
        assert f"#{second}" in asked and f"#{first.game_id}" in asked
        hand = await fake.slash(anna, dm, "rattus", "hand")
        assert "You are in 2 Rattus games" in text_of(await hand.wait_reply())

        chosen = await fake.slash(anna, dm, "rattus", "hand", options={"game": second})
        shown = await chosen.wait_reply()
        assert f"game #{second} · only for you" in text_of(shown)
        assert fake.attachments(shown)[0].startswith(PNG)

        elsewhere = await fake.slash(
            anna, dm, "rattus", "play", options={"action": "place:gallia", "game": second}
        )
        refused = text_of(await elsewhere.wait_reply())
        assert refused.startswith(f"**Game #{second}**: It's not your turn: waiting for Ben.")
        assert (await client.service.get(second)).version == 0

        assert fake.rejected == [] and fake.unhandled == []


async def test_someone_in_no_game_is_told_how_to_start_one(world: World, tmp_path: Any) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild, global_commands=True)
    async with fake.running(client):
        typed = await fake.slash(
            world.dave, fake.dm_channel(world.dave), "rattus", "play", options={"action": "done"}
        )
        answer = text_of(await typed.wait_reply())
        assert "you are in none" in answer and "/rattus new" in answer
