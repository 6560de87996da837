"""The Rattus board game as a kind of game the host can run: lobby options and dealing.

Lobby options (normalised by ``validate_options``, stored with the game):

- ``expansions``: list of expansion ids the engine can play, sorted (``[]`` = base game).
- ``class_cards``: ``"random-per-class"`` (one random card of each class), ``"random"``
  (any cards at random), the name of a set from the card data (``"base"``), or a list of
  card ids.
- ``ensure_chivalry``: with fewer than 4 players a random draw always includes a Chivalry
  card unless this is false.

Games with 5 or 6 players (Africanus) play 8 class cards instead of 6, so the cards are dealt at
start, for the seated players: random modes draw that many, a named set of 6 gets random cards
added, and a listed choice must name as many cards as the seated players need.
- ``seat_order``: ``"random"`` or ``"joined"``.
- ``players``: the most seats the lobby offers (by default the most the expansions allow).

Random card choices are drawn from the game's seed, so replaying a game's log from its seed
deals the same cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import rattus
from engine.contract import Game
from engine.core import Rng
from engine.rattus import data as rattus_data
from host.errors import UserError
from host.kinds import GameKind

CARD_MODES = ("random-per-class", "random")
SEAT_ORDERS = ("random", "joined")
CARD_COUNTS = tuple(sorted({rattus.class_card_count(n) for n in range(2, 7)}))
OPTION_KEYS = {"expansions", "class_cards", "ensure_chivalry", "seat_order", "players"}


def _expansion_id(text: str) -> str:
    return text.strip().lower().replace("-", "_").replace(" ", "_")


def _quoted(raw: Any, limit: int = 40) -> str:
    """Someone's input, quoted back short enough for any reply."""
    text = str(raw).strip()
    return f"'{text if len(text) <= limit else text[: limit - 1] + '…'}'"


def _sentence(message: str) -> str:
    text = message.strip().rstrip(".")
    return text[:1].upper() + text[1:] + "."


