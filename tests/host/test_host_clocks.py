"""Clocks in the service, with a clock the test moves: deadlines, reminders, stand-ins,
restarts, and games nobody plays."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from engine.text import english
from host import computers, seats
from host.cartus_kind import CartusKind
from host.clock_scheduler import ATTEMPTS, RETRY_SECONDS, Scheduler
from host.clock_settings import ClockSettings
from host.clocks import DEADLINE, IDLE, REMINDER, Clocks, Fired
from host.errors import UserError
from host.jobs import Job
from host.models import GameRecord, Update
from host.rattus_kind import RattusKind
from host.service import GameService
from host.store import Store
from tests.host.test_host_store import raw

PEOPLE = {101: "Anna", 102: "Ben", 103: "Cara"}
START = 1_800_000_000.0


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computers, "SIMULATIONS", 3)


class Clock:
    """The time, moved only by the test."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class Notices:
    """What the Discord side would have been told."""

    service: GameService
    fired: list[Fired] = field(default_factory=list)
    moved: list[Update] = field(default_factory=list)
    """The computer moves that followed a stand-in (the Discord side lets them move once it
    has shown the stand-in's decision: ``cogs.table.thinking``)."""

    async def stood_in(self, fired: Fired) -> None:
        self.fired.append(fired)
        self.moved += await self.service.move_computers(fired.record.id)

    async def remind(self, fired: Fired) -> None:
        self.fired.append(fired)

    async def ended_idle(self, fired: Fired) -> None:
        self.fired.append(fired)

    async def back(self, fired: Fired) -> None:
        self.fired.append(fired)

    def of(self, what: str) -> list[Fired]:
        return [f for f in self.fired if f.what == what]


@dataclass
class Rig:
    store: Store
    clock: Clock
    service: GameService
    clocks: Clocks
    scheduler: Scheduler
    notices: Notices


def rig(store: Store, clock: Clock) -> Rig:
    """A service with clocks over ``store``: a new one is what a restarted process builds."""
    service = GameService(
        store,
        kinds={"rattus": RattusKind(), "cartus": CartusKind()},
        clock=clock,
        seed_source=lambda: 4242,
    )
    clocks = Clocks(service)
    notices = Notices(service)
    return Rig(store, clock, service, clocks, Scheduler(clocks, notices, poll=1.0), notices)


async def started(
    r: Rig,
    timer: str = "5m",
    players: int = 2,
    kind: str = "rattus",
    channel: int = 50,
    **options: object,
) -> GameRecord:
    users = list(PEOPLE)[:players]
    lobby = await r.service.open_lobby(
        kind=kind,
        guild_id=1,
        channel_id=channel,
        host_id=users[0],
        host_name=PEOPLE[users[0]],
        options={"seat_order": "joined", **options},
    )
    await r.clocks.choose(lobby.id, ClockSettings().with_timer(timer))
    for user in users[1:]:
        await r.service.join(lobby.id, user, PEOPLE[user])
    update = await r.service.start(lobby.id, users[0])
    await r.scheduler.resume()
    return update.record


def deciding_user(record: GameRecord) -> int:
    assert record.game is not None
    user = record.user_of(record.game.actors()[0])
    assert user is not None
    return user


async def clock_jobs(r: Rig, game_id: int, kind: str) -> list[int]:
    return [int(j.payload["seat"]) for j in await r.store.jobs.pending(game_id) if j.kind == kind]


async def test_a_deadline_passing_makes_the_stand_in_decide_once(store: Store) -> None:
    r = rig(store, Clock())
    record = await started(r)
    seat = record.game.actors()[0]
    assert await clock_jobs(r, record.id, DEADLINE) == [seat]
    r.clock.advance(4 * 60)
    assert await r.scheduler.tick() == 1  # the reminder, a quarter of the time before
    r.clock.advance(59)
    assert await r.scheduler.tick() == 0
    assert r.notices.of("stand_in") == []
    r.clock.advance(2)
    assert await r.scheduler.tick() == 1
    [fired] = r.notices.of("stand_in")
    assert fired.seat == seat and not fired.private and not fired.handed_over
    log = await r.service.action_log(record.id, limit=5)
    assert log[-1].seat == seat and log[-1].user_id is None
    assert log[-1].version == fired.record.version
    # The next decision has a deadline of its own, from now.
    after = await r.service.get(record.id)
    assert after.version > record.version
    jobs = [j for j in await store.jobs.pending(record.id) if j.kind == DEADLINE]
    assert [j.due_at for j in jobs] == [r.clock.now + 300]
    assert await r.scheduler.tick() == 0


