"""Computer seats in the service: added in the lobby, moving at once, saved like anyone."""

from __future__ import annotations

import random

import pytest

from host import computers
from host.cartus_kind import CartusKind
from host.errors import NotSeated, StaleAction, UserError
from host.models import GameRecord, Update
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


async def with_computer_moves(service: GameService, update: Update) -> Update:
    """The update of a person's action, then every move the computers must make after it:
    the action's own update never includes them (they are saved one by one afterwards)."""
    moved = await service.move_computers(update.record.id)
    for step in moved:
        check_update(step)
    return moved[-1] if moved else update


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
    update = await with_computer_moves(service, await service.start(lobby.id, HOST))
    rng = random.Random(2)
    record = update.record
    while record.status == "running":
        assert record.game is not None
        # Once the computers have moved, a person must decide.
        assert record.game.actors() == [0]
        check_update(update)
        assert set(update.private) <= {HOST}
        actions = await service.legal_actions(record.id, HOST)
        acted = await service.act(record.id, HOST, rng.choice(actions).notation)
        # The person's action is saved on its own: one version, no computer move in it.
        assert acted.record.version == record.version + 1
        log = await store.actions(record.id)
        assert len(log) == acted.record.version and log[-1].user_id == HOST
        update = await with_computer_moves(service, acted)
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
    # The person's action is saved (and committed) before any computer thinks...
    acted = await service.act(lobby.id, HOST, actions[0].notation)
    with pytest.raises(RuntimeError):
        await service.move_computers(lobby.id)
    monkeypatch.setattr(computers, "choose", thinking)
    stopped = await service.get(lobby.id)
    assert stopped.game is not None and stopped.version == acted.record.version == 1
    # ... so the computer's move is still owed, on SQLite and PostgreSQL alike.
    assert computers.deciding(stopped, stopped.game) == 1
    restarted = rattus_service(store)
    moved = await restarted.move_computers(lobby.id)
    assert moved
    record = moved[-1].record
    assert record.version == 1 + len(moved)
    assert record.game is not None and computers.deciding(record, record.game) is None
    assert await restarted.move_computers(lobby.id) == []


async def test_a_computer_choice_made_on_an_older_version_is_not_saved(store: Store) -> None:
    """A computer thinks with no lock held; when the game moved on meanwhile (an undo, a
    seat change, another process), its choice is refused and nothing is saved."""
    service = rattus_service(store)
    lobby = await lobby_with_computers(service, "easy")
    await service.start(lobby.id, HOST)
    actions = await service.legal_actions(lobby.id, HOST)
    await service.act(lobby.id, HOST, actions[0].notation)
    choice = await computers.think(await service.get(lobby.id))
    assert choice is not None and choice.seat == 1
    older = computers.Choice(choice.version - 1, choice.seat, choice.notation)
    with pytest.raises(StaleAction):
        await service.computer_move(lobby.id, older)
    assert (await service.get(lobby.id)).version == choice.version
    saved = await service.computer_move(lobby.id, choice)
    assert saved.record.version == choice.version + 1
    with pytest.raises(StaleAction):  # the same choice twice is saved once
        await service.computer_move(lobby.id, choice)
    log = await store.actions(lobby.id)
    assert [e.user_id for e in log] == [HOST, None]


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
    update = await with_computer_moves(service, await service.start(lobby.id, HOST))
    rng = random.Random(3)
    record = update.record
    while record.status == "running":
        assert record.game is not None
        assert computers.deciding(record, record.game) is None
        assert set(update.private) <= {HOST}
        actions = await service.legal_actions(record.id, HOST)
        acted = await service.act(record.id, HOST, rng.choice(actions).notation)
        update = await with_computer_moves(service, acted)
        record = update.record
    log = await store.actions(record.id)
    assert {entry.seat for entry in log if entry.user_id is None} == {1, 2}
    replayed = await service.replay(record.id)
    saved = await service.get(record.id)
    assert saved.game is not None and replayed.to_dict() == saved.game.to_dict()
