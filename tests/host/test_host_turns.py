"""Whose move: the service's one reading of who decides what, for buttons, panels and act()."""

from __future__ import annotations

import pytest

from engine.text import english
from host.errors import NotSeated, NotYourTurn, UserError
from host.service import GameService
from tests.host.test_host_play import ANNA, BEN, CARA, started


async def test_the_turn_of_the_actor_a_waiting_player_and_an_outsider(
    service: GameService,
) -> None:
    record = await service.get(await started(service))
    anna = service.turn(record, ANNA)
    assert anna.running and anna.is_theirs and anna.actors == (0,) and anna.seat == 0
    assert anna.decision is not None
    assert english(anna.decision.prompt).startswith("Add to the total")
    assert [a.notation for a in anna.actions] == ["add:1", "add:2", "add:3", "done"]
    assert service.require_turn(record, ANNA) == anna

    ben = service.turn(record, BEN)
    assert ben.seat == 1 and not ben.is_theirs and english(ben.waiting) == "Anna"
    assert ben.decision is None and ben.actions == ()
    with pytest.raises(NotYourTurn, match=r"waiting for Anna\."):
        service.require_turn(record, BEN)

    outsider = service.turn(record, CARA)
    assert outsider.seat is None and not outsider.is_theirs and outsider.actions == ()
    with pytest.raises(NotSeated):
        service.require_turn(record, CARA)

    assert service.people_to_move(record) == [ANNA]
    actions = service.table_actions(record)
    assert list(actions) == [0] and len(actions[0]) == 4
    assert service.table_actions(record, [1]) == {}


async def test_a_lobby_and_an_ended_game_have_no_turn(service: GameService) -> None:
    lobby = await service.open_lobby(
        kind="count", guild_id=5, channel_id=77, host_id=ANNA, host_name="Anna", options={}
    )
    turn = service.turn(lobby, ANNA)
    assert not turn.running and turn.actors == () and english(turn.waiting) == "nobody"
    with pytest.raises(UserError, match="has not started"):
        service.require_turn(lobby, ANNA)
    assert service.people_to_move(lobby) == [] and service.table_actions(lobby) == {}

    game_id = await started(service, target=1)
    await service.act(game_id, ANNA, "add:1")
    over = await service.get(game_id)
    assert over.status == "finished" and not service.turn(over, BEN).running
    with pytest.raises(UserError, match="is over"):
        service.require_turn(over, BEN)
    assert service.people_to_move(over) == []
