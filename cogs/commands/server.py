"""``/<game> settings`` (a server's own rules for the game) and ``/<game> stats forget-me``'s
confirmation (delete what the bot keeps about you), shared by every game's command group; and
what a new lobby asks of the server's settings (``check_lobby``)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from typing import Any, Literal

import discord

import lang
from cogs.commands.base import GameCommandBase
from cogs.commands.clocks import lobby_clock, suggest_timers
from cogs.commands.declared import Command, Option, Values, declared
from cogs.runtime.client import GameBot
from cogs.runtime.gate import Gated, button
from cogs.table.languages import language_choices, reader_language
from cogs.table.presenters import ENGLISH, said
from cogs.table.replies import reply, report_error
from engine.text import N_, msg
from host import servers
from host.clock_settings import ClockSettings
from host.errors import UserError
from host.kinds import GameKind
from host.servers import ServerSettings

FORGET = r"forget:(?P<user>[0-9]+)"


def _roles(interaction: discord.Interaction[Any]) -> list[int]:
    user = interaction.user
    return [role.id for role in user.roles] if isinstance(user, discord.Member) else []


def _manages_server(interaction: discord.Interaction[Any]) -> bool:
    return interaction.guild is not None and interaction.permissions.manage_guild


def describe(settings: ServerSettings, name: str, kind: GameKind, tr: lang.Texts = ENGLISH) -> str:
    """The settings in words, one a line."""
    if settings.channels:
        where = ", ".join(f"<#{c}>" for c in settings.channels)
    else:
        where = tr("any channel")
    if settings.opener_role is None:
        who = tr("everyone")
    else:
        who = tr("members of {role}", role=f"<@&{settings.opener_role}>")
    if settings.manager_role:
        changes = tr(
            "people with Manage Server and members of {role}", role=f"<@&{settings.manager_role}>"
        )
    else:
        changes = tr("people with Manage Server")
    lobby = said(kind.describe_options(kind.validate_options(dict(settings.defaults))), tr)
    timer = said(settings.timer, tr) if settings.timer else tr("none")
    level = tr.say(STAND_INS.get(settings.stand_in or "easy", settings.stand_in or "easy"))
    table_words = lang.languages().get(settings.language or "", "") or tr("its host's")
    return "\n".join(
        [
            tr("**Lobbies may be opened in:** {channels}", channels=where),
            tr("**Who may open one:** {who}", who=who),
            tr("**Who may change these settings:** {who}", who=changes),
            tr("**A new lobby, unless its host says otherwise:** {options}", options=lobby),
            tr("**Default timer:** {timer}", timer=timer),
            tr("**Stand-in after a missed deadline:** {level}", level=level),
            tr("**Language of a new table:** {language}", language=table_words),
            tr(
                "Change them with {command} and its options (Manage Server).",
                command=f"`/{name} settings`",
            ),
        ]
    )


STAND_INS = {"easy": N_("easy"), "strong": N_("strong")}
"""The computer levels a stand-in may have, in words."""


async def check_lobby(
    bot: GameBot, interaction: discord.Interaction[Any], kind: str
) -> ServerSettings:
    """The server's settings for a new lobby here; UserError, in words, if this channel or
    this person may not open one."""
    assert interaction.guild is not None
    settings = await bot.service.store.servers.settings(interaction.guild.id, kind)
    channel = interaction.channel
    parent = channel.parent_id if isinstance(channel, discord.Thread) else None
    title = bot.service.kind(kind).spec.title
    if not settings.allows_channel(interaction.channel_id or 0, parent):
        where = " ".join(f"<#{c}>" for c in settings.channels)
        raise UserError(
            msg(
                "On this server, {game} lobbies are opened in {channels} (the moderators chose "
                "this with {command}).",
                game=title,
                channels=where,
                command=f"`/{kind} settings`",
            )
        )
    if not settings.allows_opener(_roles(interaction), _manages_server(interaction)):
        raise UserError(
            msg(
                "On this server, opening a {game} lobby needs the role {role} (the moderators "
                "chose this with {command}).",
                game=title,
                role=f"<@&{settings.opener_role}>",
                command=f"`/{kind} settings`",
            )
        )
    return settings


def lobby_timer(settings: ServerSettings, timer: str | None) -> ClockSettings:
    """A new lobby's clock: the timer its host typed, else the server's default, with the
    server's stand-in."""
    clock = lobby_clock(timer if timer is not None else settings.timer)
    if settings.stand_in is not None:
        clock = dataclasses.replace(clock, stand_in=settings.stand_in)
    return clock


class ForgetButton(Gated, discord.ui.DynamicItem[discord.ui.Button[Any]], template=FORGET):
    """The confirmation of ``forget-me``: only the person it was offered to can press it."""

    def __init__(self, user_id: int, language: str = lang.DEFAULT) -> None:
        tr = lang.texts(language)
        delete = button(tr("Delete my data"), f"forget:{user_id}", discord.ButtonStyle.danger)
        super().__init__(delete)
        self.user_id = user_id

    @classmethod
    def rebuilt(cls, match: re.Match[str]) -> tuple[Any, ...]:
        return (int(match["user"]),)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            if interaction.user.id != self.user_id:
                raise UserError(msg("This button deletes someone else's data: it is not yours."))
            bot: GameBot = interaction.client
            rows = bot.service.store.servers
            open_games = await rows.open_games_of_user(self.user_id)
            if open_games:
                listed = ", ".join(f"#{g}" for g in open_games)
                raise UserError(
                    msg(
                        "You are still in game {games}. Leave, resign or finish it first, then "
                        "ask again.",
                        games=listed,
                    )
                )
            games = await rows.forget_user(self.user_id)
            tr = lang.texts(await reader_language(interaction))
            await interaction.response.edit_message(
                content=tr.plural(
                    "Done: your statistics, ratings and preferences are deleted, and the {n} "
                    "ended game you played names you '{former}'.",
                    "Done: your statistics, ratings and preferences are deleted, and the {n} "
                    "ended games you played name you '{former}'.",
                    games,
                    former=servers.FORMER_PLAYER,
                ),
                view=None,
            )
        except Exception as error:
            await report_error(interaction, error)


