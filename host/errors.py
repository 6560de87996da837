"""Errors the host raises for people: each message is shown to the user as it is."""

from __future__ import annotations

from engine.text import Text, msg, text_of


class UserError(Exception):
    """A mistake or a refusal that the user should read, privately and in their language:
    ``UserError(msg("…", …))``. ``text`` is the text as given (one raised with a string
    reads as that string, verbatim); ``message`` and ``str()`` are its English."""

    @property
    def text(self) -> Text:
        return text_of(self)

    @property
    def message(self) -> str:
        return str(self)


class NotFound(UserError):
    """The game asked for does not exist."""


class NotYourTurn(UserError):
    """The user is seated but another seat must decide now."""


class NotSeated(UserError):
    """The user has no seat in the game."""


class StaleAction(UserError):
    """The action was chosen on an older version of the game than the current one."""

    def __init__(self, message: Text | None = None, *, current_version: int | None = None) -> None:
        super().__init__(
            message
            or msg(
                "That button is from an older moment of the game: it has moved on since. "
                "Here is where it stands now."
            )
        )
        self.current_version = current_version


class DamagedGame(UserError):
    """The game's saved data cannot be read: it has been set aside (kept for repair)."""
