"""Private questions at the service: who is asked stays hidden, and the log shows only what
the table showed."""

from __future__ import annotations

import random

from engine.text import english
from host.errors import NotYourTurn
from host.models import GameRecord
from host.service import GameService
from host.store import Store
from tests.host.test_host_rattus import PLAYERS, rattus_service, start_rattus


async def until_private_question(service: GameService, game_id: int) -> GameRecord:
    """Random play (seed 0) until a region card question; the first one comes early."""
    rng = random.Random(0)
    for _ in range(200):
        record = await service.get(game_id)
        game = record.game
        seat = game.actors()[0]
        if game.decision(seat).private:
            return record
        action = rng.choice(game.legal_actions(seat))
        await service.act(game_id, record.user_of(seat), action.notation)
    raise AssertionError("no private question came up")


async def test_a_private_question_names_nobody_and_its_answer_stays_out_of_the_log(
    store: Store,
) -> None:
    service = rattus_service(store, seed=7)
    started = await start_rattus(service, expansions=["africanus"], seat_order="joined")
    record = await until_private_question(service, started.record.id)
    asked = record.game.actors()[0]
    asked_user = record.user_of(asked)
    labels = [english(a.label, record.names()) for a in record.game.legal_actions(asked)]

    public = record.view(None)
    assert asked not in public["actors"] and public["private_waiting"]
    assert public["decision"]["seat"] is None and public["decision"]["prompt"] == ""
    for seat in range(len(record.seats)):
        view = record.view(seat)
        assert (asked in view["actors"]) == (seat == asked)
    assert english(record.waiting_for()) == "private answers"
    assert english(record.waiting_for(viewer=asked)) == PLAYERS[asked_user]

    other = next(user for user in PLAYERS if user != asked_user)
    try:
        await service.act(record.id, other, "pass")
    except NotYourTurn as refusal:
        assert PLAYERS[asked_user] not in str(refusal) and "private answers" in str(refusal)
    else:
        raise AssertionError("a player who was not asked answered")

    play = next(a for a in record.game.legal_actions(asked) if a.kind == "play")
    await service.act(record.id, asked_user, play.notation)
    entry = (await service.action_log(record.id, limit=1))[-1]
    assert entry.label == play.label, "the database keeps what was chosen"
    assert entry.public_text is not None
    public_text = english(entry.public_text)
    assert "played the region card" in public_text
    assert all(english(label) not in public_text for label in labels)


async def test_a_new_decider_is_told_once_per_change(store: Store) -> None:
    service = rattus_service(store, seed=7)
    started = await start_rattus(service, seat_order="joined")
    record = started.record
    assert await service.channels.new_deciders(record) == [0]
    assert await service.channels.new_deciders(record) == [0], "not told until the notice went out"
    await service.channels.mark_deciders_told(record)
    assert await service.channels.new_deciders(record) == []
    user = record.user_of(0)
    notation = record.game.legal_actions(0)[0].notation
    update = await service.act(record.id, user, notation)
    assert await service.channels.new_deciders(update.record) == update.record.game.actors()
