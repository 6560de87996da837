"""What every command class of a game's command group stands on: the bot, its service, and
finding the game a command names. ``GameCommands`` and the seat, clock, history and stats
command classes it is made of all derive from ``GameCommandBase``."""

from __future__ import annotations

from typing import Any, ClassVar

import discord
from discord.ext import commands

from cogs.runtime.client import GameBot
from cogs.table.presenters import Presenter
from engine.text import msg
from host.errors import UserError
from host.models import GameRecord
from host.service import GameService

GAME_HELP = "Default: this channel's game"
"""How every command's ``game`` option is described (Discord counts every character of a
command group against its 4,000, so it is said once, briefly)."""
MAX_LISTED = 10
"""How many of a user's games an "are you in several" answer lists."""


class GameCommandBase(commands.Cog):
    """The bot, the service and the game a command names, for one kind of game."""

    kind: ClassVar[str] = ""
    bot: GameBot

    @property
    def service(self) -> GameService:
        return self.bot.service

    # -- finding the game -------------------------------------------------------------------

    async def resolve(
        self,
        interaction: discord.Interaction[Any],
        game: int | None,
        *,
        anywhere: bool = False,
        ended: bool = False,
        acting: bool = False,
    ) -> GameRecord:
        """The game named, else the open game in this channel; with ``ended`` also the last
        game played here; with ``anywhere`` the user's only running game (with ``acting``,
        the only one where it is their move)."""
        if game is not None:
            record: GameRecord = await self.service.get_for(
                game, guild_id=interaction.guild_id, user_id=interaction.user.id
            )
            if record.kind != self.kind:
                raise UserError(
                    msg(
                        "Game #{number} is a {game} game: use {command}.",
                        number=game,
                        game=self.service.kind(record.kind).spec.title,
                        command=f"/{record.kind}",
                    )
                )
            return record
        channel_id = interaction.channel_id or 0
        here = await self.service.game_in_channel(channel_id)
        if here is not None and here.kind == self.kind:
            return here
        if ended:
            last = await self.service.latest_game_in_channel(channel_id)
            if last is not None and last.kind == self.kind:
                return last
        if anywhere:
            return await self._users_game(
                interaction.user.id, acting=acting, guild_id=interaction.guild_id
            )
        raise UserError(
            msg(
                "There is no {game} game in this channel. Give the game's number ({command} "
                "lists yours).",
                game=self.service.kind(self.kind).spec.title,
                command=f"`/{self.kind} games`",
            )
        )

    async def _users_game(self, user_id: int, *, acting: bool, guild_id: int | None) -> GameRecord:
        """The user's one running game (or lobby) in this server, or anywhere from direct
        messages; UserError naming them when there are more."""
        mine = [
            r
            for r in await self.service.games_for_user(user_id)
            if r.kind == self.kind and r.is_open and guild_id in (None, r.guild_id)
        ]
        pool = [r for r in mine if r.status == "running"] or mine
        to_move = [r for r in pool if self.service.turn(r, user_id).is_theirs]
        if acting and len(to_move) == 1:
            return to_move[0]
        if len(pool) == 1:
            return pool[0]
        title = self.service.kind(self.kind).spec.title
        if not pool:
            raise UserError(
                msg(
                    "There is no {game} game here and you are in none. {command} opens one in "
                    "a server channel.",
                    game=title,
                    command=f"`/{self.kind} new`",
                )
            )
        listed = ", ".join(f"#{r.id}" for r in pool[:MAX_LISTED])
        moves = ", ".join(f"#{r.id}" for r in pool[:MAX_LISTED] if r in to_move)
        if moves:
            raise UserError(
                msg(
                    "You are in {n} {game} games ({games}; your move in {mine}). Say which one "
                    "with the {option} option.",
                    n=len(pool),
                    game=title,
                    games=listed,
                    mine=moves,
                    option="`game`",
                )
            )
        raise UserError(
            msg(
                "You are in {n} {game} games ({games}). Say which one with the {option} option.",
                n=len(pool),
                game=title,
                games=listed,
                option="`game`",
            )
        )

    def presenter(self, record: GameRecord) -> Presenter[Any]:
        """How the game of ``record`` is shown (its kind's presenter)."""
        return self.bot.tables.presenter(record)
