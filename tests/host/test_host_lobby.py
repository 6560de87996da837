from __future__ import annotations

import pytest

from host.errors import NotFound, NotSeated, UserError
from host.service import GameService

ANNA, BEN, CARA, DAN = 1, 2, 3, 4


async def lobby(service: GameService, channel_id: int = 10, **options: object) -> int:
    record = await service.open_lobby(
        kind="count",
        guild_id=5,
        channel_id=channel_id,
        host_id=ANNA,
        host_name="Anna",
        options={"target": 5, **options},
    )
    return record.id


async def test_open_lobby_seats_the_host_and_normalises_options(service: GameService) -> None:
    record = await service.open_lobby(
        kind="count", guild_id=5, channel_id=10, host_id=ANNA, host_name="Anna", options={}
    )
    assert record.status == "lobby" and record.game is None and record.version == 0
    assert record.options == {"target": 10, "seat_order": "joined", "players": 3}
    assert record.seats[0].user_id == ANNA and record.host_user_id == ANNA
    assert record.name_of(0) == "Anna" and record.name_of(3) == "Player 4"
    assert (await service.game_in_channel(10)) == record


async def test_bad_options_and_unknown_kinds_are_user_errors(service: GameService) -> None:
    with pytest.raises(UserError, match="target"):
        await lobby(service, target=1000)
    with pytest.raises(UserError, match="kind 'chess'"):
        await service.open_lobby(
            kind="chess", guild_id=5, channel_id=10, host_id=ANNA, host_name="Anna", options={}
        )
    assert await service.game_in_channel(10) is None


async def test_a_busy_channel_names_its_game(service: GameService) -> None:
    game_id = await lobby(service)
    with pytest.raises(UserError, match=f"a lobby: game #{game_id}"):
        await lobby(service)
    await service.join(game_id, BEN, "Ben")
    await service.start(game_id, ANNA)
    with pytest.raises(UserError, match=f"a running game: game #{game_id}"):
        await lobby(service)
    assert await lobby(service, channel_id=11) != game_id


async def test_join_checks_seats(service: GameService) -> None:
    game_id = await lobby(service, players=2)
    record = await service.join(game_id, BEN, "Ben")
    assert [(s.seat, s.name) for s in record.seats] == [(0, "Anna"), (1, "Ben")]
    with pytest.raises(UserError, match="already in game"):
        await service.join(game_id, BEN, "Ben")
    with pytest.raises(UserError, match="full: it seats 2"):
        await service.join(game_id, CARA, "Cara")
    with pytest.raises(NotFound, match="no game #999"):
        await service.join(999, CARA, "Cara")


async def test_leaving_passes_the_host_on_and_the_last_closes(service: GameService) -> None:
    game_id = await lobby(service)
    await service.join(game_id, BEN, "Ben")
    await service.join(game_id, CARA, "Cara")
    record = await service.leave(game_id, ANNA)
    assert record.host_user_id == BEN
    assert [(s.seat, s.user_id) for s in record.seats] == [(0, BEN), (1, CARA)]
    with pytest.raises(NotSeated):
        await service.leave(game_id, ANNA)
    await service.leave(game_id, CARA)
    record = await service.leave(game_id, BEN)
    assert record.status == "abandoned" and record.seats == []
    assert await service.game_in_channel(10) is None
    with pytest.raises(UserError, match="abandoned"):
        await service.join(game_id, DAN, "Dan")


async def test_only_the_host_starts_with_enough_players(service: GameService) -> None:
    game_id = await lobby(service)
    with pytest.raises(UserError, match="at least 2 players"):
        await service.start(game_id, ANNA)
    await service.join(game_id, BEN, "Ben")
    with pytest.raises(UserError, match="Only the host, Anna"):
        await service.start(game_id, BEN)
    update = await service.start(game_id, ANNA)
    assert update.new_turn and not update.finished
    assert update.record.status == "running" and update.record.seed == 1000
    assert [e.kind for e in update.public_events] == ["setup"]
    assert update.record.game is not None and update.record.game.actors() == [0]
    with pytest.raises(UserError, match="already started"):
        await service.start(game_id, ANNA)
    with pytest.raises(UserError, match="already started"):
        await service.join(game_id, CARA, "Cara")
    with pytest.raises(UserError, match="has started"):
        await service.leave(game_id, BEN)


