"""The slash commands every game kind shares: ``/<kind> join``, ``play``, ``hand`` and so on.

A kind's cog subclasses ``GameCommands`` with ``group_name`` set to the kind and adds what only
it has: its ``new`` with its own options and its ``rules``, declared from the game's options
(``lobby_command``, ``rules_command``, ``cogs.commands.server.settings_command``). The commands
here find the game, call the service, and answer through the shared table and play code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Literal

import discord
from discord import app_commands
from discord.ext import commands

import lang
from cogs.commands.base import GAME_HELP
from cogs.commands.clocks import ClockCommands
from cogs.commands.declared import TIMER, Command, Option, Values, declared
from cogs.commands.history import HistoryCommands
from cogs.commands.seats import SeatCommands
from cogs.commands.server import ServerCommands, check_lobby, lobby_timer
from cogs.commands.stats import StatsCommands
from cogs.runtime.client import GameBot
from cogs.table.components import parse_offered, shown
from cogs.table.embeds import clip, lines_block, secrets_embed, status_embed, table_embed
from cogs.table.languages import reader_language
from cogs.table.presenters import said
from cogs.table.replies import png_file, refusal, reply
from engine.text import N_, msg
from host.errors import NotSeated, UserError
from host.models import GameRecord

POSTING_PERMISSIONS = (
    ("view_channel", N_("View Channel")),
    ("send_messages", N_("Send Messages")),
    ("embed_links", N_("Embed Links")),
    ("attach_files", N_("Attach Files")),
)
"""The permissions a table needs, by the names Discord's settings show them under."""

SHOW_A_GAME = N_(
    "I can't show a game here: I need these permissions in this channel: {missing}. A moderator can grant them, or use another channel."
)
HOST_A_GAME = N_(
    "I can't host a game here: I need these permissions in this channel: {missing}. A moderator can grant them, or use another channel."
)
"""Why a game cannot be followed or opened here (``require_posting``)."""


async def require_posting(interaction: discord.Interaction[Any], refusal_text: str) -> None:
    """UserError (``refusal_text``: ``SHOW_A_GAME`` or ``HOST_A_GAME``) unless the bot may
    post its tables (embeds and images) in this channel."""
    perms = interaction.app_permissions
    needed = list(POSTING_PERMISSIONS)
    if isinstance(interaction.channel, discord.Thread):
        needed[1] = ("send_messages_in_threads", N_("Send Messages in Threads"))
    missing = [label for flag, label in needed if not getattr(perms, flag)]
    if missing:
        tr = lang.texts(await reader_language(interaction))
        raise UserError(msg(refusal_text, missing=", ".join(tr.say(m) for m in missing)))


GAME_STATES = {
    "mine": N_("your move"),
    "lobby": N_("lobby"),
    "running": N_("running"),
    "finished": N_("finished"),
    "abandoned": N_("abandoned"),
}
"""How ``games`` says where each game stands."""


