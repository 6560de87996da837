"""Rattus on Discord: the lines of text that go with the board image (docs/views.md)."""

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
from engine import rattus
from engine.core import CHAIN, Action, counted
from render.rattus.board import rattus_board

STAGES = {
    "placement": "Start placement",
    "final_round": "Final round",
    "final_ravage": "The final ravage",
    "over": "Game over",
}

GROUP_TITLES = {
    # the turn
    "take": "Take a class card",
    "place": "Place cubes",
    "use": "Use a card",
    "goods": "Take goods",
    "oncard": "Put a goods token on a card",
    "plague": "Move the plague",
    "end": "End the turn",
    "done": "Done",
    "back": "Back",
    # the plague
    "rat": "Choose a rat",
    "spread:rat": "Choose where the new rats go",
    "rats": "Choose how many rats end where",
    "norat": "No extra rat",
    "reveal": "Choose the rat that acts next",
    "bonus": "Count the plague piece or not",
    "order": "Choose how the rats are revealed",
    "ravage": "Choose the region ravaged next",
    "play": "Play a region card",
    "pass": "Pass",
    "pay": "Pay or not",
    # the cards' questions
    "region": "Choose a region",
    "count": "Choose how many",
    "from": "Choose where from",
    "to": "Choose where to",
    "via": "Choose the first step",
    "with": "Choose whom to swap with",
    "slot": "Choose which rat",
    "look": "Look at a rat",
    "swap": "Swap the rats",
    "keep": "Choose what to keep",
    "palace": "Move a cube to the palace",
    "wall": "Choose a wall",
    "walls": "Choose where the walls stand",
    "border": "Choose the border",
    "nun": "Choose a nun",
    "nuns": "Choose where the nuns stand",
    "bishop": "Choose a bishop",
    "extra": "Place an extra cube",
    "cube": "Choose about a cube",
    "potion": "Place a potion",
    "later": "Stop here",
    "put": "Put a token on the card",
    "diplomat": "Place a diplomat",
    "carry": "Take the diplomat along or not",
    "caravan": "Place the caravan",
}


CARD_EFFECTS = {
    "assassin": "Plague up to 3 steps; 1 coin for each rival cube your rats kill",
    "astronomer": "Draw 3 region cards, keep one",
    "baker": "Save a cube on the card; whoever takes it drops them all in one region",
    "bishop": "Set or move a bishop: no rat may enter its region",
    "brewer": "Take one more face-up goods token",
    "caravaner": "Move the caravan 2 steps; the leaders where it goes add a cube",
    "courier": "Swap two cubes of different colours in different regions",
    "crusader": "Plague up to 3 steps; turn its rats over at once and choose their order",
    "deacon": "Pay coins to ignore what a rat does to you (1, then 2, then 3)",
    "emperor": "Set or move the walls: rats, cubes and the plague can't cross them",
    "explorer": "Draw 3 region cards and put a cube in one of their regions",
    "grave_robber": "A goods token for each rival cube your rats kill",
    "hanseatic_trader": "Move up to 5 cubes into a region showing the goods kept on the card",
    "king": "Move a cube from a region without rats into the palace, safe for good",
    "knight": "Plague up to 3 steps; it may count as 2 more people there",
    "landowner": "Place 2 cubes in a region showing the goods kept on the card",
    "mayor": "Instead of placing: one cube in each region you lead",
    "merchant": "Move 1 to 3 of your cubes to a neighbouring region",
    "monk": "Move a face-down rat to a neighbouring region",
    "nun": "Set or move the nuns: each counts as one person fewer",
    "peasant": "Place one cube more than usual",
    "pied_piper": "Move a cube to a neighbour and lead rats along with it",
    "pope": "Pay 2 coins: a cube from any region into the palace",
    "queen": "With the largest connected area, place up to 2 cubes more",
    "raider": "Plague up to 3 steps; take a goods token where it ends",
    "serf": "Each rival cube your rats kill lets you put a cube there",
    "shaman": "Share the rats out among the regions showing the goods kept on the card",
    "soldier": "Plague up to 3 steps; add one more rat when it spreads",
    "stadtholder": "Buy cubes in one region: 1 coin for 1, 3 for 2, 6 for 3",
    "sultan": "Put a diplomat under a cube; the most diplomats score at the end",
    "swindler": "Add a rat where you have a cube, maybe taking its goods",
    "treasurer": "Take 2 coins from the bank",
    "witch": "Look at up to 2 face-down rats and swap them if you like",
    "wizard": "Give a cube a potion: it survives the next rat that would kill it",
}
"""Each class card's effect in one short line (our own words; ``/rattus rules`` has more),
shown under the card wherever it is offered."""


def describe(view: View, action: Action) -> str:
    """What the class card an action takes or uses does, in one line."""
    parts = action.notation.split(CHAIN, 1)[0].split(":")
    if parts[0] not in ("take", "use") or len(parts) < 2:
        return ""
    return CARD_EFFECTS.get(parts[1], "")


def _region_name(view: View, region: str) -> str:
    entry = view.get("regions", {}).get(region)
    return str(entry.get("name", region)) if entry else region.replace("_", " ").title()


def _card_name(view: View, card: str) -> str:
    info = view.get("card_info", {}).get(card)
    return str(info.get("name", card)) if info else card.replace("_", " ").title()


def _token_text(token: Mapping[str, Any]) -> str:
    """The printed front in words, as the game's own lines say it."""
    return rattus.describe_front(token)


