"""The games the bot hosts, in one place: each kind with its presenter and its commands.

Which games exist, how they are dealt, loaded, drawn and played by computers is the engine's
(``engine.games``, one ``GameSpec`` each). A registered game joins the bot by adding one entry
here: its ``GameKind`` (lobby options, in ``host/``; title, player counts and dealing come
from the spec), its ``Presenter`` (the text and the board image on Discord) and the extension
that holds its slash command group (a ``GameCommands`` subclass). ``hosted_games`` refuses an
entry for a game the engine does not know. Everything else (the
service, the table, buttons, selects, embeds and the shared commands) is the same code for
every game and reads only the shared header of the views (``engine.contract``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cogs.cartus.presenter import CARTUS
from cogs.rattus.presenter import RATTUS
from cogs.table.presenters import Presenter
from engine import games
from host.cartus_kind import CartusKind
from host.kinds import GameKind
from host.rattus_kind import RattusKind


@dataclass(frozen=True)
class HostedGame:
    """One kind of game as the bot hosts it."""

    kind: GameKind
    presenter: Presenter[Any]
    extension: str  # the module whose ``setup`` adds the kind's command group


def hosted_games() -> dict[str, HostedGame]:
    """Every game the bot hosts, by kind name."""
    hosted = [
        HostedGame(RattusKind(), RATTUS, "cogs.rattus.commands"),
        HostedGame(CartusKind(), CARTUS, "cogs.cartus.commands"),
    ]
    for game in hosted:
        games.spec(game.kind.name)  # ValueError: the engine does not play it
    return {game.kind.name: game for game in hosted} | _ADDED


_ADDED: dict[str, HostedGame] = {}


def host(game: HostedGame) -> None:
    """Host one more registered game (a game defined outside this package, such as the tests'
    own), before the bot is built. ValueError for a game the engine does not know or a name
    already hosted."""
    name = game.kind.name
    games.spec(name)
    if _ADDED.get(name) is game:
        return
    if name in hosted_games():
        raise ValueError(f"the game {name!r} is hosted already")
    _ADDED[name] = game


def stop_hosting(name: str) -> None:
    """Forget a game ``host`` added (the shipped games stay)."""
    _ADDED.pop(name, None)


def game_kinds() -> dict[str, GameKind]:
    """The kinds, for the service."""
    return {name: game.kind for name, game in hosted_games().items()}


def presenters() -> dict[str, Presenter[Any]]:
    """The presenters, for the table code."""
    return {name: game.presenter for name, game in hosted_games().items()}


def extensions() -> tuple[str, ...]:
    """The extensions to load, one command group per game."""
    return tuple(game.extension for game in hosted_games().values())
