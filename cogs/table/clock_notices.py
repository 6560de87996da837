"""What the clocks show on Discord: a stand-in's decision on the table, reminders by a mention
and a DM, and a game ended because nobody played it. The scheduler (``host/clock_scheduler.py``)
runs in the bot as a background task and calls these, each under the game's table lock.

Nothing secret goes out: a private question's reminder in the channel mentions everyone it
could have been put to (as the notice of a private question does), its DM says only that a
private question waits, and a private answer given for its player is not said to be theirs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

import discord

from cogs.table.embeds import clip
from cogs.table.messaging import DMS_CLOSED, MENTIONS, mentions_of
from cogs.table.table import Tables, plain
from engine.core import counted
from host.clock_scheduler import POLL_SECONDS, Scheduler
from host.clock_settings import ClockSettings
from host.clocks import Clocks, Fired
from host.models import GameRecord

if TYPE_CHECKING:
    from cogs.runtime.client import GameBot

log = logging.getLogger(__name__)

FASTEST_POLL = 0.05
"""The scheduler never looks for due deadlines more often than this (seconds), however fast
the clocks run."""


def when(at: float | None) -> str:
    """A moment as Discord shows it to each reader in their own time ("in 5 minutes")."""
    return "soon" if at is None else f"<t:{int(at)}:R>"


class ClockTable:
    """The ``ClockNotices`` of the bot: shows what fired through the game's ``Tables``."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    async def stood_in(self, fired: Fired) -> None:
        update, record, seat = fired.update, fired.record, fired.seat
        assert update is not None and seat is not None
        settings = fired.settings or ClockSettings()
        if fired.private:
            text = (
                f"⏰ Game #{record.id}: a private answer ran out of time and was given for "
                "its player."
            )
        else:
            text = (
                f"⏰ {plain(record.name_of(seat))} ran out of time in game #{record.id}: a "
                f"computer player ({settings.stand_in}) made that decision for them."
            )
        user = record.user_of(seat)
        if fired.handed_over:
            who = f"<@{user}>" if user is not None else plain(record.name_of(seat))
            text += (
                f"\n{who} missed {counted(settings.missed, 'deadline')} in a row, so a computer "
                f"player plays their seat until they are back (`/{record.kind} seat back`)."
            )
        handed_to = user if fired.handed_over else None
        await self._say(record, text, mention=handed_to)
        for shown in (update, fired.handed_over):
            if shown is not None:
                await self.tables.publish(shown)
                await self.tables.send_secrets(shown)
        if handed_to is not None:
            url = await self.tables.table_url(record)
            await self._dm(
                record,
                handed_to,
                f"**Game #{record.id}**: you missed {counted(settings.missed, 'deadline')} in a "
                f"row, so a computer player ({settings.stand_in}) now plays your seat. "
                f"`/{record.kind} seat back` gives it back to you whenever you like.\n"
                f"[Back to the table]({url})",
            )
        if fired.private and user is not None:
            answer = "nothing was played" if fired.defaulted else "a computer player answered it"
            await self._dm(
                record,
                user,
                f"**Game #{record.id}**: your time for the private question ran out, so {answer} "
                "for you.",
            )

    async def remind(self, fired: Fired) -> None:
        record, seat = fired.record, fired.seat
        assert seat is not None
        user = record.user_of(seat)
        if user is None:
            return
        url = await self.tables.table_url(record)
        if fired.private:
            view = record.view()
            asked = [s for s in self.tables.presenter(record).could_be_asked(view)]
            if seat not in asked:
                asked = [s.seat for s in record.seats if s.user_id is not None]
            people = [s for s in asked if record.user_of(s) is not None]
            channel_text = (
                f"{mentions_of(record, people)}: game #{record.id} still waits for a private "
                f"answer that may be one of yours; its time runs out {when(fired.due_at)}. "
                "The **Answer…** button on the table shows whether you are asked."
            )
            dm_text = (
                f"**Game #{record.id}**: you have a private question waiting; its time runs out "
                f"{when(fired.due_at)}."
            )
        else:
            channel_text = (
                f"<@{user}>, a reminder: your decision in game #{record.id} runs out of time "
                f"{when(fired.due_at)}."
            )
            dm_text = (
                f"**Game #{record.id}**: a reminder that your decision runs out of time "
                f"{when(fired.due_at)}."
            )
        mute = f" (`/{record.kind} clock reminders off` stops these for this game.)"
        try:
            await self.tables.channel(record, record.channel_id).send(
                clip(channel_text, 1800) + f"\n{url}", allowed_mentions=MENTIONS
            )
        except discord.HTTPException:
            log.warning("Could not post a reminder in game #%s", record.id)
        await self._dm(record, user, f"{dm_text}\n[Back to the table]({url}){mute}")

    async def ended_idle(self, fired: Fired) -> None:
        record = fired.record
        days = (fired.settings or ClockSettings()).idle_days
        why = (
            f"Game #{record.id} has ended: nobody played it for {days} days, so it is recorded "
            "as abandoned."
        )
        await self.tables.show_abandoned(record, "", why=why)
        await self.tables.show_lobby(record)

    async def back(self, fired: Fired) -> None:
        """Someone is back from being away: the table shows their deadline again."""
        await self.tables.show_table(fired.record, new_message=False)

    async def _say(self, record: GameRecord, text: str, *, mention: int | None = None) -> None:
        """Post a notice in the game's channel; ``mention``: the one person it notifies."""
        allowed = discord.AllowedMentions.none()
        if mention is not None:
            allowed = discord.AllowedMentions(users=[discord.Object(mention)])
        try:
            await self.tables.channel(record, record.channel_id).send(
                text, allowed_mentions=allowed
            )
        except discord.HTTPException:
            log.warning("Could not post a clock notice in game #%s", record.id)

    async def _dm(self, record: GameRecord, user_id: int, text: str) -> None:
        """A DM where DMs are open; closed ones are remembered and not tried again here."""
        if await self.tables.service.dms_closed(user_id):
            return
        try:
            user = await self.tables.user(user_id)
            await user.send(clip(text, 2000))
        except discord.Forbidden as error:
            if error.code == DMS_CLOSED:
                await self.tables.service.mark_dms_closed(user_id)
            else:
                log.warning("DM to %s refused: %s", user_id, error)
        except discord.HTTPException:
            log.warning("Could not DM %s for game #%s", user_id, record.id)


def poll_seconds(speed: float) -> float:
    return max(FASTEST_POLL, min(POLL_SECONDS, POLL_SECONDS / speed))


def start_clocks(bot: GameBot, speed: float) -> tuple[Clocks, Scheduler]:
    """The bot's clocks and their scheduler (not yet running: ``run_clocks`` runs it)."""
    clocks = Clocks(bot.service, speed=speed)
    bot.tables.clocks = clocks
    scheduler = Scheduler(
        clocks, ClockTable(bot.tables), poll=poll_seconds(speed), guard=bot.tables.lock
    )
    return clocks, scheduler


STOP_SECONDS = 1.5
"""How long a stop lets the scheduler finish the deadline it is firing before cancelling it."""


async def stop_clocks(scheduler: Scheduler, task: asyncio.Task[None] | None) -> None:
    """Stop the scheduler's task between two deadlines if it can within ``STOP_SECONDS``,
    else cancel it (it notes the time it stopped either way)."""
    if task is None or task.done():
        return
    scheduler.request_stop()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait({task}, timeout=STOP_SECONDS)
    if not task.done():
        task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