def stage_line(view: View) -> str:
    status = str(view.get("status", ""))
    if status == "playing":
        return f"Turn {view.get('turn', 1)}"
    return STAGES.get(status, status.replace("_", " ").capitalize())


def players_lines(view: View) -> list[str]:
    lines = []
    for player in view.get("players", []):
        seat = int(player["seat"])
        square = colour_square(player.get("colour"))
        parts = [
            f"{square} **{player_name(view, seat)}** ({player.get('mark', '?')})",
            f"{player.get('cubes_supply', 0)} in supply",
            f"{player.get('cubes_board', 0)} on the board",
        ]
        if player.get("palace"):
            parts.append(f"{player['palace']} in the palace")
        if "coins" in player:
            parts.append(counted(int(player["coins"]), "coin"))
        held = player.get("goods") or {}
        if held:
            parts.append(", ".join(f"{n} {kind}" for kind, n in sorted(held.items())))
        if player.get("baker"):
            parts.append(f"{player['baker']} on the Baker")
        if player.get("hand_count"):
            parts.append(counted(int(player["hand_count"]), "region card"))
        cards = [_card_name(view, c) for c in player.get("cards", [])]
        if cards:
            parts.append(", ".join(cards))
        lines.append(" · ".join(parts))
    return lines


def extra_fields(view: View) -> list[tuple[str, str]]:
    """What the table says besides the log that the picture does not show: the ruleset at
    setup, a rat being turned over, the region cards played and the deck (the plague's rats,
    the caravan and the diplomats are on the picture)."""
    fields = []
    if view.get("status") == "placement" and view.get("ruleset"):
        fields.append(("Ruleset", str(view["ruleset"])))
    turning = view.get("turning")
    if turning:
        where = _region_name(view, str(turning.get("region", "")))
        fields.append(
            ("Just turned over", f"{where}: {_token_text(turning)}; it acts once answered")
        )
    africanus = _africanus_lines(view)
    if africanus:
        fields.append(("Africanus", "\n".join(africanus)))
    return fields


def secret_lines(view: View) -> list[str]:
    lines = []
    for region_id, region in view.get("regions", {}).items():
        for index, slot in enumerate(region.get("slots", []), start=1):
            known = slot.get("known")
            if known:
                name = _region_name(view, region_id)
                lines.append(f"{name}, rat {index}: {_token_text(known)}")
    me = view.get("seat")
    for player in view.get("players", []):
        if player.get("seat") == me and player.get("hand"):
            hand = "; ".join(_region_card_text(view, card) for card in player["hand"])
            lines.append(f"Your region cards: {hand}")
    return lines


def _region_card_text(view: View, card: Mapping[str, Any]) -> str:
    """A region card in words: its region and the classes it protects."""
    symbols = [str(s) for s in card.get("symbols", [])]
    protects = "any class" if symbols == ["any"] else " or ".join(s.title() for s in symbols)
    return f"{_region_name(view, str(card.get('region', '')))} ({protects})"


def _africanus_lines(view: View) -> list[str]:
    lines = []
    for played in view.get("region_cards_played") or []:
        who = player_name(view, int(played.get("seat", 0)))
        line = f"{who} played the region card {_region_name(view, str(played.get('region')))}"
        if played.get("protects"):
            line += f" on the {_card_name(view, str(played['protects']))}"
        lines.append(line)
    if "region_deck" in view:
        lines.append(f"{counted(int(view['region_deck']), 'region card')} left in the deck")
    return lines


SCORE_LINES = {
    "map": "on the map",
    "palace": "in the palace",
    "money": "from coins",
    "region_cards": "from region cards",
    "diplomats": "from diplomats",
}
"""The words for each scoring line of the view's breakdown."""


def outcome_lines(view: View) -> list[str]:
    """The final scores best first, each with where its points came from; then the ties."""
    scores = view.get("scores") or {}
    winners = set(view.get("winners") or [])
    ranking = view.get("ranking") or [int(seat) for seat in scores]
    lines = []
    for place, seat in enumerate(ranking, start=1):
        crown = " 👑" if seat in winners else ""
        score = scores.get(str(seat), scores.get(seat, "?"))
        parts = score_parts(view, int(seat), SCORE_LINES)
        lines.append(f"{place}. **{player_name(view, int(seat))}**: {score}{crown}{parts}")
    return lines + tie_lines(view)


def could_be_asked(view: View) -> list[int]:
    """Everyone with people where a rat was just turned over (any of them may be hit by it)
    who holds region cards (only they are asked whether to play one; how many a hand holds is
    public), or else every player."""
    turning = view.get("turning") or {}
    region = view.get("regions", {}).get(str(turning.get("region", "")), {})
    players = view.get("players", [])
    holding = {int(player["seat"]) for player in players if player.get("hand_count", 1)}
    hit = sorted(int(seat) for seat, count in (region.get("cubes") or {}).items() if count)
    return [seat for seat in hit if seat in holding] or [int(p["seat"]) for p in players]


def _render(view: View) -> bytes:
    return rattus_board(view)


RATTUS = Presenter(
    kind="rattus",
    title="Rattus",
    colour=0x8B1E1E,
    render=_render,
    stage_line=stage_line,
    players_lines=players_lines,
    extra_fields=extra_fields,
    secret_lines=secret_lines,
    outcome_lines=outcome_lines,
    group_titles=GROUP_TITLES,
    could_be_asked=could_be_asked,
    quiet_groups=frozenset({"back", "done", "pass", "later"}),
    table_players=False,
    describe=describe,
    inline_groups=frozenset({"use"}),
)
