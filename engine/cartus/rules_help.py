"""Rules help for Rattus Cartus in our own words: the game in a paragraph, each building and
each special card. ``/cartus rules`` shows these; nothing here is the rulebook's text."""

from __future__ import annotations

from . import data

OVERVIEW = (
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

SPECIAL_NAMES = {
    "joker": "Joker",
    "sword": "Sword",
    "flute": "Flute",
    "pass": "Pass",
    "gold": "Gold",
}


def topics() -> list[tuple[str, str]]:
    """(name shown, id) for every building and special card, for a help menu."""
    out = [(b.name, b.id) for b in sorted(data.buildings().values(), key=lambda b: b.name)]
    out += [(name, key) for key, name in SPECIAL_NAMES.items()]
    return out


def explain(topic: str) -> tuple[str, str] | None:
    """(title, text) for a building or special card by id or name; None if unknown."""
    wanted = topic.strip().lower()
    for b in data.buildings().values():
        if wanted in (b.id, b.name.lower()):
            supplies = "; ".join(sorted({data.supply_text(s) for s in b.supplies}))
            text = (
                f"Premium: {b.premium}\nStandard: {b.standard}\n"
                f"Its five cards offer these supply actions: {supplies}."
            )
            return f"{b.name} ({data.TYPE_NAMES[b.cls]})", text
    for key, name in SPECIAL_NAMES.items():
        if wanted in (key, name.lower()):
            source = data.SPECIAL_SOURCE.get(key)
            where = (
                f" Taken at the {data.buildings()[source].name}."
                if source
                else " Taken at the Marketplace."
            )
            return name, data.SPECIAL_TEXTS[key] + where
    return None
