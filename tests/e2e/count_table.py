"""The tests' counting game on Discord (tests/host/counting_game.py): its presenter and its
``/count`` command group, hosted with ``cogs.runtime.games.host`` like a game of its own package.

Nothing here is shared code: the table, buttons, lobby, seats, clocks and computer seats are
the bot's own, and read only the shared header of the views."""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from PIL import Image, ImageDraw

import lang
from cogs.commands.shared import GameCommands
from cogs.runtime.client import GameBot
from cogs.runtime.games import HostedGame
from cogs.table.presenters import Presenter, View, player_name
from tests.host.counting_game import CountingKind


def picture(view: View, language: str) -> bytes:
    """The total as a small picture (numbers only: the same in every ``language``)."""
    image = Image.new("RGB", (240, 60), "white")
    ImageDraw.Draw(image).text((10, 20), f"{view['total']} of {view['target']}", fill="black")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def players_lines(view: View, tr: lang.Texts) -> list[str]:
    return [f"{player_name(view, p['seat'])}: added {p['adds']}" for p in view["players"]]


def secret_lines(view: View, tr: lang.Texts) -> list[str]:
    secret = view.get("secret")
    return [] if secret is None else [f"Your secret number: {secret}"]


def outcome_lines(view: View, tr: lang.Texts) -> list[str]:
    return [f"{player_name(view, seat)} reached {view['target']}." for seat in view["winners"]]


COUNT = Presenter(
    kind="count",
    title="Counting game",
    colour=0x4477AA,
    render=picture,
    stage_line=lambda view, tr: f"The total is {view['total']} of {view['target']}.",
    players_lines=players_lines,
    extra_fields=lambda view, tr: [],
    secret_lines=secret_lines,
    outcome_lines=outcome_lines,
    group_titles={"add": "Add", "done": "Done"},
    quiet_groups=frozenset({"done"}),
)


class CountCog(GameCommands, group_name="count", group_description="The tests' counting game"):
    kind = "count"

    @app_commands.command(name="new", description="Open a counting game lobby in this channel")
    @app_commands.describe(target="The total that wins", timer="How long each decision may take")
    async def new(
        self,
        interaction: discord.Interaction[Any],
        target: app_commands.Range[int, 1, 100] = 10,
        timer: str | None = None,
    ) -> None:
        await self.open_lobby(interaction, {"target": target, "seat_order": "joined"}, timer)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(CountCog(bot))


HOSTED = HostedGame(CountingKind(), COUNT, __name__)
