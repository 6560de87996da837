"""Clocks: every person deciding in a timed game has a deadline, a reminder before it, and a
stand-in when it passes; a game nobody plays for long is ended.

Deadlines, reminders and the idle limit are ``jobs`` rows (``host/jobs.py``) with a due time,
so a restart resumes them and a second process can share the work; ``host/clock_scheduler.py``
claims them when due and calls ``fire``. Whenever a game changes (the service tells its
``change_listeners``, still holding the game) ``sync`` brings its jobs in line with who
decides now: a seat that acted, or no longer decides, loses its deadline, and a person who
now decides gets one. Every duration is divided by ``speed`` (tests and trials run the clocks
faster); the service's clock gives the time, so tests control it.

A person may say they are away (``go_away``, at most ``AWAY_MOST_DAYS`` at a time and
``AWAY_DAYS_A_YEAR`` in any year): while they are, ``sync`` freezes each of their decisions
(what was left of it is kept in ``clock_frozen``) with its reminder, and an ``AWAY`` job due
when they are back brings the game's clocks in line again. Acting in any game ends the
absence at once.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from engine.text import N_, msg, plural
from host import computers, seats
from host.clock_settings import DAY, START_BANK, ClockSettings
from host.errors import DamagedGame, NotFound, NotSeated, UserError
from host.jobs import Job
from host.models import GameRecord, Update
from host.service import GameService

log = logging.getLogger(__name__)

DEADLINE, REMINDER, IDLE = "clock:deadline", "clock:reminder", "clock:idle"
AWAY = "clock:away"
"""Due when a seat's person is back from being away (or came back early): its game's clocks
are brought in line again, the seat's frozen decision going on with the time it had left."""
KINDS = (DEADLINE, REMINDER, IDLE, AWAY)
AWAY_MOST_DAYS = 30
"""The longest single absence, in days."""
AWAY_DAYS_A_YEAR = 60
"""How many days anyone may be away in any 365 days, as vacation days go on game sites."""
YEAR_DAYS = 365
IDLE_SLACK = 3600.0
"""Game seconds an idle deadline may lag behind the latest person's move before its job is
rewritten (a stale one is checked when it comes due). Time the bot was down pushes deadlines
back; the check at the due time counts from the move itself, so after downtime a game may be
ended as idle up to this much early."""
REMIND_AT = 0.25
"""A reminder goes out when this share of a decision's time is left."""
NO_SEAT = "a deadline or reminder whose payload names no seat"


def seat_of(job: Job) -> int | None:
    """The seat a deadline or reminder is for; None when its payload names none (a damaged
    job, set aside by whoever finds it)."""
    seat = job.payload.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0:
        return seat
    return None


class LeaseLost(Exception):
    """Another process took over a due job meanwhile (its lease ran out): it does the job."""


@dataclass(frozen=True)
class Fired:
    """What a due job did, for the Discord side to show."""

    what: Literal["stand_in", "reminder", "abandoned", "back"]
    record: GameRecord
    seat: int | None = None
    update: Update | None = None  # a stand-in's action and what followed it
    private: bool = False  # the decision was a private question (never name its seat)
    reaction: bool = False  # a question outside the seat's turn (its misses are not counted)
    defaulted: bool = False  # a reaction answered "don't play" rather than by the stand-in
    handed_over: Update | None = None  # too many missed deadlines: a computer plays the seat
    due_at: float | None = None  # a reminder: when the time runs out
    settings: ClockSettings | None = None


@dataclass(frozen=True)
class TableClock:
    """What a game's table shows of its clock."""

    deadlines: Mapping[int, float]
    """Seat: when (the service's clock) its current decision's time runs out."""
    banks: Mapping[int, float]
    """With a daily timer, each person's seat: game seconds left in its time bank (for a seat
    deciding now, what is left of this decision)."""
    away: Mapping[int, float] = field(default_factory=dict)
    """Seat: until when (the service's clock) its person is away, its clock frozen."""


@dataclass(frozen=True)
class Absence:
    """A person's absence as ``Clocks.go_away`` set it: until when, the days of the yearly
    allowance left after it, and the running games whose clocks it froze."""

    until: float | None
    days_left: float
    games: list[GameRecord]


