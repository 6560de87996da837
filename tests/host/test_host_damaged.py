"""A game whose saved data cannot be played is set aside, once, whatever is wrong with it:
unreadable JSON, a state that lacks its pending decisions or decides for nobody, no state at
all. Every surface then says the same (the game could not be loaded), and its channel is free.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from host.cartus_kind import CartusKind
from host.errors import DamagedGame
from host.rattus_kind import RattusKind
from host.service import GameService
from host.store import Store, StoredGame
from tests.host.test_host_store import raw

PEOPLE = {101: "Anna", 102: "Ben"}


def no_stack(state: dict[str, Any]) -> dict[str, Any] | None:
    return {k: v for k, v in state.items() if k != "stack"}


def empty_stack(state: dict[str, Any]) -> dict[str, Any] | None:
    return {**state, "stack": []}


def null(state: dict[str, Any]) -> dict[str, Any] | None:
    return None


def seatless_decision(state: dict[str, Any]) -> dict[str, Any] | None:
    """The pending decision lost who makes it (once a KeyError deep in the rules)."""
    del state["stack"][-1]["seat"]
    return state


def piece_in_two_places(state: dict[str, Any]) -> dict[str, Any] | None:
    """A rat token both on the board and in the draw pile; a Cartus card in two hands."""
    if "rat_supply" in state:
        region = next(r for r in state["regions"] if state["rats"][r])
        state["rat_supply"].append(state["rats"][region][0])
    else:
        state["hands"][1].append(state["hands"][0][0])
    return state


async def running(service: GameService, kind: str, channel: int) -> int:
    users = list(PEOPLE)
    lobby = await service.open_lobby(
        kind=kind,
        guild_id=1,
        channel_id=channel,
        host_id=users[0],
        host_name=PEOPLE[users[0]],
        options={"seat_order": "joined"},
    )
    for user in users[1:]:
        await service.join(lobby.id, user, PEOPLE[user])
    return (await service.start(lobby.id, users[0])).record.id


@pytest.mark.parametrize("kind", ["rattus", "cartus"])
@pytest.mark.parametrize(
    "damage",
    [no_stack, empty_stack, null, seatless_decision, piece_in_two_places],
    ids=["no stack", "an empty stack", "NULL state", "a seatless decision", "two places"],
)
async def test_a_state_that_decides_for_nobody_is_set_aside_once_everywhere(
    store: Store, db_target: str, kind: str, damage: Any, caplog: pytest.LogCaptureFixture
) -> None:
    service = GameService(
        store, kinds={"rattus": RattusKind(), "cartus": CartusKind()}, seed_source=lambda: 7
    )
    told: list[int] = []

    async def tell(stored: StoredGame) -> None:
        told.append(stored.id)

    service.records.set_aside_listeners.append(tell)
    broken = await running(service, kind, 50)
    healthy = await running(service, kind, 51)
    [(text,)] = await raw(db_target, "SELECT state FROM games WHERE id = ?", broken)
    changed = damage(json.loads(text))
    await raw(
        db_target,
        "UPDATE games SET state = ? WHERE id = ?",
        None if changed is None else json.dumps(changed),
        broken,
    )

    # what /status, /board, /play, /log and the table ask: every one the same answer, at
    # the first load as at every later one
    # (first a move, which holds the game: what it sets aside outlasts its rollback)
    for ask in (
        lambda: service.act(broken, 101, "pass"),
        lambda: service.get(broken),
        lambda: service.public_view(broken),
        lambda: service.legal_actions(broken, 101),
        lambda: service.action_log(broken),
        lambda: service.act(broken, 101, "pass"),
    ):
        with pytest.raises(DamagedGame):
            await ask()
    assert await service.game_in_channel(50) is None  # its channel is free
    assert [r.id for r in await service.running_games()] == [healthy]
    assert told == [broken]
    assert await raw(db_target, "SELECT game_id FROM damaged_games") == [(broken,)]
    [(error,)] = await raw(db_target, "SELECT error FROM damaged_games")
    if damage in (seatless_decision, piece_in_two_places):  # refused by from_dict's checks
        assert error.startswith("BadState: impossible ")
        assert ("names no seat" if damage is seatless_decision else "two places") in error
    errors = [r for r in caplog.records if r.levelname == "ERROR"]
    assert [r.getMessage() for r in errors] == [f"Game #{broken} cannot be loaded; it is set aside"]
    [(status,)] = await raw(db_target, "SELECT status FROM games WHERE id = ?", broken)
    assert status == "abandoned"
    assert (await service.get(healthy)).game is not None