async def test_a_person_acting_in_time_has_no_stand_in_and_no_reminder(store: Store) -> None:
    r = rig(store, Clock())
    record = await started(r)
    for _ in range(4):
        r.clock.advance(200)
        assert await r.scheduler.tick() == 0
        user = deciding_user(record)
        actions = await r.service.legal_actions(record.id, user)
        record = (await r.service.act(record.id, user, actions[0].notation)).record
    assert r.notices.fired == []
    assert len(await clock_jobs(r, record.id, DEADLINE)) == 1


async def test_reminders_come_once_and_can_be_muted(store: Store) -> None:
    r = rig(store, Clock())
    record = await started(r, "8m")
    user = deciding_user(record)
    r.clock.advance(6 * 60 + 1)
    await r.scheduler.tick()
    await r.scheduler.tick()
    [reminder] = r.notices.of("reminder")
    assert reminder.seat == record.seat_of(user) and reminder.due_at == START + 8 * 60
    assert await r.scheduler.tick() == 0
    # Muted: none of the player's next decisions is reminded; the other player's still are.
    await r.clocks.set_reminders(record.id, user, False)
    assert not await r.clocks.reminders_on(record.id, user)
    for _ in range(6):
        r.clock.advance(6 * 60 + 1)
        await r.scheduler.tick()
        r.clock.advance(2 * 60)
        await r.scheduler.tick()
    reminded = [f.seat for f in r.notices.of("reminder")[1:]]
    stood_in = [f.seat for f in r.notices.of("stand_in")]
    seat = record.seat_of(user)
    assert seat in stood_in and seat not in reminded
    assert len(reminded) == len([s for s in stood_in if s != seat]) > 0
    with pytest.raises(UserError, match="not in this game"):
        await r.clocks.set_reminders(record.id, 999, False)


async def test_missed_deadlines_in_a_row_count_and_a_person_acting_resets_them(
    store: Store,
) -> None:
    r = rig(store, Clock())
    record = await started(r, "2m")
    seat = record.game.actors()[0]
    r.clock.advance(121)
    await r.scheduler.tick()
    assert (await store.clocks.seat(record.id, seat))[1] == 1
    record = await r.service.get(record.id)
    user = deciding_user(record)
    if record.seat_of(user) == seat:
        actions = await r.service.legal_actions(record.id, user)
        await r.service.act(record.id, user, actions[0].notation)
        assert (await store.clocks.seat(record.id, seat))[1] == 0


async def test_a_restart_resumes_a_pending_deadline_and_time_stopped_is_not_counted(
    store: Store,
) -> None:
    clock = Clock()
    r = rig(store, clock)
    record = await started(r)
    seat = record.game.actors()[0]
    clock.advance(100)
    await r.scheduler.tick()
    await r.scheduler.stop()  # the bot shuts down
    clock.advance(3 * 3600)  # three hours without the bot
    again = rig(store, clock)  # a new process on the same database
    assert await again.scheduler.resume() == 3 * 3600
    clock.advance(150)  # 250 s of the 300 counted
    assert await again.scheduler.tick() == 1  # only the reminder
    assert again.notices.of("stand_in") == []
    clock.advance(51)
    assert await again.scheduler.tick() == 1
    [fired] = again.notices.of("stand_in")
    assert fired.seat == seat


async def test_a_crash_counts_only_until_the_last_tick(store: Store) -> None:
    clock = Clock()
    r = rig(store, clock)
    record = await started(r)
    clock.advance(200)
    await r.scheduler.tick()  # the last sign of life; then the process dies
    clock.advance(86400)
    again = rig(store, clock)
    assert await again.scheduler.resume() == 86400
    clock.advance(99)
    await again.scheduler.tick()
    assert again.notices.of("stand_in") == []
    clock.advance(2)
    await again.scheduler.tick()
    assert [f.seat for f in again.notices.of("stand_in")] == [record.game.actors()[0]]


