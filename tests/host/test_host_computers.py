"""Computer seats in the service: added in the lobby, moving at once, saved like anyone."""

from __future__ import annotations

import random

import pytest

from host import computers
from host.cartus_kind import CartusKind
from host.errors import NotSeated, UserError
from host.models import GameRecord
from host.service import GameService
from host.store import Store
from tests.host.test_host_rattus import check_update, rattus_service

HOST = 101


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computers, "SIMULATIONS", 3)


async def lobby_with_computers(service: GameService, *levels: str) -> GameRecord:
    lobby = await service.open_lobby(
        kind="rattus",
        guild_id=1,
        channel_id=60,
        host_id=HOST,
        host_name="Anna",
        options={"seat_order": "joined"},
    )
    for level in levels:
        lobby = await service.add_computer(lobby.id, HOST, level)
    return lobby


async def test_one_person_and_computers_play_a_whole_game(store: Store) -> None:
    service = rattus_service(store)
    lobby = await lobby_with_computers(service, "easy", "strong", "easy")
    assert [s.name for s in lobby.seats] == [
        "Anna",
        "Computer 1 (easy)",
        "Computer 2 (strong)",
        "Computer 3 (easy)",
    ]
    assert [s.is_ai for s in lobby.seats] == [False, True, True, True]
    update = await service.start(lobby.id, HOST)
    rng = random.Random(2)
    record = update.record
    while record.status == "running":
        assert record.game is not None
        # Whenever the service hands the game back, a person must decide.
        assert record.game.actors() == [0]
        check_update(update)
        assert set(update.private) <= {HOST}
        actions = await service.legal_actions(record.id, HOST)
        update = await service.act(record.id, HOST, rng.choice(actions).notation)
        record = update.record
    assert update.finished
    log = await store.actions(record.id)
    assert len(log) == record.version
    assert {entry.seat for entry in log if entry.user_id is None} == {1, 2, 3}
    replayed = await service.replay(record.id)
    saved = await service.get(record.id)
    assert saved.game is not None and replayed.to_dict() == saved.game.to_dict()


async def test_adding_computers_is_checked(store: Store) -> None:
    service = rattus_service(store)
    lobby = await lobby_with_computers(service, "easy")
    with pytest.raises(UserError, match="easy or strong"):
        await service.add_computer(lobby.id, HOST, "hard")
    with pytest.raises(NotSeated):
        await service.add_computer(lobby.id, 999, "easy")
    for _ in range(2):
        lobby = await service.add_computer(lobby.id, HOST, "easy")
    with pytest.raises(UserError, match="full"):
        await service.add_computer(lobby.id, HOST, "easy")
    # The last person leaving closes the lobby, computers or not.
    left = await service.leave(lobby.id, HOST)
    assert left.status == "abandoned"


async def test_a_restart_while_a_computer_thinks_resumes_its_move(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = rattus_service(store)
    lobby = await lobby_with_computers(service, "easy")
    thinking = computers.choose

    async def crash(*args: object) -> str:
        raise RuntimeError("the bot stopped while thinking")

    await service.start(lobby.id, HOST)
    monkeypatch.setattr(computers, "choose", crash)
    actions = await service.legal_actions(lobby.id, HOST)
    with pytest.raises(RuntimeError):
        await service.act(lobby.id, HOST, actions[0].notation)
    monkeypatch.setattr(computers, "choose", thinking)
    stopped = await service.get(lobby.id)
    assert stopped.game is not None
    restarted = rattus_service(store)
    if stopped.version == 0:
        # PostgreSQL: the game lock's transaction took the person's action back with it.
        assert await restarted.resume_computers(lobby.id) is None
        update = await restarted.act(lobby.id, HOST, actions[0].notation)
    else:
        # SQLite: the person's action was saved and the computer's move is still owed.
        assert computers.deciding(stopped, stopped.game) == 1
        resumed = await restarted.resume_computers(lobby.id)
        assert resumed is not None
        update = resumed
    record = update.record
    assert record.version > 1
    assert record.game is not None and computers.deciding(record, record.game) is None
    assert await restarted.resume_computers(lobby.id) is None


async def test_one_person_and_cartus_computers_of_both_levels_play_a_whole_game(
    store: Store,
) -> None:
    service = GameService(store, kinds={"cartus": CartusKind()}, seed_source=lambda: 7)
    lobby = await service.open_lobby(
        kind="cartus",
        guild_id=1,
        channel_id=61,
        host_id=HOST,
        host_name="Anna",
        options={"seat_order": "joined", "simultaneous_supply": True},
    )
    lobby = await service.add_computer(lobby.id, HOST, "strong")
    lobby = await service.add_computer(lobby.id, HOST, "easy")
    assert [s.name for s in lobby.seats] == ["Anna", "Computer 1 (strong)", "Computer 2 (easy)"]
    update = await service.start(lobby.id, HOST)
    rng = random.Random(3)
    record = update.record
    while record.status == "running":
        assert record.game is not None
        assert computers.deciding(record, record.game) is None
        assert set(update.private) <= {HOST}
        actions = await service.legal_actions(record.id, HOST)
        update = await service.act(record.id, HOST, rng.choice(actions).notation)
        record = update.record
    log = await store.actions(record.id)
    assert {entry.seat for entry in log if entry.user_id is None} == {1, 2}
    replayed = await service.replay(record.id)
    saved = await service.get(record.id)
    assert saved.game is not None and replayed.to_dict() == saved.game.to_dict()
