"""``/<kind> stats`` and ``/<kind> leaderboard``: statistics and ratings on Discord.

The commands are a mixin of every kind's command group (``GameCommands``); the service side
is ``host/stats.py``. In a server both answer about that server's games; from direct messages
``stats`` answers about your own games everywhere. ``leaderboard scope:all`` ranks players of
every server, naming only people who chose ``/<kind> stats share:on``.
"""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.utils import escape_markdown

import lang
from cogs.commands.base import GameCommandBase
from cogs.commands.server import ask_to_forget
from cogs.table.embeds import clip, lines_block
from cogs.table.languages import FOLLOW_DISCORD, language_choices, reader_language
from cogs.table.presenters import ENGLISH, said
from cogs.table.replies import reply
from engine.text import N_, as_msg, msg
from host import stats as host_stats
from host.errors import UserError
from host.kinds import GameKind
from host.stats_tables import Standing

POOL_TITLES = {
    host_stats.PEOPLE: N_("Among people"),
    host_stats.COMPUTERS: N_("With computer players"),
}
COLOUR = 0x6B4F2A


def rating_text(standing: Standing | None, tr: lang.Texts = ENGLISH) -> str:
    if standing is None:
        return tr("Not rated yet")
    return tr.plural(
        "Rating **{rating}** ({n} rated game)",
        "Rating **{rating}** ({n} rated games)",
        standing.games,
        rating=tr.decimal(standing.rating.shown),
    )


def tally_line(title: str, tally: host_stats.Tally, tr: lang.Texts = ENGLISH) -> str:
    parts = [tr("{n} played", n=tally.played), tr("{n} won", n=tally.won)]
    if tally.left:
        parts.append(tr("{n} left", n=tally.left))
    if tally.average is not None:
        parts.append(tr("average score {score}", score=tr.decimal(tally.average)))
    return f"{title}: " + ", ".join(parts)


def favourites_text(
    kind: GameKind, favourites: list[tuple[str, int]], tr: lang.Texts = ENGLISH
) -> str:
    shown = ", ".join(f"{tr.say(kind.card_title(card))} ({n})" for card, n in favourites)
    return shown or tr("none yet")


def player_embed(
    kind: GameKind,
    name: str,
    found: host_stats.PlayerStats,
    *,
    everywhere: bool,
    tr: lang.Texts = ENGLISH,
) -> discord.Embed:
    embed = discord.Embed(
        title=tr("{game} stats: {player}", game=kind.spec.title, player=clip(name, 200)),
        colour=COLOUR,
    )
    if not found.played:
        embed.description = (
            tr("No {game} games in every server yet.", game=kind.spec.title)
            if everywhere
            else tr("No {game} games in this server yet.", game=kind.spec.title)
        )
        return embed
    won = sum(t.won for t in found.tallies.values())
    left = sum(t.left for t in found.tallies.values())
    if everywhere:
        played = tr.plural(
            "{n} game in every server: {won} won",
            "{n} games in every server: {won} won",
            found.played,
            won=won,
        )
    else:
        played = tr.plural(
            "{n} game in this server: {won} won",
            "{n} games in this server: {won} won",
            found.played,
            won=won,
        )
    if left:
        embed.description = tr(
            "{played}, {left} left before the end (counted as lost).", played=played, left=left
        )
    else:
        embed.description = tr("{played}.", played=played)
    for pool, title in POOL_TITLES.items():
        lines = [
            tally_line(said(kind.variant_title(variant), tr), tally, tr)
            for (p, variant), tally in sorted(found.tallies.items())
            if p == pool
        ]
        if lines or found.ratings.get(pool) is not None:
            lines.append(rating_text(found.ratings.get(pool), tr))
            embed.add_field(name=tr.say(title), value=lines_block(lines, tr=tr), inline=False)
    embed.add_field(
        name=tr("Favourite class cards"),
        value=favourites_text(kind, found.favourites, tr),
        inline=False,
    )
    return embed