async def test_a_region_card_question_times_out_to_dont_play(store: Store) -> None:
    r = rig(store, Clock())
    record = await started(r, "30m", players=3, expansions=["africanus"])
    rng = random.Random(0)
    for _ in range(300):
        assert record.game is not None
        seat = record.game.actors()[0]
        decision = record.game.decision(seat)
        if decision is not None and decision.kind == "region_play":
            break
        user = record.user_of(seat)
        assert user is not None
        actions = await r.service.legal_actions(record.id, user)
        record = (await r.service.act(record.id, user, rng.choice(actions).notation)).record
    else:
        raise AssertionError("no region card question came up")
    jobs = [j for j in await store.jobs.pending(record.id) if j.kind == DEADLINE]
    asked = [j for j in jobs if j.payload["seat"] == seat]
    assert asked[0].payload["reaction"] is True
    assert asked[0].due_at == r.clock.now + 60  # a short clock, not the 30 minutes
    r.clock.advance(61)
    await r.scheduler.tick()
    [fired] = r.notices.of("stand_in")
    assert fired.seat == seat and fired.private and fired.defaulted
    log = await r.service.action_log(record.id, limit=1)
    assert log[-1].notation == "pass" and log[-1].user_id is None
    # A reaction answered for the player is not a missed turn.
    assert (await store.clocks.seat(record.id, seat))[1] == 0


async def test_no_timer_means_no_deadlines_but_an_idle_game_ends(store: Store) -> None:
    r = rig(store, Clock())
    record = await started(r, "none")
    assert await clock_jobs(r, record.id, DEADLINE) == []
    r.clock.advance(13 * 86400)
    assert await r.scheduler.tick() == 0
    user = deciding_user(record)
    actions = await r.service.legal_actions(record.id, user)
    await r.service.act(record.id, user, actions[0].notation)  # the idle count starts again
    r.clock.advance(13 * 86400)
    assert await r.scheduler.tick() == 0
    r.clock.advance(86400 + 1)
    assert await r.scheduler.tick() == 1
    [ended] = r.notices.of("abandoned")
    assert ended.record.status == "abandoned"
    assert (await r.service.get(record.id)).status == "abandoned"
    assert await store.jobs.pending(record.id) == []
    played = await store.stats.played(kind="rattus", guild_id=1)
    assert {p.game.game_id: p.game.ended for p in played} == {record.id: "abandoned"}


async def test_moves_close_together_keep_the_idle_job_yet_count_from_the_last(
    store: Store,
) -> None:
    r = rig(store, Clock())
    record = await started(r, "none")
    idle = [j for j in await store.jobs.pending(record.id) if j.kind == IDLE]
    for _ in range(2):  # two moves ten minutes apart: the idle job is not rewritten
        r.clock.advance(600)
        record = await r.service.get(record.id)
        user = deciding_user(record)
        actions = await r.service.legal_actions(record.id, user)
        await r.service.act(record.id, user, actions[0].notation)
    assert [j for j in await store.jobs.pending(record.id) if j.kind == IDLE] == idle
    # the kept job comes due 14 days after the start: someone moved since, so not yet
    r.clock.advance(14 * 86400 - 1200 + 1)
    await r.scheduler.tick()
    assert r.notices.of("abandoned") == []
    assert (await r.service.get(record.id)).status == "running"
    # 14 days after the last move
    r.clock.advance(1200)
    await r.scheduler.tick()
    assert [f.record.status for f in r.notices.of("abandoned")] == ["abandoned"]


async def test_stand_ins_do_not_keep_a_game_alive(store: Store) -> None:
    r = rig(store, Clock())
    record = await started(r, "24h")
    await r.clocks.configure(record.id, 101, can_manage=False, idle_days=2, missed=20)
    r.clock.advance(86400 + 1)
    await r.scheduler.tick()
    assert len(r.notices.of("stand_in")) == 1 and r.notices.of("abandoned") == []
    # Two days after the last person's action, whatever the stand-in did since.
    r.clock.advance(86400)
    await r.scheduler.tick()
    assert [f.record.status for f in r.notices.of("abandoned")] == ["abandoned"]
    assert len(r.notices.of("stand_in")) == 1


