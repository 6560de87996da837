"""Undo, replays and the log on Discord: ``/<kind> undo``, ``replay``, ``log``, the table's
Undo button, and the replay file posted when a game ends.

Every game kind gets these commands through ``HistoryCommands`` (a base of
``cogs.commands.shared.GameCommands``). As an extension every bot loads (``setup``) it wires
the rest in: the Undo button as a dynamic item, the button on the table, the replay file at
the end.
"""

from __future__ import annotations

import io
import logging
import re
from dataclasses import replace
from typing import Any, cast

import discord
from discord import app_commands

import lang
from cogs.commands.base import GAME_HELP, GameCommandBase
from cogs.runtime.client import GameBot
from cogs.runtime.gate import Gated, button
from cogs.table.components import GAME, parse_offered
from cogs.table.embeds import clip, lines_block, table_embed
from cogs.table.languages import reader_language, table_language
from cogs.table.presenters import ENGLISH, plain, plain_prose, said
from cogs.table.replies import png_file, refusal, reply, report_error
from engine.replay import UNDO
from engine.text import as_msg, msg
from host import replays, seats, undo
from host.acting import public_line
from host.errors import NotSeated, StaleAction, UserError
from host.models import ActionLogEntry, GameRecord
from host.seat_store import SeatChangeEntry
from host.service import GameService

log = logging.getLogger(__name__)

LOG_DEFAULT = 15
LOG_MOST = 100


def _bot(interaction: discord.Interaction[Any]) -> GameBot:
    return cast(GameBot, interaction.client)