class Clocks:
    """Deadlines of the games of one service; ``fire`` does what a due job asks."""

    def __init__(self, service: GameService, *, speed: float = 1.0) -> None:
        if speed <= 0:
            raise ValueError("the clock speed must be positive")
        self.service = service
        self.speed = speed
        self.rows = service.store.clocks
        self.jobs = service.store.jobs
        service.holds.change_listeners.append(self._changed)

    def now(self) -> float:
        return self.service.now()

    def scaled(self, seconds: float) -> float:
        """Game seconds as seconds of the service's clock."""
        return seconds / self.speed

    # -- settings -------------------------------------------------------------------------

    async def settings(self, game_id: int) -> ClockSettings:
        return ClockSettings.from_dict(await self.rows.settings(game_id))

    async def choose(self, game_id: int, settings: ClockSettings) -> None:
        """Store a new lobby's clock (its host chose it with the lobby)."""
        await self.rows.set_settings(game_id, settings.to_dict())

    async def configure(
        self,
        game_id: int,
        user_id: int,
        *,
        can_manage: bool,
        timer: str | None = None,
        stand_in: str | None = None,
        missed: int | None = None,
        idle_days: int | None = None,
    ) -> tuple[GameRecord, ClockSettings]:
        """Change a game's clock (the host, or whoever manages the channel). In a running game
        every current decision starts again with the new timer."""
        async with self.service.holds.hold(game_id):
            record = await self.service.get(game_id)
            if not record.is_open:
                raise UserError(
                    msg("Game #{number} has ended: its clock no longer runs.", number=game_id)
                )
            refusal = N_(
                "Only the host, {host}, or someone who can manage this channel can change "
                "game #{number}'s timer."
            )
            record.require_host(user_id, refusal, can_manage=can_manage)
            settings = (await self.settings(game_id)).changed(
                timer=timer, stand_in=stand_in, missed=missed, idle_days=idle_days
            )
            await self.rows.set_settings(game_id, settings.to_dict())
            await self.sync(record, restart=True)
        return record, settings

    async def set_reminders(self, game_id: int, user_id: int, on: bool) -> GameRecord:
        """Mute (or hear again) a player's reminders for one game."""
        record = await self.service.get(game_id)
        if record.seat_of(user_id) is None:
            raise NotSeated(msg("You are not in this game."))
        await self.rows.set_muted(game_id, user_id, not on)
        return record

    async def reminders_on(self, game_id: int, user_id: int) -> bool:
        return not await self.rows.muted(game_id, user_id)

    async def table_clock(self, record: GameRecord) -> TableClock | None:
        """The deadlines of the people deciding now and, with a daily timer, everyone's time
        bank; None for a game without a timer or not running."""
        if record.status != "running":
            return None
        settings = await self.settings(record.id)
        away = await self.away_seats(record)
        if not settings.timed:
            return TableClock({}, {}, away) if away else None
        deadlines = {
            int(job.payload["seat"]): job.due_at
            for job in await self.jobs.pending(record.id)
            if job.kind == DEADLINE
        }
        banks: dict[int, float] = {}
        if settings.mode == "daily":
            now = self.now()
            for seat in (s.seat for s in record.seats if record.player_of(s.seat) is not None):
                if seat in deadlines:
                    banks[seat] = max(0.0, deadlines[seat] - now) * self.speed
                else:
                    bank, _ = await self.rows.seat(record.id, seat)
                    banks[seat] = START_BANK if bank is None else bank
        return TableClock(deadlines, banks, away)

    # -- keeping jobs in line with the game ------------------------------------------------

    @staticmethod
    def people_deciding(record: GameRecord) -> list[int]:
        """The seats deciding now that a person plays (not a computer, nor a handed-over seat)."""
        if record.status != "running" or record.game is None:
            return []
        people = {s.seat for s in record.seats if record.player_of(s.seat) is not None}
        return [seat for seat in record.game.actors() if seat in people]

    async def _changed(self, record: GameRecord, seat: int | None, user_id: int | None) -> None:
        if user_id is not None and seat is not None:
            _, missed = await self.rows.seat(record.id, seat)
            if missed:
                await self.rows.set_missed(record.id, seat, 0)
        if user_id is not None and await self.away_until(user_id) is not None:
            await self.rows.end_away(user_id, self.now())  # acting anywhere ends an absence
            await self._wake_other_games(user_id, record.id)
        await self.sync(record, acted=seat, by_person=user_id is not None)

    async def away_seats(self, record: GameRecord) -> dict[int, float]:
        """Seat -> until when its person is away, for the game's people away now."""
        people = {
            s.seat: user for s in record.seats if (user := record.player_of(s.seat)) is not None
        }
        away = await self.rows.away_now(sorted(set(people.values())), self.now())
        return {seat: away[user] for seat, user in people.items() if user in away}

    async def away_until(self, user_id: int) -> float | None:
        return (await self.rows.away_now([user_id], self.now())).get(user_id)

    async def _wake_other_games(self, user_id: int, but: int | None) -> None:
        """The user is back: each of their other running games brings its clocks in line
        when its AWAY job, due now, fires (each under its own lock, never two at once)."""
        now = self.now()
        for other in await self.service.games_for_user(user_id):
            seat = other.seat_of(user_id)
            if other.id != but and other.status == "running" and seat is not None:
                await self.jobs.schedule(AWAY, now, game_id=other.id, payload={"seat": seat})

    async def days_left(self, user_id: int) -> float:
        """Days of the yearly allowance of absence the user has left now."""
        now = self.now()
        year = self.scaled(YEAR_DAYS * DAY)
        used = sum(  # an absence running counts whole: its days are booked
            end - max(start, now - year)
            for start, end in await self.rows.away_spells(user_id, now - year)
        )
        return max(0.0, AWAY_DAYS_A_YEAR - used / self.scaled(DAY))

    async def go_away(self, user_id: int, days: int) -> Absence:
        """The user is away for ``days`` (1 to ``AWAY_MOST_DAYS``; 0: back now) from now: in
        every running game of theirs, their clocks and reminders stop until they are back (or
        act anywhere). UserError beyond the limits. Call holding no game."""
        if not 0 <= days <= AWAY_MOST_DAYS:
            raise UserError(
                msg("Say how many days you are away: 1 to {most} (0: back).", most=AWAY_MOST_DAYS)
            )
        now = self.now()
        if days == 0:
            if not await self.rows.end_away(user_id, now):
                raise UserError(msg("You are not away."))
            until = None
        else:
            await self.rows.end_away(user_id, now)  # a new absence replaces one running
            left = await self.days_left(user_id)
            if days > left:
                raise UserError(
                    plural(
                        "You have {n} day of absence left in the past year ({most} a year): ask "
                        "for at most that many.",
                        "You have {n} days of absence left in the past year ({most} a year): ask "
                        "for at most that many.",
                        int(left),
                        most=AWAY_DAYS_A_YEAR,
                    )
                )
            until = now + self.scaled(days * DAY)
            await self.rows.start_away(user_id, now, until)
        games = []
        for record in await self.service.games_for_user(user_id):
            if record.status != "running":
                continue
            async with self.service.holds.hold(record.id):
                current = await self.service.get(record.id)
                await self.sync(current)
            games.append(current)
        return Absence(until, await self.days_left(user_id), games)

    async def sync(
        self,
        record: GameRecord,
        *,
        acted: int | None = None,
        by_person: bool = False,
        restart: bool = False,
    ) -> None:
        """Bring the game's clock jobs in line with it (call holding the game): ``acted`` is
        the seat that just acted (its decision is over), ``by_person`` whether a person chose
        (the game is not idle), ``restart`` drops every deadline (a new timer)."""
        jobs = [job for job in await self.jobs.pending(record.id) if job.kind in KINDS]
        if record.status != "running" or record.game is None:
            for job in jobs:
                await self.jobs.drop(job.id)
            for frozen_seat in await self.rows.frozen_seats(record.id):
                await self.rows.thaw(record.id, frozen_seat)
            return
        settings = await self.settings(record.id)
        now = self.now()
        deciding = set(self.people_deciding(record))
        away = await self.away_seats(record)
        timed: set[int] = set()
        idle: Job | None = None
        waking: set[int] = set()
        for job in jobs:
            if job.kind == IDLE:
                idle = job
                continue
            seat = seat_of(job)
            if seat is None:
                await self.jobs.set_aside(job, NO_SEAT)
                continue
            if job.kind == AWAY:
                if seat in away and job.due_at == away[seat] and seat not in waking:
                    waking.add(seat)
                else:
                    await self.jobs.drop(job.id)
                continue
            if restart or not settings.timed or seat == acted or seat not in deciding:
                if job.kind == DEADLINE and not restart:
                    await self._keep_bank(record.id, seat, job, settings, now)
                await self.jobs.drop(job.id)
            elif seat in away:  # frozen: it goes on with what it had left when they are back
                if job.kind == DEADLINE:
                    left = max(0.0, job.due_at - now) * self.speed
                    reaction = bool(job.payload.get("reaction"))
                    await self.rows.freeze(record.id, seat, left, reaction)
                await self.jobs.drop(job.id)
            elif job.kind == DEADLINE:
                timed.add(seat)
        for frozen_seat in await self.rows.frozen_seats(record.id):
            gone = frozen_seat == acted or frozen_seat not in deciding
            if restart or not settings.timed or gone:
                await self.rows.thaw(record.id, frozen_seat)
        for seat in sorted(set(away) - waking):
            await self.jobs.schedule(AWAY, away[seat], game_id=record.id, payload={"seat": seat})
        if settings.timed:
            for seat in sorted(deciding - timed - set(away)):
                await self._schedule(record, seat, settings, now)
        idle_due = now + self.scaled(settings.idle_seconds)
        # A person's move pushes the idle deadline back, but the job is only rewritten when
        # it moved by more than IDLE_SLACK: not two writes for every action. A job left
        # behind that comes due checks the latest person's move first (``_idle``).
        late = by_person and idle is not None and idle_due - idle.due_at > self.scaled(IDLE_SLACK)
        if idle is not None and (restart or late):
            await self.jobs.drop(idle.id)
            idle = None
        if idle is None:
            await self.jobs.schedule(IDLE, idle_due, game_id=record.id)

    async def _keep_bank(
        self, game_id: int, seat: int, job: Job, settings: ClockSettings, now: float
    ) -> None:
        """A daily timer's seat keeps what it had left of a decision it finished in time."""
        if settings.mode == "daily" and not job.payload.get("reaction"):
            left = max(0.0, job.due_at - now) * self.speed
            await self.rows.set_bank(game_id, seat, left)

    async def _schedule(
        self, record: GameRecord, seat: int, settings: ClockSettings, now: float
    ) -> None:
        game = record.game
        assert game is not None
        reaction = self.service.kind(record.kind).is_reaction(game, seat)
        bank = None
        if settings.mode == "daily" and not reaction:
            bank, _ = await self.rows.seat(record.id, seat)
        allowed = settings.decision_seconds(reaction=reaction, bank=bank)
        frozen = await self.rows.frozen(record.id, seat)
        if frozen is not None:  # back from away: the decision goes on where it stopped
            await self.rows.thaw(record.id, seat)
            if frozen[1] == reaction and allowed is not None:
                allowed = frozen[0]
        if allowed is None:
            return
        due = now + self.scaled(allowed)
        payload = {"seat": seat, "version": record.version, "reaction": reaction}
        await self.jobs.schedule(DEADLINE, due, game_id=record.id, payload=payload)
        remind = due - self.scaled(allowed) * REMIND_AT
        await self.jobs.schedule(REMINDER, remind, game_id=record.id, payload=payload)

    # -- due jobs ---------------------------------------------------------------------------

    async def fire(self, job: Job, owner: str) -> Fired | None:
        """Do what a due clock job asks, holding its game; None when there is nothing to show
        (the job no longer fits the game: someone acted in time, the game ended...)."""
        if job.game_id is None or job.kind not in KINDS:
            return None
        fired = await self._fire_held(job, owner)
        if fired is None or fired.what != "stand_in" or fired.seat is None or fired.reaction:
            return fired
        settings = fired.settings or ClockSettings()
        _, missed = await self.rows.seat(fired.record.id, fired.seat)
        if missed < settings.missed or fired.record.status != "running":
            return fired
        try:
            change = await seats.hand_to_computer(
                self.service, fired.record.id, fired.seat, settings.stand_in, "missed"
            )
        except UserError as error:
            log.info("Game #%s: seat %s not handed over: %s", job.game_id, fired.seat, error)
            return fired
        await self.rows.set_missed(fired.record.id, fired.seat, 0)
        return replace(fired, record=change.update.record, handed_over=change.update)

    async def _fire_held(self, job: Job, owner: str) -> Fired | None:
        assert job.game_id is not None
        try:
            async with self.service.holds.hold(job.game_id):
                seat = seat_of(job)
                if job.kind != IDLE and seat is None:
                    await self.jobs.set_aside(job, NO_SEAT)
                    return None
                # Gone means the game moved on meanwhile and dropped it: nothing to do. A
                # deadline ends with the stand-in's action, in its transaction (``_stand_in``).
                done = self.jobs.holds if job.kind == DEADLINE else self.jobs.finish
                if not await done(job.id, owner):
                    return None
                record = await self.service.get(job.game_id)
                if job.kind == IDLE:
                    return await self._idle(record)
                assert seat is not None
                if job.kind == AWAY:
                    await self.sync(record)
                    back = record.status == "running" and seat not in await self.away_seats(record)
                    return Fired("back", record, seat) if back else None
                if seat not in self.people_deciding(record):
                    await self.jobs.finish(job.id, owner)
                    return None
                if job.kind == REMINDER:
                    return await self._remind(record, seat, job)
                return await self._stand_in(record, seat, job, owner)
        except (DamagedGame, NotFound):
            await self.jobs.finish(job.id, owner)  # its game is gone or set aside
            return None
        except LeaseLost:
            return None

    async def _remind(self, record: GameRecord, seat: int, job: Job) -> Fired | None:
        deadline = next(
            (
                pending
                for pending in await self.jobs.pending(record.id)
                if pending.kind == DEADLINE and pending.payload == job.payload
            ),
            None,
        )
        user = record.user_of(seat)
        if deadline is None or user is None or await self.rows.muted(record.id, user):
            return None
        return Fired(
            "reminder",
            record,
            seat,
            private=seat in record.private_actors(),
            due_at=deadline.due_at,
            settings=await self.settings(record.id),
        )

    async def _stand_in(self, record: GameRecord, seat: int, job: Job, owner: str) -> Fired:
        """The stand-in decides for the seat. The deadline's end, the missed count and the
        action commit together (one transaction on both backends): a crash between them
        neither loses the deadline nor counts one miss twice."""
        game = record.game
        assert game is not None
        reaction = bool(job.payload.get("reaction"))
        settings = await self.settings(record.id)
        private = seat in record.private_actors()
        notation = self.service.kind(record.kind).default_answer(game, seat) if reaction else None
        defaulted = notation is not None
        if notation is None:
            notation = await computers.choose(record, game, seat, level=settings.stand_in)

        async def missed() -> None:
            if not await self.jobs.finish(job.id, owner):
                raise LeaseLost(job.id)
            if not reaction:
                _, count = await self.rows.seat(record.id, seat)
                await self.rows.set_missed(record.id, seat, count + 1)
                if settings.mode == "daily":
                    await self.rows.set_bank(record.id, seat, 0.0)

        log.info("Game #%s: seat %s ran out of time; %s answers", record.id, seat, notation)
        update = await self.service.apply_held(record, seat, notation, commit_with=missed)
        return Fired(
            "stand_in",
            update.record,
            seat,
            update=update,
            private=private,
            reaction=reaction,
            defaulted=defaulted,
            settings=settings,
        )

    async def _idle(self, record: GameRecord) -> Fired | None:
        if record.status != "running":
            return None
        settings = await self.settings(record.id)
        away = await self.away_seats(record)
        waited = [until for seat, until in away.items() if seat in self.people_deciding(record)]
        if waited:  # the game waits for someone away: idle counts from their return
            due = max(waited) + self.scaled(settings.idle_seconds)
            await self.jobs.schedule(IDLE, due, game_id=record.id)
            return None
        moved = await self.rows.last_person_move(record.id)
        if moved is not None and self.now() < moved + self.scaled(settings.idle_seconds):
            # someone moved since this deadline was set: the game is not idle yet
            due = moved + self.scaled(settings.idle_seconds)
            await self.jobs.schedule(IDLE, due, game_id=record.id)
            return None
        ended = await self.service.end_idle(record.id)
        if ended is None:
            return None
        return Fired("abandoned", ended, settings=await self.settings(record.id))
