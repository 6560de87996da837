"""host/servers.py and host/departures.py on both databases: settings kept, a departed server purged (and kept when
it comes back), a person forgotten."""

from __future__ import annotations

import re

from engine.text import english, msg, restored, stored
from host.departures import purge_departed, server_left
from host.servers import FORMER_PLAYER, ServerSettings, changed, without_names
from host.service import GameService
from host.store import Store


async def started(service: GameService, guild: int, channel: int) -> int:
    lobby = await service.open_lobby(
        kind="count", guild_id=guild, channel_id=channel, host_id=1, host_name="Alice", options={}
    )
    await service.join(lobby.id, 2, "Bob")
    await service.start(lobby.id, 1)
    return lobby.id


async def test_settings_round_trip_per_server_and_game(store: Store) -> None:
    rows = store.servers
    assert await rows.settings(7, "rattus") == ServerSettings()
    chosen = changed(
        ServerSettings(),
        channels=[5, 6, 5],
        opener_role=9,
        timer="24h",
        defaults={"expansions": ["africanus"]},
    )
    await rows.save_settings(7, "rattus", chosen, now=1.0)
    assert await rows.settings(7, "rattus") == ServerSettings(
        channels=(5, 6), opener_role=9, timer="24h", defaults={"expansions": ["africanus"]}
    )
    assert await rows.settings(7, "cartus") == ServerSettings()
    assert await rows.settings(8, "rattus") == ServerSettings()
    await rows.save_settings(7, "rattus", changed(chosen, everyone_opens=True), now=2.0)
    assert (await rows.settings(7, "rattus")).opener_role is None


async def test_a_departed_server_is_purged_and_a_returning_one_kept(service: GameService) -> None:
    gone = await started(service, 100, 1)
    other = await started(service, 200, 2)
    ended = await server_left(service, 100)
    assert [r.id for r in ended] == [gone]
    assert (await service.get(gone)).status == "abandoned"
    assert await purge_departed(service, forget_days=30) == {}
    assert await service.store.servers.returned(100)
    assert await purge_departed(service, forget_days=0) == {}
    await server_left(service, 100)
    assert await purge_departed(service, forget_days=0) == {100: 1}
    assert await service.store.game_ids(["abandoned", "running"]) == [other]


async def test_a_forgotten_person_is_a_former_player_in_ended_games(service: GameService) -> None:
    game = await started(service, 100, 1)
    record = await service.get(game)
    assert record.game is not None
    seat = record.game.actors()[0]
    action = record.game.legal_actions(seat)[0]
    user = record.user_of(seat)
    assert user is not None
    await service.act(game, user, action.notation)
    await service.cancel(game, 1, can_manage=True)
    rows = service.store.servers
    assert await rows.open_games_of_user(2) == []
    assert await rows.forget_user(2) == 1
    ended = await service.get(game)
    assert [(s.name, s.user_id) for s in ended.seats] == [("Alice", 1), (FORMER_PLAYER, None)]
    log = await service.action_log(game, limit=100)
    assert all("Bob" not in english(entry.public_text or "") for entry in log)


def test_a_forgotten_name_leaves_stored_texts_whole() -> None:
    """A log line kept as a text loses the name from its values only (a name such as "k" or
    "player" never breaks its key or fields); an older English line loses it in place."""
    pattern = re.compile(r"(?<!\w)(player|k|Bob)(?!\w)")
    line = msg("{player} takes over {left}'s seat.", player="player", left="Bob")
    kept = restored(without_names(stored(line), pattern))
    assert kept == msg(
        "{player} takes over {left}'s seat.", player=FORMER_PLAYER, left=FORMER_PLAYER
    )
    assert without_names("Bob takes over k's seat.", pattern) == (
        f"{FORMER_PLAYER} takes over {FORMER_PLAYER}'s seat."
    )
