"""Undo through the service (host/undo.py) over real databases: the earlier game comes back
under a new version, the log records it, changed secrets are owed, refusals change nothing."""

from __future__ import annotations

import pytest

from engine.replay import REFUSALS
from engine.text import english, msg, restored
from host.cartus_kind import CartusKind
from host.errors import NotSeated, StaleAction, UserError
from host.service import GameService
from host.store import Store
from host.undo import secrets_of, undo

KIND = CartusKind()
PLAYERS = {101: "Anna", 102: "Ben", 103: "Cara"}
SEED = 99  # Anna's first supply: discard a rat (a private total), then look at a Nun-row card


async def started(store: Store) -> tuple[GameService, int]:
    service = GameService(store, kinds={"cartus": KIND}, seed_source=lambda: SEED)
    lobby = await service.open_lobby(
        kind="cartus",
        guild_id=1,
        channel_id=60,
        host_id=101,
        host_name="Anna",
        options={"seat_order": "joined"},
    )
    for user in (102, 103):
        await service.join(lobby.id, user, PLAYERS[user])
    await service.start(lobby.id, 101)
    for dm_id, *_ in await service.channels.pending_dms(lobby.id):
        await service.channels.dm_done(dm_id)
    return service, lobby.id


async def test_an_undo_brings_the_game_back_and_owes_the_changed_secret(store: Store) -> None:
    service, game_id = await started(store)
    before = await service.get(game_id)
    assert before.game is not None
    acted = await service.act(game_id, 101, "supply:1", version=before.version)
    assert acted.record.game is not None
    assert secrets_of(acted.record.game, 0) != secrets_of(before.game, 0)  # fewer rats
    for dm_id, *_ in await service.channels.pending_dms(game_id):
        await service.channels.dm_done(dm_id)

    update, label = await undo(service, game_id, 101, version=acted.record.version)
    assert "discard 1 rat" in english(label)
    game = update.record.game
    assert game is not None and update.record.version == acted.record.version + 1
    assert game.to_dict() == {**before.game.to_dict(), "version": update.record.version}
    assert [english(e.text) for e in update.public_events] == ["Anna takes back their last action."]
    owed = [
        (user, [english(restored(line)) for line in lines])
        for _, _, user, lines in await service.channels.pending_dms(game_id)
    ]
    assert owed == [(101, ["An action was taken back: your secrets are as they were before it."])]
    log = await store.actions(game_id)
    assert [(e.seat, e.notation, e.public_text) for e in log[-2:]] == [
        (0, "supply:1", log[-2].public_text),
        (0, "undo", msg("{player} takes back their last action.", player="Anna")),
    ]
    assert log[-1].label == msg("Undo: {action}", action=label)
    assert (await service.replay(game_id)).to_dict() == game.to_dict()

    # The table's old buttons are stale now, the Undo button among them.
    with pytest.raises(StaleAction):
        await undo(service, game_id, 101, version=acted.record.version)
    with pytest.raises(StaleAction):
        await service.act(game_id, 101, "supply:1", version=acted.record.version)


async def test_refused_undos_change_nothing(store: Store) -> None:
    service, game_id = await started(store)
    with pytest.raises(UserError, match=REFUSALS["nothing"].english()):
        await undo(service, game_id, 101)
    with pytest.raises(NotSeated):
        await undo(service, game_id, 999)
    record = await service.get(game_id)
    await service.act(game_id, 101, "supply:1", version=record.version)
    acted = await service.get(game_id)
    with pytest.raises(UserError, match="someone else has decided"):
        await undo(service, game_id, 102)
    after_refusals = await service.get(game_id)
    assert after_refusals.version == acted.version
    assert len(await store.actions(game_id)) == 1
