"""The gate every click and command passes: open, it notes the task handling each one (so a
stop can wait for those in flight, and each is timed, logged and counted); closed, as the bot
stops, it turns new ones away with "restarting, try again" (``cogs.runtime.lifecycle``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Self, cast

import discord

import lang
from cogs.table.languages import reader_language, remember_locale
from engine.text import N_
from host import metrics

log = logging.getLogger(__name__)

RESTARTING = N_("The bot is restarting right now; try again in a moment.")
DRAIN_SECONDS = 8.0
"""How long a stop waits for the clicks in flight (the whole stop stays within 10 s)."""


@dataclass(frozen=True)
class Handling:
    """One interaction being handled, as the logs and metrics tell it (nothing secret: a
    command's name or a control's kind, never the values chosen)."""

    kind: str
    what: str
    server: int | None
    game: int | None
    started: float = field(default_factory=time.perf_counter)


class Gate:
    """Every click and command passes here. Open, it notes the task that handles it (so a
    stop can wait for it, and its time is measured and logged); closed, it turns them away."""

    def __init__(self) -> None:
        self.closed = False
        self._in_flight: dict[asyncio.Task[Any], Handling] = {}

    def admit(self, handling: Handling | None = None) -> bool:
        """True if the current interaction may go on; False once the bot is stopping."""
        if self.closed:
            metrics.TURNED_AWAY.inc()
            return False
        task = asyncio.current_task()
        if task is not None and task not in self._in_flight:
            self._in_flight[task] = handling or Handling("internal", "-", None, None)
            task.add_done_callback(self._finished)
        return True

    def _finished(self, task: asyncio.Task[Any]) -> None:
        handling = self._in_flight.pop(task, None)
        if handling is None or handling.kind == "internal":
            return
        seconds = time.perf_counter() - handling.started
        metrics.CLICKS.labels(handling.kind).inc()
        metrics.CLICK_SECONDS.labels(handling.kind).observe(seconds)
        log.info(
            "%s %s handled in %.0f ms",
            handling.kind,
            handling.what,
            seconds * 1000,
            extra={
                "game": handling.game,
                "server": handling.server,
                "action": handling.what,
                "latency_ms": round(seconds * 1000, 1),
            },
        )

    @property
    def in_flight(self) -> int:
        return sum(1 for task in self._in_flight if not task.done())

    async def close(self, timeout: float) -> int:
        """Turn new interactions away and wait up to ``timeout`` seconds for those in flight;
        how many were still running then."""
        self.closed = True
        me = asyncio.current_task()
        running = {task for task in self._in_flight if not task.done() and task is not me}
        if not running:
            return 0
        _, pending = await asyncio.wait(running, timeout=timeout)
        return len(pending)


GAME_IN_ID = re.compile(r"^[a-z]+:g:([0-9]+):")


def handling_of(interaction: discord.Interaction[Any]) -> Handling:
    """What an interaction is, in words safe for a log line."""
    data: dict[str, Any] = dict(cast("dict[str, Any]", interaction.data or {}))
    game: int | None = None
    if interaction.type is discord.InteractionType.component:
        custom_id = str(data.get("custom_id", ""))
        found = GAME_IN_ID.match(custom_id)
        game = int(found[1]) if found else None
        parts = custom_id.split(":")
        # kind:g:id:lobby:join, kind:g:id:v:version:group..., kind:g:id:undo:version
        what = parts[3] if len(parts) > 3 else "component"
        if what == "v" and len(parts) > 5:
            what = "choice"
        kind = "component"
    else:
        command = interaction.command
        what = "/" + command.qualified_name if command is not None else str(data.get("name", "?"))
        kind = (
            "autocomplete"
            if interaction.type is discord.InteractionType.autocomplete
            else "command"
        )
    return Handling(kind, what, interaction.guild_id, game)


async def admit(interaction: discord.Interaction[Any]) -> bool:
    """The gate's answer for this interaction; a turned-away one is told why."""
    await remember_locale(interaction)
    gate: Gate | None = getattr(interaction.client, "gate", None)
    if gate is None or gate.admit(handling_of(interaction)):
        return True
    with contextlib.suppress(discord.HTTPException):
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        elif not interaction.response.is_done():
            language = await reader_language(interaction)
            await interaction.response.send_message(lang.say(RESTARTING, language), ephemeral=True)
    return False


class Gated:
    """For every button and select the bot registers: it passes the gate first, and it is
    made again from its custom id (``from_custom_id``) with the values ``rebuilt`` reads."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        return await admit(interaction)

    @classmethod
    def rebuilt(cls, match: re.Match[str]) -> tuple[Any, ...]:
        """The arguments that make the control again from its custom id (``match``, by its
        template): the game's kind and id; a control whose id names more says so."""
        return match["kind"], int(match["game"])

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cast(Self, cast(Any, cls)(*cls.rebuilt(match)))


def button(
    label: str,
    custom_id: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    *,
    disabled: bool = False,
) -> discord.ui.Button[Any]:
    """A button of the bot's own controls, its label cut to Discord's 80 characters."""
    return discord.ui.Button(label=label[:80], style=style, custom_id=custom_id, disabled=disabled)


def select(
    custom_id: str,
    options: Sequence[discord.SelectOption],
    placeholder: str | None = None,
    *,
    least: int = 1,
    most: int = 1,
) -> discord.ui.Select[Any]:
    """A select of the bot's own controls: ``least`` to ``most`` of its options (at least
    one, at most all), its placeholder cut to Discord's 150 characters; with no options, a
    lone "-" (Discord wants one)."""
    choices = list(options) or [discord.SelectOption(label="-", value="-")]
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=placeholder[:150] if placeholder else None,
        options=choices,
        min_values=min(max(least, 1), len(choices)),
        max_values=min(max(most, 1), len(choices)),
    )
