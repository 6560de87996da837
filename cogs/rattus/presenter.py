"""Rattus on Discord: the lines of text that go with the board image (docs/views.md)."""

from __future__ import annotations

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
from engine import rattus
from engine.core import CHAIN, Action
from engine.rattus.view_types import RattusView, RegionCard, TokenFront
from engine.text import N_, Msg, pmsg
from render.rattus.board import rattus_board

STAGES = {
    "placement": N_("Start placement"),
    "final_round": N_("Final round"),
    "final_ravage": N_("The final ravage"),
    "over": N_("Game over"),
}

GROUP_TITLES: dict[str, str | Msg] = {
    # the turn
    "take": N_("Take a class card"),
    "place": N_("Place cubes"),
    "use": N_("Use a card"),
    "goods": N_("Take goods"),
    "oncard": N_("Put a goods token on a card"),
    "plague": N_("Move the plague"),
    "end": N_("End the turn"),
    "done": N_("Done"),
    "back": N_("Back"),
    # the plague
    "rat": N_("Choose a rat"),
    "spread:rat": N_("Choose where the new rats go"),
    "rats": N_("Choose how many rats end where"),
    "norat": N_("No extra rat"),
    "reveal": N_("Choose the rat that acts next"),
    "bonus": N_("Count the plague piece or not"),
    "order": N_("Choose how the rats are revealed"),
    "ravage": N_("Choose the region ravaged next"),
    "play": N_("Play a region card"),
    # i18n: the choice not to play a region card now (not the Cartus card of that name)
    "pass": pmsg("choice", "Pass"),
    "pay": N_("Pay or not"),
    # the cards' questions
    "region": N_("Choose a region"),
    "count": N_("Choose how many"),
    "from": N_("Choose where from"),
    "to": N_("Choose where to"),
    "via": N_("Choose the first step"),
    "with": N_("Choose whom to swap with"),
    "slot": N_("Choose which rat"),
    "look": N_("Look at a rat"),
    "swap": N_("Swap the rats"),
    "keep": N_("Choose what to keep"),
    "palace": N_("Move a cube to the palace"),
    "wall": N_("Choose a wall"),
    "walls": N_("Choose where the walls stand"),
    "border": N_("Choose the border"),
    "nun": N_("Choose a nun"),
    "nuns": N_("Choose where the nuns stand"),
    "bishop": N_("Choose a bishop"),
    "extra": N_("Place an extra cube"),
    "cube": N_("Choose about a cube"),
    "potion": N_("Place a potion"),
    "later": N_("Stop here"),
    "put": N_("Put a token on the card"),
    "diplomat": N_("Place a diplomat"),
    "carry": N_("Take the diplomat along or not"),
    "caravan": N_("Place the caravan"),
}


CARD_EFFECTS = {
    "assassin": N_("Plague up to 3 steps; 1 coin for each rival cube your rats kill"),
    "astronomer": N_("Draw 3 region cards, keep one"),
    "baker": N_("Save a cube on the card; whoever takes it drops them all in one region"),
    "bishop": N_("Set or move a bishop: no rat may enter its region"),
    "brewer": N_("Take one more face-up goods token"),
    "caravaner": N_("Move the caravan 2 steps; the leaders where it goes add a cube"),
    "courier": N_("Swap two cubes of different colours in different regions"),
    "crusader": N_("Plague up to 3 steps; turn its rats over at once and choose their order"),
    "deacon": N_("Pay coins to ignore what a rat does to you (1, then 2, then 3)"),
    "emperor": N_("Set or move the walls: rats, cubes and the plague can't cross them"),
    "explorer": N_("Draw 3 region cards and put a cube in one of their regions"),
    "grave_robber": N_("A goods token for each rival cube your rats kill"),
    "hanseatic_trader": N_("Move up to 5 cubes into a region showing the goods kept on the card"),
    "king": N_("Move a cube from a region without rats into the palace, safe for good"),
    "knight": N_("Plague up to 3 steps; it may count as 2 more people there"),
    "landowner": N_("Place 2 cubes in a region showing the goods kept on the card"),
    "mayor": N_("Instead of placing: one cube in each region you lead"),
    "merchant": N_("Move 1 to 3 of your cubes to a neighbouring region"),
    "monk": N_("Move a face-down rat to a neighbouring region"),
    "nun": N_("Set or move the nuns: each counts as one person fewer"),
    "peasant": N_("Place one cube more than usual"),
    "pied_piper": N_("Move a cube to a neighbour and lead rats along with it"),
    "pope": N_("Pay 2 coins: a cube from any region into the palace"),
    "queen": N_("With the largest connected area, place up to 2 cubes more"),
    "raider": N_("Plague up to 3 steps; take a goods token where it ends"),
    "serf": N_("Each rival cube your rats kill lets you put a cube there"),
    "shaman": N_("Share the rats out among the regions showing the goods kept on the card"),
    "soldier": N_("Plague up to 3 steps; add one more rat when it spreads"),
    "stadtholder": N_("Buy cubes in one region: 1 coin for 1, 3 for 2, 6 for 3"),
    "sultan": N_("Put a diplomat under a cube; the most diplomats score at the end"),
    "swindler": N_("Add a rat where you have a cube, maybe taking its goods"),
    "treasurer": N_("Take 2 coins from the bank"),
    "witch": N_("Look at up to 2 face-down rats and swap them if you like"),
    "wizard": N_("Give a cube a potion: it survives the next rat that would kill it"),
}
"""Each class card's effect in one short line (our own words; ``/rattus rules`` has more),
shown under the card wherever it is offered."""


