"""The fake Discord works with the real discord.py client: a tiny bot defined here runs against
it, and the tests drive it as fake users."""

from __future__ import annotations

import io
import re
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.fakediscord import FakeDiscord, FakeDiscordError
from tests.fakediscord.validate import command_problems, message_problems

ACTIONS = ["place:gallia", "place:italia", "plague:gallia", "take:witch", "done"]


def board_png(size: int = 32) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (size, size * 2), "olive").save(buffer, format="PNG")
    return buffer.getvalue()


class CountButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"count:(?P<n>\d+)"):
    """Edits its message to count one up, then offers an ephemeral select."""

    def __init__(self, count: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {count}", custom_id=f"count:{count}"))
        self.count = count

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> CountButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CountButton(self.count + 1))
        await interaction.response.edit_message(content=f"count {self.count + 1}", view=view)
        await interaction.followup.send("Pick one", view=PickView(), ephemeral=True)


class PickView(discord.ui.View):
    @discord.ui.select(
        custom_id="pick",
        options=[discord.SelectOption(label=a, value=a) for a in ACTIONS],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}", view=None)


class RenameModal(discord.ui.Modal, title="Rename the table"):
    name: discord.ui.TextInput[RenameModal] = discord.ui.TextInput(
        label="New name", custom_id="name"
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"renamed to {self.name.value}", ephemeral=True)


class Demo(app_commands.Group):
    admin = app_commands.Group(name="admin", description="Table upkeep")

    @app_commands.command(description="Start a demo table")
    async def start(
        self, interaction: discord.Interaction, title: str, count: app_commands.Range[int, 0, 9] = 0
    ) -> None:
        embed = discord.Embed(title=title).set_image(url="attachment://board.png")
        view = discord.ui.View(timeout=None)
        view.add_item(CountButton(count))
        board = discord.File(io.BytesIO(board_png()), filename="board.png")
        await interaction.response.send_message(embed=embed, file=board, view=view)

    @admin.command(description="Answer after thinking")
    async def ping(self, interaction: discord.Interaction, secret: bool = False) -> None:
        await interaction.response.defer(ephemeral=secret, thinking=True)
        await interaction.followup.send("pong")

    @app_commands.command(description="Send someone a DM")
    async def whisper(self, interaction: discord.Interaction, user: discord.User) -> None:
        try:
            await user.send(f"psst from {interaction.user.display_name}")
        except discord.Forbidden as error:
            await interaction.response.send_message(f"closed {error.code}", ephemeral=True)
        else:
            await interaction.response.send_message("sent", ephemeral=True)

    @app_commands.command(description="Rename the table")
    async def rename(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(RenameModal())

    @app_commands.command(description="Where am I")
    async def where(self, interaction: discord.Interaction) -> None:
        place = "a DM" if interaction.guild is None else f"#{interaction.channel}"
        await interaction.response.send_message(f"{interaction.user.mention} in {place}")

    @app_commands.command(description="Play one action")
    async def play(self, interaction: discord.Interaction, action: str) -> None:
        await interaction.response.send_message(f"played {action}")

    @play.autocomplete("action")
    async def play_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=a, value=a) for a in ACTIONS if a.startswith(current)]


class DemoBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())

    async def setup_hook(self) -> None:
        self.tree.add_command(Demo(name="demo", description="A demo table"))
        self.add_dynamic_items(CountButton)
        await self.tree.sync()


@pytest.fixture
def world(fake_discord: FakeDiscord) -> dict[str, Any]:
    guild = fake_discord.add_guild("Rat Lovers")
    return {
        "guild": guild,
        "channel": fake_discord.add_text_channel(guild, "plague"),
        "alice": fake_discord.add_user("Alice"),
        "bob": fake_discord.add_user("Bob"),
    }


async def test_slash_subcommand_replies_with_embed_file_and_button(
    fake_discord: FakeDiscord, world: dict[str, Any]
) -> None:
    async with fake_discord.running(DemoBot()):
        result = await fake_discord.slash(
            world["alice"], world["channel"], "demo", "start", options={"title": "Europe"}
        )
        reply = await result.wait_reply()
    assert not result.ephemeral
    assert reply["embeds"][0]["title"] == "Europe"
    image_url = reply["embeds"][0]["image"]["url"]
    assert image_url == reply["attachments"][0]["url"]
    assert reply["attachments"][0]["filename"] == "board.png"
    assert reply["attachments"][0]["width"] == 32
    assert fake_discord.attachments(reply) == [board_png()]
    assert [b["custom_id"] for b in fake_discord.buttons(reply)] == ["count:0"]
    assert fake_discord.messages(world["channel"]) == [reply]
    assert reply["interaction_metadata"]["user"]["id"] == str(world["alice"].id)
    assert fake_discord.unhandled == []
    assert fake_discord.rejected == []


