"""Every path that saves a change to a game goes through the service's one place for it
(``service.holds``), which tells the change listeners (the clocks) once, with the game as
saved; an undo that hands the decision back gives that seat its deadline again."""

from __future__ import annotations

import ast
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from host import computers, seats, undo
from host.cartus_kind import CartusKind
from host.clock_settings import ClockSettings
from host.clocks import DEADLINE, Clocks
from host.models import GameRecord
from host.service import GameService
from host.store import Store

ROOT = Path(__file__).resolve().parents[2]
STORE_WRITES = {
    "save_action",
    "start_game",
    "update_lobby",
    "set_game_language",
    "set_status",
    "change",
}
"""The store's writes of a game (``store.seats.change`` among them)."""
THE_ONE_PLACE = {
    "save_action",
    "save_seat",
    "save_lobby",
    "save_language",
    "save_start",
    "save_status",
}
PEOPLE = {101: "Anna", 102: "Ben", 103: "Cara", 104: "Dan"}
SEED = 99  # Cartus: Anna's first supply can be taken back (tests/host/test_host_undo.py)


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(computers, "SIMULATIONS", 3)


def store_writes() -> set[tuple[str, str]]:
    """(module, function) of every call of a store write in the bot's code."""
    found: set[tuple[str, str]] = set()
    files = [*ROOT.glob("host/*.py"), *(ROOT / "cogs").rglob("*.py"), ROOT / "bot.py"]
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                    continue
                receiver = ast.unparse(node.func.value)
                wanted = "store.seats" if node.func.attr == "change" else "store"
                if node.func.attr in STORE_WRITES and receiver.endswith(wanted):
                    found.add((str(path.relative_to(ROOT)), function.name))
    return found


def test_nothing_but_the_one_place_writes_a_game() -> None:
    assert store_writes() == {("host/holds.py", name) for name in THE_ONE_PLACE}


class Heard:
    """What the change listeners were told: (version, status, seat, user) per change."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.told: list[tuple[int, str, int | None, int | None]] = []
        service.holds.change_listeners.append(self.listen)

    async def listen(self, record: GameRecord, seat: int | None, user_id: int | None) -> None:
        self.told.append((record.version, record.status, seat, user_id))

    async def once(
        self, game_id: int, change: Callable[[], Awaitable[object]]
    ) -> tuple[int | None, int | None]:
        """Make the change: the listeners hear of it exactly once, with the game as saved."""
        before = len(self.told)
        await change()
        assert len(self.told) == before + 1, change
        version, status, seat, user = self.told[-1]
        saved = await self.service.get(game_id)
        assert (version, status) == (saved.version, saved.status)
        return seat, user


async def test_every_kind_of_change_tells_the_listeners_once(store: Store) -> None:
    service = GameService(store, kinds={"cartus": CartusKind()}, seed_source=lambda: SEED)
    heard = Heard(service)
    lobby = await service.open_lobby(
        kind="cartus",
        guild_id=1,
        channel_id=60,
        host_id=101,
        host_name="Anna",
        options={"seat_order": "joined"},
    )
    game = lobby.id
    await heard.once(game, lambda: service.join(game, 102, "Ben"))
    await heard.once(game, lambda: service.add_computer(game, 101, "easy"))
    await heard.once(game, lambda: service.remove_computer(game, 101, 1))
    await heard.once(game, lambda: service.join(game, 104, "Dan"))
    await heard.once(game, lambda: service.leave(game, 104))
    await heard.once(game, lambda: service.join(game, 103, "Cara"))
    await heard.once(game, lambda: service.start(game, 101))

    assert await heard.once(game, lambda: service.act(game, 101, "supply:1")) == (0, 101)
    assert await heard.once(game, lambda: undo.undo(service, game, 101)) == (0, 101)

    await heard.once(game, lambda: seats.hand_to_computer(service, game, 1, "easy", "missed"))
    await heard.once(game, lambda: seats.back(service, game, 102))
    await heard.once(game, lambda: seats.kick(service, game, 101, 2, can_manage=False))
    await heard.once(game, lambda: seats.take_seat(service, game, 104, "Dan"))
    await heard.once(game, lambda: seats.resign(service, game, 104, None))
    await heard.once(game, lambda: seats.kick(service, game, 101, 2, can_manage=False))

    async def stand_in() -> None:
        async with service.holds.hold(game):
            record = await service.get(game)
            assert record.game is not None
            seat = record.game.actors()[0]
            legal = record.game.legal_actions(seat)
            await service.apply_held(record, seat, legal[0].notation)

    assert (await heard.once(game, stand_in))[1] is None

    async def idle() -> None:
        async with service.holds.hold(game):
            assert await service.end_idle(game) is not None

    await heard.once(game, idle)

    other = await service.open_lobby(
        kind="cartus",
        guild_id=1,
        channel_id=61,
        host_id=101,
        host_name="Anna",
        options={},
    )
    await heard.once(other.id, lambda: service.cancel(other.id, 101, can_manage=False))


async def test_an_undo_gives_the_seat_a_deadline_for_the_decision_it_hands_back(
    store: Store,
) -> None:
    service = GameService(store, kinds={"cartus": CartusKind()}, seed_source=lambda: SEED)
    clocks = Clocks(service)
    lobby = await service.open_lobby(
        kind="cartus",
        guild_id=1,
        channel_id=60,
        host_id=101,
        host_name="Anna",
        options={"seat_order": "joined"},
    )
    await clocks.choose(lobby.id, ClockSettings().with_timer("5m"))
    for user in (102, 103):
        await service.join(lobby.id, user, PEOPLE[user])
    await service.start(lobby.id, 101)
    await service.act(lobby.id, 101, "supply:1")
    undone, _ = await undo.undo(service, lobby.id, 101)

    deadlines = [j for j in await store.jobs.pending(lobby.id) if j.kind == DEADLINE]
    # one deadline, for the decision the undo handed back (not the one the action asked)
    assert [(j.payload["seat"], j.payload["version"]) for j in deadlines] == [
        (0, undone.record.version)
    ]
