"""One apply in progress (``Ctx``): the state being changed and the events it produces."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from ..core import Event, fill_names, seat_ref
from ..text import Text, stored
from .steps import Stacked


class Logged(Stacked, Protocol):
    """A state whose public events are kept in a short log, seats written as placeholders."""

    log: list[Any]
    """The last public event texts: ``engine.text.stored`` strings, or (a game that writes
    them out only when saved) the texts themselves."""

    def seat_names(self) -> tuple[str, ...]:
        """Each seat's colour in seat order: how event texts name the seats."""
        ...


L = TypeVar("L", bound=Logged)


@dataclass
class Ctx(Generic[L]):
    """An apply: the state ``s`` it changes and the events it says. A ``quiet`` one (a
    look-ahead's, ``engine.kernel.simulate``) keeps no events and writes no log."""

    s: L
    events: list[Event] = field(default_factory=list)
    quiet: bool = False

    LOG_KEEP: ClassVar[int] = 12
    """How many public event texts the state's log keeps."""

    def finish(self) -> None:
        """Write back into the state what the apply kept aside while it ran (nothing here; a
        game whose apply draws from its own Rng saves its state)."""

    def say(self, kind: str, template: Text, **data: Any) -> None:
        """A public event, also kept in the public log. Seats are written with ``seat_ref``."""
        if self.quiet:
            return
        s = self.s
        self.events.append(Event(kind, fill_names(template, s.seat_names()), None, data, template))
        s.log.append(stored(template))
        if len(s.log) > self.LOG_KEEP:
            del s.log[: len(s.log) - self.LOG_KEEP]

    def tell(self, seats: tuple[int, ...], kind: str, template: Text, **data: Any) -> None:
        """An event only these seats may see."""
        if self.quiet:
            return
        text = fill_names(template, self.s.seat_names())
        self.events.append(Event(kind, text, seats, data, template))


class Coloured:
    """Seats told apart by colour, for a game state to inherit: event texts write a seat as a
    placeholder (``colour``) that is filled with its colour (``colour_names``) or, where the
    host knows it, the player's name."""

    COLOUR_NAMES: ClassVar[tuple[str, ...]]
    """Each seat's colour in words, in seat order (the game's own)."""
    players: int

    def colour(self, seat: int) -> str:
        """The seat inside event text: shown by colour, or by name where the host knows it."""
        return seat_ref(seat)

    def colour_name(self, seat: int) -> str:
        return self.COLOUR_NAMES[seat]

    def seat_names(self) -> tuple[str, ...]:
        return self.COLOUR_NAMES[: self.players]

    def colour_names(self) -> list[str]:
        return list(self.COLOUR_NAMES[: self.players])
