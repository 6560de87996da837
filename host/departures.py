"""When the bot is removed from a server: its open games end as abandoned at once, and
everything of the server is deleted once it has stayed away longer than the grace period
(the rows themselves are ``host/servers.py``'s ``ServerRows``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from host.models import GameRecord
    from host.service import GameService

DAY = 86_400.0
DEFAULT_FORGET_DAYS = 30


async def server_left(service: GameService, guild_id: int) -> list[GameRecord]:
    """The bot was removed from the server: note when, and end its open games as abandoned.
    The games that ended."""
    rows = service.store.servers
    await rows.left(guild_id, now=service.now())
    ended = []
    for game_id in await rows.open_games_in(guild_id):
        record = await service.end_for_departure(game_id)
        if record is not None:
            ended.append(record)
    return ended


async def purge_departed(service: GameService, *, forget_days: float) -> dict[int, int]:
    """Delete the data of every server that removed the bot more than ``forget_days`` ago;
    server -> how many games went."""
    rows = service.store.servers
    gone: dict[int, int] = {}
    for guild_id in await rows.departed_before(service.now() - forget_days * DAY):
        gone[guild_id] = await rows.purge(guild_id)
    return gone