class RattusKind(GameKind):
    name = "rattus"
    title = "Rattus"
    min_players, max_players = rattus.player_limits(rattus.EXPANSIONS)

    def player_limits(self, options: Mapping[str, Any]) -> tuple[int, int]:
        fewest, most = rattus.player_limits(options.get("expansions", []))
        chosen = options.get("players")
        return fewest, min(chosen, most) if isinstance(chosen, int) else most

    # -- options --------------------------------------------------------------------------

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(options) - OPTION_KEYS)
        if unknown:
            raise UserError(f"Rattus has no option called {_quoted(unknown[0])}.")
        expansions = self._expansions(options.get("expansions") or [])
        fewest, most = rattus.player_limits(expansions)
        players = options.get("players")
        if players is None:
            players = most
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or not fewest <= players <= most
        ):
            raise UserError(
                f"Rattus {self._with(expansions)}seats {fewest} to {most} players"
                f"{self._more_with(expansions)}: choose a number in that range."
            )
        seat_order = options.get("seat_order", "random")
        if seat_order not in SEAT_ORDERS:
            raise UserError(
                "The seat order is either 'random' or 'joined' (the order people joined)."
            )
        ensure_chivalry = options.get("ensure_chivalry", True)
        if not isinstance(ensure_chivalry, bool):
            raise UserError("'ensure_chivalry' is either true or false.")
        return {
            "expansions": expansions,
            "class_cards": self._class_cards(options.get("class_cards"), set(expansions)),
            "ensure_chivalry": ensure_chivalry,
            "seat_order": seat_order,
            "players": players,
        }

    @staticmethod
    def _with(expansions: list[str]) -> str:
        names = [rattus.EXPANSIONS[e] for e in expansions]
        return f"with {', '.join(names)} " if names else ""

    @staticmethod
    def _more_with(expansions: list[str]) -> str:
        _, most = rattus.player_limits(expansions)
        more = [
            name
            for exp, name in sorted(rattus.EXPANSIONS.items())
            if rattus.player_limits([*expansions, exp])[1] > most
        ]
        return (
            f" (up to {rattus.player_limits(rattus.EXPANSIONS)[1]} with {' or '.join(more)})"
            if more
            else ""
        )

    @staticmethod
    def _expansions(raw: Any) -> list[str]:
        if isinstance(raw, str) or not isinstance(raw, list | tuple | set | frozenset):
            raise UserError("Expansions are given as a list, e.g. ['pied_piper'].")
        chosen = sorted({_expansion_id(str(e)) for e in raw})
        for exp in chosen:
            if exp not in rattus.EXPANSIONS:
                playable = ", ".join(rattus.EXPANSIONS.values())
                offer = f"It can play: {playable}." if playable else "It plays the base game only."
                raise UserError(f"This bot cannot play the expansion {_quoted(exp)} yet. {offer}")
        return chosen

    @staticmethod
    def _class_cards(raw: Any, expansions: set[str]) -> str | list[str]:
        if raw is None:
            return "random-per-class"
        if isinstance(raw, str):
            mode = raw.strip().lower()
            if mode in CARD_MODES or mode in rattus_data.card_sets():
                return mode
            choices = ", ".join([*CARD_MODES, *rattus_data.card_sets()])
            raise UserError(
                f"{_quoted(raw)} is not a way to choose class cards. Choose one of: {choices}, "
                f"or list {' or '.join(map(str, CARD_COUNTS))} cards."
            )
        if isinstance(raw, list | tuple):
            cards = [str(c).strip().lower() for c in raw]
            known = rattus_data.cards()
            unknown = next((c for c in cards if c not in known), None)
            if unknown is not None:
                raise UserError(
                    f"Unknown class card {_quoted(unknown)}. "
                    f"Known cards: {', '.join(sorted(known))}."
                )
            fewest, most = rattus.player_limits(expansions)
            counts = {rattus.class_card_count(n) for n in range(fewest, most + 1)}
            count = len(cards) if len(cards) in counts else min(counts)
            try:
                return rattus.resolve_cards(cards, expansions, count=count)
            except ValueError as exc:
                raise UserError(_sentence(str(exc))) from None
        raise UserError("Class cards are a way to choose them (e.g. 'random') or a list of cards.")

    def describe_options(self, options: Mapping[str, Any]) -> str:
        expansions = [rattus.EXPANSIONS.get(e, e) for e in options.get("expansions", [])]
        game = "Base game" + (f" with {', '.join(expansions)}" if expansions else "")
        cards = options.get("class_cards", "random-per-class")
        if cards == "random-per-class":
            card_text = "one random class card of each class"
        elif cards == "random":
            card_text = "class cards at random"
            if options.get("ensure_chivalry", True):
                card_text += " (with a Chivalry card below 4 players)"
        elif isinstance(cards, str):
            card_text = f"the '{cards}' set of class cards"
        else:
            known = rattus_data.cards()
            card_text = "class cards: " + ", ".join(known[c].name for c in cards if c in known)
        seats = (
            "seats in random order"
            if options.get("seat_order") == "random"
            else ("seats in the order players joined")
        )
        _, most = self.player_limits(options)
        return f"{game}; {card_text}; {seats}; up to {most} players."

    # -- games ----------------------------------------------------------------------------

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> Game:
        expansions = set(options.get("expansions", []))
        cards = self.deal_class_cards(players, options, seed)
        count = rattus.class_card_count(players)
        if len(cards) != count:
            raise ValueError(
                f"A game of {players} players plays {count} class cards, but this lobby lists "
                f"{len(cards)}: open a new lobby with {count} cards or another way to choose them."
            )
        game: Game = rattus.new_game(
            players=players, expansions=expansions, class_cards=cards, seed=seed
        )
        return game

    def deal_class_cards(self, players: int, options: Mapping[str, Any], seed: int) -> list[str]:
        """The card ids for a game of ``players``; random choices draw from the seed."""
        mode = options.get("class_cards", "random-per-class")
        if not isinstance(mode, str):
            return list(mode)
        count = rattus.class_card_count(players)
        expansions = set(options.get("expansions", []))
        playable = [
            card
            for card in rattus_data.cards().values()
            if card.expansion == "base" or card.expansion in expansions
        ]
        classes = {c.id: c.cls for c in playable}
        keep_knight = players < 4 and bool(options.get("ensure_chivalry", True))
        rng = Rng.from_seed(f"class-cards:{seed}")
        if mode == "random-per-class":
            by_class: dict[str, list[str]] = {}
            for card in playable:
                by_class.setdefault(card.cls, []).append(card.id)
            chosen = [rng.choice(sorted(ids)) for _, ids in sorted(by_class.items())]
            while len(chosen) > count:
                spare = [c for c in chosen if not (keep_knight and classes[c] == "chivalry")]
                chosen.remove(rng.choice(spare))
        elif mode == "random":
            chosen = rng.shuffled(sorted(classes))[:count]
        else:
            chosen = list(rattus_data.card_sets()[mode])
        if len(chosen) < count:
            rest = sorted(set(classes) - set(chosen))
            chosen += rng.shuffled(rest)[: count - len(chosen)]
        if mode == "random" and keep_knight and all(classes[c] != "chivalry" for c in chosen):
            knights = sorted(c for c, cls in classes.items() if cls == "chivalry")
            if knights:
                chosen[rng.below(len(chosen))] = rng.choice(knights)
        return chosen

    def from_dict(self, data: Mapping[str, Any]) -> Game:
        game: Game = rattus.from_dict(dict(data))
        return game
