from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from engine.text import english
from host.errors import NotFound, NotSeated, NotYourTurn, StaleAction, UserError
from host.service import GameService
from host.store import Store

ANNA, BEN, CARA = 1, 2, 3


async def started(service: GameService, target: int = 5, channel_id: int = 10) -> int:
    record = await service.open_lobby(
        kind="count",
        guild_id=5,
        channel_id=channel_id,
        host_id=ANNA,
        host_name="Anna",
        options={"target": target},
    )
    await service.join(record.id, BEN, "Ben")
    await service.start(record.id, ANNA)
    return record.id


async def test_an_action_is_applied_saved_and_reported(service: GameService) -> None:
    game_id = await started(service)
    update = await service.act(game_id, ANNA, "add:2", version=0)
    assert update.record.version == 1 and update.record.status == "running"
    assert [e.kind for e in update.events] == ["add", "secret"]
    assert [e.kind for e in update.public_events] == ["add"]
    assert list(update.private) == [ANNA]
    assert [e.kind for e in update.private[ANNA]] == ["secret"]
    assert not update.new_turn and not update.finished

    update = await service.act(game_id, ANNA, "done", version=1)
    assert update.new_turn and update.private == {}
    record = await service.get(game_id)
    assert record.version == 2 and record.game is not None and record.game.actors() == [1]


async def test_refusals_change_nothing(service: GameService) -> None:
    game_id = await started(service)
    before = (await service.get(game_id)).game.to_dict()  # type: ignore[union-attr]
    with pytest.raises(NotSeated, match="not in this game"):
        await service.act(game_id, CARA, "add:1")
    with pytest.raises(NotYourTurn, match=r"It's not your turn: waiting for Anna\."):
        await service.act(game_id, BEN, "add:1")
    with pytest.raises(StaleAction) as stale:
        await service.act(game_id, ANNA, "add:1", version=3)
    assert stale.value.current_version == 0
    with pytest.raises(UserError, match="not an action"):
        await service.act(game_id, ANNA, "add:1; drop table games")
    with pytest.raises(UserError, match="not allowed now"):
        await service.act(game_id, ANNA, "add:7")
    with pytest.raises(NotFound):
        await service.act(404, ANNA, "add:1")
    record = await service.get(game_id)
    assert record.version == 0 and record.game is not None
    assert record.game.to_dict() == before
    assert await service.action_log(game_id) == []


async def test_typed_notation_is_normalised_and_labelled(service: GameService) -> None:
    game_id = await started(service)
    await service.act(game_id, ANNA, "  ADD:3 ")
    [entry] = await service.action_log(game_id)
    assert entry.label is not None
    assert (entry.seat, entry.user_id, entry.name, entry.notation, english(entry.label)) == (
        0,
        ANNA,
        "Anna",
        "add:3",
        "Add 3",
    )


async def test_two_clicks_at_once_have_one_winner(service: GameService) -> None:
    game_id = await started(service)
    outcomes = await asyncio.gather(
        service.act(game_id, ANNA, "add:1", version=0),
        service.act(game_id, ANNA, "add:3", version=0),
        return_exceptions=True,
    )
    wins = [o for o in outcomes if not isinstance(o, BaseException)]
    stale = [o for o in outcomes if isinstance(o, StaleAction)]
    assert len(wins) == 1 and len(stale) == 1
    record = await service.get(game_id)
    assert record.version == 1
    assert [e.notation for e in await service.action_log(game_id)] == ["add:1"]


async def test_two_services_on_one_file_have_one_winner(
    db_target: str, make_service: Callable[[Store], GameService]
) -> None:
    first_store = await Store.open(db_target)
    second_store = await Store.open(db_target)
    first, second = make_service(first_store), make_service(second_store)
    game_id = await started(first)
    outcomes = await asyncio.gather(
        first.act(game_id, ANNA, "add:1", version=0),
        second.act(game_id, ANNA, "add:2", version=0),
        return_exceptions=True,
    )
    assert sum(isinstance(o, StaleAction) for o in outcomes) == 1
    assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
    assert len(await first.action_log(game_id)) == 1
    await first_store.close()
    await second_store.close()


async def test_views_carry_names_and_secrets_stay_private(service: GameService) -> None:
    game_id = await started(service)
    update = await service.act(game_id, ANNA, "add:1")
    secret = update.private[ANNA][0].data["secret"]
    mine = await service.private_view(game_id, ANNA)
    public = await service.public_view(game_id)
    assert [p["name"] for p in mine["players"]] == ["Anna", "Ben"]
    assert [p["name"] for p in public["players"]] == ["Anna", "Ben"]
    assert mine["secret"] == secret and "secret" not in public
    assert (await service.private_view(game_id, BEN))["secret"] is None
    with pytest.raises(NotSeated):
        await service.private_view(game_id, CARA)


