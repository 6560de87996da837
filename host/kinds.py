"""Game kinds: how the host creates, loads and configures each engine's games.

A kind adapts one game the engine declares (its ``engine.spec.GameSpec``, found by name in
``engine.games``) to the service: lobby options are validated here, once, into a normalised
JSON-able dict that is stored with the game and handed back to ``new_game`` at start. Its title,
player counts, dealing and loading are the spec's; the games themselves keep the engine's
contract (``engine.contract.Game``). The kinds the bot hosts are listed, with their
presenters and commands, in ``cogs/runtime/games.py``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from engine import games
from engine.contract import Game
from engine.spec import GameSpec
from engine.text import Text

SHARED_OPTIONS = ("seat_order", "players")
"""Lobby options every kind accepts and the host itself reads: ``seat_order`` ("random" or
"joined") and ``players`` (the most seats the lobby offers). A kind validates them with its own."""


class GameKind(ABC):
    """One kind of game the bot can host."""

    name: str  # the name its game is registered under in ``engine.games``

    @property
    def spec(self) -> GameSpec:
        """The game as the engine declares it."""
        return games.spec(self.name)

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def min_players(self) -> int:
        return self.spec.min_players

    @property
    def max_players(self) -> int:
        return self.spec.max_players

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> Game:
        """A fresh game for ``players`` seats with validated options. ValueError if impossible."""
        return self.spec.start(players, options, seed)

    def from_dict(self, data: Mapping[str, Any]) -> Game:
        """The game saved by ``to_dict``."""
        return self.spec.load(dict(data))

    @abstractmethod
    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Normalised lobby options, or UserError with a message the host can act on."""

    @abstractmethod
    def describe_options(self, options: Mapping[str, Any]) -> Text:
        """One or two lines for the lobby message, in plain words (shown with ``lang.say``)."""

    def player_limits(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """Fewest and most seats a game with these (validated) options can have."""
        most = options.get("players")
        top = self.max_players if not isinstance(most, int) else min(most, self.max_players)
        return self.min_players, top

    # -- statistics (host/stats.py) --------------------------------------------------------

    def variant(self, options: Mapping[str, Any]) -> str:
        """A short stable key for the variant a game's statistics count under (for Rattus its
        expansions); "" for a kind played one way."""
        return ""

    def variant_title(self, variant: str) -> str:
        """The variant in words, for the stats."""
        return self.title

    def cards_used(self, game: Game, moves: Sequence[tuple[int, str]]) -> dict[int, dict[str, int]]:
        """Per seat, the cards (or classes) it played the game with, each with a weight,
        from the ended game and its moves ``(seat, notation)`` in order; public facts only."""
        return {}

    def card_title(self, card: str) -> str:
        """A card of ``cards_used`` in words."""
        return card

    # -- clocks (host/clocks.py) ------------------------------------------------------------

    def is_reaction(self, game: Game, seat: int) -> bool:
        """Whether the seat's decision now is a reaction, asked outside its own turn (it gets
        the short clock). By default: any decision while another seat has the turn."""
        active = game.view(None).get("active")
        return active is not None and active != seat

    def default_answer(self, game: Game, seat: int) -> str | None:
        """The answer a reaction gets when its clock runs out ("don't play"), if the kind has
        one for it; None lets a computer stand-in choose."""
        return None
