"""Games belong to their server, and ids from outside (forged, foreign, out of range) change
nothing: the answer is the one for an unknown game, and nothing is logged as a crash."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from tests.e2e.conftest import World
from tests.e2e.table import controls_of, make_bot, text_of
from tests.e2e.test_full_game import open_game
from tests.fakediscord import FakeDiscord, InteractionResult, User
from tests.fakediscord import interactions as ix

HUGE = 10**30


async def forged_click(
    fake: FakeDiscord, user: User, message: dict[str, Any], custom_id: str, values: Any = None
) -> InteractionResult:
    """A component the bot never sent (a modified client's), on a real message."""
    seen = copy.deepcopy(fake.message(message))
    if values:
        options = [{"label": v, "value": v} for v in values]
        component = {"type": 3, "custom_id": custom_id, "options": options}
    else:
        component = {"type": 2, "style": 1, "label": "x", "custom_id": custom_id}
    seen["components"] = [{"type": 1, "components": [component]}]
    stored = fake.state.messages.get(int(message["id"]))
    assert stored is not None
    as_seen = dataclasses.replace(stored, data=seen)
    data = ix.component_data(component, values)
    return await fake._interact(user, stored.channel, ix.MESSAGE_COMPONENT, data, as_seen)


async def test_a_moderator_of_another_server_cannot_reach_a_game(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    other_guild = fake.add_guild("Elsewhere")
    elsewhere = fake.add_text_channel(other_guild, "lounge")
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild, global_commands=True)
    async with fake.running(client):
        table = await open_game(world, client)
        before = await table.record()
        anna_action = before.game.legal_actions(0)[0].notation
        mod = world.admin

        for game in (table.game_id, 999):
            unknown = f"There is no game #{game}."
            for command, options in (
                ("abandon", {"game": game}),
                ("spectate", {"game": game}),
                ("join", {"game": game}),
                ("log", {"game": game}),
                ("board", {"game": game}),
                ("status", {"game": game}),
                ("play", {"game": game, "action": anna_action}),
            ):
                answer = await fake.slash(mod, elsewhere, "rattus", command, options=options)
                assert text_of(await answer.wait_reply()) == unknown, (command, game)
                assert answer.ephemeral
            # Anna is seated, but not from another server either.
            played = await fake.slash(
                world.anna,
                elsewhere,
                "rattus",
                "play",
                options={"game": game, "action": anna_action},
            )
            assert text_of(await played.wait_reply()) == unknown

        opened = await fake.slash(mod, elsewhere, "rattus", "new")
        lobby = await opened.wait_reply()
        for custom_id in (
            f"rattus:g:{table.game_id}:v:{before.version}:place",
            f"rattus:g:{table.game_id}:lobby:join",
        ):
            clicked = await forged_click(fake, mod, lobby, custom_id)
            assert text_of(await clicked.wait_reply()) == f"There is no game #{table.game_id}."

        after = await table.record()
        assert (after.status, after.version) == (before.status, before.version)
        assert await client.service.channels.spectator_channels(table.game_id) == []
        assert [m["id"] for m in fake.messages(elsewhere)] == [lobby["id"]]
        assert fake.unhandled == []


async def test_forged_and_out_of_range_ids_are_unknown_games(world: World, tmp_path: Any) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        before = await table.record()
        message = table.table_message()
        version, game = before.version, table.game_id
        for custom_id, values in (
            (f"cartus:g:{game}:v:{version}:place", None),
            (f"cartus:g:{game}:lobby:leave", None),
            (f"cartus:g:{game}:v:{version}:place:s0", ["place:gallia"]),
            (f"rattus:g:{HUGE}:v:{version}:place", None),
            (f"rattus:g:{HUGE}:lobby:join", None),
            (f"rattus:g:{HUGE}:v:{version}:place:p{HUGE}", None),
            (f"rattus:g:{HUGE}:v:{version}:place:s{HUGE}", ["place:gallia"]),
        ):
            clicked = await forged_click(fake, world.anna, message, custom_id, values)
            reply = await clicked.wait_reply()
            assert clicked.ephemeral, custom_id
            unknown = "There is no game #"
            assert text_of(reply).startswith(unknown), (custom_id, text_of(reply))
        for custom_id in (
            f"rattus:g:{game}:v:{HUGE}:place",
            f"rattus:g:{game}:v:{version}:place:p{HUGE}",
        ):
            clicked = await forged_click(fake, world.anna, message, custom_id)
            assert "Something went wrong" not in text_of(await clicked.wait_reply())

        for command, options in (
            ("abandon", {"game": HUGE}),
            ("spectate", {"game": HUGE}),
            ("join", {"game": HUGE}),
            ("leave", {"game": HUGE}),
            ("start", {"game": HUGE}),
            ("hand", {"game": HUGE}),
            ("log", {"game": HUGE}),
            ("board", {"game": HUGE}),
            ("status", {"game": HUGE}),
            ("play", {"game": HUGE, "action": "done"}),
        ):
            answer = await fake.slash(world.anna, world.channel, "rattus", command, options=options)
            assert text_of(await answer.wait_reply()) == f"There is no game #{HUGE}.", command
        choices = await fake.autocomplete(
            world.anna,
            world.channel,
            "rattus",
            "play",
            focused="action",
            value="",
            options={"game": HUGE},
        )
        assert isinstance(choices, list)

        after = await table.record()
        assert (after.status, after.version) == (before.status, before.version)
        assert controls_of(fake.message(message)) == controls_of(message)
