"""The Rematch button on a finished game's final message (``host.rematch``).

The first player to press it opens a lobby in the same channel with the same options, timer
and computer players, and the others are mentioned in it; each of them then joins with one
click (Join in the lobby, or Rematch again). It is a dynamic item: it works after a restart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import discord

import lang
from cogs.runtime.client import GameBot
from cogs.runtime.gate import Gated, button
from cogs.table.components import GAME
from cogs.table.languages import reader_language, table_language
from cogs.table.messaging import nonce
from cogs.table.replies import reply, report_error
from host import rematch
from host.models import GameRecord

INVITED = discord.AllowedMentions(users=True, roles=False, everyone=False, replied_user=False)


def _bot(interaction: discord.Interaction[Any]) -> GameBot:
    return cast(GameBot, interaction.client)


class RematchButton(
    Gated, discord.ui.DynamicItem[discord.ui.Button[Any]], template=GAME + r":rematch"
):
    """Play a finished game again with the same players, options and timer."""

    def __init__(self, kind: str, game_id: int, language: str = lang.DEFAULT) -> None:
        tr = lang.texts(language)
        rematch = button(tr("Rematch"), f"{kind}:g:{game_id}:rematch", discord.ButtonStyle.success)
        super().__init__(rematch)
        self.kind, self.game_id = kind, game_id

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await play_again(interaction, self.kind, self.game_id)
        except Exception as error:
            await report_error(interaction, error)


async def play_again(interaction: discord.Interaction[Any], kind: str, game_id: int) -> None:
    """Open the rematch (posting its lobby, the old game's other people mentioned) or join
    the clicker to the one already open; answer privately with a link."""
    bot = _bot(interaction)
    user = interaction.user
    bot.tables.remember_user(user)
    await bot.play.game(interaction, game_id, kind)
    await interaction.response.defer(ephemeral=True, thinking=True)
    done = await rematch.rematch(bot.service, game_id, user.id, user.display_name)
    lobby = done.lobby
    tr = lang.texts(await reader_language(interaction))
    if not done.opened:
        await bot.tables.show_lobby(lobby)
        url = await bot.tables.table_url(lobby)
        if done.joined:
            text = tr(
                "You joined game #{number}, the rematch of game #{old}: {link}",
                number=lobby.id,
                old=game_id,
                link=url,
            )
        else:
            text = tr(
                "You are already in game #{number}, the rematch of game #{old}: {link}",
                number=lobby.id,
                old=game_id,
                link=url,
            )
        await reply(interaction, text)
        return
    settings = await bot.clocks.settings(game_id)
    await bot.clocks.choose(lobby.id, settings)
    embed, view = bot.tables.lobby_message(lobby, timer=settings.timer_text())
    content = invitation(lobby, game_id, done.invited)
    kwargs: dict[str, Any] = {
        "content": content,
        "embed": embed,
        "allowed_mentions": INVITED,
        "nonce": nonce("l", lobby.id),
    }
    if view is not None:
        kwargs["view"] = view
    message = await bot.tables.channel(lobby, lobby.channel_id).send(**kwargs)
    await bot.tables.post_lobby(lobby, message.id)
    await reply(
        interaction,
        tr(
            "You opened game #{number}, the rematch of game #{old}: {link}\nYou are its host: "
            "press {button} once everyone is in.",
            number=lobby.id,
            old=game_id,
            link=message.jump_url,
            button=tr("Start"),
        ),
    )


def invitation(lobby: GameRecord, game_id: int, invited: Sequence[int]) -> str:
    """What the rematch's lobby says above it, in the table's language: whose rematch it is,
    and the old game's other people, mentioned, to press Join."""
    tr = lang.texts(table_language(lobby))
    mentions = " ".join(f"<@{u}>" for u in invited)
    if not mentions:
        return tr("Rematch of game #{number}.", number=game_id)
    return tr(
        "Rematch of game #{number}: {players}, press **{button}** to play again.",
        number=game_id,
        players=mentions,
        button=tr("Join"),
    )


async def setup(bot: GameBot) -> None:
    """As an extension of the bot: register the Rematch button and put it on every finished
    game's final message."""
    bot.add_dynamic_items(RematchButton)

    async def items(record: GameRecord) -> list[discord.ui.Item[Any]]:
        if record.status != "finished":
            return []
        return [RematchButton(record.kind, record.id, table_language(record))]

    bot.tables.final_items.append(items)
