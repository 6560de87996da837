"""Rules help for Rattus Cartus in our own words: the game in a paragraph, each building and
each special card. ``/cartus rules`` shows these; nothing here is the rulebook's text."""

from __future__ import annotations

from ..text import N_, Msg, msg
from . import data

OVERVIEW = N_(
    "Princes of a plague-struck land gather followers from six classes. Each round a few "
    "buildings are drawn. Everyone first takes the supply action of one of them (draw cards, "
    "discard rats, look at the Nun-row), then, from the starting player on, enters a building "
    "and plays any number of cards face down there. The buildings then resolve in order: every "
    "population card or joker played is one influence in the building's class, and every "
    "population card of another class brings a rat. Swords take cards and Flutes pass rats "
    "between the players in the same building. Whoever played the most population cards and "
    "jokers there takes the premium action, everyone else the standard one (with 2 players "
    "only one premium is given each round). After the last round, influence majorities, hands "
    "and tokens score victory points; then the Nun-row is turned over, and anyone holding "
    "more rats than it shows nuns dies of the plague. The richest survivor wins."
)

"""The game in a paragraph (a text: show it with ``lang.say``)."""

SPECIAL_NAMES = {key: data.TYPE_NAMES[key] for key in ("joker", "sword", "flute", "pass", "gold")}


def topics() -> list[tuple[str, str]]:
    """(name, id) for every building and special card, for a help menu: each name a text
    (show it with ``lang.say``)."""
    out = [(b.name, b.id) for b in sorted(data.buildings().values(), key=lambda b: b.name)]
    out += [(name, key) for key, name in SPECIAL_NAMES.items()]
    return out


def explain(topic: str) -> tuple[Msg, Msg] | None:
    """(title, text) for a building or special card by id or English name; None if unknown."""
    wanted = topic.strip().lower()
    for b in data.buildings().values():
        if wanted in (b.id, b.name.lower()):
            kinds = {tuple(sorted(s.items())): s for s in b.supplies}
            unique = [data.supply_words(kinds[kind]) for kind in sorted(kinds)]
            text = msg(
                "Premium: {premium}\nStandard: {standard}\n"
                "Its five cards offer these supply actions: {supplies}.",
                premium=msg(b.premium),
                standard=msg(b.standard),
                supplies=_semicolons(unique),
            )
            return msg(
                "{building} ({track})", building=msg(b.name), track=msg(data.TYPE_NAMES[b.cls])
            ), text
    for key, name in SPECIAL_NAMES.items():
        if wanted in (key, name.lower()):
            place = msg(data.buildings()[data.SPECIAL_SOURCE.get(key, "marketplace")].name)
            text = msg(
                "{rule} Taken at the {building}.", rule=msg(data.SPECIAL_TEXTS[key]), building=place
            )
            return msg(name), text
    return None


def _semicolons(parts: list[Msg]) -> Msg:
    """The supply actions listed with semicolons (each is itself a list with commas)."""
    out = parts[0]
    for part in parts[1:]:
        out = msg("{items}; {item}", items=out, item=part)
    return out
