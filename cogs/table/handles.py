"""Editing a table message through a click on it, not through its channel.

A click on a public table message is acknowledged by deferring an update of that message
(nothing shows until the private answer follows). That click's interaction may then edit the
message for the next 15 minutes through Discord's interaction webhook, whose rate limits are
its own, not the channel's. While someone has clicked a table lately, its edits (each step of
a turn, and taking its buttons away when the turn passes) go that way, so a channel sees one
write per action at most: the new table message when the turn passes.

When no recent click is held (a typed move, a computer's turn, a restart, an expired or
refused token), the edit goes through the channel as before.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import discord

log = logging.getLogger(__name__)

TOKEN_SECONDS = 14 * 60
"""How long a click's interaction is used to edit its message (Discord allows 15 minutes)."""
HELD_KEPT = 2048
"""How many table messages' latest clicks are held at most."""


def deferred_on_public(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction deferred an update of a public message (a table message):
    its answers to the clicker must then be private follow-ups, never an edit of it."""
    message = interaction.message
    return (
        message is not None
        and not message.flags.ephemeral
        and interaction.response.type == discord.InteractionResponseType.deferred_message_update
    )


class Handles:
    """The latest click held for each table message, to edit that message with."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._held: OrderedDict[int, tuple[discord.Interaction[Any], float]] = OrderedDict()
        self.edits = 0
        """How many edits went through a held click (the rest went through the channel)."""

    def hold(self, interaction: discord.Interaction[Any]) -> None:
        """Keep a click that deferred an update of a table message, to edit that message."""
        if interaction.guild_id is None or interaction.message is None:
            return  # tables live in server channels (a DM's question is not one)
        if not deferred_on_public(interaction):
            return
        self._held[interaction.message.id] = (interaction, self._clock())
        self._held.move_to_end(interaction.message.id)
        while len(self._held) > HELD_KEPT:
            self._held.popitem(last=False)

    def release(self, message_id: int) -> None:
        self._held.pop(message_id, None)

    def _fresh(self, message_id: int) -> discord.Interaction[Any] | None:
        held = self._held.get(message_id)
        if held is None:
            return None
        interaction, since = held
        if self._clock() - since > TOKEN_SECONDS:
            self.release(message_id)
            return None
        return interaction

    async def edit(self, message_id: int, **fields: Any) -> discord.Message | None:
        """Edit the message through a held click; None when none is held or it failed (the
        caller then edits through the channel)."""
        interaction = self._fresh(message_id)
        if interaction is None:
            return None
        try:
            edited = await interaction.edit_original_response(**fields)
        except discord.HTTPException as error:
            log.info("A held click could not edit message %s: %s", message_id, error)
            self.release(message_id)
            # the refused request read the new picture's bytes: rewind them for the channel
            for attachment in fields.get("attachments") or ():
                if isinstance(attachment, discord.File):
                    attachment.reset(seek=True)
            return None
        self.edits += 1
        return edited
