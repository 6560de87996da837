"""Statistics and ratings through the service, on real SQLite files and a real PostgreSQL."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from engine.contract import Game, Outcome
from host import seats, stats
from host.models import Seat
from host.rating import Rating, rate_players
from host.service import GameService
from host.store import Store
from tests.host.conftest import Clock
from tests.host.counting_game import CountingGame, CountingKind

ANNA, BEN, CARA, DAN = 1, 2, 3, 4
HOME, AWAY = 5, 6


class StatsCountingKind(CountingKind):
    """The counting game, with a variant (its target) and a "card" per amount added."""

    def variant(self, options: Mapping[str, Any]) -> str:
        return f"to{options['target']}"

    def cards_used(self, game: Game, moves: Sequence[tuple[int, str]]) -> dict[int, dict[str, int]]:
        used: dict[int, dict[str, int]] = {}
        for seat, notation in moves:
            if notation.startswith("add:"):
                mine = used.setdefault(seat, {})
                mine[notation] = mine.get(notation, 0) + 1
        return used


@pytest.fixture
def service(store: Store) -> GameService:
    seeds = itertools.count(1000)
    return GameService(
        store,
        kinds={"count": StatsCountingKind()},
        clock=Clock(),
        seed_source=lambda: next(seeds),
    )


async def play(
    service: GameService,
    people: Sequence[tuple[int, str]],
    moves: Sequence[tuple[int, str]],
    *,
    target: int = 3,
    guild_id: int | None = HOME,
    channel_id: int = 10,
    computer: bool = False,
) -> int:
    """A counting game of these people (the first hosts; seats as joined), with a computer
    seated last if asked, and these moves played."""
    host_id, host_name = people[0]
    record = await service.open_lobby(
        kind="count",
        guild_id=guild_id,
        channel_id=channel_id,
        host_id=host_id,
        host_name=host_name,
        options={"target": target},
    )
    for user_id, name in people[1:]:
        await service.join(record.id, user_id, name)
    if computer:
        lobby = await service.get(record.id)
        seats = [
            *lobby.seats,
            Seat(len(lobby.seats), None, "Computer 1 (strong)", True, level="strong"),
        ]
        await service.store.update_lobby(
            record.id,
            host_user_id=host_id,
            options=lobby.options,
            seats=seats,
            status="lobby",
            now=service.now(),
        )
    await service.start(record.id, host_id)
    for user_id, notation in moves:
        await service.act(record.id, user_id, notation)
    return record.id


async def test_three_games_one_abandoned(service: GameService) -> None:
    # Anna wins by reaching 3; Ben scored 1.
    await play(
        service,
        [(ANNA, "Anna"), (BEN, "Ben")],
        [(ANNA, "add:1"), (ANNA, "done"), (BEN, "add:1"), (BEN, "done"), (ANNA, "add:2")],
    )
    # Ben wins alone.
    second = await play(
        service,
        [(ANNA, "Anna"), (BEN, "Ben")],
        [(ANNA, "add:1"), (ANNA, "done"), (BEN, "add:3")],
        channel_id=11,
    )
    # Abandoned by its host while it was Ben's move: Ben left it.
    abandoned = await play(
        service,
        [(ANNA, "Anna"), (BEN, "Ben")],
        [(ANNA, "add:1"), (ANNA, "done")],
        target=9,
        channel_id=12,
    )
    await service.cancel(abandoned, ANNA, can_manage=False)

    anna = await stats.player_stats(service, kind="count", user_id=ANNA, guild_id=HOME)
    ben = await stats.player_stats(service, kind="count", user_id=BEN, guild_id=HOME)
    assert anna.played == ben.played == 3
    to3, to9 = anna.tallies[("people", "to3")], anna.tallies[("people", "to9")]
    assert (to3.played, to3.won, to3.left, to3.average) == (2, 1, 0, 2.0)
    assert (to9.played, to9.won, to9.left, to9.average) == (1, 0, 0, None)
    ben_to9 = ben.tallies[("people", "to9")]
    assert (ben_to9.played, ben_to9.won, ben_to9.left) == (1, 0, 1)
    assert ben.tallies[("people", "to3")].average == 2.0
    assert anna.favourites == [("add:1", 3), ("add:2", 1)]

    # The ratings are the model's, game by game, with Ben last in the abandoned game.
    a, b = Rating(), Rating()
    for places in ([1, 2], [2, 1], [1, 2]):
        a, b = rate_players([a, b], places)
    assert anna.ratings["people"] is not None and ben.ratings["people"] is not None
    assert anna.ratings["people"].rating == pytest.approx(a)
    assert ben.ratings["people"].rating == pytest.approx(b)
    assert anna.ratings["people"].games == 3 and anna.ratings["computers"] is None

    board = await stats.leaderboard(service, kind="count", guild_id=HOME, pool="people")
    assert [(s.name, s.games) for s in board] == [("Anna", 3), ("Ben", 3)]
    server = await stats.server_stats(service, kind="count", guild_id=HOME)
    assert (server.finished, server.abandoned, server.players) == (2, 1, 2)
    assert server.games == {("people", "to3"): 2, ("people", "to9"): 1}

    # Each game keeps every player's rating before and after it, best place first.
    before = rate_players([Rating(), Rating()], [1, 2])
    after = rate_players(list(reversed(before)), [1, 2])  # game 2: Ben won
    changes = await stats.rating_changes(service, second)
    assert [(x.name, b, a) for x, b, a in changes] == [
        ("Ben", pytest.approx(before[1].ordinal), pytest.approx(after[0].ordinal)),
        ("Anna", pytest.approx(before[0].ordinal), pytest.approx(after[1].ordinal)),
    ]
    assert [x.name for x, _, _ in await stats.rating_changes(service, abandoned)] == [
        "Anna",
        "Ben",
    ]

    # Recording again changes nothing.
    assert not await stats.record_ended(service, abandoned)
    again = await stats.player_stats(service, kind="count", user_id=ANNA, guild_id=HOME)
    assert again == anna


async def test_games_with_computers_count_apart(service: GameService) -> None:
    await play(service, [(ANNA, "Anna"), (BEN, "Ben")], [(ANNA, "add:3")], computer=True)
    anna = await stats.player_stats(service, kind="count", user_id=ANNA, guild_id=HOME)
    assert list(anna.tallies) == [("computers", "to3")]
    assert anna.ratings["people"] is None
    assert anna.ratings["computers"] is not None and anna.ratings["computers"].games == 1
    people = await stats.leaderboard(service, kind="count", guild_id=HOME, pool="people")
    assert people == []
    mixed = await stats.leaderboard(service, kind="count", guild_id=HOME, pool="computers")
    assert [s.name for s in mixed] == ["Anna", "Computer (strong)", "Ben"]
    # Ben and the computer shared second place, so they moved the same.
    assert mixed[1].rating == pytest.approx(mixed[2].rating)


async def test_the_leaderboard_across_servers_names_only_those_who_share(
    service: GameService,
) -> None:
    await play(service, [(ANNA, "Anna"), (BEN, "Ben")], [(ANNA, "add:3")])
    await play(
        service, [(CARA, "Cara"), (DAN, "Dan")], [(CARA, "add:3")], guild_id=AWAY, channel_id=20
    )
    home = await stats.leaderboard(service, kind="count", guild_id=HOME, pool="people")
    assert {s.name for s in home} == {"Anna", "Ben"}
    assert await stats.leaderboard(service, kind="count", guild_id=None, pool="people") == []

    await service.store.stats.set_sharing(CARA, True)
    await service.store.stats.set_sharing(BEN, True)
    assert await service.store.stats.sharing(CARA)
    everywhere = await stats.leaderboard(service, kind="count", guild_id=None, pool="people")
    assert [s.name for s in everywhere] == ["Cara", "Ben"]
    await service.store.stats.set_sharing(CARA, False)
    everywhere = await stats.leaderboard(service, kind="count", guild_id=None, pool="people")
    assert [s.name for s in everywhere] == ["Ben"]

    # A player's stats in one server leave out the other servers' games.
    cara = await stats.player_stats(service, kind="count", user_id=CARA, guild_id=HOME)
    assert cara.played == 0 and cara.name is None
    cara = await stats.player_stats(service, kind="count", user_id=CARA, guild_id=None)
    assert cara.played == 1 and cara.name == "Cara"


async def test_a_game_ended_without_the_hook_is_caught_up(service: GameService) -> None:
    game_id = await play(
        service, [(ANNA, "Anna"), (BEN, "Ben")], [(ANNA, "add:1"), (ANNA, "done")], target=9
    )
    # Ended behind the service's back (as a crash between the end and the record would).
    await service.store.set_status(game_id, "abandoned", now=service.now(), only_from=["running"])
    assert await service.store.stats.unrecorded() == [game_id]
    ben = await stats.player_stats(service, kind="count", user_id=BEN, guild_id=HOME)
    assert ben.tallies[("people", "to9")].left == 1
    assert await service.store.stats.unrecorded() == []


async def test_a_lobby_closed_before_the_start_is_no_game(service: GameService) -> None:
    record = await service.open_lobby(
        kind="count",
        guild_id=HOME,
        channel_id=10,
        host_id=ANNA,
        host_name="Anna",
        options={"target": 3},
    )
    await service.cancel(record.id, ANNA, can_manage=False)
    anna = await stats.player_stats(service, kind="count", user_id=ANNA, guild_id=HOME)
    assert anna.played == 0 and await service.store.stats.unrecorded() == []
    assert await stats.rating_changes(service, record.id) == []


async def test_who_resigned_or_was_kicked_left_even_a_finished_game(service: GameService) -> None:
    game_id = await play(
        service,
        [(ANNA, "Anna"), (BEN, "Ben"), (CARA, "Cara")],
        [(ANNA, "add:1"), (ANNA, "done")],
        target=4,
    )
    # Ben hands over his seat, left open; Dan takes it and finishes second.
    await seats.resign(service, game_id, BEN, level=None)
    await seats.take_seat(service, game_id, DAN, "Dan")
    for user_id, notation in [(DAN, "add:2"), (DAN, "done"), (CARA, "done"), (ANNA, "add:3")]:
        await service.act(game_id, user_id, notation)
    assert (await service.get(game_id)).status == "finished"

    ben = await stats.player_stats(service, kind="count", user_id=BEN, guild_id=HOME)
    dan = await stats.player_stats(service, kind="count", user_id=DAN, guild_id=HOME)
    tally = ben.tallies[("people", "to4")]
    assert (tally.played, tally.won, tally.left, tally.average) == (1, 0, 1, None)
    assert dan.tallies[("people", "to4")].average == 2.0
    assert dan.favourites == [("add:2", 1)] and ben.favourites == []
    board = await stats.leaderboard(service, kind="count", guild_id=HOME, pool="people")
    assert [s.name for s in board] == ["Anna", "Dan", "Cara", "Ben"]
    # Anna first; Dan (2) and Cara (0) by their scores; Ben, who left, last.
    expected = rate_players([Rating()] * 4, [1, 2, 3, 4])
    assert [s.rating for s in board] == pytest.approx(expected)


async def test_a_kicked_player_and_the_one_to_move_left_an_abandoned_game(
    service: GameService,
) -> None:
    game_id = await play(
        service,
        [(ANNA, "Anna"), (BEN, "Ben"), (CARA, "Cara")],
        [(ANNA, "add:1"), (ANNA, "done")],
        target=9,
    )
    await seats.kick(service, game_id, ANNA, 2, can_manage=False, level=None)  # Cara
    await service.cancel(game_id, ANNA, can_manage=False)  # on Ben's move
    left = {}
    for user_id in (ANNA, BEN, CARA):
        found = await stats.player_stats(service, kind="count", user_id=user_id, guild_id=HOME)
        left[user_id] = found.tallies[("people", "to9")].left
    assert left == {ANNA: 0, BEN: 1, CARA: 1}
    board = await stats.leaderboard(service, kind="count", guild_id=HOME, pool="people")
    assert board[0].name == "Anna" and {s.name for s in board[1:]} == {"Ben", "Cara"}
    assert board[1].rating == pytest.approx(board[2].rating)


class SharedWinKind(StatsCountingKind):
    """The counting game where whoever reaches the target shares the win with everyone."""

    def from_dict(self, data: Mapping[str, Any]) -> SharedWin:
        return shared(super().from_dict(data))

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> SharedWin:
        return shared(super().new_game(players, options, seed))


def shared(game: Game) -> SharedWin:
    assert isinstance(game, CountingGame)
    return SharedWin(game.state, game.events)


class SharedWin(CountingGame):
    @property
    def outcome(self) -> Outcome | None:
        found = super().outcome
        if found is None:
            return None
        return {**found, "winners": list(range(self.players))}


async def test_a_shared_victory_is_rated_as_a_tie(store: Store) -> None:
    service = GameService(store, kinds={"count": SharedWinKind()}, clock=Clock())
    await play(service, [(ANNA, "Anna"), (BEN, "Ben")], [(ANNA, "add:3")])
    await play(service, [(ANNA, "Anna"), (CARA, "Cara")], [(ANNA, "add:3")], channel_id=11)
    board = await stats.leaderboard(service, kind="count", guild_id=HOME, pool="people")
    anna = next(s for s in board if s.name == "Anna")
    assert anna.games == 2  # both games rated
    ben = next(s for s in board if s.name == "Ben")
    # Equal newcomers who share a win stay level; sigma still shrinks.
    first = rate_players([Rating(), Rating()], [1, 1])
    assert ben.rating == pytest.approx(first[1])
    found = await stats.player_stats(service, kind="count", user_id=BEN, guild_id=HOME)
    assert found.tallies[("people", "to3")].won == 1


async def test_a_game_that_cannot_be_recorded_never_stops_the_others(
    service: GameService, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    ended = []
    for channel_id in (10, 11):
        game_id = await play(
            service,
            [(ANNA, "Anna"), (BEN, "Ben")],
            [(ANNA, "add:1"), (ANNA, "done")],
            target=9,
            channel_id=channel_id,
        )
        await service.store.set_status(
            game_id, "abandoned", now=service.now(), only_from=["running"]
        )
        ended.append(game_id)
    real = stats.record_ended

    async def failing_first(service: GameService, game_id: int) -> bool:
        if game_id == ended[0]:
            raise RuntimeError("no such kind any more")
        return await real(service, game_id)

    with monkeypatch.context() as patched:
        patched.setattr(stats, "record_ended", failing_first)
        assert await stats.catch_up(service) == 1
    assert "could not record the statistics of game" in caplog.text
    assert await service.store.stats.unrecorded() == [ended[0]]
    assert await stats.catch_up(service) == 1
