"""Who plays a seat, through Discord: kick, resign, join a left seat, a stand-in and back."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from cogs.commands.seats import show_seat_change
from engine.text import english
from host import computers, replays, seats
from render.rattus.board import rattus_board
from tests.e2e.conftest import World
from tests.e2e.seeded import play_seeded
from tests.e2e.table import controls_of, make_bot, past_placement, text_of
from tests.e2e.test_cartus import channel_text, open_cartus
from tests.e2e.test_full_game import open_game
from tests.fakediscord import ADMIN_PERMISSIONS


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computers, "SIMULATIONS", 3)


async def answer(result: Any) -> str:
    return text_of(await result.wait_reply())


def mentioned(fake: Any, channel: Any, user: Any, after: int) -> list[str]:
    """The texts of the channel messages after the first ``after`` that mention the user."""
    return [
        text_of(m)
        for m in fake.messages(channel)[after:]
        if any(int(u["id"]) == user.id for u in m.get("mentions") or [])
    ]


async def test_a_kicked_player_is_replaced_by_a_computer_and_the_game_finishes(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        following = await fake.slash(
            world.dave, world.other_channel, "rattus", "spectate", options={"game": table.game_id}
        )
        await following.wait_reply()
        for _ in range(4):
            await table.step()

        choices = await fake.autocomplete(
            world.anna, world.channel, "rattus", "seat", "kick", focused="player", value=""
        )
        assert [c["name"] for c in choices] == ["Anna", "Ben", "Cleo"]
        assert choices[1]["value"] == str(world.ben.id)
        before = await table.record()
        refused = [
            (world.cleo, {"player": str(world.ben.id)}, "Only the host, Anna, or someone"),
            (world.anna, {"player": str(world.anna.id)}, "/rattus seat resign"),
            (world.anna, {"player": "Zed"}, "There is no player 'Zed'"),
        ]
        for user, options, why in refused:
            result = await fake.slash(
                user, world.channel, "rattus", "seat", "kick", options=options
            )
            assert why in await answer(result)
            assert result.ephemeral
        after = await table.record()
        assert (after.seats, after.version) == (before.seats, before.version)

        dms_before = len(fake.dms(world.ben))
        kicked = await fake.slash(
            world.anna,
            world.channel,
            "rattus",
            "seat",
            "kick",
            options={"player": str(world.ben.id)},
        )
        said = "Ben was removed from the game; a computer player (easy) plays their seat"
        assert said in await answer(kicked)
        await fake.wait_for(lambda: any(said in text_of(m) for m in fake.messages(world.channel)))
        # The action log shows it among the latest actions.
        shown = await fake.slash(world.cleo, world.channel, "rattus", "log", options={"count": 3})
        assert "Ben was removed from the game" in await answer(shown)
        hand = await fake.slash(world.ben, world.channel, "rattus", "hand")
        assert "You are not in this game" in await answer(hand)
        again = await fake.slash(
            world.anna, world.channel, "rattus", "seat", "kick", options={"player": "Ben"}
        )
        assert "has left: there is nobody to remove" in await answer(again)
        # A kicked person can't take their seat back by joining.
        rejoin = await fake.slash(world.ben, world.channel, "rattus", "join")
        assert "You were removed from game" in await answer(rejoin)

        del table.users[world.ben.id]
        await table.play_until(table.is_over)
        final = await table.record()
        assert final.status == "finished"
        assert "Final scores" in text_of(fake.last_message(world.channel))
        ben_seat = next(s.seat for s in final.seats if s.left_user_id == world.ben.id)
        log = await client.service.action_log(final.id, limit=5000)
        assert any(e.seat == ben_seat and e.user_id is None for e in log)
        # The computer got no DMs; Ben got none once he was out.
        assert len(fake.dms(world.ben)) == dms_before
        # The spectators' channel followed to the end, without buttons.
        watched = fake.messages(world.other_channel)
        assert watched and all(not controls_of(m) for m in watched)
        assert "Final scores" in text_of(watched[-1])
        assert fake.rejected == [] and fake.unhandled == []


async def test_a_stand_in_a_resignation_a_newcomer_and_coming_back(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        for _ in range(3):
            await table.step()
        record = await table.record()
        cleo_seat = record.seat_of(world.cleo.id)

        # The clocks hand Cleo's seat to a computer after missed deadlines.
        async with client.tables.lock(record.id):
            change = await seats.hand_to_computer(
                client.service, record.id, cleo_seat, "easy", "missed"
            )
            await show_seat_change(client.tables, change)
        await client.tables.send_secrets(change.update)
        said = "Cleo's seat is played by a computer player (easy) until Cleo is back"
        assert any(said in text_of(m) for m in fake.messages(world.channel))
        seen = len(fake.messages(world.channel))
        users = dict(table.users)
        del table.users[world.cleo.id]
        for _ in range(6):
            await table.step()
        # The computer played Cleo's seat: nobody asked Cleo to move; her secrets stay hers.
        log = await client.service.action_log(record.id, limit=5000)
        assert any(e.seat == cleo_seat and e.user_id is None for e in log)
        assert mentioned(fake, world.channel, world.cleo, seen) == []
        hand = await fake.slash(world.cleo, world.channel, "rattus", "hand")
        assert "You are not in this game" not in await answer(hand)

        refused = await fake.slash(world.dave, world.channel, "rattus", "seat", "back")
        assert "You are not in this game" in await answer(refused)
        back = await fake.slash(world.cleo, world.channel, "rattus", "seat", "back")
        assert "Welcome back" in await answer(back)
        await fake.wait_for(
            lambda: any(
                "Cleo is back and plays their own seat again." in text_of(m)
                for m in fake.messages(world.channel)
            )
        )
        twice = await fake.slash(world.cleo, world.channel, "rattus", "seat", "back")
        assert "You play your own seat" in await answer(twice)
        table.users = users

        # Ben hands his seat over, open: the game waits for a newcomer, who takes it.
        resigned = await fake.slash(
            world.ben, world.channel, "rattus", "seat", "resign", options={"level": "open"}
        )
        assert "Ben has left the game; their seat is open" in await answer(resigned)
        del table.users[world.ben.id]
        seen = len(fake.messages(world.channel))
        joined = await fake.slash(world.dave, world.channel, "rattus", "join")
        assert "You joined game" in await answer(joined)
        await fake.wait_for(
            lambda: any(
                "Dave takes over Ben's seat." in text_of(m) for m in fake.messages(world.channel)
            )
        )
        now = await table.record()
        assert now.seat_of(world.dave.id) is not None and now.seat_of(world.ben.id) is None
        table.users[world.dave.id] = world.dave
        full = await fake.slash(world.admin, world.channel, "rattus", "join")
        assert "no free seat" in await answer(full)
        # Dave plays his seat; when it is his move he is told like anyone.
        dave_seat = now.seat_of(world.dave.id)
        for _ in range(40):
            record = await table.record()
            if record.status != "running" or dave_seat in record.game.actors():
                break
            await table.step()
        if dave_seat in record.game.actors():
            await fake.wait_for(lambda: mentioned(fake, world.channel, world.dave, seen))
            await table.step()
        log = await client.service.action_log(record.id, limit=5000)
        assert any(e.user_id == world.dave.id for e in log)
        assert fake.rejected == [] and fake.unhandled == []


async def test_cartus_a_stand_in_keeps_secrets_private_and_a_moderator_may_kick(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    moderator = fake.add_user("Mod", permissions=ADMIN_PERMISSIONS)
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_cartus(world, client)
        record = await table.record()
        await fake.wait_for(lambda: len(fake.dms(world.anna)) == 1)
        seen = len(fake.messages(world.channel))

        # A computer stands in for Anna. What it draws for her is hers alone to see: by DM
        # to her, never in the channel; and nobody asks her to move meanwhile.
        async with client.tables.lock(record.id):
            change = await seats.hand_to_computer(client.service, record.id, 0, "easy", "missed")
            await show_seat_change(client.tables, change)
        await client.tables.send_secrets(change.update)
        for _ in range(30):
            if [d for d in fake.dms(world.anna)[1:] if "You drew" in text_of(d)]:
                break
            await table.step()
        drew = [text_of(d) for d in fake.dms(world.anna)[1:] if "You drew" in text_of(d)]
        assert drew, "the computer never drew for Anna"
        log = await client.service.action_log(record.id, limit=500)
        assert any(e.seat == 0 and e.user_id is None for e in log)
        assert "You drew" not in channel_text(fake, world)
        assert mentioned(fake, world.channel, world.anna, seen) == []
        back = await fake.slash(world.anna, world.channel, "cartus", "seat", "back")
        assert "Welcome back" in await answer(back)

        refused = await fake.slash(
            world.ben,
            world.channel,
            "cartus",
            "seat",
            "kick",
            options={"player": str(world.cleo.id)},
        )
        assert "Only the host, Anna, or someone" in await answer(refused)
        kicked = await fake.slash(
            moderator,
            world.channel,
            "cartus",
            "seat",
            "kick",
            options={"player": str(world.cleo.id), "level": "strong"},
        )
        assert "Cleo was removed from the game" in await answer(kicked)
        after = await client.service.get(record.id)
        cleo = next(s for s in after.seats if s.left_user_id == world.cleo.id)
        assert (cleo.level, cleo.stand_in) == ("strong", "kicked")
        assert fake.rejected == [] and fake.unhandled == []


async def test_a_moderator_of_another_server_cannot_kick_there(world: World, tmp_path: Any) -> None:
    fake = world.fake
    elsewhere = fake.add_text_channel(fake.add_guild("Elsewhere"), "lounge")
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild, global_commands=True)
    async with fake.running(client):
        table = await open_game(world, client)
        before = await table.record()
        for user, command, options in (
            (world.admin, "kick", {"game": table.game_id, "player": str(world.ben.id)}),
            (world.ben, "resign", {"game": table.game_id}),
            (world.ben, "back", {"game": table.game_id}),
        ):
            result = await fake.slash(user, elsewhere, "rattus", "seat", command, options=options)
            assert f"There is no game #{table.game_id}." in await answer(result)
        choices = await fake.autocomplete(
            world.admin,
            elsewhere,
            "rattus",
            "seat",
            "kick",
            focused="player",
            value="",
            options={"game": table.game_id},
        )
        assert choices == []
        after = await table.record()
        assert (after.seats, after.version) == (before.seats, before.version)
        assert await seats.seat_log(client.service, table.game_id) == []
        assert fake.rejected == [] and fake.unhandled == []


async def test_after_a_seat_changes_hands_texts_keep_who_played_and_undo_keeps_their_moves(
    world: World, tmp_path: Any
) -> None:
    """Ben plays, then hands his seat over and Dave takes it: the table still says Ben for
    what Ben did, its call to act mentions Dave alone, and Dave cannot take back Ben's move."""
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        await past_placement(table)
        ben = (await table.record()).seat_of(world.ben.id)

        def bens_turn(record: Any) -> bool:
            game = record.game
            return game.actors()[:1] == [ben] and any(
                a.notation.startswith("take:") for a in game.legal_actions(ben)
            )

        record = await play_seeded(client, table.game_id, 11, bens_turn)
        take = next(a for a in record.game.legal_actions(ben) if a.notation.startswith("take:"))
        await client.tables.act(table.game_id, world.ben.id, take.notation, version=None)
        played = (await client.service.store.actions(table.game_id))[-1]
        assert played.user_id == world.ben.id and played.public_text
        assert "Ben" in english(played.public_text)
        history = await replays.rebuild(client.service, await table.record())
        assert history.undo_refusal(ben) is None  # Ben himself could take it back
        assert f"<@{world.ben.id}>" in (table.table_message().get("content") or "")

        resigned = await fake.slash(
            world.ben, world.channel, "rattus", "seat", "resign", options={"level": "open"}
        )
        assert "Ben has left the game" in await answer(resigned)
        joined = await fake.slash(world.dave, world.channel, "rattus", "join")
        assert "You joined game" in await answer(joined)
        await fake.wait_for(
            lambda: f"<@{world.dave.id}>" in (table.table_message().get("content") or ""),
            what="the table calling Dave to act",
        )
        shown = table.table_message()
        assert f"<@{world.ben.id}>" not in (shown.get("content") or "")
        assert [int(u["id"]) for u in shown.get("mentions") or []] == [world.dave.id]
        text = text_of(shown)
        # The picture names the seat's new holder: drawn anew, not kept from Ben's turn.
        assert fake.attachments(shown)[0] == rattus_board((await table.record()).view())
        line = discord.utils.escape_markdown(english(played.public_text))
        assert line in text
        assert line.replace("Ben", "Dave") not in text

        before = await table.record()
        refused = await fake.slash(world.dave, world.channel, "rattus", "undo")
        assert "played by Ben, who held this seat before you" in await answer(refused)
        after = await table.record()
        assert after.version == before.version
        assert after.game.to_dict() == before.game.to_dict()
        assert fake.rejected == [] and fake.unhandled == []
