"""Rattus Cartus as a kind of game the host can run: lobby options and dealing.

Lobby options (normalised by ``validate_options``, stored with the game):

- ``buildings``: how the 30 building cards are chosen: ``"first_game"`` (the rulebook's set for a
  first game), ``"per_class"`` (one random building of each class), ``"random"`` (five random
  copies per class), or a list of six building ids, one of each class.
- ``simultaneous_supply``: everyone chooses their supply action at once, in secret, instead of
  one after another from the starting player.
- ``guard_tower``: with 2 players, random choices may include the Guard Tower.
- ``everyone_dead``: when the plague takes every player, ``"no_winner"`` (the default, the
  printed rule) means all have lost; ``"spare_fewest_rats"`` lets those with the fewest rats
  survive and finds the winner among them.
- ``seat_order`` and ``players``: as for every kind (``host.kinds.SHARED_OPTIONS``).

Random choices are drawn from the game's seed, so replaying a game's log deals the same game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import cartus
from engine.cartus import data as cartus_data
from engine.cartus.setup import choose_buildings
from engine.contract import Game
from engine.core import Rng
from engine.text import N_, Msg, listing, msg
from host.errors import UserError
from host.kinds import GameKind, quoted

MODE_TEXT = {
    "first_game": N_("the first-game buildings"),
    "per_class": N_("one random building of each class"),
    "random": N_("random building cards, five of each class"),
}


def _key(text: str) -> str:
    return text.strip().lower().replace("-", "_").replace(" ", "_").replace("'", "")


def _flag(options: Mapping[str, Any], key: str, default: bool) -> bool:
    value = options.get(key, default)
    if not isinstance(value, bool):
        raise UserError(msg("'{key}' is either true or false.", key=key))
    return value


def building_id(text: str) -> str | None:
    """A building's id from its id or name, spelled loosely ("Fortune-teller's Tent")."""
    wanted = _key(text)
    for building in cartus_data.buildings().values():
        if wanted in (building.id, _key(building.name)):
            return building.id
    return None


class CartusKind(GameKind):
    name = "cartus"
    own_options = frozenset({"buildings", "simultaneous_supply", "guard_tower", "everyone_dead"})

    def validate_own(self, options: Mapping[str, Any]) -> dict[str, Any]:
        everyone_dead = options.get("everyone_dead", cartus.EVERYONE_DEAD[0])
        if everyone_dead not in cartus.EVERYONE_DEAD:
            raise UserError(
                msg(
                    "When everyone dies, the game ends in one of these ways: {ways}.",
                    ways=", ".join(cartus.EVERYONE_DEAD),
                )
            )
        return {
            "buildings": self._buildings(options.get("buildings")),
            "simultaneous_supply": _flag(options, "simultaneous_supply", False),
            "guard_tower": _flag(options, "guard_tower", False),
            "everyone_dead": everyone_dead,
        }

    @staticmethod
    def _buildings(raw: Any) -> str | list[str]:
        if raw is None:
            return "first_game"
        if isinstance(raw, str) and "," not in raw:
            mode = _key(raw)
            if mode in cartus.BUILDING_MODES:
                return mode
            raw = [raw]
        if isinstance(raw, str):
            raw = raw.split(",")
        if not isinstance(raw, list | tuple):
            raise UserError(msg("Buildings are a way to choose them (e.g. 'random') or a list."))
        chosen = []
        for part in raw:
            found = building_id(str(part))
            if found is None:
                known = ", ".join(b.name for b in cartus_data.buildings().values())
                raise UserError(
                    msg(
                        "There is no building called {building}. Known: {known}.",
                        building=quoted(part),
                        known=known,
                    )
                )
            chosen.append(found)
        try:
            choose_buildings(chosen, cartus.MAX_PLAYERS, Rng.from_seed(0))
        except ValueError:
            modes = ", ".join(cartus.BUILDING_MODES)
            raise UserError(
                msg(
                    "Name six buildings, one of each class, or choose one of: {modes}.", modes=modes
                )
            ) from None
        return chosen

    def describe_options(self, options: Mapping[str, Any]) -> Msg:
        chosen = options.get("buildings", "first_game")
        if isinstance(chosen, str):
            mode = MODE_TEXT.get(chosen, chosen)
            buildings = msg(mode)
        else:
            names = cartus_data.buildings()
            buildings = msg(
                "buildings: {buildings}",
                buildings=listing([msg(names[b].name) for b in chosen if b in names]),
            )
        supply = (
            msg("everyone chooses a supply at once, in secret")
            if options.get("simultaneous_supply")
            else msg("supplies chosen in turn")
        )
        seats = self.seat_order_text(options)
        _, most = self.player_limits(options)
        if options.get("everyone_dead") == "spare_fewest_rats":
            return msg(
                "Rattus Cartus with {buildings}; {supply}; if the plague takes everyone, the "
                "fewest rats survive; {seats}; up to {most} players.",
                buildings=buildings,
                supply=supply,
                seats=seats,
                most=most,
            )
        return msg(
            "Rattus Cartus with {buildings}; {supply}; {seats}; up to {most} players.",
            buildings=buildings,
            supply=supply,
            seats=seats,
            most=most,
        )

    # -- statistics -----------------------------------------------------------------------

    def cards_used(self, game: Game, moves: Sequence[tuple[int, str]]) -> dict[int, dict[str, int]]:
        """Per seat, the classes whose population cards it played, each with the influence it
        ended the game with on that class's track (public on the table)."""
        players = game.view(None)["players"]
        return {
            p["seat"]: {cls: int(n) for cls, n in p["influence"].items() if n}
            for p in players
            if p.get("influence")
        }

    def card_title(self, card: str) -> str:
        return cartus_data.TYPE_NAMES.get(card, card)