async def test_random_seat_order_follows_the_seed(service: GameService) -> None:
    orders = set()
    for channel in range(20, 28):
        game_id = await lobby(service, channel_id=channel, seat_order="random", players=3)
        await service.join(game_id, BEN, "Ben")
        await service.join(game_id, CARA, "Cara")
        record = (await service.start(game_id, ANNA)).record
        assert sorted(s.seat for s in record.seats) == [0, 1, 2]
        orders.add(tuple(s.user_id for s in record.seats))
    assert len(orders) > 1


async def test_joined_seat_order_is_kept(service: GameService) -> None:
    game_id = await lobby(service)
    await service.join(game_id, CARA, "Cara")
    await service.join(game_id, BEN, "Ben")
    record = (await service.start(game_id, ANNA)).record
    assert [s.user_id for s in record.seats] == [ANNA, CARA, BEN]


async def test_cancel_needs_the_host_or_a_manager(service: GameService) -> None:
    game_id = await lobby(service)
    await service.join(game_id, BEN, "Ben")
    with pytest.raises(UserError, match="Only the host, Anna, or someone who can manage"):
        await service.cancel(game_id, BEN, can_manage=False)
    record = await service.cancel(game_id, ANNA, can_manage=False)
    assert record.status == "abandoned"
    with pytest.raises(UserError, match="already abandoned"):
        await service.cancel(game_id, ANNA, can_manage=False)

    running = await lobby(service)
    await service.join(running, BEN, "Ben")
    await service.start(running, ANNA)
    with pytest.raises(UserError, match="abandon game"):
        await service.cancel(running, DAN, can_manage=False)
    record = await service.cancel(running, DAN, can_manage=True)
    assert record.status == "abandoned"
    assert await service.running_games() == []
    with pytest.raises(UserError, match="abandoned"):
        await service.act(running, ANNA, "add:1")


async def test_a_lobby_only_cancel_leaves_a_started_game_alone(service: GameService) -> None:
    game_id = await lobby(service)
    await service.join(game_id, BEN, "Ben")
    await service.start(game_id, ANNA)
    with pytest.raises(UserError, match=r"already started.*abandon"):
        await service.cancel(game_id, ANNA, can_manage=True, lobby_only=True)
    assert (await service.get(game_id)).status == "running"

    other = await lobby(service, channel_id=11)
    record = await service.cancel(other, ANNA, can_manage=False, lobby_only=True)
    assert record.status == "abandoned"


async def test_the_latest_dealt_game_of_a_channel_is_found_after_it_ended(
    service: GameService,
) -> None:
    assert await service.latest_game_in_channel(10) is None
    first = await lobby(service)
    await service.join(first, BEN, "Ben")
    await service.start(first, ANNA)
    await service.cancel(first, ANNA, can_manage=False)
    cancelled_lobby = await lobby(service)
    await service.cancel(cancelled_lobby, ANNA, can_manage=False)
    found = await service.latest_game_in_channel(10)
    assert found is not None and found.id == first and found.status == "abandoned"
    assert await service.latest_game_in_channel(11) is None


async def test_a_forged_huge_id_is_an_unknown_game_on_every_backend(service: GameService) -> None:
    huge = 10**30
    for attempt in (
        service.join(huge, BEN, "Ben"),
        service.leave(huge, BEN),
        service.start(huge, ANNA),
        service.cancel(huge, ANNA, can_manage=True),
        service.act(huge, ANNA, "done"),
        service.action_log(huge),
    ):
        with pytest.raises(NotFound, match=f"no game #{huge}"):
            await attempt