async def test_legal_actions_only_for_the_actor(service: GameService) -> None:
    game_id = await started(service)
    assert [a.notation for a in await service.legal_actions(game_id, ANNA)] == [
        "add:1",
        "add:2",
        "add:3",
        "done",
    ]
    assert await service.legal_actions(game_id, BEN) == []
    assert await service.legal_actions(game_id, CARA) == []


async def play_to_the_end(service: GameService, game_id: int) -> None:
    users = {0: ANNA, 1: BEN}
    record = await service.get(game_id)
    while record.status == "running":
        assert record.game is not None
        [seat] = record.game.actors()
        actions = await service.legal_actions(game_id, users[seat])
        update = await service.act(
            game_id,
            users[seat],
            actions[-2 if len(actions) > 1 else -1].notation,
            version=record.version,
        )
        record = update.record
    assert update.finished and update.new_turn


async def test_the_end_writes_results_and_the_log_replays(service: GameService) -> None:
    game_id = await started(service, target=12)
    await play_to_the_end(service, game_id)
    record = await service.get(game_id)
    assert record.status == "finished" and record.game is not None and record.game.is_over
    assert await service.game_in_channel(10) is None
    results = await service.store.stats.results(game_id)
    assert [(r.rank, r.winner) for r in results] == [(1, True), (2, False)]
    winner = record.game.outcome["winners"][0]
    assert results[0].seat == winner and results[0].user_id == record.user_of(winner)
    assert {r.score for r in results} == {p["adds"] for p in record.game.view()["players"]}

    replayed = await service.replay(game_id)
    assert replayed.to_dict() == record.game.to_dict()
    with pytest.raises(StaleAction):
        await service.act(game_id, ANNA, "done", version=0)
    with pytest.raises(UserError, match="is over"):
        await service.act(game_id, ANNA, "done")
    assert (await service.public_view(game_id))["status"] == "over"


async def test_a_restart_continues_exactly(
    db_target: str, make_service: Callable[[Store], GameService]
) -> None:
    store = await Store.open(db_target)
    service = make_service(store)
    game_id = await started(service, target=30)
    await service.act(game_id, ANNA, "add:2")
    await service.act(game_id, ANNA, "done")
    await service.act(game_id, BEN, "add:3")
    before = (await service.get(game_id)).game.to_dict()  # type: ignore[union-attr]
    await store.close()

    store = await Store.open(db_target)
    service = make_service(store)
    [record] = await service.running_games()
    assert record.id == game_id and record.version == 3
    assert record.game is not None and record.game.to_dict() == before
    with pytest.raises(StaleAction):
        await service.act(game_id, BEN, "done", version=2)
    update = await service.act(game_id, BEN, "done", version=3)
    game = update.record.game
    assert update.new_turn and game is not None and game.actors() == [0]
    assert (await service.replay(game_id)).to_dict() == game.to_dict()
    await store.close()


async def test_games_for_user_lists_open_games_first(service: GameService) -> None:
    finished = await started(service, target=1, channel_id=10)
    await service.act(finished, ANNA, "add:1")
    running = await started(service, channel_id=11)
    lobby = await service.open_lobby(
        kind="count", guild_id=5, channel_id=12, host_id=BEN, host_name="Ben", options={}
    )
    ids = [r.id for r in await service.games_for_user(BEN)]
    assert ids == [lobby.id, running, finished]
    assert [r.id for r in await service.games_for_user(ANNA)] == [running, finished]
    assert await service.games_for_user(CARA) == []
    assert [r.id for r in await service.running_games()] == [running]


async def test_table_messages_and_spectators(service: GameService) -> None:
    game_id = await started(service)
    await service.channels.set_table_message(game_id, 10, 900, 0, is_home=True)
    await service.channels.add_spectator(game_id, 77)
    await service.channels.set_table_message(game_id, 77, 901, 0, is_home=False)
    assert await service.channels.spectator_channels(game_id) == [77]
    assert [m.message_id for m in await service.channels.table_messages(game_id)] == [900, 901]
    with pytest.raises(UserError, match="home"):
        await service.channels.add_spectator(game_id, 10)
    await service.channels.remove_spectator(77)
    assert [m.message_id for m in await service.channels.table_messages(game_id)] == [900]
    with pytest.raises(UserError, match="not following"):
        await service.channels.remove_spectator(77)
    await service.cancel(game_id, ANNA, can_manage=False)
    with pytest.raises(UserError, match="nothing to follow"):
        await service.channels.add_spectator(game_id, 78)


async def test_dm_preferences(service: GameService) -> None:
    assert not await service.channels.dms_closed(ANNA)
    assert await service.channels.mark_dms_closed(ANNA)
    assert not await service.channels.mark_dms_closed(ANNA)
    assert await service.channels.dms_closed(ANNA)
    assert await service.channels.mark_dms_closed(ANNA, False)