class UndoButton(
    Gated,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=GAME + r":undo:(?P<version>[0-9]+)",
):
    """The table's Undo: takes back the clicker's latest action, or says privately why not."""

    def __init__(self, kind: str, game_id: int, version: int, language: str = lang.DEFAULT) -> None:
        tr = lang.texts(language)
        super().__init__(button(tr("Undo"), f"{kind}:g:{game_id}:undo:{version}"))
        self.kind, self.game_id, self.version = kind, game_id, version

    @classmethod
    def rebuilt(cls, match: re.Match[str]) -> tuple[Any, ...]:
        return (match["kind"], int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await take_back(interaction, self.game_id, kind=self.kind, version=self.version)
        except Exception as error:
            await report_error(interaction, error)


async def take_back(
    interaction: discord.Interaction[Any],
    game_id: int,
    *,
    kind: str | None = None,
    version: int | None = None,
) -> None:
    """Undo the user's latest action, show the table again, re-send changed secrets, and
    answer privately with what was taken back and the user's controls now. An undo offered
    at an older version changes nothing: a repeat of the user's own undo (a typed command
    sent twice) is answered that it already counted."""
    bot = _bot(interaction)
    user = interaction.user
    bot.tables.remember_user(user)
    await bot.play.game(interaction, game_id, kind)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        async with bot.tables.lock(game_id):
            update, label = await undo.undo(bot.service, game_id, user.id, version=version)
            await bot.tables.publish(update, acted_by=user.id)
    except StaleAction:
        await bot.play.answer_stale(interaction, game_id, UNDO, version)
        return
    await bot.tables.send_secrets(update)
    language = await reader_language(interaction)
    prompt, controls = bot.play.panel(update.record, user.id, language)
    tr = lang.texts(language)
    taken = tr("Taken back: {action}.", action=said(label, tr))
    await reply(interaction, f"{taken}\n{prompt}", view=controls)


async def undo_buttons(service: GameService, record: GameRecord) -> list[discord.ui.Item[Any]]:
    """The Undo button, on a table whose latest action was a public one by a person who
    decides now (public facts only: who answers a private question is never shown by it)."""
    if record.status != "running" or record.game is None:
        return []
    latest = await service.store.actions(record.id, limit=1)
    if not latest or latest[-1].public_text is None:
        return []
    deciding = {s for s in record.public_actors() if record.user_of(s) is not None}
    if latest[-1].seat not in deciding:
        return []
    return [UndoButton(record.kind, record.id, record.version, table_language(record))]


async def replay_attachment(bot: GameBot, record: GameRecord) -> list[discord.File]:
    """A finished game's replay file, for its final message in its home channel."""
    if record.status != "finished":
        return []
    try:
        name, data = await replays.replay_file(bot.service, record)
    except (UserError, ValueError):
        log.exception("Could not write the replay of game #%s", record.id)
        return []
    return [discord.File(io.BytesIO(data), filename=name)]


async def setup(bot: GameBot) -> None:
    """As an extension of the bot: register the Undo button; give the table its Undo button
    and the final message its replay file."""
    bot.add_dynamic_items(UndoButton)

    async def extras(record: GameRecord) -> list[discord.ui.Item[Any]]:
        return await undo_buttons(bot.service, record)

    async def files(record: GameRecord) -> list[discord.File]:
        return await replay_attachment(bot, record)

    bot.tables.table_extras.append(extras)
    bot.tables.final_files.append(files)


def log_lines(entries: list[ActionLogEntry], tr: lang.Texts = ENGLISH) -> list[tuple[float, str]]:
    """(time, line) per action: what everyone saw of it, never who answered privately."""
    lines = []
    private = tr("a private answer")
    for e in entries:
        when = f" <t:{int(e.at)}:R>"
        if e.public_text is None:
            lines.append((e.at, f"`{e.version:>3}` {private}{when}"))
            continue
        text = plain_prose(public_line(e.public_text, tr.language))
        name = plain(tr.say(as_msg(e.said)))
        shown = text.replace(name, f"**{name}**", 1) if name in text else f"**{name}**: {text}"
        lines.append((e.at, f"`{e.version:>3}` {shown}{when}"))
    return lines


def seat_lines(changes: list[SeatChangeEntry], tr: lang.Texts = ENGLISH) -> list[tuple[float, str]]:
    """(time, line) per change of who plays a seat, as the table announced it."""
    return [
        (c.at, f"`{c.version:>3}` {plain_prose(said(c.text, tr))} <t:{int(c.at)}:R>")
        for c in changes
    ]


def since_last_move(entries: list[ActionLogEntry], seat: int | None) -> list[ActionLogEntry]:
    """The entries after the seat's latest public action (all of them if it has none)."""
    if seat is None:
        return entries[-LOG_DEFAULT:]
    mine = [i for i, e in enumerate(entries) if e.seat == seat and e.public_text is not None]
    if not mine:
        return entries
    return entries[mine[-1] + 1 :] or entries[-1:]


class HistoryCommands(GameCommandBase):
    """``undo``, ``replay`` and ``log``, shared by every game's command group (the base of
    ``cogs.commands.shared.GameCommands``)."""

    @app_commands.command(
        name="undo", description="Take back your last action of this turn, if nothing was shown"
    )
    @app_commands.describe(
        action="Pick from the list: it counts once",
        game=GAME_HELP,
    )
    async def undo(
        self, interaction: discord.Interaction[Any], action: str = "", game: int | None = None
    ) -> None:
        """With the list's suggestion (``undo@game.version``), take back the action it names,
        only at that moment: the same command sent again is answered, not applied twice.
        Without it, show what would be taken back with an Undo button for this moment."""
        _, offered_in, version = parse_offered(action)
        record = await self.resolve(
            interaction, offered_in if offered_in is not None else game, anywhere=True, acting=True
        )
        if record.seat_of(interaction.user.id) is None:
            raise NotSeated(msg("You are not in this game."))
        if version is not None:
            await take_back(interaction, record.id, kind=self.kind, version=version)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        record, label = await undo.preview(self.service, record.id, interaction.user.id)
        language = await reader_language(interaction)
        tr = lang.texts(language)
        view = discord.ui.View(timeout=None)
        view.add_item(UndoButton(record.kind, record.id, record.version, language))
        await reply(
            interaction,
            tr(
                "Take back **{action}**? Press Undo: it counts once however often it is "
                "pressed. ({command} offers it too.)",
                action=discord.utils.escape_markdown(said(label, tr)),
                command=f"`/{self.kind} undo action:`",
            ),
            view=view,
        )

    @undo.autocomplete("action")
    async def undo_offer(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The undo of this moment, valued ``undo@game.version``, or why there is none."""
        tr = lang.texts(await reader_language(interaction))
        try:
            record = await self.resolve(
                interaction, interaction.namespace.game, anywhere=True, acting=True
            )
            record, label = await undo.preview(self.service, record.id, interaction.user.id)
        except UserError as error:
            return [app_commands.Choice(name=clip(refusal(error, tr), 100), value="why")]
        taken = tr("Take back: {action}", action=said(label, tr))
        return [
            app_commands.Choice(name=clip(taken, 100), value=f"{UNDO}@{record.id}.{record.version}")
        ]

    @app_commands.command(
        name="replay", description="A finished game: its replay file, or the board of any turn"
    )
    @app_commands.describe(
        game=GAME_HELP, turn="The turn whose board to show, as it ended (default: the file)"
    )
    async def replay(
        self,
        interaction: discord.Interaction[Any],
        game: int | None = None,
        turn: app_commands.Range[int, 0, 10_000] | None = None,
    ) -> None:
        record = await self.resolve(interaction, game, anywhere=True, ended=True)
        if record.status != "finished":
            raise UserError(replays.replay_refusal(record))
        language = await reader_language(interaction)
        tr = lang.texts(language)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if turn is None:
            name, data = await replays.replay_file(self.service, record)
            await reply(
                interaction,
                tr(
                    "Game #{number}'s replay file. {replays} replays it; {command} shows a "
                    "turn's board.",
                    number=record.id,
                    replays=f"`python -m engine.replay {name}`",
                    command=f"`/{self.kind} replay turn:`",
                ),
                file=discord.File(io.BytesIO(data), filename=name),
            )
            return
        then, turns = await replays.at_turn(self.service, record, turn)
        # Shown as a running game is shown to spectators: nothing private, not even who was
        # answering a private question at that moment; each seat named as it was then.
        changes = await seats.seat_log(self.service, record.id)
        names = replays.names_at(record, changes, then.version)
        view = replace(record, game=then, status="running").view(None, names=names)
        presenter = self.presenter(record)
        png = await self.bot.tables.board_png(record, view, language)
        happened = await self.bot.tables.happened(record, until=then.version, language=language)
        recent = happened[1]
        embed = table_embed(
            replace(record, game=then, status="running"),
            view,
            presenter,
            recent=recent,
            live=False,
            language=language,
        )
        embed.title = tr("Game #{number} as turn {turn} ended", number=record.id, turn=turn)
        embed.set_footer(
            text=tr(
                "Turns {first}-{last}. Only what everyone could see.",
                first=turns[0],
                last=turns[-1],
            )
        )
        await reply(interaction, embed=embed, file=png_file(png))

    @app_commands.command(name="log", description="What happened: since your last move, or more")
    @app_commands.describe(
        game=GAME_HELP,
        count="How many latest actions (default: since your last move)",
    )
    async def log(
        self,
        interaction: discord.Interaction[Any],
        game: int | None = None,
        count: app_commands.Range[int, 1, LOG_MOST] | None = None,
    ) -> None:
        record = await self.resolve(interaction, game, anywhere=True, ended=True)
        tr = lang.texts(await reader_language(interaction))
        seat = record.seat_of(interaction.user.id)
        changes = await seats.seat_log(self.service, record.id)
        if count is None:
            shown = since_last_move(await self.service.store.actions(record.id), seat)
            start = shown[0].at if shown else float("inf")
            timed = log_lines(shown, tr) + seat_lines([c for c in changes if c.at >= start], tr)
            title = (
                tr("Game #{number}: since your last move", number=record.id)
                if seat is not None
                else tr("Game #{number}: the latest actions", number=record.id)
            )
        else:
            shown = await self.service.store.actions(record.id, limit=count)
            timed = log_lines(shown, tr) + seat_lines(changes[-count:], tr)
            timed = sorted(timed, key=lambda pair: pair[0])[-count:]
            title = tr.plural(
                "Game #{number}: the latest action",
                "Game #{number}: the latest {n} actions",
                len(timed),
                number=record.id,
            )
        if not timed:
            await reply(
                interaction, tr("Nothing has been played in game #{number} yet.", number=record.id)
            )
            return
        lines = [line for _, line in sorted(timed, key=lambda pair: pair[0])]

        def folded(n: int) -> str:
            return tr.plural(
                "… {n} earlier line not shown: ask for fewer with {option}",
                "… {n} earlier lines not shown: ask for fewer with {option}",
                n,
                option="`count`",
            )

        text = lines_block(lines, 4000, keep_last=True, tr=tr, note=folded)
        embed = discord.Embed(title=title, description=text, colour=self.presenter(record).colour)
        await reply(interaction, embed=embed)