def describe(view: RattusView, action: Action, tr: lang.Texts = ENGLISH) -> str:
    """What the class card an action takes or uses does, in one line."""
    parts = action.notation.split(CHAIN, 1)[0].split(":")
    if parts[0] not in ("take", "use") or len(parts) < 2 or parts[1] not in CARD_EFFECTS:
        return ""
    return tr.say(CARD_EFFECTS[parts[1]])


def _region_name(view: RattusView, region: str, tr: lang.Texts) -> str:
    entry = view.get("regions", {}).get(region)
    return tr.say(str(entry.get("name", region))) if entry else region.replace("_", " ").title()


def _card_name(view: RattusView, card: str, tr: lang.Texts) -> str:
    info = view.get("card_info", {}).get(card)
    return tr.say(str(info.get("name", card))) if info else card.replace("_", " ").title()


def _token_text(token: TokenFront, tr: lang.Texts) -> str:
    """The printed front in words, as the game's own lines say it."""
    return said(rattus.describe_front(token), tr)


def stage_line(view: RattusView, tr: lang.Texts = ENGLISH) -> str:
    status = str(view.get("status", ""))
    if status == "playing":
        return tr("Turn {n}", n=int(view.get("turn", 1)))
    if status in STAGES:
        return tr.say(STAGES[status])
    return status.replace("_", " ").capitalize()


def goods_text(kind: str, n: int, tr: lang.Texts = ENGLISH) -> str:
    """A count of one kind of Mercatus goods in words ("2 fish", "1 cloth")."""
    if kind == "fish":
        return tr.plural("{n} fish", "{n} fish", n)
    if kind == "cloth":
        return tr.plural("{n} cloth", "{n} cloth", n)
    if kind == "lumber":
        return tr.plural("{n} lumber", "{n} lumber", n)
    if kind == "salt":
        return tr.plural("{n} salt", "{n} salt", n)
    return f"{n} {kind}"


def players_lines(view: RattusView, tr: lang.Texts = ENGLISH) -> list[str]:
    lines = []
    for player in view.get("players", []):
        seat = int(player["seat"])
        square = colour_square(player.get("colour"))
        name = player_name(view, seat, tr)
        parts = [
            f"{square} **{name}** ({player.get('mark', '?')})",
            tr("{n} in supply", n=int(player.get("cubes_supply", 0))),
            tr("{n} on the board", n=int(player.get("cubes_board", 0))),
        ]
        if player.get("palace"):
            parts.append(tr("{n} in the palace", n=int(player["palace"])))
        if "coins" in player:
            parts.append(tr.plural("{n} coin", "{n} coins", int(player["coins"])))
        held = player.get("goods") or {}
        if held:
            parts.append(", ".join(goods_text(k, int(n), tr) for k, n in sorted(held.items())))
        if player.get("baker"):
            parts.append(tr("{n} on the Baker", n=int(player["baker"])))
        if player.get("hand_count"):
            count = int(player["hand_count"])
            parts.append(tr.plural("{n} region card", "{n} region cards", count))
        cards = [_card_name(view, c, tr) for c in player.get("cards", [])]
        if cards:
            parts.append(", ".join(cards))
        lines.append(" · ".join(parts))
    return lines