class GameCommands(
    SeatCommands,
    StatsCommands,
    ClockCommands,
    HistoryCommands,
    ServerCommands,
    commands.GroupCog,
):
    """Commands shared by every kind of game; subclasses set ``kind``. Seats, statistics,
    clocks, undo, replay and log, and the server's settings come from their own command
    classes."""

    kind: ClassVar[str] = ""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        super().__init__()

    # -- lobby ------------------------------------------------------------------------------

    @app_commands.command(name="join", description="Join the lobby, or a free seat of a game")
    @app_commands.describe(game=GAME_HELP)
    async def join(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        record = await self.resolve(interaction, game)
        if record.status == "running":
            await self.take_seat(interaction, record)
            return
        user = interaction.user
        self.bot.tables.remember_user(user)
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await self.service.join(record.id, user.id, user.display_name)
        await self.bot.tables.show_lobby(record)
        tr = lang.texts(await reader_language(interaction))
        await reply(interaction, tr("You joined game #{number}.", number=record.id))

    @app_commands.command(name="leave", description="Leave a lobby you joined")
    @app_commands.describe(game=GAME_HELP)
    async def leave(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        record = await self.resolve(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await self.service.leave(record.id, interaction.user.id)
        await self.bot.tables.show_lobby(record)
        tr = lang.texts(await reader_language(interaction))
        await reply(interaction, tr("You left game #{number}.", number=record.id))

    @app_commands.command(name="add-ai", description="Seat a computer player in the lobby")
    @app_commands.describe(level="easy: quick rules of thumb; strong: thinks ahead", game=GAME_HELP)
    async def add_ai(
        self,
        interaction: discord.Interaction[Any],
        level: Literal["easy", "strong"] = "easy",
        game: int | None = None,
    ) -> None:
        record = await self.resolve(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        record = await self.service.add_computer(record.id, interaction.user.id, level)
        await self.bot.tables.show_lobby(record)
        tr = lang.texts(await reader_language(interaction))
        text = tr("{player} joined game #{number}.", player=record.seats[-1].name, number=record.id)
        await reply(interaction, text)

    @app_commands.command(name="start", description="Start the game (host only)")
    @app_commands.describe(game=GAME_HELP)
    async def start(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        record = await self.resolve(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await self.bot.tables.start(record.id, interaction.user.id)
        tr = lang.texts(await reader_language(interaction))
        await reply(interaction, tr("Game #{number} has started.", number=update.record.id))

    @app_commands.command(
        name="abandon", description="Cancel a lobby or abandon a game (host or Manage Channels)"
    )
    @app_commands.describe(game=GAME_HELP)
    async def abandon(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        record = await self.resolve(interaction, game)
        manage = interaction.guild is not None and interaction.permissions.manage_channels
        was_running = record.status == "running"
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with self.bot.tables.lock(record.id):
            record = await self.service.cancel(record.id, interaction.user.id, can_manage=manage)
        if was_running:
            await self.bot.tables.show_abandoned(record, interaction.user.display_name)
            await self.bot.tables.show_lobby(record)
        else:
            await self.bot.tables.show_lobby(record)
        tr = lang.texts(await reader_language(interaction))
        await reply(interaction, tr("Game #{number} is closed.", number=record.id))

    # -- playing ----------------------------------------------------------------------------

    @app_commands.command(
        name="play", description="Take one action by its name (the list offers them)"
    )
    @app_commands.describe(action="The action (pick one from the list)", game=GAME_HELP)
    async def play(
        self, interaction: discord.Interaction[Any], action: str, game: int | None = None
    ) -> None:
        notation, offered_in, version = parse_offered(action)
        record = await self.resolve(
            interaction, offered_in if offered_in is not None else game, anywhere=True, acting=True
        )
        await self.bot.play.choose(interaction, record.id, notation, version=version)

    @play.autocomplete("action")
    async def play_actions(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The user's legal actions, each valued ``notation@game.version`` so that a repeat of
        an old command is recognised; with moves in several games, all of them, by game."""
        language = await reader_language(interaction)
        tr = lang.texts(language)
        try:
            records = [
                await self.resolve(
                    interaction, interaction.namespace.game, anywhere=True, acting=True
                )
            ]
        except UserError as error:
            records = await self._my_moves(interaction)
            if not records:
                return [app_commands.Choice(name=clip(refusal(error, tr), 100), value="why")]
        typed = current.strip().lower()
        language = await reader_language(interaction)
        choices = []
        for record in records:
            prefix = f"#{record.id}: " if len(records) > 1 else ""
            for action in await self.service.legal_actions(record.id, interaction.user.id):
                if typed in action.notation or typed in said(action.label, tr).lower():
                    choices.append(
                        app_commands.Choice(
                            name=clip(prefix + shown(action, language), 100),
                            value=f"{action.notation}@{record.id}.{record.version}",
                        )
                    )
        if not choices:
            if records and records[0].game:
                waiting = records[0].waiting_for()
                why = tr("You have nothing to decide now (waiting for {players}).", players=waiting)
            else:
                why = tr("You have nothing to decide now.")
            return [app_commands.Choice(name=clip(why, 100), value="why")]
        return choices[:25]

    async def _my_moves(self, interaction: discord.Interaction[Any]) -> list[GameRecord]:
        """The user's games of this kind (in this server, or anywhere from DMs) where they
        decide something now."""
        user_id, guild_id = interaction.user.id, interaction.guild_id
        return [
            r
            for r in await self.service.games_for_user(user_id)
            if r.kind == self.kind
            and guild_id in (None, r.guild_id)
            and self.service.turn(r, user_id).is_theirs
        ]

    @app_commands.command(name="board", description="Show the current board, only to you")
    @app_commands.describe(game=GAME_HELP)
    async def board(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        record = await self.resolve(interaction, game, anywhere=True, ended=True)
        if record.game is None:
            raise UserError(
                msg("Game #{number} has not started yet: there is no board.", number=record.id)
            )
        language = await reader_language(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = record.view(language=language)
        png = await self.bot.tables.board_png(record, view, language)
        clock = await self.bot.tables.table_clock(record)
        recent = (await self.bot.tables.happened(record, language=language))[1]
        presenter = self.presenter(record)
        embed = table_embed(record, view, presenter, clock=clock, recent=recent, language=language)
        await reply(interaction, embed=embed, file=png_file(png))

    @app_commands.command(
        name="status", description="Whose turn it is, and your choices if it is yours"
    )
    @app_commands.describe(game=GAME_HELP)
    async def status(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        record = await self.resolve(interaction, game, anywhere=True, ended=True)
        language = await reader_language(interaction)
        view = record.view(language=language) if record.game is not None else None
        url = await self.bot.tables.table_url(record)
        embed = status_embed(record, view, self.presenter(record), url, language)
        prompt, controls = self.bot.play.panel(record, interaction.user.id, language)
        await reply(interaction, prompt, embed=embed, view=controls)

    @app_commands.command(name="hand", description="Your secrets and private board, only to you")
    @app_commands.describe(game=GAME_HELP)
    async def hand(self, interaction: discord.Interaction[Any], game: int | None = None) -> None:
        record = await self.resolve(interaction, game, anywhere=True)
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            raise NotSeated(msg("You are not in this game."))
        if record.game is None:
            raise UserError(msg("Game #{number} has not started yet.", number=record.id))
        language = await reader_language(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = record.view(seat, language=language)
        png = await self.bot.tables.board_png(record, view, language)
        embed = secrets_embed(record, view, self.presenter(record), language=language)
        prompt, controls = self.bot.play.panel(record, interaction.user.id, language)
        await reply(interaction, prompt, embed=embed, file=png_file(png), view=controls)

    # -- finding games and following them ---------------------------------------------------

    @app_commands.command(name="games", description="Your games in every server, with links")
    async def games(self, interaction: discord.Interaction[Any]) -> None:
        records = [
            r for r in await self.service.games_for_user(interaction.user.id) if r.kind == self.kind
        ]
        tr = lang.texts(await reader_language(interaction))
        title = self.bot.service.kind(self.kind).spec.title
        if not records:
            await reply(
                interaction,
                tr(
                    "You are in no {game} games. {command} opens one.",
                    game=title,
                    command=f"`/{self.kind} new`",
                ),
            )
            return
        lines = []
        for record in records:
            url = await self.bot.tables.table_url(record)
            mine = (
                record.status == "running"
                and self.service.turn(record, interaction.user.id).is_theirs
            )
            lines.append(
                tr.plural(
                    "[Game #{number}]({link}): {state}, {n} player",
                    "[Game #{number}]({link}): {state}, {n} players",
                    len(record.seats),
                    number=record.id,
                    link=url,
                    state=tr.say(GAME_STATES.get("mine" if mine else record.status, record.status)),
                )
            )
        embed = discord.Embed(
            title=tr("Your {game} games", game=title),
            description=lines_block(lines, 4096, tr=tr),
            colour=self.presenter(records[0]).colour,
        )
        await reply(interaction, embed=embed)

    @app_commands.command(name="spectate", description="Follow a game in this channel, or stop")
    @app_commands.describe(game="The game to follow", stop="Stop following the game here")
    async def spectate(
        self, interaction: discord.Interaction[Any], game: int | None = None, stop: bool = False
    ) -> None:
        tr = lang.texts(await reader_language(interaction))
        if stop:
            await self.service.channels.remove_spectator(interaction.channel_id or 0)
            await reply(interaction, tr("This channel no longer follows a game."))
            return
        if game is None:
            raise UserError(
                msg(
                    "Give the game's number to follow it here ({command} lists yours), or "
                    "{stop} to stop following.",
                    command=f"`/{self.kind} games`",
                    stop="`stop:True`",
                )
            )
        if interaction.guild_id is None:
            raise UserError(msg("A game can be followed in a channel of its own server."))
        record = await self.resolve(interaction, game)
        if record.status != "running":
            raise UserError(
                msg(
                    "Game #{number} is not running: there is nothing to follow.",
                    number=record.id,
                )
            )
        await require_posting(interaction, SHOW_A_GAME)
        channel_id = interaction.channel_id or 0
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.service.channels.add_spectator(
            record.id, channel_id, guild_id=interaction.guild_id
        )
        try:
            await self.bot.tables.follow(record, channel_id)
        except (discord.Forbidden, discord.NotFound):
            await self.service.channels.remove_spectator(channel_id)
            raise UserError(
                msg(
                    "I could not post the table in this channel, so it does not follow game "
                    "#{number}. Check my permissions here and try again.",
                    number=record.id,
                )
            ) from None
        await reply(interaction, tr("This channel now follows game #{number}.", number=record.id))

    # -- opening a lobby (each kind's ``new`` command, ``lobby_command``, calls this) ---------

    async def open_lobby(
        self, interaction: discord.Interaction[Any], options: dict[str, Any], timer: str | None
    ) -> GameRecord:
        if interaction.guild is None or interaction.channel_id is None:
            raise UserError(
                msg("Open a game in a server channel or thread, not in direct messages.")
            )
        await require_posting(interaction, HOST_A_GAME)
        settings = await check_lobby(self.bot, interaction, self.kind)
        clock = lobby_timer(settings, timer)
        options = settings.lobby_options(options, named=set(options))
        user = interaction.user
        self.bot.tables.remember_user(user)
        try:
            record: GameRecord = await self.service.open_lobby(
                kind=self.kind,
                guild_id=interaction.guild.id,
                channel_id=interaction.channel_id,
                host_id=user.id,
                host_name=user.display_name,
                options=options,
                language=settings.language or await reader_language(interaction),
            )
        except UserError as error:
            here = await self.service.game_in_channel(interaction.channel_id)
            if here is None:
                raise
            url = await self.bot.tables.table_url(here)
            tr = lang.texts(await reader_language(interaction))
            raise UserError(
                msg("{refusal} It is here: {link}", refusal=refusal(error, tr), link=url)
            ) from None
        await self.bot.clocks.choose(record.id, clock)
        embed, view = self.bot.tables.lobby_message(record, timer=clock.timer_text())
        assert view is not None, "a new lobby always has its buttons"
        await interaction.response.send_message(embed=embed, view=view)
        message = await interaction.original_response()
        await self.bot.tables.post_lobby(record, message.id)
        return record


def lobby_command(
    description: str, options: Sequence[Option], lobby: Callable[[Values], dict[str, Any]]
) -> Command:
    """A game's ``new``: the game's lobby ``options`` (read into the lobby's by ``lobby``),
    then the timer."""

    async def run(cog: GameCommands, interaction: discord.Interaction[Any], values: Values) -> None:
        timer = values.pop(TIMER.name)
        await cog.open_lobby(interaction, lobby(values), timer=timer)

    return declared("new", description, [*options, TIMER], run)


RulesPage = Callable[[str | None, lang.Texts], discord.Embed | str]
"""A game's rules help on Discord: the page on a topic (None: how the game plays) in the
reader's language, or the refusal in words for a topic it does not know."""


def rules_command(description: str, topic: Option, page: RulesPage) -> Command:
    """A game's ``rules``: its ``page`` on the ``topic`` asked, shown to the asker only."""

    async def run(cog: GameCommands, interaction: discord.Interaction[Any], values: Values) -> None:
        shown = page(values[topic.name], lang.texts(await reader_language(interaction)))
        if isinstance(shown, str):
            await interaction.response.send_message(shown, ephemeral=True)
        else:
            await interaction.response.send_message(embed=shown, ephemeral=True)

    return declared("rules", description, [topic], run)
