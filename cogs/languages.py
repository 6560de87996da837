"""Which language a text is shown in (docs/i18n.md).

What one person alone reads (a private reply, a DM, autocomplete, an error) is in the reader's
language: ``reader_language``. Make the text where it is shown: ``tr = lang.texts(language)``.
"""

from __future__ import annotations

from typing import Any

import discord

import lang


async def reader_language(interaction: discord.Interaction[Any]) -> str:
    """The language of the person behind an interaction: their Discord client's language
    when it is offered, else English."""
    locale = interaction.locale
    return lang.language_of(getattr(locale, "value", None) or str(locale))