async def test_synced_payload_and_option_checks(
    fake_discord: FakeDiscord, world: dict[str, Any]
) -> None:
    async with fake_discord.running(DemoBot()):
        (demo,) = fake_discord.commands()
        names = {option["name"]: option["type"] for option in demo["options"]}
        assert names == {"admin": 2, "start": 1, "whisper": 1, "play": 1, "rename": 1, "where": 1}
        alice, channel = world["alice"], world["channel"]
        with pytest.raises(FakeDiscordError, match="at most 9"):
            await fake_discord.slash(
                alice, channel, "demo", "start", options={"title": "x", "count": 10}
            )
        with pytest.raises(FakeDiscordError, match="required"):
            await fake_discord.slash(alice, channel, "demo", "start")
        with pytest.raises(FakeDiscordError, match="no subcommand"):
            await fake_discord.slash(alice, channel, "demo", "stop")


async def test_button_edits_message_and_ephemeral_select_is_private(
    fake_discord: FakeDiscord, world: dict[str, Any]
) -> None:
    alice, bob, channel = world["alice"], world["bob"], world["channel"]
    async with fake_discord.running(DemoBot()):
        start = await fake_discord.slash(alice, channel, "demo", "start", options={"title": "T"})
        table = await start.wait_reply()
        click = await fake_discord.click(bob, table, "count:0")
        (prompt,) = await click.wait_followups(1)
        assert click.response_type == 7
        assert fake_discord.message(table)["content"] == "count 1"
        assert [b["label"] for b in fake_discord.buttons(table)] == ["Count 1"]
        assert prompt["flags"] & 64
        assert fake_discord.ephemerals(bob) == [prompt]
        assert fake_discord.messages(channel) == [fake_discord.message(table)]
        with pytest.raises(FakeDiscordError, match="ephemeral"):
            await fake_discord.select(alice, prompt, "pick", ["done"])
        with pytest.raises(FakeDiscordError, match="not among"):
            await fake_discord.select(bob, prompt, "pick", ["steal:cheese"])
        pick = await fake_discord.select(bob, prompt, "pick", ["take:witch"])
        picked = await pick.wait_reply()
    assert picked["content"] == "picked take:witch"
    assert picked["components"] == []
    assert picked["id"] == prompt["id"]


async def test_deferred_then_followup_fills_the_thinking_message(
    fake_discord: FakeDiscord, world: dict[str, Any]
) -> None:
    alice, channel = world["alice"], world["channel"]
    async with fake_discord.running(DemoBot()):
        public = await fake_discord.slash(alice, channel, "demo", "admin", "ping")
        secret = await fake_discord.slash(
            alice, channel, "demo", "admin", "ping", options={"secret": True}
        )
        assert (await public.wait_reply())["content"] == "pong"
        assert (await secret.wait_reply())["content"] == "pong"
    assert public.deferred and not public.ephemeral
    assert secret.deferred and secret.ephemeral
    assert [m["content"] for m in fake_discord.messages(channel)] == ["pong"]
    assert [m["content"] for m in fake_discord.ephemerals(alice)] == ["pong"]


async def test_dm_to_closed_user_raises_forbidden_50007(
    fake_discord: FakeDiscord, world: dict[str, Any]
) -> None:
    alice, bob, channel = world["alice"], world["bob"], world["channel"]
    fake_discord.close_dms(bob)
    async with fake_discord.running(DemoBot()):
        to_bob = await fake_discord.slash(alice, channel, "demo", "whisper", options={"user": bob})
        to_alice = await fake_discord.slash(
            bob, channel, "demo", "whisper", options={"user": alice}
        )
        assert (await to_bob.wait_reply())["content"] == "closed 50007"
        assert (await to_alice.wait_reply())["content"] == "sent"
    assert fake_discord.dms(bob) == []
    assert [m["content"] for m in fake_discord.dms(alice)] == ["psst from Bob"]
    assert [r.body["code"] for r in fake_discord.rejected] == [50007]


async def test_autocomplete_returns_the_bots_choices(
    fake_discord: FakeDiscord, world: dict[str, Any]
) -> None:
    async with fake_discord.running(DemoBot()):
        choices = await fake_discord.autocomplete(
            world["alice"], world["channel"], "demo", "play", focused="action", value="pl"
        )
        played = await fake_discord.slash(
            world["alice"],
            world["channel"],
            "demo",
            "play",
            options={"action": choices[0]["value"]},
        )
        reply = await played.wait_reply()
    assert [c["value"] for c in choices] == ["place:gallia", "place:italia", "plague:gallia"]
    assert reply["content"] == "played place:gallia"


