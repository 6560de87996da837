"""One apply in progress (``Ctx``): the state being changed and the events it produces."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeAlias, TypeVar

from ..core import Event
from ..text import Msg, Text, by, restored, stored
from .steps import Stacked


class Logged(Stacked, Protocol):
    """A state whose public events are kept in a short log."""

    log: list[Any]
    """The latest public event texts, oldest first (``LogLine``: each as ``say`` kept it, a
    ``Msg``, or as saved, ``engine.text.stored``, in a game loaded since; ``logged`` saves
    them). ``Any``: each game's state declares its own list."""

    def seat_names(self) -> tuple[str, ...]:
        """Each seat's colour in seat order: how event texts name the seats."""
        ...


L = TypeVar("L", bound=Logged)

Told: TypeAlias = tuple[str, Text, tuple[int, ...] | None, dict[str, Any]]
"""An event as an apply says it: its kind, text, audience and data (``engine.core.Event``)."""


class Said(list[Event | Told]):
    """The events of one apply, in order, each kept as its parts (``Told``) until they are
    read: ``events`` makes them ``Event`` objects then. A random playout or a game nobody
    shows reads none, and an event object costs several times its parts. (An event made
    already, such as a setup's, is kept as it is.)"""

    __slots__ = ("names",)

    names: Sequence[str]
    """How the events' English names the seats (``State.seat_names``): set when made."""

    def events(self) -> list[Event]:
        names = self.names
        made = []
        for said in self:
            if isinstance(said, Event):
                made.append(said)
            else:
                kind, template, audience, data = said
                made.append(Event(kind, template, audience, data, names))
        return made


class Ctx(Generic[L]):
    """An apply: the state ``s`` it changes and the events it says (``said``, read as
    ``events``). A ``quiet`` one (a look-ahead's, ``engine.kernel.simulate``) keeps no events
    and writes no log. ``events`` given at the start (a setup's) come first."""

    LOG_KEEP: ClassVar[int] = 12
    """How many public event texts the state's log keeps."""

    def __init__(self, s: L, events: Iterable[Event] = (), quiet: bool = False) -> None:
        self.s = s
        self.quiet = quiet
        said = self.said = Said(events)  # (list's own constructor: one is made every apply)
        said.names = s.seat_names()

    @property
    def events(self) -> list[Event]:
        """The events said so far, in order (made anew when asked)."""
        return self.said.events()

    def finish(self) -> None:
        """Write back into the state what the apply kept aside while it ran (nothing here; a
        game whose apply draws from its own Rng saves its state)."""

    def say(self, kind: str, template: Text, **data: Any) -> None:
        """A public event, also kept in the public log (as it is: a text never changes; the
        state's ``to_dict`` writes it out, ``logged``). Seats are ``Seat`` values."""
        if self.quiet:
            return
        self.said.append((kind, template, None, data))
        log = self.s.log
        log.append(template)
        if len(log) > self.LOG_KEEP:
            del log[: len(log) - self.LOG_KEEP]

    def did(self, actor: int, kind: str, template: Msg, /, **data: Any) -> None:
        """A public event telling what the seat ``actor`` did: ``template`` names it as
        ``{player}`` (``engine.text.by``)."""
        if not self.quiet:
            self.say(kind, by(actor, template), **data)

    def tell(self, seats: tuple[int, ...], kind: str, template: Text, **data: Any) -> None:
        """An event only these seats may see."""
        if not self.quiet:
            self.said.append((kind, template, seats, data))


LogLine: TypeAlias = Msg | str
"""A line of a state's log: a text said in this run, or the saved line of one (loaded from
a saved game; ``log_line`` reads it back)."""


def logged(log: list[LogLine]) -> list[str]:
    """A state's log as saved: each line ``engine.text.stored``."""
    return [line if isinstance(line, str) else stored(line) for line in log]


def log_line(line: LogLine) -> Msg:
    """A line of a state's log as a text (a saved one read back by ``restored``)."""
    return restored(line) if isinstance(line, str) else line


class Coloured:
    """Seats told apart by colour, for a game state to inherit: event texts name a seat by a
    ``Seat`` value, shown as its colour (``colour_names``) or, where the host knows it, the
    player's name."""

    COLOUR_NAMES: ClassVar[tuple[str, ...]]
    """Each seat's colour in words, in seat order (the game's own)."""
    players: int

    def colour_name(self, seat: int) -> str:
        return self.COLOUR_NAMES[seat]

    def seat_names(self) -> tuple[str, ...]:
        return self.COLOUR_NAMES[: self.players]

    def colour_names(self) -> list[str]:
        return list(self.COLOUR_NAMES[: self.players])
