"""Away: a person's clocks and reminders stop in all their games while they are away, the
tables know it, and they go on with the time that was left when the absence ends (at its
end, or early when the person acts anywhere); the limits; a restart keeps it all."""

from __future__ import annotations

import pytest

from host.clock_settings import DAY
from host.clocks import AWAY, DEADLINE, REMINDER
from host.errors import UserError
from host.store import Store
from tests.host.test_host_clocks import Clock, clock_jobs, deciding_user, rig, started


async def test_away_freezes_a_deadline_and_its_reminder_until_the_person_is_back(
    store: Store,
) -> None:
    r = rig(store, Clock())
    record = await started(r, "5m")
    seat = record.game.actors()[0]
    user = deciding_user(record)
    r.clock.advance(100)
    absence = await r.clocks.go_away(user, 3)
    assert absence.until == r.clock.now + 3 * DAY and [g.id for g in absence.games] == [record.id]
    assert absence.days_left == 57
    assert await clock_jobs(r, record.id, DEADLINE) == []
    assert await clock_jobs(r, record.id, REMINDER) == []
    assert await clock_jobs(r, record.id, AWAY) == [seat]
    shown = await r.clocks.table_clock(await r.service.get(record.id))
    assert shown is not None and shown.away == {seat: absence.until} and shown.deadlines == {}

    for _ in range(6):  # two and a half days: nothing fires for them
        r.clock.advance(DAY / 2.4)
        assert await r.scheduler.tick() == 0
    assert r.notices.fired == []
    r.clock.advance(3 * DAY - 6 * DAY / 2.4)
    assert await r.scheduler.tick() == 1
    [back] = r.notices.of("back")
    assert back.seat == seat and back.record.id == record.id
    # The decision goes on with the 200 seconds it had left, and its reminder.
    jobs = [j for j in await store.jobs.pending(record.id) if j.kind == DEADLINE]
    assert [j.due_at for j in jobs] == [r.clock.now + 200]
    assert await clock_jobs(r, record.id, REMINDER) == [seat]
    assert await r.clocks.away_until(user) is None
    r.clock.advance(201)
    await r.scheduler.tick()
    assert len(r.notices.of("stand_in")) == 1


async def test_acting_anywhere_ends_the_absence_in_every_game(store: Store) -> None:
    r = rig(store, Clock())
    first = await started(r, "5m", channel=50)
    second = await started(r, "24h", channel=51)
    user = deciding_user(first)
    assert deciding_user(second) == user
    r.clock.advance(60)
    absence = await r.clocks.go_away(user, 10)
    assert sorted(g.id for g in absence.games) == [first.id, second.id]
    r.clock.advance(DAY)
    actions = await r.service.legal_actions(first.id, user)
    await r.service.act(first.id, user, actions[0].notation)
    assert await r.clocks.away_until(user) is None
    waking = [j for j in await store.jobs.pending(second.id) if j.kind == AWAY]
    assert r.clock.now in [j.due_at for j in waking]
    assert await r.scheduler.tick() == 1  # the other game hears they are back
    assert await clock_jobs(r, second.id, AWAY) == []  # and the job for the old end is gone
    jobs = [j for j in await store.jobs.pending(second.id) if j.kind == DEADLINE]
    assert [j.due_at for j in jobs] == [r.clock.now + 24 * 3600 - 60]
    # A day away cost a day of the yearly allowance (and no more).
    assert 58.9 < await r.clocks.days_left(user) < 59.1


async def test_the_limits_of_being_away(store: Store) -> None:
    r = rig(store, Clock())
    record = await started(r, "5m")
    user = deciding_user(record)
    with pytest.raises(UserError, match="1 to 30"):
        await r.clocks.go_away(user, 31)
    with pytest.raises(UserError, match="You are not away"):
        await r.clocks.go_away(user, 0)
    # Back on purpose: days:0 (no time passed, so no day is used).
    await r.clocks.go_away(user, 2)
    assert await clock_jobs(r, record.id, DEADLINE) == []
    done = await r.clocks.go_away(user, 0)
    assert done.until is None and await r.clocks.away_until(user) is None
    assert len(await clock_jobs(r, record.id, DEADLINE)) == 1
    await r.clocks.go_away(user, 30)
    r.clock.advance(30 * DAY)
    await r.scheduler.tick()
    await r.clocks.go_away(user, 20)
    # Asked again while away: the new absence replaces the running one.
    r.clock.advance(DAY)
    await r.clocks.go_away(user, 9)
    assert await r.clocks.away_until(user) == r.clock.now + 9 * DAY
    r.clock.advance(9 * DAY)
    await r.scheduler.tick()
    # 30 days, then 1 of the 20 (replaced), then 9: 40 of the 60 a year are used.
    assert await r.clocks.days_left(user) == 20
    with pytest.raises(UserError, match="You have 20 days of absence left"):
        await r.clocks.go_away(user, 21)
    await r.clocks.go_away(user, 20)
    r.clock.advance(20 * DAY)
    await r.scheduler.tick()
    with pytest.raises(UserError, match="You have 0 days of absence left"):
        await r.clocks.go_away(user, 1)
    # A year after the first absence ended, its 30 days count no more.
    r.clock.advance(395 * DAY - 60 * DAY + 1)
    assert await r.clocks.days_left(user) > 29


async def test_a_game_waiting_for_someone_away_is_not_ended_as_idle(store: Store) -> None:
    r = rig(store, Clock())
    record = await started(r, "none")
    user = deciding_user(record)
    await r.clocks.go_away(user, 20)
    for _ in range(25):
        r.clock.advance(DAY)
        await r.scheduler.tick()
    assert r.notices.of("abandoned") == []
    assert (await r.service.get(record.id)).status == "running"
    r.clock.advance(14 * DAY)
    await r.scheduler.tick()
    assert len(r.notices.of("abandoned")) == 1


async def test_a_restart_keeps_the_absence_and_the_time_left(store: Store) -> None:
    clock = Clock()
    r = rig(store, clock)
    record = await started(r, "5m")
    user = deciding_user(record)
    r.clock.advance(30)
    await r.clocks.go_away(user, 2)
    again = rig(store, clock)  # a new process on the same database
    await again.scheduler.resume()
    assert await again.clocks.away_until(user) == clock.now + 2 * DAY
    assert await clock_jobs(again, record.id, DEADLINE) == []
    clock.advance(2 * DAY)
    assert await again.scheduler.tick() == 1
    jobs = [j for j in await store.jobs.pending(record.id) if j.kind == DEADLINE]
    assert [j.due_at for j in jobs] == [clock.now + 270]