async def test_old_button_works_after_a_restart(
    fake_discord: FakeDiscord, world: dict[str, Any]
) -> None:
    alice, channel = world["alice"], world["channel"]
    async with fake_discord.running(DemoBot()):
        start = await fake_discord.slash(alice, channel, "demo", "start", options={"title": "T"})
        table = await start.wait_reply()
    assert not fake_discord.connected
    async with fake_discord.running(DemoBot()):
        click = await fake_discord.click(alice, table, label="Count 0")
        await click.wait_reply()
    assert fake_discord.gateway.identify_count == 2
    assert fake_discord.message(table)["content"] == "count 1"


async def test_resume_after_a_dropped_connection_replays_missed_events(
    fake_discord: FakeDiscord, world: dict[str, Any]
) -> None:
    bot = DemoBot()
    async with fake_discord.running(bot):
        await fake_discord.drop_connection(4000)
        late = fake_discord.add_text_channel(world["guild"], "late")
        # discord.py waits a random back-off (up to several seconds) before it resumes
        await fake_discord.wait_for(lambda: fake_discord.gateway.resume_count == 1, timeout=60)
        assert await fake_discord.wait_for(lambda: bot.get_channel(late.id))
        played = await fake_discord.slash(
            world["alice"], late, "demo", "play", options={"action": "done"}
        )
        assert (await played.wait_reply())["content"] == "played done"
    assert fake_discord.gateway.identify_count == 1


async def test_sharded_client_and_wrong_token(fake_discord: FakeDiscord) -> None:
    fake_discord.add_guild("Sharded")
    client = discord.AutoShardedClient(intents=discord.Intents.default())
    async with fake_discord.running(client):
        await fake_discord.wait_for(lambda: client.guilds)
        assert [guild.name for guild in client.guilds] == ["Sharded"]
    stranger = discord.Client(intents=discord.Intents.default())
    with fake_discord.patched(), pytest.raises(discord.LoginFailure):
        await stranger.login("not-the-token")
    await stranger.close()
    assert [r.status for r in fake_discord.rejected] == [401]


async def test_bot_without_send_permission_gets_50013(
    fake_discord: FakeDiscord, world: dict[str, Any]
) -> None:
    channel = world["channel"]
    fake_discord.forbid_bot(channel)
    bot = DemoBot()
    async with fake_discord.running(bot):
        text_channel = await fake_discord.wait_for(lambda: bot.get_channel(channel.id))
        assert isinstance(text_channel, discord.TextChannel)
        with pytest.raises(discord.Forbidden) as refused:
            await text_channel.send("hello")
    assert refused.value.code == 50013
    assert fake_discord.messages(channel) == []


async def test_rest_channel_messages_history_edit_delete_and_unknown_routes(
    fake_discord: FakeDiscord, world: dict[str, Any]
) -> None:
    channel = world["channel"]
    bot = DemoBot()
    async with fake_discord.running(bot):
        text_channel = await fake_discord.wait_for(lambda: bot.get_channel(channel.id))
        assert isinstance(text_channel, discord.TextChannel)
        board = discord.File(io.BytesIO(board_png(8)), filename="board.png")
        sent = await text_channel.send("turn 1", file=board)
        sent = await sent.edit(content="turn 2")
        assert fake_discord.attachments(sent.id) == [board_png(8)]
        replaced = discord.File(io.BytesIO(board_png(4)), filename="board.png")
        sent = await sent.edit(attachments=[replaced])
        assert fake_discord.attachments(sent.id) == [board_png(4)]
        await sent.edit(attachments=[*sent.attachments, discord.File(io.BytesIO(b"log"), "l.txt")])
        assert fake_discord.attachments(sent.id) == [
            board_png(4),
            b"log",
        ]
        fetched = await text_channel.fetch_message(sent.id)
        assert fetched.content == "turn 2"
        assert await fetched.attachments[0].read() == board_png(4)
        history = [m.content async for m in text_channel.history(limit=10)]
        assert history == ["turn 2"]
        with pytest.raises(discord.HTTPException) as too_long:
            await text_channel.send("x" * 2001)
        assert too_long.value.code == 50035
        await sent.delete()
        with pytest.raises(discord.NotFound):
            [pin async for pin in text_channel.pins()]
    assert fake_discord.messages(channel) == []
    assert [(r.method, r.path) for r in fake_discord.unhandled] == [
        ("GET", f"/channels/{channel.id}/messages/pins")
    ]


