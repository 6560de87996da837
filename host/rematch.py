"""A rematch: the same players, options and timer, in a new lobby in the same channel.

The first player of a finished game to ask opens the lobby as its host, with the old game's
computer players seated again at their levels; every other person of the old game joins it with
one click (asking again joins them). The new lobby remembers which game it is the rematch of
(``options["rematch_of"]``), so a click on the old final message finds it, after a restart too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.text import N_, msg
from host.errors import NotSeated, UserError
from host.models import GameRecord

if TYPE_CHECKING:
    from host.service import GameService

REMATCH_OF = "rematch_of"
"""The lobby option naming the game a lobby is the rematch of (set by the host, not typed)."""
BUSY = {
    "lobby": N_(
        "This channel already has a lobby, game #{number}: finish or abandon it before a rematch."
    ),
    "running": N_(
        "This channel already has a running game, game #{number}: finish or abandon it before a "
        "rematch."
    ),
}
"""What a rematch is told when its channel holds another open game, by that game's status."""


@dataclass(frozen=True)
class Rematch:
    """The rematch lobby, and whether this request opened it (else it joined the user)."""

    lobby: GameRecord
    opened: bool
    old: GameRecord
    joined: bool = False
    """Whether this request seated the user in a rematch someone else opened."""

    @property
    def invited(self) -> list[int]:
        """The old game's people still to join the rematch: mentioned when it opens."""
        seated = {s.user_id for s in self.lobby.seats}
        return [
            s.user_id
            for s in self.old.seats
            if s.user_id is not None and not s.is_ai and s.user_id not in seated
        ]


def rematch_of(record: GameRecord) -> int | None:
    found = record.options.get(REMATCH_OF)
    return found if isinstance(found, int) and not isinstance(found, bool) else None


async def rematch(service: GameService, old_id: int, user_id: int, name: str) -> Rematch:
    """Open the rematch of finished game ``old_id`` for one of its players, or join them to
    the one already open. UserError when the user did not play it, or the channel holds
    another game."""
    old = await service.get(old_id)
    if old.status != "finished":
        raise UserError(
            msg(
                "Game #{number} has not finished: there is nothing to play again yet.",
                number=old.id,
            )
        )
    if not any(s.user_id == user_id and not s.is_ai for s in old.seats):
        raise NotSeated(
            msg(
                "Only the players of game #{number} can ask for its rematch; {command} opens a "
                "game for anyone.",
                number=old.id,
                command=f"`/{old.kind} new`",
            )
        )
    here = await service.game_in_channel(old.channel_id)
    if here is None:
        options = {k: v for k, v in old.options.items() if k != REMATCH_OF}
        try:
            lobby = await service.open_lobby(
                kind=old.kind,
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                host_id=user_id,
                host_name=name,
                options=options,
                rematch_of=old.id,
            )
        except UserError:  # someone else opened it (or another game) just now
            here = await service.game_in_channel(old.channel_id)
            if here is None:
                raise
        else:
            for seat in old.seats:
                if seat.is_ai:
                    lobby = await service.add_computer(lobby.id, user_id, seat.level or "easy")
            return Rematch(lobby, True, old)
    if rematch_of(here) != old.id or here.status != "lobby":
        raise UserError(msg(BUSY[here.status], number=here.id))
    if here.seat_of(user_id) is not None:
        return Rematch(here, False, old)
    return Rematch(await service.join(here.id, user_id, name), False, old, joined=True)
