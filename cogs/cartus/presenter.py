"""Rattus Cartus on Discord: the lines of text that go with the table image (docs/views.md).

Everything here reads a ``CartusView``. Public lines use only what every viewer sees (how many
cards a player holds or played, never which); ``secret_lines`` reads the viewer's own entries,
which only that seat's view fills.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

import lang
from cogs.table.presenters import (
    ENGLISH,
    Presenter,
    colour_square,
    player_name,
    ranking_lines,
    said,
    tie_lines,
)
from engine.cartus.data import supply_words
from engine.cartus.view_types import CartusPlayer, CartusView, Entry
from engine.text import N_
from render.cartus.table import cartus_table

STAGES = {
    "supply": N_("Supplies"),
    "enter": N_("Entering buildings"),
    "resolve": N_("Resolving the buildings"),
    "over": N_("Game over"),
}

GROUP_TITLES = {
    "supply": N_("Choose a supply action"),
    "peek": N_("Look at a Nun-row card"),
    "enter": N_("Enter a building"),
    "commit": N_("Play cards"),
    "give": N_("Give cards"),
    "target": N_("Choose a player"),
    "discard": N_("Discard cards"),
    "pass": N_("Play a Pass card"),
}


CARD_TYPES = {
    "joker": N_("Joker"),
    "sword": N_("Sword"),
    "flute": N_("Flute"),
    "pass": N_("Pass"),
    "gold": N_("Gold"),
}
"""The special cards' names (the classes' are the engine's class names)."""


def type_name(card_type: str, tr: lang.Texts = ENGLISH) -> str:
    """A card type in words ("Church", "Joker"), in ``tr``'s language."""
    return tr.say(CARD_TYPES.get(card_type) or card_type.replace("_", " ").capitalize())


def _counts(cards: Mapping[str, int] | None, tr: lang.Texts) -> str:
    """Cards by type in words: "Church ×2, Joker ×1"."""
    if not cards:
        return tr("nothing")
    return ", ".join(f"{type_name(str(t), tr)} ×{int(n)}" for t, n in cards.items() if int(n) > 0)


def stage_line(view: CartusView, tr: lang.Texts = ENGLISH) -> str:
    status = str(view.get("status", ""))
    if status == "over":
        return tr.say(STAGES["over"])
    stage = tr.say(STAGES[status]) if status in STAGES else status.replace("_", " ").capitalize()
    round_, rounds = int(view.get("round", 1)), int(view.get("rounds", 0))
    if view.get("final_round"):
        return tr(
            "Round {round} of {rounds} (the final round) · {stage}",
            round=round_,
            rounds=rounds,
            stage=stage,
        )
    return tr("Round {round} of {rounds} · {stage}", round=round_, rounds=rounds, stage=stage)


def players_lines(view: CartusView, tr: lang.Texts = ENGLISH) -> list[str]:
    lines = []
    start = view.get("start_player")
    for player in view.get("players", []):
        seat = int(player["seat"])
        square = colour_square(player.get("colour"))
        held = int(player.get("hand_count", 0))
        name = f"{square} **{player_name(view, seat, tr)}** ({player.get('mark', '?')})"
        parts = [
            name + (" · " + tr("starts") if seat == start else ""),
            tr.plural("{n} card", "{n} cards", held),
        ]
        tokens = int(player.get("vp_tokens", 0))
        if tokens:
            parts.append(tr.plural("{n} VP token", "{n} VP tokens", tokens))
        influence = {c: int(n) for c, n in (player.get("influence") or {}).items() if int(n)}
        if influence:
            parts.append(", ".join(f"{type_name(c, tr)} {n}" for c, n in influence.items()))
        rats = player.get("rats")
        if rats is not None and view.get("status") == "over":
            parts.append(tr.plural("{n} rat", "{n} rats", rats))
        lines.append(" · ".join(parts))
    return lines


def _entry_text(view: CartusView, entry: Entry, revealed: bool, tr: lang.Texts) -> str:
    who = player_name(view, int(entry.get("seat", 0)), tr)
    count = int(entry.get("count", 0))
    played = tr.plural("{n} card face down", "{n} cards face down", count)
    if revealed and entry.get("cards") is not None:
        played = _counts(entry.get("cards"), tr)
    text = f"{who}: {played}"
    if revealed and entry.get("premium") is not None:
        text += " · " + (tr("premium") if entry["premium"] else tr("standard"))
    return text


def row_lines(view: CartusView, tr: lang.Texts = ENGLISH) -> list[str]:
    """The buildings of the round, in resolving order, with who entered and how many cards."""
    lines = []
    for building in view.get("row") or []:
        head = tr(
            "{place}. **{building}** ({type}) · supply: {supply}",
            place=int(building.get("place", 0)),
            building=tr.say(str(building.get("name", ""))),
            type=type_name(str(building.get("class", "")), tr),
            supply=tr.say(supply_words(cast(dict[str, int], building["supply"]))),
        )
        lines.append(head)
        revealed = bool(building.get("revealed"))
        for entry in building.get("entries") or []:
            lines.append(f"  ↳ {_entry_text(view, entry, revealed, tr)}")
    return lines


