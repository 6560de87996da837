"""Rattus Cartus on Discord: the lines of text that go with the table image (docs/views.md).

Everything here reads a ``CartusView``. Public lines use only what every viewer sees (how many
cards a player holds or played, never which); ``secret_lines`` reads the viewer's own entries,
which only that seat's view fills.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cogs.table.presenters import (
    Presenter,
    View,
    colour_square,
    player_name,
    score_parts,
    tie_lines,
)
from engine.core import counted
from render.cartus.table import cartus_table

STAGES = {
    "supply": "Supplies",
    "enter": "Entering buildings",
    "resolve": "Resolving the buildings",
    "over": "Game over",
}

GROUP_TITLES = {
    "supply": "Choose a supply action",
    "peek": "Look at a Nun-row card",
    "enter": "Enter a building",
    "commit": "Play cards",
    "give": "Give cards",
    "target": "Choose a player",
    "discard": "Discard cards",
    "pass": "Play a Pass card",
}


def type_name(card_type: str) -> str:
    return card_type.replace("_", " ").capitalize()


def _counts(cards: Mapping[str, Any] | None) -> str:
    """Cards by type in words: "Church ×2, Joker ×1"."""
    if not cards:
        return "nothing"
    return ", ".join(f"{type_name(str(t))} ×{int(n)}" for t, n in cards.items() if int(n) > 0)


def stage_line(view: View) -> str:
    status = str(view.get("status", ""))
    if status == "over":
        return STAGES["over"]
    final = " (the final round)" if view.get("final_round") else ""
    stage = STAGES.get(status, status.replace("_", " ").capitalize())
    return f"Round {view.get('round', 1)} of {view.get('rounds', '?')}{final} · {stage}"


def players_lines(view: View) -> list[str]:
    lines = []
    start = view.get("start_player")
    for player in view.get("players", []):
        seat = int(player["seat"])
        square = colour_square(player.get("colour"))
        held = int(player.get("hand_count", 0))
        parts = [
            f"{square} **{player_name(view, seat)}** ({player.get('mark', '?')})"
            + (" · starts" if seat == start else ""),
            f"{held} card{'' if held == 1 else 's'}",
        ]
        tokens = int(player.get("vp_tokens", 0))
        if tokens:
            parts.append(f"{tokens} VP token{'' if tokens == 1 else 's'}")
        influence = {c: int(n) for c, n in (player.get("influence") or {}).items() if int(n)}
        if influence:
            parts.append(", ".join(f"{type_name(c)} {n}" for c, n in influence.items()))
        if player.get("rats") is not None and view.get("status") == "over":
            parts.append(counted(int(player["rats"]), "rat"))
        lines.append(" · ".join(parts))
    return lines


def _entry_text(view: View, entry: Mapping[str, Any], revealed: bool) -> str:
    who = player_name(view, int(entry.get("seat", 0)))
    count = int(entry.get("count", 0))
    played = f"{count} card{'' if count == 1 else 's'} face down"
    if revealed and entry.get("cards") is not None:
        played = _counts(entry.get("cards"))
    text = f"{who}: {played}"
    if revealed and entry.get("premium") is not None:
        text += " · premium" if entry["premium"] else " · standard"
    return text


def row_lines(view: View) -> list[str]:
    """The buildings of the round, in resolving order, with who entered and how many cards."""
    lines = []
    for building in view.get("row") or []:
        head = (
            f"{building.get('place')}. **{building.get('name')}** "
            f"({type_name(str(building.get('class', '')))}) · supply: "
            f"{building.get('supply_text', '')}"
        )
        lines.append(head)
        revealed = bool(building.get("revealed"))
        for entry in building.get("entries") or []:
            lines.append(f"  ↳ {_entry_text(view, entry, revealed)}")
    return lines


def extra_fields(view: View) -> list[tuple[str, str]]:
    fields = []
    rows = row_lines(view)
    if rows:
        fields.append(("Buildings this round", "\n".join(rows)))
    chosen = view.get("supply_chosen")
    if chosen is not None:
        done = [player_name(view, int(seat)) for seat in chosen]
        waiting = [
            player_name(view, int(p["seat"]))
            for p in view.get("players", [])
            if int(p["seat"]) not in set(chosen)
        ]
        text = f"Chosen: {', '.join(done) or 'nobody yet'}"
        if waiting:
            text += f"\nStill choosing: {', '.join(waiting)}"
        fields.append(("Supplies, chosen in secret", text))
    supplies = view.get("supplies") or {}
    decks = [
        f"{view.get('population_deck', 0)} in the population deck",
        f"{view.get('discard_pile', 0)} discarded",
        f"{view.get('vp_tokens_left', 0)} VP tokens left",
        f"{view.get('building_deck', 0)} building cards to come",
    ]
    if supplies:
        decks.append("left: " + ", ".join(f"{type_name(t)} {n}" for t, n in supplies.items()))
    fields.append(("Decks", " · ".join(decks)))
    if view.get("status") == "supply" and view.get("round") == 1 and view.get("ruleset"):
        fields.append(("Ruleset", str(view["ruleset"])))
    return fields


def _own(view: View) -> Mapping[str, Any] | None:
    me = view.get("seat")
    if me is None:
        return None
    return next((p for p in view.get("players", []) if p.get("seat") == me), None)


def hand_lines(view: View) -> list[str]:
    """The viewer's hand as a clear list: one line per kind of card. The nuns a card shows
    count only in the Nun-row, which is dealt at the start and never changes, so a hand's
    nuns never matter to any choice and are not listed."""
    me = _own(view)
    if me is None or me.get("hand_cards") is None:
        return []
    held: dict[str, int] = {}
    for card in me["hand_cards"]:
        held[str(card.get("type"))] = held.get(str(card.get("type")), 0) + 1
    lines = [f"• {type_name(card_type)} ×{count}" for card_type, count in held.items()]
    return lines or ["• no cards"]


def secret_lines(view: View) -> list[str]:
    me = _own(view)
    if me is None:
        return []
    seat = int(me["seat"])
    lines = [f"Your hand ({counted(int(me.get('hand_count', 0)), 'card')}):", *hand_lines(view)]
    if me.get("rats") is not None:
        lines.append(f"Your rats: {me['rats']}")
    if me.get("vp"):
        lines.append(f"Your victory point tokens: {', '.join(str(v) for v in me['vp'])}")
    for card in view.get("nun_row") or []:
        seen = card.get("card")
        if seen is not None and view.get("status") != "over":
            lines.append(
                f"Nun-row card {card.get('place')}: {type_name(str(seen.get('type')))}, "
                f"{counted(int(seen.get('nuns', 0)), 'nun')}"
            )
    for building in view.get("row") or []:
        if building.get("revealed"):
            continue
        for entry in building.get("entries") or []:
            if int(entry.get("seat", -1)) == seat and entry.get("cards") is not None:
                lines.append(f"You played in the {building.get('name')}: {_counts(entry['cards'])}")
    return lines


SCORE_LINES = {
    **{
        cls: f"{cls.capitalize()} influence"
        for cls in ("peasantry", "bourgeoisie", "church", "chivalry", "magic", "royalty")
    },
    "cards": "for most cards",
    "sword": "for most Swords",
    "flute": "for most Flutes",
    "pass": "for most Passes",
    "gold": "from Gold",
    "tokens": "in tokens",
}
"""The words for each scoring line of the view's breakdown."""


