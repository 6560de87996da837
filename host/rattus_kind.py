"""The Rattus board game as a kind of game the host can run: lobby options and dealing.

Lobby options (normalised by ``validate_options``, stored with the game):

- ``expansions``: list of expansion ids the engine can play, sorted (``[]`` = base game).
- ``class_cards``: ``"random-per-class"`` (one random card of each class), ``"random"``
  (any cards at random), the name of a set from the card data (``"base"``), or a list of
  card ids.
- ``ensure_chivalry``: with fewer than 4 players a random draw always includes a Chivalry
  card unless this is false.

- ``seat_order`` and ``players``: as for every kind (``host.kinds.SHARED_OPTIONS``); the most
  seats a lobby offers are as many as its expansions allow.

A class card choice the expansions cannot play is refused here, when the lobby is opened. The
cards themselves are dealt by the engine at start (``engine.rattus.class_cards.deal``), for the
seated players and from the game's seed: games with 5 or 6 players (Africanus) play 8 cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import rattus
from engine.contract import Game
from engine.rattus import class_cards
from engine.rattus import data as rattus_data
from engine.text import N_, Msg, Param, Text, chained, listing, msg, text_of
from host.errors import UserError
from host.kinds import GameKind, quoted

REGION_QUESTION = "region_play"
"""The Africanus question whether to play a region card on a rat just revealed."""
NO_PLAY = "pass"
"""The answer that plays nothing to a question that offers it."""


def _expansion_id(text: str) -> str:
    return text.strip().lower().replace("-", "_").replace(" ", "_")


class RattusKind(GameKind):
    name = "rattus"
    own_options = frozenset({"expansions", "class_cards", "ensure_chivalry"})

    # -- options --------------------------------------------------------------------------

    def validate_own(self, options: Mapping[str, Any]) -> dict[str, Any]:
        expansions = self._expansions(options.get("expansions") or [])
        ensure_chivalry = options.get("ensure_chivalry", True)
        if not isinstance(ensure_chivalry, bool):
            raise UserError(msg("'{key}' is either true or false.", key="ensure_chivalry"))
        return {
            "expansions": expansions,
            "class_cards": self._class_cards(options.get("class_cards"), set(expansions)),
            "ensure_chivalry": ensure_chivalry,
        }

    def seat_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        return rattus.player_limits(options.get("expansions", []))

    def players_refusal(self, options: Mapping[str, Any], fewest: int, most: int) -> Msg:
        """Rattus (with these expansions) seats so many players (and more with which)."""
        expansions = options["expansions"]
        names = listing([msg(rattus.EXPANSIONS[e]) for e in expansions])
        more: list[Param] = [
            msg(name)
            for exp, name in sorted(rattus.EXPANSIONS.items())
            if rattus.player_limits([*expansions, exp])[1] > most
        ]
        values: dict[str, Param] = {"fewest": fewest, "most": most}
        if more:
            values["all"] = rattus.player_limits(rattus.EXPANSIONS)[1]
            values["more"] = (
                more[0]
                if len(more) == 1
                else msg("{first} or {last}", first=listing(more[:-1]), last=more[-1])
            )
        if expansions and more:
            return msg(
                "Rattus with {expansions} seats {fewest} to {most} players (up to {all} with "
                "{more}): choose a number in that range.",
                expansions=names,
                **values,
            )
        if expansions:
            return msg(
                "Rattus with {expansions} seats {fewest} to {most} players: choose a number in "
                "that range.",
                expansions=names,
                **values,
            )
        if more:
            return msg(
                "Rattus seats {fewest} to {most} players (up to {all} with {more}): choose a "
                "number in that range.",
                **values,
            )
        return super().players_refusal(options, fewest, most)

    @staticmethod
    def _expansions(raw: Any) -> list[str]:
        if isinstance(raw, str) or not isinstance(raw, list | tuple | set | frozenset):
            raise UserError(msg("Expansions are given as a list, e.g. ['pied_piper']."))
        chosen = sorted({_expansion_id(str(e)) for e in raw})
        for exp in chosen:
            if exp not in rattus.EXPANSIONS:
                playable = listing([msg(name) for name in rattus.EXPANSIONS.values()])
                raise UserError(
                    msg(
                        "This bot cannot play the expansion {expansion} yet. It can play: "
                        "{expansions}.",
                        expansion=quoted(exp),
                        expansions=playable,
                    )
                    if rattus.EXPANSIONS
                    else msg(
                        "This bot cannot play the expansion {expansion} yet. It plays the base "
                        "game only.",
                        expansion=quoted(exp),
                    )
                )
        return chosen

    @staticmethod
    def _class_cards(raw: Any, expansions: set[str]) -> str | list[str]:
        if raw is None:
            return "random-per-class"
        if not isinstance(raw, str | list | tuple):
            raise UserError(
                msg("Class cards are a way to choose them (e.g. 'random') or a list of cards.")
            )
        fewest, most = rattus.player_limits(expansions)
        counts = {class_cards.count(n) for n in range(fewest, most + 1)}
        try:
            return class_cards.check_choice(
                raw if isinstance(raw, str) else list(raw), expansions, counts
            )
        except ValueError as exc:
            raise UserError(msg("Class cards: {reason}.", reason=text_of(exc))) from None

    def describe_options(self, options: Mapping[str, Any]) -> Msg:
        names = [rattus.EXPANSIONS.get(e, e) for e in options.get("expansions", [])]
        expansions: list[Param] = [msg(name) for name in names]
        game = (
            msg("Base game with {expansions}", expansions=listing(expansions))
            if expansions
            else msg("Base game")
        )
        seats = self.seat_order_text(options)
        _, most = self.player_limits(options)
        return msg(
            "{game}; {cards}; {seats}; up to {most} players.",
            game=game,
            cards=self._cards_text(options),
            seats=seats,
            most=most,
        )

    @staticmethod
    def _cards_text(options: Mapping[str, Any]) -> Msg:
        cards = options.get("class_cards", "random-per-class")
        if cards == "random-per-class":
            return msg("one random class card of each class")
        if cards == "random":
            if options.get("ensure_chivalry", True):
                return msg("class cards at random (with a Chivalry card below 4 players)")
            return msg("class cards at random")
        if isinstance(cards, str):
            return msg("the {set} set of class cards", set=class_cards.set_name(cards))
        known = rattus_data.cards()
        return msg(
            "class cards: {cards}",
            cards=listing([msg(known[c].name) for c in cards if c in known]),
        )

    # -- games ----------------------------------------------------------------------------

    # -- statistics -----------------------------------------------------------------------

    def variant(self, options: Mapping[str, Any]) -> str:
        """The expansions played, sorted and joined by '+'; "" for the base game."""
        return "+".join(sorted(options.get("expansions", [])))

    def variant_title(self, variant: str) -> Text:
        if not variant:
            return msg("Base game")
        expansions = [rattus.EXPANSIONS.get(e, e) for e in variant.split("+")]
        return chained([msg(name) for name in expansions], N_("{first} + {more}"), "first", "more")

    def cards_used(self, game: Game, moves: Sequence[tuple[int, str]]) -> dict[int, dict[str, int]]:
        """Per seat, every class card it took (from the side of the board or from another
        player) and how many times."""
        used: dict[int, dict[str, int]] = {}
        for seat, notation in moves:
            verb, _, card = notation.partition(":")
            if verb == "take" and card in rattus_data.cards():
                mine = used.setdefault(seat, {})
                mine[card] = mine.get(card, 0) + 1
        return used

    def card_title(self, card: str) -> str:
        found = rattus_data.cards().get(card)
        return found.name if found is not None else card

    # -- clocks ---------------------------------------------------------------------------

    def is_reaction(self, game: Game, seat: int) -> bool:
        """A region card question is a reaction even on the holder's own turn."""
        decision = game.decision(seat)
        if decision is not None and decision.kind == REGION_QUESTION:
            return True
        return super().is_reaction(game, seat)

    def default_answer(self, game: Game, seat: int) -> str | None:
        """A reaction whose choices include not playing is answered that way."""
        if not self.is_reaction(game, seat):
            return None
        return next((a.notation for a in game.legal_actions(seat) if a.kind == NO_PLAY), None)