async def test_dm_thread_and_late_guild_channels(
    fake_discord: FakeDiscord, world: dict[str, Any]
) -> None:
    alice = world["alice"]
    thread = fake_discord.add_thread(world["channel"], "game-1")
    async with fake_discord.running(DemoBot()):
        later = fake_discord.add_text_channel(fake_discord.add_guild("Later"), "late")
        places = [fake_discord.dm_channel(alice), thread, later]
        results = [await fake_discord.slash(alice, place, "demo", "where") for place in places]
        replies = [(await result.wait_reply())["content"] for result in results]
        with pytest.raises(FakeDiscordError, match="another user's DM"):
            await fake_discord.slash(world["bob"], places[0], "demo", "where")
    mention = f"<@{alice.id}>"
    assert replies == [f"{mention} in a DM", f"{mention} in #game-1", f"{mention} in #late"]
    assert [m["content"] for m in fake_discord.dms(alice)] == [replies[0]]
    (in_thread,) = fake_discord.messages(thread)
    assert in_thread["content"] == replies[1]
    assert [user["id"] for user in in_thread["mentions"]] == [str(alice.id)]


async def test_modal_submit(fake_discord: FakeDiscord, world: dict[str, Any]) -> None:
    alice, channel = world["alice"], world["channel"]
    async with fake_discord.running(DemoBot()):
        opened = await fake_discord.slash(alice, channel, "demo", "rename")
        await opened.wait_response()
        assert opened.modal is not None and opened.modal["title"] == "Rename the table"
        submitted = await fake_discord.submit_modal(alice, opened, {"name": "Rat Palace"})
        reply = await submitted.wait_reply()
    assert reply["content"] == "renamed to Rat Palace"
    assert submitted.ephemeral


def test_limits_catch_what_discord_refuses() -> None:
    choices = [{"name": f"c{i}", "value": f"c{i}"} for i in range(26)]
    command = {
        "name": "Rattus",
        "description": "",
        "options": [{"type": 3, "name": "pick", "description": "d", "choices": choices}],
    }
    found = " | ".join(message for _, message in command_problems([command]))
    assert "invalid name 'Rattus'" in found
    assert "description must be 1-100" in found
    assert "26 choices" in found
    rows = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": "a"}]}]
    assert message_problems({"components": rows * 6}, attachment_count=0)
    assert message_problems({}, attachment_count=0) == [((), "Cannot send an empty message")]
    assert message_problems({"content": "ok"}, attachment_count=0) == []


async def test_a_repeated_nonce_gets_the_earlier_message_back(
    fake_discord: FakeDiscord, world: dict[str, Any]
) -> None:
    channel, alice = world["channel"], world["alice"]
    bot = DemoBot()
    async with fake_discord.running(bot):
        text_channel = await fake_discord.wait_for(lambda: bot.get_channel(channel.id))
        assert isinstance(text_channel, discord.TextChannel)
        first = await text_channel.send("your turn", nonce="t.1.2")
        again = await text_channel.send("your turn (sent again)", nonce="t.1.2")
        other = await text_channel.send("your turn", nonce="t.1.3")
        plain = [await text_channel.send("no nonce given") for _ in range(2)]
        user = await bot.fetch_user(alice.id)
        dm = await user.send("a secret", nonce="s.7.7")
        dm_again = await user.send("a secret", nonce="s.7.7")
        await first.delete()
        after_delete = await text_channel.send("your turn", nonce="t.1.2")
        with pytest.raises(discord.HTTPException) as too_long:
            await text_channel.send("x", nonce="n" * 26)
        fake_discord.state.nonce_window = 0.0
        later = await text_channel.send("your turn, minutes later", nonce="t.1.3")
    assert again.id == first.id and again.content == "your turn"
    assert after_delete.id == first.id
    assert other.id != first.id and plain[0].id != plain[1].id
    assert dm_again.id == dm.id and len(fake_discord.dms(alice)) == 1
    assert later.id != other.id
    assert too_long.value.code == 50035
    assert [m["content"] for m in fake_discord.messages(channel)] == [
        "your turn",
        "no nonce given",
        "no nonce given",
        "your turn, minutes later",
    ]
    assert [(r.nonce, r.message_id) for r in fake_discord.repeats] == [
        ("t.1.2", first.id),
        ("s.7.7", dm.id),
        ("t.1.2", first.id),
    ]
