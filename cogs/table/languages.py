"""Which language a text is shown in (docs/i18n.md).

What one person alone reads (a private reply, a DM, autocomplete, an error) is in that
reader's language: ``reader_language`` (their own choice, ``/<game> language``, else their
Discord client's). What a channel sees (the table, the lobby, notices, the picture) is in the
game's language: ``table_language``, chosen in the lobby. Make the text where it is shown:
``tr = lang.texts(language)``.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

import lang
from host.models import GameRecord
from host.service import GameService

log = logging.getLogger(__name__)

FOLLOW_DISCORD = "discord"
"""``/<game> stats language``'s choice for "follow my Discord app's language"."""


def language_choices(first: tuple[str, str]) -> list[app_commands.Choice[str]]:
    """The offered languages as command choices (each named in itself), after ``first``
    (a name and value such as "My Discord's" / ``FOLLOW_DISCORD``)."""
    name, value = first
    offered = [app_commands.Choice(name=n, value=code) for code, n in lang.LANGUAGES.items()]
    return [app_commands.Choice(name=name, value=value), *offered]


def discord_locale(interaction: discord.Interaction[Any]) -> str:
    """The interaction's Discord locale as Discord names it ("de", "en-GB")."""
    locale = interaction.locale
    return str(getattr(locale, "value", None) or locale)


def locale_language(interaction: discord.Interaction[Any]) -> str:
    """The offered language of the interaction's Discord client, else English."""
    return lang.language_of(discord_locale(interaction))


async def reader_language(interaction: discord.Interaction[Any]) -> str:
    """The language of the person behind an interaction: the one they chose, else their
    Discord client's when it is offered, else English."""
    service: GameService | None = getattr(interaction.client, "service", None)
    chosen = None if service is None else await service.channels.user_language(interaction.user.id)
    return chosen or await remember_locale(interaction)


async def remember_locale(interaction: discord.Interaction[Any]) -> str:
    """The interaction's Discord language (``locale_language``); its locale is kept
    (``Channels.saw_locale``, in the database) for the DMs the bot sends that person later,
    after a restart too: a DM has no locale of its own."""
    service: GameService | None = getattr(interaction.client, "service", None)
    if service is not None:
        try:
            await service.channels.saw_locale(interaction.user.id, discord_locale(interaction))
        except Exception as error:  # the database may be down: the answer does not wait on it
            log.warning("Could not keep the Discord locale of %s: %s", interaction.user.id, error)
    return locale_language(interaction)


def table_language(record: GameRecord) -> str:
    """The language a game's table speaks: the one chosen in its lobby (games from before
    languages speak English)."""
    return record.table_language


TRANSLATED = {
    app_commands.TranslationContextLocation.command_description,
    app_commands.TranslationContextLocation.group_description,
    app_commands.TranslationContextLocation.parameter_description,
    app_commands.TranslationContextLocation.choice_name,
}
"""What of a slash command is translated: descriptions and choice names. Command, group and
option names stay English (translated names break command mentions and "try /rattus play")."""


class CommandTranslator(app_commands.Translator):
    """The slash commands' descriptions and choice names in every offered language, from the
    catalogs (``cogs.po``; extraction reads them from the command tree itself)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if context.location not in TRANSLATED:
            return None
        language = lang.language_of(locale.value)
        if language == lang.DEFAULT:
            return None
        text = lang.say(string.message, language)
        return text if text != string.message else None