async def test_the_host_changes_the_timer_mid_game(store: Store) -> None:
    r = rig(store, Clock())
    record = await started(r, "5m")
    with pytest.raises(UserError, match="Only the host"):
        await r.clocks.configure(record.id, 102, can_manage=False, timer="1m")
    with pytest.raises(UserError, match="can't read the timer"):
        await r.clocks.configure(record.id, 101, can_manage=False, timer="soon")
    with pytest.raises(UserError, match="out of range"):
        await r.clocks.configure(record.id, 101, can_manage=False, timer="500m")
    r.clock.advance(100)
    _, settings = await r.clocks.configure(record.id, 102, can_manage=True, timer="2h")
    assert settings.mode == "turn" and settings.hours == 2
    jobs = [j for j in await store.jobs.pending(record.id) if j.kind == DEADLINE]
    assert [j.due_at for j in jobs] == [r.clock.now + 7200]
    await r.clocks.configure(record.id, 101, can_manage=False, timer="none")
    assert await clock_jobs(r, record.id, DEADLINE) == []
    assert await clock_jobs(r, record.id, REMINDER) == []
    assert len([j for j in await store.jobs.pending(record.id) if j.kind == IDLE]) == 1


async def test_a_daily_bank_keeps_what_a_quick_player_did_not_use(store: Store) -> None:
    r = rig(store, Clock())
    record = await started(r, "2/day")
    user = deciding_user(record)
    seat = record.seat_of(user)
    [job] = [j for j in await store.jobs.pending(record.id) if j.kind == DEADLINE]
    assert job.due_at == START + 86400 + 43200  # the first day, and half a day for this move
    r.clock.advance(3600)
    actions = await r.service.legal_actions(record.id, user)
    record = (await r.service.act(record.id, user, actions[0].notation)).record
    bank, _ = await store.clocks.seat(record.id, seat)
    assert bank == 86400 + 43200 - 3600
    if record.game is not None and record.game.actors()[0] == seat:
        [job] = [j for j in await store.jobs.pending(record.id) if j.kind == DEADLINE]
        assert job.due_at == r.clock.now + min(3 * 86400, bank + 43200)


async def test_abandoning_a_game_drops_its_clock(store: Store) -> None:
    r = rig(store, Clock())
    record = await started(r)
    await r.service.cancel(record.id, 101, can_manage=False)
    assert await store.jobs.pending(record.id) == []
    r.clock.advance(10**6)
    assert await r.scheduler.tick() == 0


def test_timers_as_players_write_them() -> None:
    assert ClockSettings().with_timer("5m") == ClockSettings(mode="live", minutes=5)
    assert ClockSettings().with_timer(" 10 minutes ").minutes == 10
    assert ClockSettings().with_timer("36 hours").hours == 36
    assert ClockSettings().with_timer("3/day").per_day == 3
    assert ClockSettings().with_timer("3 moves a day").per_day == 3
    assert ClockSettings(mode="live").with_timer("off").mode == "none"
    for bad in ("", "fast", "0m", "1000h", "5 weeks"):
        with pytest.raises(UserError):
            ClockSettings().with_timer(bad)
    words = english(ClockSettings(mode="daily", per_day=4).describe("/rattus"))
    assert "4 moves a day" in words and "6 hours" in words and "/rattus seat back" in words
    assert "No timer" in english(ClockSettings().describe("/rattus"))


async def run_out(r: Rig, seconds: float, until: Callable[[], bool], limit: int = 40) -> None:
    """Let deadline after deadline pass, ``seconds`` at a time, until ``until()``."""
    for _ in range(limit):
        if until():
            return
        r.clock.advance(seconds)
        await r.scheduler.tick()
    raise AssertionError("the clocks never got there")


