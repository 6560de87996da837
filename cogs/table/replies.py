"""One way to answer an interaction, and one policy for errors.

``reply`` knows whether the interaction was already answered (or deferred) and picks the
initial response or a follow-up. ``report_error`` is the single error policy: a ``UserError``
is shown privately and verbatim, anything else is logged in full and shown as one calm line.
The command tree and every button and select use it.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Mapping
from typing import Any, cast

import discord
from discord import app_commands

import lang
from cogs.runtime.gate import admit
from cogs.table.embeds import clip
from cogs.table.handles import deferred_on_public
from cogs.table.languages import locale_language, reader_language
from cogs.table.presenters import said
from engine.text import N_
from host import metrics
from host.errors import UserError

log = logging.getLogger(__name__)

CALM_LINE = N_("Something went wrong on my side. It has been logged; please try again in a moment.")
CONTENT_LIMIT = 2000


def png_file(png: bytes, name: str = "board.png") -> discord.File:
    return discord.File(io.BytesIO(png), filename=name)


async def reply(
    interaction: discord.Interaction[Any],
    content: str | None = None,
    *,
    embed: discord.Embed | None = None,
    embeds: list[discord.Embed] | None = None,
    file: discord.File | None = None,
    view: discord.ui.View | None = None,
    ephemeral: bool = True,
) -> None:
    """Answer the interaction, whether or not it has been answered or deferred already."""
    kwargs: dict[str, Any] = {"ephemeral": ephemeral}
    if content is not None:
        kwargs["content"] = clip(content, CONTENT_LIMIT)
    if embed is not None:
        kwargs["embed"] = embed
    if embeds is not None:
        kwargs["embeds"] = embeds
    if file is not None:
        kwargs["file"] = file
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


async def replace(
    interaction: discord.Interaction[Any],
    content: str | None = None,
    *,
    embed: discord.Embed | None = None,
    file: discord.File | None = None,
    view: discord.ui.View | None = None,
    again: discord.WebhookMessage | None = None,
) -> discord.WebhookMessage | None:
    """Show this in place of the interaction's (deferred) answer or the clicked ephemeral.

    A cleared field is sent empty, so the shown message is exactly what is given here. After
    a click on a table, the answer is a private follow-up: it is returned, and ``again`` (that
    follow-up) is edited instead of sending another.
    """
    attachments = [file] if file is not None else []
    embeds = [embed] if embed is not None else []
    content = None if content is None else clip(content, CONTENT_LIMIT)
    if deferred_on_public(interaction):
        # the clicked message is the table: the clicker's answer is a private follow-up
        if again is not None:
            return await interaction.followup.edit_message(
                again.id, content=content or "", embeds=embeds, attachments=attachments, view=view
            )
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        return await interaction.followup.send(
            content=content or "",
            embeds=embeds,
            files=attachments,
            ephemeral=True,
            wait=True,
            **extra,
        )
    if interaction.response.is_done():
        await interaction.edit_original_response(
            content=content, embeds=embeds, attachments=attachments, view=view
        )
    else:
        await interaction.response.edit_message(
            content=content, embeds=embeds, attachments=attachments, view=view
        )
    return None


def unwrap(error: BaseException) -> BaseException:
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        inner = error.__cause__ if error.__cause__ is not None else getattr(error, "original", None)
        if inner is None:
            break
        error = inner
    return error


def refusal(error: UserError, tr: lang.Texts) -> str:
    """A refusal's text in ``tr``'s language (a ``UserError`` made with ``msg``, or an English
    string not yet converted)."""
    given = error.args[0] if error.args else str(error)
    return said(given, tr)


def user_message(error: BaseException, language: str = lang.DEFAULT) -> str | None:
    """The text to show for an error that is the user's to read, in their ``language``, or
    None."""
    tr = lang.texts(language)
    if isinstance(error, UserError):
        return refusal(error, tr)
    if isinstance(error, app_commands.MissingPermissions):
        return tr("You need the Manage Channels permission for that.")
    if isinstance(error, app_commands.NoPrivateMessage):
        return tr("That command works in a server channel, not in direct messages.")
    if isinstance(error, app_commands.CheckFailure):
        return tr("You can't use that command here.")
    return None


async def error_language(interaction: discord.Interaction[Any]) -> str:
    """The language to tell a person of an error in: theirs, or their Discord app's when
    their choice cannot be read now (the error may be the database's own)."""
    try:
        return await reader_language(interaction)
    except Exception:
        log.warning("Could not read a person's language; using their Discord's", exc_info=True)
        return locale_language(interaction)


async def report_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Tell the user what went wrong, the one way every command and component does it."""
    error = unwrap(error)
    language = await error_language(interaction)
    message = user_message(error, language)
    metrics.ERRORS.labels("refused" if message else "unhandled", type(error).__name__).inc()
    if message is None:
        command = interaction.command.qualified_name if interaction.command else None
        data: Mapping[str, Any] = cast(Mapping[str, Any], interaction.data or {})
        custom_id = data.get("custom_id")
        log.error("Unhandled error in %s", command or custom_id or "an interaction", exc_info=error)
        message = lang.say(CALM_LINE, language)
    try:
        await reply(interaction, message, ephemeral=True)
    except discord.HTTPException:
        log.warning("Could not tell the user about an error", exc_info=True)


class GameTree(app_commands.CommandTree[Any]):
    """The command tree with the bot's one error policy; every command passes the bot's gate
    (a stopping bot turns new commands away, cogs/runtime/gate.py)."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        return await admit(interaction)

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await report_error(interaction, error)
