"""Make the database file an earlier version of the bot wrote, for the upgrade tests.

Run it with the bot's code of that version first on the path, from a checkout of the last
commit of each schema version (``git worktree add /tmp/old <commit>``)::

    PYTHONPATH=/tmp/old python tests/host/schemas/make_old_database.py tests/host/schemas/v11.sqlite3

It plays what that version can: a Rattus game a few moves in, a Cartus game where the
version has Cartus, a game played to its end, and an open lobby. It uses only the service's
oldest public calls (open_lobby, join, start, act), which every version has.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path
from typing import Any


def kinds() -> dict[str, Any]:
    try:
        from cogs.runtime.games import game_kinds

        return dict(game_kinds())
    except ImportError:
        from host.rattus_kind import RattusKind

        return {"rattus": RattusKind()}


async def play(service: Any, game_id: int, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        record = await service.get(game_id)
        if record.status != "running" or record.game is None:
            return
        seat = record.game.actors()[0]
        action = rng.choice(record.game.legal_actions(seat))
        await service.act(game_id, record.user_of(seat), action.notation)


async def make(path: Path) -> None:
    from host.service import GameService
    from host.store import Store

    path.unlink(missing_ok=True)
    store = await Store.open(str(path))
    seeds = iter(range(11, 99))
    service = GameService(store, kinds=kinds(), seed_source=lambda: next(seeds))
    rng = random.Random(7)
    channel = 500
    for kind in sorted(service.kinds if hasattr(service, "kinds") else kinds()):
        for moves in (9, 2000):  # one game under way, one played to its end
            channel += 1
            lobby = await service.open_lobby(
                kind=kind,
                guild_id=1,
                channel_id=channel,
                host_id=1,
                host_name="Alice",
                options={"players": 2, "seat_order": "joined"},
            )
            await service.join(lobby.id, 2, "Bob")
            await service.start(lobby.id, 1)
            await play(service, lobby.id, moves, rng)
    await service.open_lobby(
        kind="rattus",
        guild_id=1,
        channel_id=channel + 1,
        host_id=3,
        host_name="Cleo",
        options={"players": 3, "seat_order": "joined"},
    )
    await store.close()


if __name__ == "__main__":
    asyncio.run(make(Path(sys.argv[1]).resolve()))
