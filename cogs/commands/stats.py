"""``/<kind> stats`` and ``/<kind> leaderboard``: statistics and ratings on Discord.

The commands are a mixin of every kind's command group (``GameCommands``); the service side
is ``host/stats.py``. In a server both answer about that server's games; from direct messages
``stats`` answers about your own games everywhere. ``leaderboard scope:all`` ranks players of
every server, naming only people who chose ``/<kind> stats share:on``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.utils import escape_markdown

import lang
from cogs.commands.base import GameCommandBase
from cogs.commands.server import ask_to_forget
from cogs.table.embeds import clip, lines_block
from cogs.table.languages import FOLLOW_DISCORD, language_choices, reader_language
from cogs.table.replies import reply
from host import stats as host_stats
from host.errors import UserError
from host.kinds import GameKind
from host.rating import shown
from host.service import GameService
from host.stats_tables import Standing

if TYPE_CHECKING:
    pass

POOL_TITLES = {host_stats.PEOPLE: "Among people", host_stats.COMPUTERS: "With computer players"}
COLOUR = 0x6B4F2A


def rating_text(standing: Standing | None) -> str:
    if standing is None:
        return "not rated yet"
    games = f"{standing.games} rated game{'s' if standing.games != 1 else ''}"
    return f"rating **{standing.rating.shown:.1f}** ({games})"


def tally_line(title: str, tally: host_stats.Tally) -> str:
    parts = [f"{tally.played} played", f"{tally.won} won"]
    if tally.left:
        parts.append(f"{tally.left} left")
    if tally.average is not None:
        parts.append(f"average score {tally.average:.1f}")
    return f"{title}: " + ", ".join(parts)


def favourites_text(kind: GameKind, favourites: list[tuple[str, int]]) -> str:
    return ", ".join(f"{kind.card_title(card)} ({n})" for card, n in favourites) or "none yet"


def player_embed(
    kind: GameKind, name: str, found: host_stats.PlayerStats, *, everywhere: bool
) -> discord.Embed:
    where = "in every server" if everywhere else "in this server"
    embed = discord.Embed(title=f"{kind.title} stats: {clip(name, 200)}", colour=COLOUR)
    if not found.played:
        embed.description = f"No {kind.title} games {where} yet."
        return embed
    won = sum(t.won for t in found.tallies.values())
    left = sum(t.left for t in found.tallies.values())
    embed.description = (
        f"{found.played} game{'s' if found.played != 1 else ''} {where}: {won} won"
        + (f", {left} left before the end (counted as lost)" if left else "")
        + "."
    )
    for pool, title in POOL_TITLES.items():
        lines = [
            tally_line(kind.variant_title(variant), tally)
            for (p, variant), tally in sorted(found.tallies.items())
            if p == pool
        ]
        if lines or found.ratings.get(pool) is not None:
            lines.append(rating_text(found.ratings.get(pool)).capitalize())
            embed.add_field(name=title, value=lines_block(lines), inline=False)
    embed.add_field(
        name="Favourite class cards",
        value=favourites_text(kind, found.favourites),
        inline=False,
    )
    return embed


def server_field(kind: GameKind, server: host_stats.ServerStats) -> tuple[str, str]:
    games = server.finished + server.abandoned
    text = (
        f"{games} game{'s' if games != 1 else ''} by {server.players} "
        f"player{'s' if server.players != 1 else ''} ({server.abandoned} abandoned)"
    )
    variants: dict[str, int] = {}
    for (_, variant), n in server.games.items():
        variants[kind.variant_title(variant)] = variants.get(kind.variant_title(variant), 0) + n
    most = sorted(variants.items(), key=lambda item: (-item[1], item[0]))
    lines = [text, ", ".join(f"{title}: {n}" for title, n in most)]
    lines.append("Favourite class cards: " + favourites_text(kind, server.favourites))
    return "This server", lines_block(lines)


def board_lines(board: list[Standing]) -> list[str]:
    return [
        f"{place}. {escape_markdown(clip(s.name, 60))}: **{s.rating.shown:.1f}** "
        f"({s.games} game{'s' if s.games != 1 else ''})"
        for place, s in enumerate(board, start=1)
    ]


def signed(change: float) -> str:
    return f"{'+' if change >= 0 else '−'}{abs(change):.1f}"


async def add_rating_changes(service: GameService, game_id: int, embed: discord.Embed) -> None:
    """The end-of-game message's line per player: their rating in this server and how much
    this game moved it (nothing for a game that was not rated)."""
    changes = await host_stats.rating_changes(service, game_id)
    if not changes:
        return
    lines = [
        f"{escape_markdown(clip(x.name, 60))}: {shown(after):.1f} "
        f"({signed(shown(after) - shown(before))})" + (" · left" if x.left else "")
        for x, before, after in changes
    ]
    embed.add_field(name="Ratings", value=lines_block(lines), inline=False)


class StatsCommands(GameCommandBase):
    """The stats and leaderboard commands of a kind's command group."""

    stats = app_commands.Group(
        name="stats", description="Statistics, leaderboards, your language and data"
    )

    @stats.command(name="language", description="The language I use with you")
    @app_commands.describe(language="Yours, or follow your Discord app")
    @app_commands.choices(language=language_choices(("Discord's", FOLLOW_DISCORD)))
    async def language(self, interaction: discord.Interaction[Any], language: str) -> None:
        chosen = None if language == FOLLOW_DISCORD else language
        await self.bot.service.set_user_language(interaction.user.id, chosen)
        tr = lang.texts(await reader_language(interaction))
        if chosen is None:
            text = tr("I now speak to you in your Discord app's language, where I know it.")
        else:
            text = tr("I now speak to you in {language}.", language=lang.languages()[chosen])
        await reply(interaction, text)

    @stats.command(name="forget-me", description="Delete your stats and data")
    async def forget_me(self, interaction: discord.Interaction[Any]) -> None:
        await ask_to_forget(interaction)

    @stats.command(name="player", description="Games played and won, ratings, favourites")
    @app_commands.describe(player="Whose stats (default: yours)")
    async def player_stats(
        self, interaction: discord.Interaction[Any], player: discord.User | None = None
    ) -> None:
        service = self.bot.service
        kind = service.kind(self.kind)
        who = player or interaction.user
        everywhere = interaction.guild_id is None
        if everywhere and who.id != interaction.user.id:
            raise UserError("In direct messages you can see only your own stats.")
        await interaction.response.defer(thinking=True)
        found = await host_stats.player_stats(
            service, kind=self.kind, user_id=who.id, guild_id=interaction.guild_id
        )
        embed = player_embed(kind, who.display_name, found, everywhere=everywhere)
        if interaction.guild_id is not None:
            server = await host_stats.server_stats(
                service, kind=self.kind, guild_id=interaction.guild_id
            )
            name, value = server_field(kind, server)
            embed.add_field(name=name, value=value, inline=False)
        if who.id == interaction.user.id:
            shared = await service.store.stats.sharing(who.id)
            embed.set_footer(
                text=f"Across servers you are {'shown' if shared else 'not shown'}: "
                f"/{self.kind} stats share setting:{'off' if shared else 'on'} changes that."
            )
        await reply(interaction, embed=embed, ephemeral=False)

    @stats.command(name="share", description="Show your name on leaderboards across servers")
    @app_commands.describe(setting="on: shown across servers; off: not")
    async def share(
        self, interaction: discord.Interaction[Any], setting: Literal["on", "off"]
    ) -> None:
        await self.bot.service.store.stats.set_sharing(interaction.user.id, setting == "on")
        await reply(
            interaction,
            f"Your name and rating now show on `/{self.kind} stats leaderboard scope:all` in "
            "every server."
            if setting == "on"
            else "Your name now shows only on the leaderboards of servers you play in.",
        )

    @stats.command(name="leaderboard", description="The best ratings, here or everywhere")
    @app_commands.describe(
        scope="This server, or all who share their stats",
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        scope: Literal["server", "all"] = "server",
    ) -> None:
        service = self.bot.service
        kind = service.kind(self.kind)
        everywhere = scope == "all" or interaction.guild_id is None
        await interaction.response.defer(thinking=True)
        where = "every server" if everywhere else "this server"
        embed = discord.Embed(title=f"{kind.title} leaderboard: {where}", colour=COLOUR)
        for pool, title in POOL_TITLES.items():
            board = await host_stats.leaderboard(
                service,
                kind=self.kind,
                guild_id=None if everywhere else interaction.guild_id,
                pool=pool,
            )
            value = lines_block(board_lines(board)) if board else "No rated games yet."
            embed.add_field(name=title, value=value, inline=False)
        embed.set_footer(
            text="Rating: the skill the bot is sure of (mean less three spreads, Weng-Lin "
            "Plackett-Luce); it grows with games."
            + (
                f" Only players who chose /{self.kind} stats share setting:on."
                if everywhere
                else ""
            )
        )
        await reply(interaction, embed=embed, ephemeral=False)