async def test_missed_deadlines_in_a_row_hand_the_seat_over_and_back_returns_it(
    store: Store,
) -> None:
    r = rig(store, Clock())
    record = await started(r, "2m")
    await r.clocks.configure(record.id, 101, can_manage=False, missed=2)
    await run_out(r, 121, lambda: any(f.handed_over for f in r.notices.of("stand_in")))
    [handed] = [f for f in r.notices.of("stand_in") if f.handed_over]
    seat = handed.seat
    assert seat is not None
    misses = [f.seat for f in r.notices.of("stand_in") if f.seat == seat]
    assert len(misses) == 2
    record = await r.service.get(record.id)
    entry = record.seat_entry(seat)
    assert entry.level == "easy" and entry.stand_in == "missed"
    assert seat not in r.clocks.people_deciding(record)
    assert seat not in await clock_jobs(r, record.id, DEADLINE)
    assert (await store.clocks.seat(record.id, seat))[1] == 0
    # Back: the person plays the seat again, and their next decision has a deadline again.
    user = record.user_of(seat)
    assert user is not None
    await seats.back(r.service, record.id, user)
    record = await r.service.get(record.id)
    assert record.player_of(seat) == user
    other = 1 - seat
    for _ in range(20):
        if record.status != "running" or seat in record.game.actors():
            break
        mover = record.user_of(other)
        assert mover is not None
        actions = await r.service.legal_actions(record.id, mover)
        record = (await r.service.act(record.id, mover, actions[0].notation)).record
    assert seat in record.game.actors()
    assert await clock_jobs(r, record.id, DEADLINE) == [seat]


async def test_a_game_finishes_after_everyone_is_stood_in_for(store: Store) -> None:
    r = rig(store, Clock())
    record = await started(r, "1m")
    await r.clocks.configure(record.id, 101, can_manage=False, missed=1)

    def finished() -> bool:
        handed = [f.handed_over for f in r.notices.of("stand_in") if f.handed_over]
        return bool(handed) and bool(r.notices.moved) and r.notices.moved[-1].finished

    await run_out(r, 61, finished)
    record = await r.service.get(record.id)
    assert record.status == "finished"
    assert {s.stand_in for s in record.seats} == {"missed"}
    assert await store.jobs.pending(record.id) == []
    log = await r.service.action_log(record.id, limit=1000)
    assert all(entry.user_id is None for entry in log)


async def test_cartus_has_the_same_clocks(store: Store) -> None:
    r = rig(store, Clock())
    record = await started(r, "1m", players=3, kind="cartus")
    assert await clock_jobs(r, record.id, DEADLINE) == record.game.actors()
    await r.clocks.configure(record.id, 101, can_manage=False, missed=1)
    r.clock.advance(61)
    await r.scheduler.tick()
    assert r.notices.of("stand_in")
    log = await r.service.action_log(record.id, limit=1)
    assert log[-1].user_id is None

    def finished() -> bool:
        handed = [f.handed_over for f in r.notices.of("stand_in") if f.handed_over]
        return bool(handed) and bool(r.notices.moved) and r.notices.moved[-1].finished

    await run_out(r, 61, finished)
    assert (await r.service.get(record.id)).status == "finished"


@pytest.mark.parametrize(
    "payload",
    ["not json {", "[1, 2]", "{}", '{"seat": "first"}'],
    ids=["not JSON", "not an object", "no seat", "a seat that is no number"],
)
async def test_a_damaged_clock_job_is_set_aside_once_and_every_other_clock_goes_on(
    store: Store, db_target: str, caplog: pytest.LogCaptureFixture, payload: str
) -> None:
    r = rig(store, Clock())
    broken = await started(r, channel=50)
    healthy = await started(r, channel=51)
    await raw(
        db_target,
        "UPDATE jobs SET payload = ? WHERE game_id = ? AND kind = ?",
        payload,
        broken.id,
        DEADLINE,
    )
    caplog.clear()
    r.clock.advance(5 * 60 + 1)
    await r.scheduler.tick()
    await r.scheduler.tick()
    stood_in = [f.record.id for f in r.notices.of("stand_in")]
    assert stood_in == [healthy.id]  # the healthy game's deadline fired, once

    errors = [rec for rec in caplog.records if rec.levelno >= logging.ERROR]
    assert len(errors) == 1 and f"game #{broken.id}" in errors[0].getMessage()
    kept = await raw(db_target, "SELECT game_id, kind, payload FROM damaged_jobs")
    assert kept == [(broken.id, DEADLINE, payload)]

    # The damaged game's seat still moves, and its next decision has a deadline again.
    mover = deciding_user(broken)
    actions = await r.service.legal_actions(broken.id, mover)
    await r.service.act(broken.id, mover, actions[0].notation)
    after = await r.service.get(broken.id)
    assert after.version > broken.version
    assert await clock_jobs(r, broken.id, DEADLINE) == after.game.actors()
    r.clock.advance(5 * 60 + 1)
    await r.scheduler.tick()
    assert broken.id in [f.record.id for f in r.notices.of("stand_in")]
    assert len([rec for rec in caplog.records if rec.levelno >= logging.ERROR]) == 1