def extra_fields(view: RattusView, tr: lang.Texts = ENGLISH) -> list[tuple[str, str]]:
    """What the table says besides the log that the picture does not show: the ruleset at
    setup, a rat being turned over, the region cards played and the deck (the plague's rats,
    the caravan and the diplomats are on the picture)."""
    fields = []
    if view.get("status") == "placement" and view.get("ruleset"):
        fields.append((tr("Ruleset"), said(view["ruleset"], tr)))
    turning = view.get("turning")
    if turning:
        where = _region_name(view, str(turning.get("region", "")), tr)
        text = tr(
            "{region}: {token}; it acts once answered",
            region=where,
            token=_token_text(turning, tr),
        )
        fields.append((tr("Just turned over"), text))
    africanus = _africanus_lines(view, tr)
    if africanus:
        fields.append((tr("Africanus"), "\n".join(africanus)))
    return fields


def secret_lines(view: RattusView, tr: lang.Texts = ENGLISH) -> list[str]:
    lines = []
    for region_id, region in view.get("regions", {}).items():
        for index, slot in enumerate(region.get("slots", []), start=1):
            known = slot.get("known")
            if known:
                name = _region_name(view, region_id, tr)
                token = _token_text(known, tr)
                lines.append(tr("{region}, rat {n}: {token}", region=name, n=index, token=token))
    me = view.get("seat")
    for player in view.get("players", []):
        if player.get("seat") == me and player.get("hand"):
            hand = "; ".join(_region_card_text(view, card, tr) for card in player["hand"])
            lines.append(tr("Your region cards: {cards}", cards=hand))
    return lines


def _region_card_text(view: RattusView, card: RegionCard, tr: lang.Texts) -> str:
    """A region card in words: its region and the classes it protects."""
    symbols = [str(symbol) for symbol in card.get("symbols", [])]
    if symbols == ["any"]:
        protects = tr("any class")
    else:
        names = [tr.say(symbol.title()) for symbol in symbols]
        protects = (
            names[-1]
            if len(names) < 2
            else tr("{first} or {last}", first=", ".join(names[:-1]), last=names[-1])
        )
    region = _region_name(view, str(card.get("region", "")), tr)
    return tr("{region} ({classes})", region=region, classes=protects)


def _africanus_lines(view: RattusView, tr: lang.Texts) -> list[str]:
    lines = []
    for played in view.get("region_cards_played") or []:
        who = player_name(view, int(played.get("seat", 0)), tr)
        region = _region_name(view, str(played.get("region")), tr)
        if played.get("protects"):
            card = _card_name(view, str(played["protects"]), tr)
            lines.append(
                tr(
                    "{player} played the region card {region} on the {card}",
                    player=who,
                    region=region,
                    card=card,
                )
            )
        else:
            lines.append(tr("{player} played the region card {region}", player=who, region=region))
    if "region_deck" in view:
        left = int(view["region_deck"])
        lines.append(
            tr.plural("{n} region card left in the deck", "{n} region cards left in the deck", left)
        )
    return lines


SCORE_LINES = {
    "map": N_("{n} on the map"),
    "palace": N_("{n} in the palace"),
    "money": N_("{n} from coins"),
    "region_cards": N_("{n} from region cards"),
    "diplomats": N_("{n} from diplomats"),
}
"""The words for each scoring line of the view's breakdown, its points as ``{n}``."""


def outcome_lines(view: RattusView, tr: lang.Texts = ENGLISH) -> list[str]:
    """The final scores best first, each with where its points came from; then the ties."""
    return ranking_lines(view, SCORE_LINES, tr) + tie_lines(view, tr)


def could_be_asked(view: RattusView) -> list[int]:
    """Everyone with people where a rat was just turned over (any of them may be hit by it)
    who holds region cards (only they are asked whether to play one; how many a hand holds is
    public), or else every player."""
    turning = view.get("turning")
    region = view["regions"].get(turning["region"]) if turning is not None else None
    players = view["players"]
    holding = {player["seat"] for player in players if player.get("hand_count", 1)}
    cubes = region["cubes"] if region is not None else {}
    hit = sorted(int(seat) for seat, count in cubes.items() if count)
    return [seat for seat in hit if seat in holding] or [int(p["seat"]) for p in players]


RATTUS = Presenter(
    kind="rattus",
    title="Rattus",
    colour=0x8B1E1E,
    render=rattus_board,
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