def extra_fields(view: CartusView, tr: lang.Texts = ENGLISH) -> list[tuple[str, str]]:
    fields = []
    rows = row_lines(view, tr)
    if rows:
        fields.append((tr("Buildings this round"), "\n".join(rows)))
    chosen = view.get("supply_chosen")
    if chosen is not None:
        done = [player_name(view, int(seat), tr) for seat in chosen]
        waiting = [
            player_name(view, int(p["seat"]), tr)
            for p in view.get("players", [])
            if int(p["seat"]) not in set(chosen)
        ]
        text = tr("Chosen: {players}", players=", ".join(done) or tr("nobody yet"))
        if waiting:
            text += "\n" + tr("Still choosing: {players}", players=", ".join(waiting))
        fields.append((tr("Supplies, chosen in secret"), text))
    supplies = view.get("supplies") or {}
    decks = [
        tr("{n} in the population deck", n=int(view.get("population_deck", 0))),
        tr("{n} discarded", n=int(view.get("discard_pile", 0))),
        tr.plural("{n} VP token left", "{n} VP tokens left", int(view.get("vp_tokens_left", 0))),
        tr.plural(
            "{n} building card to come",
            "{n} building cards to come",
            int(view.get("building_deck", 0)),
        ),
    ]
    if supplies:
        left = ", ".join(f"{type_name(t, tr)} {n}" for t, n in supplies.items())
        decks.append(tr("left: {supplies}", supplies=left))
    fields.append((tr("Decks"), " · ".join(decks)))
    if view.get("status") == "supply" and view.get("round") == 1 and view.get("ruleset"):
        fields.append((tr("Ruleset"), said(view["ruleset"], tr)))
    return fields


def _own(view: CartusView) -> CartusPlayer | None:
    me = view.get("seat")
    if me is None:
        return None
    return next((p for p in view.get("players", []) if p.get("seat") == me), None)


def hand_lines(view: CartusView, tr: lang.Texts = ENGLISH) -> list[str]:
    """The viewer's hand as a clear list: one line per kind of card. The nuns a card shows
    count only in the Nun-row, which is dealt at the start and never changes, so a hand's
    nuns never matter to any choice and are not listed."""
    me = _own(view)
    cards = me["hand_cards"] if me is not None else None
    if cards is None:
        return []
    held: dict[str, int] = {}
    for card in cards:
        held[card["type"]] = held.get(card["type"], 0) + 1
    lines = [f"• {type_name(card_type, tr)} ×{count}" for card_type, count in held.items()]
    return lines or ["• " + tr("no cards")]


def secret_lines(view: CartusView, tr: lang.Texts = ENGLISH) -> list[str]:
    me = _own(view)
    if me is None:
        return []
    seat = int(me["seat"])
    held = int(me.get("hand_count", 0))
    lines = [
        tr.plural("Your hand ({n} card):", "Your hand ({n} cards):", held),
        *hand_lines(view, tr),
    ]
    rats, drawn = me["rats"], me["vp"]
    if rats is not None:
        lines.append(tr("Your rats: {n}", n=rats))
    if drawn:
        tokens = ", ".join(str(v) for v in drawn)
        lines.append(tr("Your victory point tokens: {tokens}", tokens=tokens))
    for card in view.get("nun_row") or []:
        seen = card.get("card")
        if seen is not None and view.get("status") != "over":
            nuns, place = int(seen.get("nuns", 0)), int(card.get("place", 0))
            shown = type_name(str(seen.get("type")), tr)
            lines.append(
                tr.plural(
                    "Nun-row card {place}: {type}, {n} nun",
                    "Nun-row card {place}: {type}, {n} nuns",
                    nuns,
                    place=place,
                    type=shown,
                )
            )
    for building in view.get("row") or []:
        if building.get("revealed"):
            continue
        for entry in building.get("entries") or []:
            if int(entry.get("seat", -1)) == seat and entry.get("cards") is not None:
                lines.append(
                    tr(
                        "You played in the {building}: {cards}",
                        building=tr.say(str(building.get("name", ""))),
                        cards=_counts(entry["cards"], tr),
                    )
                )
    return lines


SCORE_LINES = {
    "peasantry": N_("{n} Peasantry influence"),
    "bourgeoisie": N_("{n} Bourgeoisie influence"),
    "church": N_("{n} Church influence"),
    "chivalry": N_("{n} Chivalry influence"),
    "magic": N_("{n} Magic influence"),
    "royalty": N_("{n} Royalty influence"),
    "cards": N_("{n} for most cards"),
    "sword": N_("{n} for most Swords"),
    "flute": N_("{n} for most Flutes"),
    "pass": N_("{n} for most Passes"),
    "gold": N_("{n} from Gold"),
    "tokens": N_("{n} in tokens"),
}
"""The words for each scoring line of the view's breakdown, its points as ``{n}``."""


def outcome_lines(view: CartusView, tr: lang.Texts = ENGLISH) -> list[str]:
    """The final scores best first, each with the rats a player held and whether the plague
    took them; the Nun-row; then the ties."""
    details = view.get("outcome")
    dead = set(details["dead"]) if details else set()
    spared = set(details["spared"]) if details else set()
    rats = details["rats"] if details else []

    def marks(seat: int, crown: str) -> str:
        held = ", " + tr.plural("{n} rat", "{n} rats", rats[seat]) if seat < len(rats) else ""
        if seat in dead and seat not in spared:
            return f"{held}{crown} ☠ " + tr("died of the plague")
        return f"{held}{crown} " + tr("(spared: fewest rats)") if seat in spared else held + crown

    lines = ranking_lines(view, SCORE_LINES, tr, marks)
    if details:
        nuns = details["nuns"]
        lines.append(tr.plural("The Nun-row showed {n} nun.", "The Nun-row showed {n} nuns.", nuns))
    return lines + tie_lines(view, tr)


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
