"""Game kinds: how the host creates, loads and configures each engine's games.

A kind adapts one game the engine declares (its ``engine.spec.GameSpec``, found by name in
``engine.games``) to the service: lobby options are validated here, once, into a normalised
JSON-able dict that is stored with the game and handed back to ``new_game`` at start: the
options every game shares (``SHARED_OPTIONS``) are checked here for every kind, the kind checks
only its own (``own_options``, ``validate_own``). Its title,
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
from engine.text import Msg, Text, msg
from host.errors import UserError

SHARED_OPTIONS = ("seat_order", "players")
"""Lobby options every kind accepts and the host itself reads: ``seat_order`` (``SEAT_ORDERS``)
and ``players`` (the most seats the lobby offers, by default the most the game seats).
``GameKind.validate_options`` checks them; a kind does not write them."""
SEAT_ORDERS = ("random", "joined")
"""How the seats are ordered at the start: at random, or in the order people joined."""


def quoted(raw: Any, limit: int = 40) -> str:
    """Someone's input, quoted back short enough for any reply."""
    text = str(raw).strip()
    return f"'{text if len(text) <= limit else text[: limit - 1] + '…'}'"


class GameKind(ABC):
    """One kind of game the bot can host."""

    name: str  # the name its game is registered under in ``engine.games``
    own_options: frozenset[str] = frozenset()
    """The lobby options of this game's own, besides ``SHARED_OPTIONS``."""
    default_seat_order = "random"
    """The seat order of a lobby that does not choose one (one of ``SEAT_ORDERS``)."""

    @property
    def spec(self) -> GameSpec:
        """The game as the engine declares it."""
        return games.spec(self.name)

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> Game:
        """A fresh game for ``players`` seats with validated options. ValueError if impossible."""
        return self.spec.start(players, options, seed)

    def from_dict(self, data: Mapping[str, Any]) -> Game:
        """The game saved by ``to_dict``."""
        return self.spec.load(dict(data))

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Normalised lobby options, or UserError with a message the host can act on: an
        option the game does not have, then the kind's own (``validate_own``), then the
        shared ones (the seats offered within ``seat_range`` of the kind's own)."""
        unknown = sorted(set(options) - self.own_options - set(SHARED_OPTIONS))
        if unknown:
            raise UserError(
                msg(
                    "{game} has no option called {option}.",
                    game=self.spec.title,
                    option=quoted(unknown[0]),
                )
            )
        own = self.validate_own(options)
        fewest, most = self.seat_range(own)
        players = options.get("players")
        if players is None:
            players = most
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or not fewest <= players <= most
        ):
            raise UserError(self.players_refusal(own, fewest, most))
        seat_order = options.get("seat_order", self.default_seat_order)
        if seat_order not in SEAT_ORDERS:
            raise UserError(
                msg("The seat order is either 'random' or 'joined' (the order people joined).")
            )
        return {**own, "seat_order": seat_order, "players": players}

    @abstractmethod
    def validate_own(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The kind's own options (``own_options``) normalised, or UserError; ``options`` are
        all the lobby's, the shared ones included (they are checked after)."""

    def seat_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """Fewest and most seats the game can have with these own options: by default the
        spec's (Rattus: as its expansions allow)."""
        return self.spec.min_players, self.spec.max_players

    def players_refusal(self, options: Mapping[str, Any], fewest: int, most: int) -> Msg:
        """What a lobby offering a number of seats out of ``seat_range`` is told."""
        return msg(
            "{game} seats {fewest} to {most} players: choose a number in that range.",
            game=self.spec.title,
            fewest=fewest,
            most=most,
        )

    @abstractmethod
    def describe_options(self, options: Mapping[str, Any]) -> Text:
        """One or two lines for the lobby message, in plain words (shown with ``lang.say``)."""

    def seat_order_text(self, options: Mapping[str, Any]) -> Msg:
        """The lobby's seat order in words, for ``describe_options``."""
        if options.get("seat_order") == "random":
            return msg("seats in random order")
        return msg("seats in the order players joined")

    def player_limits(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """Fewest and most seats a game with these (validated) options can have."""
        fewest, top = self.seat_range(options)
        most = options.get("players")
        return fewest, top if not isinstance(most, int) else min(most, top)

    # -- statistics (host/stats.py) --------------------------------------------------------

    def variant(self, options: Mapping[str, Any]) -> str:
        """A short stable key for the variant a game's statistics count under (for Rattus its
        expansions); "" for a kind played one way."""
        return ""

    def variant_title(self, variant: str) -> Text:
        """The variant in words, for the stats (shown in the reader's language)."""
        return msg(self.spec.title)  # marked where the game declares it

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