class Killed(Exception):
    """The process dies here (what it had not committed is lost)."""


@pytest.mark.parametrize(
    "dies_in",
    ["clocks.set_missed", "save_action"],
    ids=["after the deadline's end", "after the missed count"],
)
async def test_a_crash_in_a_stand_in_neither_counts_the_miss_nor_loses_the_deadline(
    store: Store, db_target: str, monkeypatch: pytest.MonkeyPatch, dies_in: str
) -> None:
    r = rig(store, Clock())
    record = await started(r)
    assert record.game is not None
    seat = record.game.actors()[0]

    async def killed(*args: object, **kwargs: object) -> None:
        raise Killed(f"in {dies_in}")

    # the stand-in dies between its steps: the deadline's end, the miss, the action
    with monkeypatch.context() as patched:
        owner, name = (store.clocks, "set_missed") if "." in dies_in else (store, dies_in)
        patched.setattr(owner, name, killed)
        r.clock.advance(5 * 60 + 1)
        await r.scheduler.tick()
    assert r.notices.of("stand_in") == []

    # what a process started after the crash finds: nothing of the stand-in at all
    after = await Store.open(db_target)
    try:
        assert await after.clocks.seat(record.id, seat) == (None, 0)
        deadlines = [j for j in await after.jobs.pending(record.id) if j.kind == DEADLINE]
        assert [int(j.payload["seat"]) for j in deadlines] == [seat]
        assert len(await after.actions(record.id)) == 0
    finally:
        await after.close()

    # the deadline fires again: one stand-in, one miss counted
    r.clock.advance(RETRY_SECONDS + 1)
    assert await r.scheduler.tick() == 1
    [fired] = r.notices.of("stand_in")
    assert fired.seat == seat and fired.handed_over is None
    assert await store.clocks.seat(record.id, seat) == (None, 1)
    log = await store.actions(record.id)
    assert [(e.seat, e.user_id) for e in log] == [(seat, None)]


async def test_a_clock_job_that_always_fails_is_set_aside_after_its_attempts(
    store: Store, db_target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    r = rig(store, Clock())
    broken = await started(r, channel=50)
    healthy = await started(r, channel=51)
    real = r.clocks.fire

    async def fire(job: Job, owner: str) -> Fired | None:
        if job.game_id == broken.id:
            raise RuntimeError("this game's clock cannot work")
        return await real(job, owner)

    monkeypatch.setattr(r.clocks, "fire", fire)
    r.clock.advance(5 * 60 + 1)
    for _ in range(ATTEMPTS + 2):
        await r.scheduler.tick()
        r.clock.advance(RETRY_SECONDS + 1)
    assert {f.record.id for f in r.notices.of("stand_in")} == {healthy.id}  # it goes on
    kept = await raw(db_target, "SELECT game_id, kind FROM damaged_jobs ORDER BY kind")
    assert kept == [(broken.id, DEADLINE), (broken.id, REMINDER)]
    assert [j for j in await store.jobs.pending(broken.id) if j.kind != IDLE] == []


async def test_a_game_with_a_damaged_clock_job_still_moves(
    store: Store, db_target: str, caplog: pytest.LogCaptureFixture
) -> None:
    r = rig(store, Clock())
    record = await started(r)
    await raw(db_target, "UPDATE jobs SET payload = 'not json {' WHERE game_id = ?", record.id)
    caplog.clear()
    mover = deciding_user(record)
    actions = await r.service.legal_actions(record.id, mover)
    moved = await r.service.act(record.id, mover, actions[0].notation)  # the change syncs
    assert moved.record.version > record.version
    kinds = sorted(kind for _, kind in await raw(db_target, "SELECT id, kind FROM damaged_jobs"))
    assert kinds == sorted([DEADLINE, REMINDER, IDLE])
    assert len([rec for rec in caplog.records if rec.levelno >= logging.ERROR]) == 3
    assert moved.record.game is not None
    assert await clock_jobs(r, record.id, DEADLINE) == [
        s for s in moved.record.game.actors() if moved.record.user_of(s) is not None
    ]