def server_field(
    kind: GameKind, server: host_stats.ServerStats, tr: lang.Texts = ENGLISH
) -> tuple[str, str]:
    games = server.finished + server.abandoned
    text = tr.plural(
        "{n} game by {players} ({abandoned} abandoned)",
        "{n} games by {players} ({abandoned} abandoned)",
        games,
        players=tr.plural("{n} player", "{n} players", server.players),
        abandoned=server.abandoned,
    )
    variants: dict[str, int] = {}
    for (_, variant), n in server.games.items():
        title = said(kind.variant_title(variant), tr)
        variants[title] = variants.get(title, 0) + n
    most = sorted(variants.items(), key=lambda item: (-item[1], item[0]))
    lines = [text, ", ".join(f"{title}: {n}" for title, n in most)]
    favourites = favourites_text(kind, server.favourites, tr)
    lines.append(tr("Favourite class cards: {cards}", cards=favourites))
    return tr("This server"), lines_block(lines, tr=tr)


def board_lines(board: list[Standing], tr: lang.Texts = ENGLISH) -> list[str]:
    names = [escape_markdown(clip(lang.say(as_msg(s.said), tr.language), 60)) for s in board]
    return [
        tr.plural(
            "{place}. {player}: **{rating}** ({n} game)",
            "{place}. {player}: **{rating}** ({n} games)",
            s.games,
            place=place,
            player=name,
            rating=tr.decimal(s.rating.shown),
        )
        for place, (s, name) in enumerate(zip(board, names, strict=True), start=1)
    ]


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
        await self.bot.service.channels.set_user_language(interaction.user.id, chosen)
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
            raise UserError(msg("In direct messages you can see only your own stats."))
        tr = lang.texts(await reader_language(interaction))
        await interaction.response.defer(thinking=True)
        found = await host_stats.player_stats(
            service, kind=self.kind, user_id=who.id, guild_id=interaction.guild_id
        )
        embed = player_embed(kind, who.display_name, found, everywhere=everywhere, tr=tr)
        if interaction.guild_id is not None:
            server = await host_stats.server_stats(
                service, kind=self.kind, guild_id=interaction.guild_id
            )
            name, value = server_field(kind, server, tr)
            embed.add_field(name=name, value=value, inline=False)
        if who.id == interaction.user.id:
            shared = await service.store.stats.sharing(who.id)
            if shared:
                footer = tr(
                    "Across servers you are shown: {command} changes that.",
                    command=f"/{self.kind} stats share setting:off",
                )
            else:
                footer = tr(
                    "Across servers you are not shown: {command} changes that.",
                    command=f"/{self.kind} stats share setting:on",
                )
            embed.set_footer(text=footer)
        await reply(interaction, embed=embed, ephemeral=False)

    @stats.command(name="share", description="Show your name on leaderboards across servers")
    @app_commands.describe(setting="on: shown across servers; off: not")
    async def share(
        self, interaction: discord.Interaction[Any], setting: Literal["on", "off"]
    ) -> None:
        await self.bot.service.store.stats.set_sharing(interaction.user.id, setting == "on")
        tr = lang.texts(await reader_language(interaction))
        await reply(
            interaction,
            tr(
                "Your name and rating now show on {command} in every server.",
                command=f"`/{self.kind} stats leaderboard scope:all`",
            )
            if setting == "on"
            else tr("Your name now shows only on the leaderboards of servers you play in."),
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
        tr = lang.texts(await reader_language(interaction))
        await interaction.response.defer(thinking=True)
        title = (
            tr("{game} leaderboard: every server", game=kind.spec.title)
            if everywhere
            else tr("{game} leaderboard: this server", game=kind.spec.title)
        )
        embed = discord.Embed(title=title, colour=COLOUR)
        for pool, pool_title in POOL_TITLES.items():
            board = await host_stats.leaderboard(
                service,
                kind=self.kind,
                guild_id=None if everywhere else interaction.guild_id,
                pool=pool,
            )
            value = (
                lines_block(board_lines(board, tr), tr=tr) if board else tr("No rated games yet.")
            )
            embed.add_field(name=tr.say(pool_title), value=value, inline=False)
        if everywhere:
            footer = tr(
                "Rating: the skill the bot is sure of (mean less three spreads, Weng-Lin "
                "Plackett-Luce); it grows with games. Only players who chose {command}.",
                command=f"/{self.kind} stats share setting:on",
            )
        else:
            footer = tr(
                "Rating: the skill the bot is sure of (mean less three spreads, Weng-Lin "
                "Plackett-Luce); it grows with games."
            )
        embed.set_footer(text=footer)
        await reply(interaction, embed=embed, ephemeral=False)