def outcome_lines(view: View) -> list[str]:
    scores = view.get("scores") or {}
    winners = set(view.get("winners") or [])
    details = view.get("outcome") or {}
    dead = set(details.get("dead") or [])
    spared = set(details.get("spared") or [])
    rats = details.get("rats") or []
    lines = []
    for place, seat in enumerate(view.get("ranking") or [], start=1):
        mark = " 👑" if seat in winners else ""
        if seat in dead and seat not in spared:
            mark += " ☠ died of the plague"
        elif seat in spared:
            mark += " (spared: fewest rats)"
        held = f", {counted(int(rats[seat]), 'rat')}" if seat < len(rats) else ""
        score = scores.get(str(seat), "?")
        parts = score_parts(view, int(seat), SCORE_LINES)
        name = player_name(view, int(seat))
        lines.append(f"{place}. **{name}**: {score}{held}{mark}{parts}")
    if "nuns" in details:
        lines.append(f"The Nun-row showed {counted(int(details['nuns']), 'nun')}.")
    return lines + tie_lines(view)


CARTUS = Presenter(
    kind="cartus",
    title="Rattus Cartus",
    colour=0x4B2E83,
    render=cartus_table,
    stage_line=stage_line,
    players_lines=players_lines,
    extra_fields=extra_fields,
    secret_lines=secret_lines,
    outcome_lines=outcome_lines,
    group_titles=GROUP_TITLES,
)
