"""Who plays a seat: computer levels as seat data, stand-ins, kicks, resigning, joining a
left seat and coming back, through the service on real databases."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

import lang
from engine.text import english, msg, restored, verbatim
from host import computers, seats, stats
from host.errors import NotSeated, StaleAction, UserError
from host.models import GameRecord
from host.schema import MIGRATIONS
from host.service import GameService
from host.store import Store
from tests.host.test_host_rattus import (
    OUTSIDER,
    PLAYERS,
    check_update,
    rattus_service,
    start_rattus,
)

ANNA, BEN, CARA = PLAYERS
DANI = 104


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computers, "SIMULATIONS", 3)


async def running(service: GameService) -> GameRecord:
    update = await start_rattus(service, seat_order="joined")
    return update.record


async def play_people(
    service: GameService, record: GameRecord, rng: random.Random, steps: int | None = None
) -> GameRecord:
    """Random legal actions by the people who must decide (computers move by themselves)."""
    played = 0
    while record.status == "running" and (steps is None or played < steps):
        assert record.game is not None
        movers = service.people_to_move(record)
        assert movers, "the game waits for nobody who can act"
        actions = await service.legal_actions(record.id, movers[0])
        update = await service.act(record.id, movers[0], rng.choice(actions).notation)
        check_update(update)
        record = await moved(service, update.record)
        played += 1
    return record


async def moved(service: GameService, record: GameRecord) -> GameRecord:
    """The game once the computer seats that must decide have moved (they move after a
    change is saved, one decision at a time: ``GameService.move_computers``)."""
    for update in await service.move_computers(record.id):
        check_update(update)
    return await service.get(record.id)


def actor_seat(record: GameRecord) -> int:
    assert record.game is not None
    return record.game.actors()[0]


async def test_a_computer_seats_level_is_data_of_the_seat(store: Store) -> None:
    service = rattus_service(store)
    lobby = await service.open_lobby(
        kind="rattus", guild_id=1, channel_id=5, host_id=ANNA, host_name="Anna", options={}
    )
    lobby = await service.add_computer(lobby.id, ANNA, "strong")
    computer = lobby.seats[1]
    assert (computer.name, computer.level, computer.computer_plays) == (
        "Computer 1 (strong)",
        "strong",
        True,
    )
    # The level is read from the seat, not from its name.
    assert computers.level_of(computer) == "strong"
    assert computers.level_of(computer.__class__(1, None, "Computer 1 (strong)", True)) == "easy"


async def test_the_migration_gives_existing_computer_seats_their_level(db_path: Path) -> None:
    with sqlite3.connect(db_path) as conn:
        for script in MIGRATIONS[:6]:
            conn.executescript(script)
        conn.execute("PRAGMA user_version = 6")
        conn.execute(
            "INSERT INTO games (id, kind, channel_id, status, host_user_id, created_at,"
            " updated_at) VALUES (1, 'rattus', 9, 'lobby', 101, 1, 1)"
        )
        conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (1, ?, ?, ?, ?)",
            [
                (0, 101, "Anna", 0),
                (1, None, "Computer 1 (strong)", 1),
                (2, None, "Computer 2 (easy)", 1),
            ],
        )
    conn.close()
    store = await Store.open(db_path)
    try:
        stored = await store.load(1)
        assert stored is not None
        assert [s.level for s in stored.seats] == [None, "strong", "easy"]
    finally:
        await store.close()


async def test_a_stand_in_plays_until_its_person_is_back(store: Store) -> None:
    service = rattus_service(store)
    record = await running(service)
    seat = actor_seat(record)
    user = record.user_of(seat)
    assert user is not None
    change = await seats.hand_to_computer(service, record.id, seat, "easy", "missed")
    name = record.name_of(seat)
    assert english(change.text) == (
        f"{name}'s seat is played by a computer player (easy) until {name} is back "
        "(`/rattus seat back`)."
    )
    # The change is saved on its own; then the computer makes the seat's move and the game
    # waits for a person again.
    assert change.update.record.version == record.version
    after = await moved(service, change.update.record)
    assert after.version > record.version
    assert user not in service.people_to_move(after)
    assert set(service.people_to_move(after)) <= set(PLAYERS) - {user}
    check_update(change.update)
    # Still the person's seat: they see its secrets, the game stays in their list, but the
    # computer decides for it, and the service refuses the person's own moves meanwhile.
    stored = await service.get(record.id)
    entry = stored.seat_entry(seat)
    assert (entry.user_id, entry.level, entry.stand_in) == (user, "easy", "missed")
    assert stored.player_of(seat) is None
    assert (await service.private_view(record.id, user))["players"]
    assert record.id in [r.id for r in await service.games_for_user(user)]
    assert not service.turn(stored, user).is_theirs
    # The table shows who plays the seat now, to everyone; the seat keeps its name.
    assert stored.view(None)["players"][seat]["name"] == f"{name} (computer)"
    assert stored.name_of(seat) == name
    with pytest.raises(UserError, match="already plays"):
        await seats.hand_to_computer(service, record.id, seat, "easy", "missed")

    # Play on until the stood-in seat must decide again: the computer does it.
    rng = random.Random(3)
    record = await play_people(service, after, rng, steps=12)
    actions = await store.actions(record.id)
    assert any(a.seat == seat and a.user_id is None for a in actions)

    back = await seats.back(service, record.id, user)
    assert english(back.text) == f"{name} is back and plays their own seat again."
    entry = back.update.record.seat_entry(seat)
    assert (entry.level, entry.stand_in) == (None, None)
    with pytest.raises(UserError, match="already"):
        await seats.back(service, record.id, user)
    log = await seats.seat_log(service, record.id)
    assert [e.text for e in log] == [change.text, back.text]
    # The log keeps each line in no language: it reads in the reader's.
    assert lang.say(log[1].text, "de") == (
        f"{name} ist zurück und spielt den eigenen Platz wieder selbst."
    )
    assert [e.level for e in log] == ["easy", None]
    # The person plays on to the end; the replay agrees with the saved game.
    finished = await play_people(service, back.update.record, rng)
    assert finished.status == "finished"
    replayed = await service.replay(record.id)
    saved = await service.get(record.id)
    assert saved.game is not None and replayed.to_dict() == saved.game.to_dict()


async def test_a_kicked_player_is_replaced_by_a_computer_and_the_game_finishes(
    store: Store,
) -> None:
    service = rattus_service(store)
    record = await running(service)
    ben_seat = record.seat_of(BEN)
    assert ben_seat is not None
    change = await seats.kick(service, record.id, ANNA, ben_seat, can_manage=False, level="easy")
    assert (
        english(change.text)
        == "Ben was removed from the game; a computer player (easy) plays their seat from now on."
    )
    stored = await service.get(record.id)
    entry = stored.seat_entry(ben_seat)
    assert (entry.user_id, entry.left_user_id, entry.level, entry.stand_in, entry.name) == (
        None,
        BEN,
        "easy",
        "kicked",
        "Ben",
    )
    assert stored.seat_of(BEN) is None
    with pytest.raises(NotSeated):
        await service.private_view(record.id, BEN)
    assert record.id not in [r.id for r in await service.games_for_user(BEN)]
    finished = await play_people(
        service, await moved(service, change.update.record), random.Random(5)
    )
    assert finished.status == "finished"
    results = await store.results(record.id)
    assert {r.user_id for r in results} == {ANNA, CARA, None}
    assert next(r for r in results if r.seat == ben_seat).name == "Ben"


async def test_kicks_are_refused_clearly_and_change_nothing(store: Store) -> None:
    service = rattus_service(store)
    lobby = await service.open_lobby(
        kind="rattus", guild_id=1, channel_id=7, host_id=ANNA, host_name="Anna", options={}
    )
    with pytest.raises(UserError, match="has not started"):
        await seats.kick(service, lobby.id, ANNA, 0, can_manage=True)
    record = await running(service)
    ben = record.seat_of(BEN)
    anna = record.seat_of(ANNA)
    assert ben is not None and anna is not None
    before = await service.get(record.id)
    with pytest.raises(UserError, match="Only the host, Anna, or someone who can manage"):
        await seats.kick(service, record.id, CARA, ben, can_manage=False)
    with pytest.raises(UserError, match="resign"):
        await seats.kick(service, record.id, ANNA, anna, can_manage=False)
    with pytest.raises(UserError, match="easy or strong"):
        await seats.kick(service, record.id, ANNA, ben, can_manage=False, level="hard")
    with pytest.raises(UserError, match="no seat 9"):
        await seats.kick(service, record.id, ANNA, 8, can_manage=False)
    with pytest.raises(UserError, match="no player 'Zed'"):
        seats.find_person(record, "Zed")
    assert seats.find_person(record, str(BEN)) == ben
    assert seats.find_person(record, "ben") == ben
    after = await service.get(record.id)
    assert (after.seats, after.version) == (before.seats, before.version)
    assert await seats.seat_log(service, record.id) == []

    # A moderator may kick; a seat whose person left can't be kicked again, nor found.
    await seats.kick(service, record.id, CARA, ben, can_manage=True)
    with pytest.raises(UserError, match="already left"):
        await seats.kick(service, record.id, ANNA, ben, can_manage=False)
    left = await service.get(record.id)
    with pytest.raises(UserError, match="has left: there is nobody to remove"):
        seats.find_person(left, "Ben")
    # The last person can't leave a game to computers: they abandon it instead.
    cara = left.seat_of(CARA)
    assert cara is not None
    await seats.resign(service, record.id, CARA)
    with pytest.raises(UserError, match="last person"):
        await seats.resign(service, record.id, ANNA)
    # An ended game changes no more.
    await service.cancel(record.id, ANNA, can_manage=False)
    with pytest.raises(UserError, match="abandoned"):
        await seats.resign(service, record.id, ANNA)


async def test_computer_seats_cannot_be_kicked(store: Store) -> None:
    service = rattus_service(store)
    lobby = await service.open_lobby(
        kind="rattus",
        guild_id=1,
        channel_id=8,
        host_id=ANNA,
        host_name="Anna",
        options={"seat_order": "joined"},
    )
    await service.join(lobby.id, BEN, "Ben")
    await service.add_computer(lobby.id, ANNA, "easy")
    record = (await service.start(lobby.id, ANNA)).record
    with pytest.raises(UserError, match="Computer 1 \\(easy\\) is a computer player"):
        seats.find_person(record, "Computer 1 (easy)")
    with pytest.raises(UserError, match="is a computer player: its seat has no person"):
        await seats.kick(service, record.id, ANNA, 2, can_manage=False)
    assert [s.name for s in seats.people(record)] == ["Anna", "Ben"]


async def test_a_resigned_seat_left_open_waits_for_a_person_who_joins(store: Store) -> None:
    service = rattus_service(store)
    record = await running(service)
    rng = random.Random(4)
    acted: set[int] = set()
    while actor_seat(record) not in acted:  # until the seat to move has played already
        acted.add(actor_seat(record))
        record = await play_people(service, record, rng, steps=1)
    seat = actor_seat(record)
    played = record.version
    user = record.user_of(seat)
    assert user is not None
    name = record.name_of(seat)
    change = await seats.resign(service, record.id, user, level=None)
    assert (
        english(change.text)
        == f"{name} has left the game; their seat is open: `/rattus join` takes it."
    )
    waiting = change.update.record
    # Nobody plays the open seat: the game waits, and says how to take it.
    assert waiting.version == record.version
    assert service.people_to_move(waiting) == []
    assert english(waiting.waiting_for()) == f"someone to take {name}'s seat (`/rattus join`)"
    assert waiting.view(None)["players"][seat]["name"] == f"{name} (open seat)"
    with pytest.raises(UserError, match="already in game"):
        await seats.take_seat(service, record.id, next(u for u in PLAYERS if u != user), "X")

    joined = await seats.take_seat(service, record.id, DANI, "Dani")
    assert english(joined.text) == f"Dani takes over {name}'s seat."
    taken = joined.update.record
    assert taken.seat_of(DANI) == seat and taken.name_of(seat) == "Dani"
    assert service.people_to_move(taken) == [DANI]
    assert service.turn(taken, DANI).actions
    with pytest.raises(UserError, match="no free seat"):
        await seats.take_seat(service, record.id, OUTSIDER, "Out")
    finished = await play_people(service, taken, random.Random(9))
    assert finished.status == "finished"
    assert DANI in {r.user_id for r in await store.results(record.id)}
    # the log names who played each action, also after the seat changed hands
    log = [e for e in await service.action_log(record.id, limit=10_000) if e.seat == seat]
    assert {e.name for e in log if e.version <= played} == {name}
    assert {e.name for e in log if e.user_id == DANI} == {"Dani"}


async def test_joining_takes_a_computer_played_seat_but_not_back_from_a_kick(
    store: Store,
) -> None:
    service = rattus_service(store)
    record = await running(service)
    ben = record.seat_of(BEN)
    assert ben is not None
    await seats.kick(service, record.id, ANNA, ben, can_manage=False, level="easy")
    with pytest.raises(UserError, match="removed from game"):
        await seats.take_seat(service, record.id, BEN, "Ben")
    joined = await seats.take_seat(service, record.id, DANI, "Dani")
    entry = joined.update.record.seat_entry(ben)
    assert (entry.user_id, entry.level, entry.stand_in, entry.left_user_id) == (
        DANI,
        None,
        None,
        None,
    )


async def test_a_resigning_host_hands_the_game_to_the_next_person(store: Store) -> None:
    service = rattus_service(store)
    record = await running(service)
    anna = record.seat_of(ANNA)
    assert anna is not None and record.host_user_id == ANNA
    change = await seats.resign(service, record.id, ANNA)
    after = await service.get(record.id)
    assert after.host_user_id != ANNA and after.host_user_id in (BEN, CARA)
    assert change.update.record.host_user_id == after.host_user_id


async def test_a_seat_change_decided_on_an_old_version_is_refused(store: Store) -> None:
    service = rattus_service(store)
    record = await running(service)
    entry = record.seat_entry(0)
    changed = entry.__class__(0, entry.user_id, entry.name, level="easy", stand_in="missed")
    with pytest.raises(StaleAction):
        await store.seats.change(
            record.id,
            record.version - 1,
            changed,
            text=verbatim("x"),
            at=1.0,
            concerns=entry.user_id,
        )
    assert (await service.get(record.id)).seat_entry(0) == entry
    assert await store.seats.log(record.id) == []


async def test_a_computer_may_fill_an_open_seat_until_someone_joins(store: Store) -> None:
    service = rattus_service(store)
    record = await running(service)
    ben = record.seat_of(BEN)
    assert ben is not None
    await seats.kick(service, record.id, ANNA, ben, can_manage=False, level=None)
    waiting = await service.get(record.id)
    assert seats.find_person(waiting, "Ben") == ben
    with pytest.raises(UserError, match="open already"):
        await seats.kick(service, record.id, ANNA, ben, can_manage=False, level=None)
    with pytest.raises(UserError, match="Only the host"):
        await seats.kick(service, record.id, CARA, ben, can_manage=False, level="easy")
    filled = await seats.kick(service, record.id, ANNA, ben, can_manage=False, level="strong")
    assert english(filled.text) == (
        "A computer player (strong) plays Ben's open seat until someone takes it with "
        "`/rattus join`."
    )
    entry = filled.update.record.seat_entry(ben)
    assert (entry.user_id, entry.level, entry.stand_in, entry.left_user_id) == (
        None,
        "strong",
        "kicked",
        BEN,
    )
    with pytest.raises(UserError, match="not open"):
        await seats.fill_open_seat(service, record.id, ben)
    with pytest.raises(UserError, match="removed from game"):
        await seats.take_seat(service, record.id, BEN, "Ben")
    joined = await seats.take_seat(service, record.id, DANI, "Dani")
    assert joined.update.record.seat_entry(ben).user_id == DANI


async def test_after_a_restart_a_stand_in_that_must_decide_moves(store: Store) -> None:
    """A crash between saving a stand-in and its move leaves the move to start-up repair."""
    service = rattus_service(store)
    record = await running(service)
    seat = actor_seat(record)
    entry = record.seat_entry(seat)
    stood_in = entry.__class__(
        seat, entry.user_id, entry.name, level="easy", stand_in="missed", left_user_id=None
    )
    await store.seats.change(
        record.id, record.version, stood_in, text=verbatim("x"), at=1.0, concerns=entry.user_id
    )
    restarted = rattus_service(store)
    updates = await restarted.move_computers(record.id)
    assert updates and updates[-1].record.version > record.version
    last = updates[-1].record
    assert seat not in (last.game.actors() if last.game else [])
    assert any(a.seat == seat and a.user_id is None for a in await store.actions(record.id))
    assert await restarted.move_computers(record.id) == []


def test_who_left_a_seat_is_read_from_its_line_old_or_new() -> None:
    """The statistics name who left a seat from its change's line: a text's ``player`` value,
    or an older row's English."""
    line = msg(
        "{player} has left the game; their seat is open: {command} takes it.",
        player="Ben",
        command="`/rattus join`",
    )
    assert stats.left_name(line, 1) == "Ben"
    older = restored("Ben was removed from the game; their seat is open.")
    assert stats.left_name(older, 1) == "Ben"
    assert stats.left_name(restored("Something else."), 1) == "Player 2"
