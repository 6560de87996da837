"""What the helpers the service itself calls (statistics, replays) read of it, as a protocol:
its store, the kinds of game it hosts, a game by number and the time. ``GameService`` is one;
the helpers name this instead of importing the service, which imports them."""

from __future__ import annotations

from typing import Protocol

from host.kinds import GameKind
from host.models import GameRecord
from host.store import Store


class Hosting(Protocol):
    """The service as the statistics and replays see it."""

    @property
    def store(self) -> Store:
        """The database the games are kept in."""
        ...

    def kind(self, name: str) -> GameKind:
        """The kind of game named; UserError if it is not hosted."""
        ...

    async def get(self, game_id: int) -> GameRecord:
        """The game as stored now (NotFound, or DamagedGame if it cannot be read)."""
        ...

    def now(self) -> float:
        """The service's clock."""
        ...