async def ask_to_forget(interaction: discord.Interaction[Any]) -> None:
    """``/<game> stats forget-me``: what it deletes, and the button that does it."""
    language = await reader_language(interaction)
    tr = lang.texts(language)
    view = discord.ui.View(timeout=None)
    view.add_item(ForgetButton(interaction.user.id, language))
    view.stop()
    await reply(
        interaction,
        tr(
            "This deletes, in every server, your statistics and ratings in every game and your "
            "preferences (closed DMs, shared statistics, language). Ended games keep their moves, "
            "under "
            "'{former}'. It cannot be undone.",
            former=servers.FORMER_PLAYER,
        ),
        view=view,
    )


Level = Literal["easy", "strong"]
SETTINGS = (
    Option("channels", str | None, "#channels for lobbies, or any"),
    Option("opener", discord.Role | None, "Role that may open lobbies"),
    Option("everyone", bool, "Anyone opens lobbies", False),
    Option("manager", discord.Role | None, "Role that may change these"),
    Option("timer", str | None, "Default timer", suggest=suggest_timers),
    Option("stand_in", Level | None, "Default stand-in"),
)
"""The options of the settings every game has, in the order ``settings`` offers them (the
game's own defaults come after them, then ``LANGUAGE``)."""
LANGUAGE = Option(
    "language",
    str | None,
    "Language of new tables",
    choices=language_choices(("Each host's", servers.HOSTS_LANGUAGE)),
)


def settings_command(
    description: str,
    own: Sequence[Option] = (),
    defaults: Callable[[Values], dict[str, Any] | None] = lambda values: None,
) -> Command:
    """A game's ``settings``: the settings every game has, then the options of the game's own
    lobby defaults (``own``, read into lobby options by ``defaults``; None: unchanged), then
    the language of its new tables."""

    owns = {o.name for o in own}

    async def run(
        cog: ServerCommands, interaction: discord.Interaction[Any], values: Values
    ) -> None:
        lobby = defaults(values)
        shared = {name: value for name, value in values.items() if name not in owns}
        await cog.change_settings(interaction, **shared, defaults=lobby)

    return declared("settings", description, [*SETTINGS, *own, LANGUAGE], run)


class ServerCommands(GameCommandBase):
    """What every game's ``settings`` command does (``settings_command`` declares it, with the
    game's own default options, if any, and calls ``change_settings``)."""

    async def change_settings(
        self,
        interaction: discord.Interaction[Any],
        *,
        channels: str | None,
        opener: discord.Role | None,
        everyone: bool,
        manager: discord.Role | None,
        timer: str | None,
        stand_in: str | None,
        defaults: dict[str, Any] | None = None,
        language: str | None = None,
    ) -> None:
        """Show the settings, or change what was given (Manage Server or the manager role).
        ``defaults``: the game's own lobby options to use when a host names none."""
        if interaction.guild is None:
            raise UserError(msg("Settings belong to a server: use this command in one."))
        tr = lang.texts(await reader_language(interaction))
        rows = self.service.store.servers
        current = await rows.settings(interaction.guild.id, self.kind)
        kind = self.service.kind(self.kind)
        asked = (channels, opener, manager, timer, stand_in, defaults, language)
        if all(a is None for a in asked) and not everyone:
            await reply(interaction, describe(current, self.kind, kind, tr))
            return
        if not current.allows_manager(_roles(interaction), _manages_server(interaction)):
            if current.manager_role:
                raise UserError(
                    msg(
                        "Only people with Manage Server or the role {role} can change these "
                        "settings.",
                        role=f"<@&{current.manager_role}>",
                    )
                )
            raise UserError(msg("Only people with Manage Server can change these settings."))
        if timer is not None and timer.strip().lower() != "none":
            lobby_clock(timer)  # a timer that can't be read is refused in words
        if defaults is not None:
            kind.validate_options({**current.defaults, **defaults})
        new = servers.changed(
            current,
            channels=None if channels is None else servers.parse_channels(channels),
            opener_role=None if opener is None else opener.id,
            everyone_opens=everyone,
            manager_role=None if manager is None else manager.id,
            timer=None if timer is None else timer.strip().lower(),
            defaults=defaults,
            stand_in=stand_in,
            language=language,
        )
        await rows.save_settings(interaction.guild.id, self.kind, new, now=self.service.now())
        saved = tr("Saved.")
        await reply(interaction, f"{saved}\n{describe(new, self.kind, kind, tr)}", ephemeral=False)


async def setup(bot: GameBot) -> None:
    """As an extension every bot loads: register the forget-me confirmation's button."""
    bot.add_dynamic_items(ForgetButton)
