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

import discord

import lang
from cogs.table.embeds import clip
from cogs.table.languages import table_language
from cogs.table.messaging import DMS_CLOSED, MENTIONS, addressed, mentions_of
from cogs.table.table import Tables, plain
from engine.text import N_
from host.clock_scheduler import POLL_SECONDS, Scheduler
from host.clock_settings import ClockSettings
from host.clocks import Clocks, Fired
from host.models import GameRecord

log = logging.getLogger(__name__)

FASTEST_POLL = 0.05
"""The scheduler never looks for due deadlines more often than this (seconds), however fast
the clocks run."""


def when(at: float | None, tr: lang.Texts) -> str:
    """A moment as Discord shows it to each reader in their own time ("in 5 minutes")."""
    return tr("soon") if at is None else f"<t:{int(at)}:R>"


STAND_INS = {"easy": N_("easy"), "strong": N_("strong")}
"""A stand-in computer's level in words."""


class ClockTable:
    """The ``ClockNotices`` of the bot: shows what fired through the game's ``Tables``."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    async def stood_in(self, fired: Fired) -> None:
        update, record, seat = fired.update, fired.record, fired.seat
        assert update is not None and seat is not None
        settings = fired.settings or ClockSettings()
        tr = lang.texts(table_language(record))
        level = tr.say(STAND_INS.get(settings.stand_in, settings.stand_in))
        if fired.private:
            text = "⏰ " + tr(
                "Game #{number}: a private answer ran out of time and was given for its player.",
                number=record.id,
            )
        else:
            text = "⏰ " + tr(
                "{player} ran out of time in game #{number}: a computer player ({level}) made "
                "that decision for them.",
                player=plain(record.name_of(seat)),
                number=record.id,
                level=level,
            )
        user = record.user_of(seat)
        back = f"`/{record.kind} seat back`"
        if fired.handed_over:
            who = f"<@{user}>" if user is not None else plain(record.name_of(seat))
            text += "\n" + tr.plural(
                "{player} missed {n} deadline in a row, so a computer player plays their seat "
                "until they are back ({command}).",
                "{player} missed {n} deadlines in a row, so a computer player plays their seat "
                "until they are back ({command}).",
                settings.missed,
                player=who,
                command=back,
            )
        handed_to = user if fired.handed_over else None
        await self._say(record, text, mention=handed_to)
        for shown in (update, fired.handed_over):
            if shown is not None:
                await self.tables.publish(shown)
                await self.tables.send_secrets(shown)
        if handed_to is not None:
            url = await self.tables.table_url(record)
            own = lang.texts(await self.tables.person_language(handed_to))
            await self._dm(record, handed_to, handed_over_dm(own, record, settings, url))
        if fired.private and user is not None:
            own = lang.texts(await self.tables.person_language(user))
            await self._dm(record, user, ran_out_dm(own, record, defaulted=fired.defaulted))

    async def remind(self, fired: Fired) -> None:
        record, seat = fired.record, fired.seat
        assert seat is not None
        user = record.user_of(seat)
        if user is None:
            return
        url = await self.tables.table_url(record)
        tr = lang.texts(table_language(record))
        if fired.private:
            view = record.view()
            presenter = self.tables.presenter(record)
            asked = [s for s in presenter.could_be_asked(view)]
            if seat not in asked:
                asked = [s.seat for s in record.seats if s.user_id is not None]
            people = [s for s in asked if record.user_of(s) is not None]
            due = when(fired.due_at, tr)  # (made apart: the marker's call names no ``tr``)
            button = presenter.group_title("answer", language=tr.language) + "…"
            channel_text = tr.plural(
                "{players}: game #{number} still waits for a private answer that may be one of "
                "yours; its time runs out {when}. The **{button}** button on the table shows "
                "whether you are asked.",
                "{players}: game #{number} still waits for a private answer that may be one of "
                "yours; its time runs out {when}. The **{button}** button on the table shows "
                "whether you are asked.",
                addressed(record, people),
                players=mentions_of(record, people),
                number=record.id,
                when=due,
                button=button,
            )
        else:
            channel_text = tr(
                "{player}, a reminder: your decision in game #{number} runs out of time {when}.",
                player=f"<@{user}>",
                number=record.id,
                when=when(fired.due_at, tr),
            )
        own = lang.texts(await self.tables.person_language(user))
        try:
            await self.tables.channel(record, record.channel_id).send(
                clip(channel_text, 1800) + f"\n{url}", allowed_mentions=MENTIONS
            )
        except discord.HTTPException:
            log.warning("Could not post a reminder in game #%s", record.id)
        await self._dm(record, user, reminder_dm(own, record, fired, url))

    async def ended_idle(self, fired: Fired) -> None:
        record = fired.record
        days = (fired.settings or ClockSettings()).idle_days
        tr = lang.texts(table_language(record))
        why = tr.plural(
            "Game #{number} has ended: nobody played it for {n} day, so it is recorded as "
            "abandoned.",
            "Game #{number} has ended: nobody played it for {n} days, so it is recorded as "
            "abandoned.",
            days,
            number=record.id,
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
        if await self.tables.service.channels.dms_closed(user_id):
            return
        try:
            user = await self.tables.user(user_id)
            await user.send(clip(text, 2000))
        except discord.Forbidden as error:
            if error.code == DMS_CLOSED:
                await self.tables.service.channels.mark_dms_closed(user_id)
            else:
                log.warning("DM to %s refused: %s", user_id, error)
        except discord.HTTPException:
            log.warning("Could not DM %s for game #%s", user_id, record.id)


def handed_over_dm(tr: lang.Texts, record: GameRecord, settings: ClockSettings, url: str) -> str:
    """The DM to a person whose seat a computer now plays, after missed deadlines."""
    lost = tr.plural(
        "**Game #{number}**: you missed {n} deadline in a row, so a computer player ({level}) "
        "now plays your seat. {command} gives it back to you whenever you like.",
        "**Game #{number}**: you missed {n} deadlines in a row, so a computer player ({level}) "
        "now plays your seat. {command} gives it back to you whenever you like.",
        settings.missed,
        number=record.id,
        level=tr.say(STAND_INS.get(settings.stand_in, settings.stand_in)),
        command=f"`/{record.kind} seat back`",
    )
    return lost + "\n" + tr("[Back to the table]({link})", link=url)


def ran_out_dm(tr: lang.Texts, record: GameRecord, *, defaulted: bool) -> str:
    """The DM to a person whose private question ran out of time."""
    if defaulted:
        return tr(
            "**Game #{number}**: your time for the private question ran out, so nothing was "
            "played for you.",
            number=record.id,
        )
    return tr(
        "**Game #{number}**: your time for the private question ran out, so a computer player "
        "answered it for you.",
        number=record.id,
    )


def reminder_dm(tr: lang.Texts, record: GameRecord, fired: Fired, url: str) -> str:
    """The DM that reminds a person their time runs out (a private question: only that one
    waits)."""
    if fired.private:
        text = tr(
            "**Game #{number}**: you have a private question waiting; its time runs out {when}.",
            number=record.id,
            when=when(fired.due_at, tr),
        )
    else:
        text = tr(
            "**Game #{number}**: a reminder that your decision runs out of time {when}.",
            number=record.id,
            when=when(fired.due_at, tr),
        )
    back = tr("[Back to the table]({link})", link=url)
    mute = tr(
        "({command} stops these for this game.)", command=f"`/{record.kind} clock reminders off`"
    )
    return f"{text}\n{back} {mute}"


def poll_seconds(speed: float) -> float:
    return max(FASTEST_POLL, min(POLL_SECONDS, POLL_SECONDS / speed))


def start_clocks(tables: Tables, speed: float) -> tuple[Clocks, Scheduler]:
    """The clocks of the tables' games and their scheduler (not yet running: the bot runs it
    after start-up repair)."""
    clocks = Clocks(tables.service, speed=speed)
    tables.clocks = clocks
    scheduler = Scheduler(clocks, ClockTable(tables), poll=poll_seconds(speed), guard=tables.lock)
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
