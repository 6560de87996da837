"""Every private message goes through the one recorded list (``pending_dms``), whoever's move
caused it: a person's own, or a computer's that tells a person something privately."""

from __future__ import annotations

import random

import pytest

from engine.text import english, restored
from host import computers
from host.cartus_kind import CartusKind
from host.models import Update
from host.service import GameService
from host.store import Store

HOST = 101


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computers, "SIMULATIONS", 3)


async def owed_to_host(service: GameService, game_id: int) -> list[str]:
    """The news recorded for the person since last asked (then forgotten, as once sent)."""
    lines = []
    for dm_id, _, user_id, news in await service.channels.pending_dms(game_id):
        assert user_id == HOST, "computers are owed nothing"
        lines += [english(restored(line)) for line in news]
        await service.channels.dm_done(dm_id)
    return lines


def told_privately(update: Update) -> list[str]:
    record = update.record
    return [e.text_for(record.names()) for e in update.private.get(HOST, [])]


@pytest.mark.parametrize("seed", [5, 11])
async def test_what_computers_moves_tell_a_person_is_recorded_with_their_moves(
    store: Store, seed: int
) -> None:
    service = GameService(store, kinds={"cartus": CartusKind()}, seed_source=lambda: seed)
    lobby = await service.open_lobby(
        kind="cartus",
        guild_id=1,
        channel_id=70,
        host_id=HOST,
        host_name="Anna",
        options={"seat_order": "joined"},
    )
    for _ in range(2):
        lobby = await service.add_computer(lobby.id, HOST, "easy")
    started = await service.start(lobby.id, HOST)
    updates = [started, *await service.move_computers(lobby.id)]
    rng = random.Random(seed)
    from_computers = 0
    for _ in range(400):
        record = updates[-1].record
        told = [line for update in updates for line in told_privately(update)]
        assert await owed_to_host(service, record.id) == told
        if record.status != "running":
            break
        assert record.game is not None
        seat = record.game.actors()[0]
        action = rng.choice(record.game.legal_actions(seat))
        acted = await service.act(record.id, HOST, action.notation, version=record.version)
        by_computers = await service.move_computers(record.id)
        updates = [acted, *by_computers]
        events = [e for update in by_computers for e in update.events]
        if any(e.audience is not None and seat in e.audience for e in events):
            from_computers += 1
    assert from_computers > 0, "no computer move told the person anything privately"
