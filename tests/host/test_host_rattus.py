"""The service running real Rattus games: whole games, restarts, races and refusals."""

from __future__ import annotations

import asyncio
import random

import pytest

from host.errors import NotSeated, NotYourTurn, StaleAction, UserError
from host.models import GameRecord, Update
from host.rattus_kind import RattusKind
from host.service import GameService
from host.store import Store

PLAYERS = {101: "Anna", 102: "Ben", 103: "Cara"}
OUTSIDER = 999


def rattus_service(store: Store, seed: int = 4242) -> GameService:
    return GameService(store, kinds={"rattus": RattusKind()}, seed_source=lambda: seed)


async def start_rattus(service: GameService, **options: object) -> Update:
    users = list(PLAYERS)
    lobby = await service.open_lobby(
        kind="rattus",
        guild_id=1,
        channel_id=50,
        host_id=users[0],
        host_name=PLAYERS[users[0]],
        options=dict(options),
    )
    for user in users[1:]:
        await service.join(lobby.id, user, PLAYERS[user])
    return await service.start(lobby.id, users[0])


def check_update(update: Update) -> None:
    record = update.record
    assert update.public_events == [e for e in update.events if e.audience is None]
    for user, events in update.private.items():
        seat = record.seat_of(user)
        assert seat is not None
        assert all(e.audience is not None and seat in e.audience for e in events)


async def play_random(
    service: GameService, record: GameRecord, rng: random.Random, *, steps: int | None = None
) -> GameRecord:
    """Random legal actions by whoever must decide, through the service, with versions."""
    played = 0
    while record.status == "running" and (steps is None or played < steps):
        assert record.game is not None
        seat = record.game.actors()[0]
        user = record.user_of(seat)
        assert user is not None
        actions = await service.legal_actions(record.id, user)
        assert actions, f"seat {seat} must decide but has no legal action"
        update = await service.act(
            record.id, user, rng.choice(actions).notation, version=record.version
        )
        check_update(update)
        assert update.record.version == record.version + 1
        assert update.finished == (update.record.status == "finished")
        record = update.record
        played += 1
    return record


async def test_a_whole_game_through_the_service(store: Store) -> None:
    service = rattus_service(store)
    update = await start_rattus(service, seat_order="joined")
    assert update.new_turn and update.public_events
    record = await play_random(service, update.record, random.Random(1))
    assert record.status == "finished"
    assert await service.game_in_channel(50) is None

    saved = await service.get(record.id)
    assert saved.game is not None and saved.game.is_over
    assert saved.game.to_dict() == record.game.to_dict()  # type: ignore[union-attr]
    replayed = await service.replay(record.id)
    assert replayed.to_dict() == saved.game.to_dict()
    assert len(await store.actions(record.id)) == saved.version

    outcome = saved.game.outcome
    assert outcome is not None
    results = await store.stats.results(record.id)
    assert [r.seat for r in results] == outcome["ranking"]
    assert [r.rank for r in results] == [1, 2, 3]
    assert [r.seat for r in results if r.winner] == outcome["winners"]
    for row in results:
        assert row.score == outcome["scores"][row.seat]
        assert row.user_id is not None and row.user_id == saved.user_of(row.seat)
        assert row.name == PLAYERS[row.user_id]
        assert row.kind == "rattus"

    public = await service.public_view(record.id)
    assert public["status"] == "over"
    assert [p["name"] for p in public["players"]] == list(PLAYERS.values())


async def test_a_restart_mid_game_continues_exactly(db_target: str) -> None:
    store = await Store.open(db_target)
    service = rattus_service(store)
    record = (await start_rattus(service)).record
    record = await play_random(service, record, random.Random(2), steps=40)
    assert record.status == "running"
    snapshot = record.game.to_dict()  # type: ignore[union-attr]
    choices = {user: await service.legal_actions(record.id, user) for user in PLAYERS}
    await store.close()

    store = await Store.open(db_target)
    service = rattus_service(store)
    [reloaded] = await service.running_games()
    assert reloaded.version == record.version == 40
    assert reloaded.seats == record.seats
    assert reloaded.game is not None and reloaded.game.to_dict() == snapshot
    assert {user: await service.legal_actions(record.id, user) for user in PLAYERS} == choices
    finished = await play_random(service, reloaded, random.Random(3))
    assert finished.status == "finished"
    assert (await service.replay(record.id)).to_dict() == finished.game.to_dict()  # type: ignore[union-attr]
    assert len(await store.stats.results(record.id)) == 3
    await store.close()


async def test_two_clicks_with_one_version(store: Store) -> None:
    service = rattus_service(store)
    record = (await start_rattus(service)).record
    assert record.game is not None
    seat = record.game.actors()[0]
    user = record.user_of(seat)
    assert user is not None
    first, second = record.game.legal_actions(seat)[:2]
    outcomes = await asyncio.gather(
        service.act(record.id, user, first.notation, version=record.version),
        service.act(record.id, user, second.notation, version=record.version),
        return_exceptions=True,
    )
    winners = [o for o in outcomes if isinstance(o, Update)]
    assert len(winners) == 1
    assert sum(isinstance(o, StaleAction) for o in outcomes) == 1
    [entry] = await service.action_log(record.id)
    assert entry.notation in (first.notation, second.notation)
    saved = await service.get(record.id)
    assert saved.version == record.version + 1
    assert saved.game is not None and winners[0].record.game is not None
    assert saved.game.to_dict() == winners[0].record.game.to_dict()


async def test_refusals_leave_the_game_unchanged(store: Store) -> None:
    service = rattus_service(store)
    record = (await start_rattus(service)).record
    record = await play_random(service, record, random.Random(4), steps=5)
    assert record.game is not None
    before = record.game.to_dict()
    seat = record.game.actors()[0]
    actor = record.user_of(seat)
    idle = next(u for u in PLAYERS if record.seat_of(u) not in record.game.actors())
    legal = record.game.legal_actions(seat)[0].notation
    assert actor is not None

    with pytest.raises(StaleAction):
        await service.act(record.id, actor, legal, version=record.version - 1)
    with pytest.raises(NotSeated, match="You are not in this game"):
        await service.act(record.id, OUTSIDER, legal)
    with pytest.raises(NotYourTurn, match="It's not your turn: waiting for"):
        await service.act(record.id, idle, legal)
    with pytest.raises(UserError, match="not an action"):
        await service.act(record.id, actor, "place:gallia!!")
    with pytest.raises(UserError):
        await service.act(record.id, actor, "fly:moon")
    with pytest.raises(UserError):
        await service.act(record.id, actor, "")

    after = await service.get(record.id)
    assert after.version == record.version
    assert after.game is not None and after.game.to_dict() == before
    assert len(await service.action_log(record.id, limit=100)) == record.version
    assert await service.legal_actions(record.id, idle) == []
    assert await service.legal_actions(record.id, OUTSIDER) == []


async def test_private_views_carry_names_and_the_viewer(store: Store) -> None:
    service = rattus_service(store)
    record = (await start_rattus(service, seat_order="joined")).record
    for user, name in PLAYERS.items():
        view = await service.private_view(record.id, user)
        assert view["seat"] == record.seat_of(user)
        assert [p["name"] for p in view["players"]] == list(PLAYERS.values())
        assert view["players"][view["seat"]]["name"] == name
    with pytest.raises(NotSeated):
        await service.private_view(record.id, OUTSIDER)
