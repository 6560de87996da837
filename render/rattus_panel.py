"""The side panel of the Rattus board: status, players, free class cards, rats left, and
the rat tokens revealed this turn."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from render.canvas import ALERT, GOLD, INK, MUTED, RGB, WHITE, Canvas, mix
from render.pieces import (
    GOODS_COLOURS,
    RAT_R,
    Seat,
    class_colour,
    class_glyph,
    cube_chip,
    rat_back,
    tile,
    tile_width,
    token_face,
)

PAD = 16
PANEL_BG: RGB = (244, 237, 220)
ROW_BG: RGB = (251, 247, 238)
ACTIVE_BG: RGB = (255, 236, 170)
RULE: RGB = (214, 200, 172)
TOKEN_R = 34
TOKEN_CELL = 92

STATUS_TITLES = {
    "placement": "Setting up",
    "playing": "Turn {turn}",
    "final_round": "Final round",
    "final_ravage": "The final plague",
    "over": "Game over",
}
EXPANSION_NAMES = {"pied_piper": "Pied Piper", "africanus": "Africanus", "mercatus": "Mercatus"}


def card_name(view: Mapping[str, Any], card: str) -> str:
    info = (view.get("card_info") or {}).get(card) or {}
    return str(info.get("name") or card.replace("_", " ").title())


def card_class(view: Mapping[str, Any], card: str) -> str:
    info = (view.get("card_info") or {}).get(card) or {}
    return str(info.get("class") or "")


def card_pill_width(canvas: Canvas, view: Mapping[str, Any], card: str) -> float:
    return canvas.text_width(card_name(view, card), 12, bold=True) + 30


def card_pill(canvas: Canvas, at: tuple[float, float], view: Mapping[str, Any], card: str) -> float:
    """A class card as a pill: class symbol on its class colour, then the card's name."""
    cls = card_class(view, card)
    colour = class_colour(cls)
    width = card_pill_width(canvas, view, card)
    x, y = at
    canvas.rect(
        (x, y, x + width, y + 22),
        fill=mix(colour, WHITE, 0.82),
        outline=colour,
        width=1.2,
        radius=11,
    )
    canvas.disc((x + 11, y + 11), 9, fill=colour)
    canvas.text((x + 11, y + 11.5), class_glyph(cls), 11, fill=WHITE, anchor="mm")
    canvas.text((x + 24, y + 11.5), card_name(view, card), 12, fill=INK, bold=True, anchor="lm")
    return width


def _pills(
    canvas: Canvas, view: Mapping[str, Any], cards: Sequence[str], x: float, y: float, right: float
) -> float:
    """Card pills from (x, y), wrapping before ``right``; returns the height used."""
    left = x
    rows = 1
    for card in cards:
        width = card_pill_width(canvas, view, card)
        if x > left and x + width > right:
            x = left
            y += 26
            rows += 1
        card_pill(canvas, (x, y), view, card)
        x += width + 5
    return rows * 26 - 4


def _status_line(view: Mapping[str, Any], seats: Mapping[int, Seat]) -> tuple[str, str]:
    """Who the line is about and what they do, kept apart so a long name never hides the verb."""
    status = str(view.get("status") or "")
    active = view.get("active")
    who = seats[int(active)].name if active is not None and int(active) in seats else ""
    if status == "over":
        winners = [seats[int(s)].name for s in view.get("winners") or [] if int(s) in seats]
        if not winners:
            return "", "The game has ended"
        return " and ".join(winners), "wins" if len(winners) == 1 else "share the win"
    if status == "final_ravage":
        return "", "The plague ravages every region"
    if not who:
        return "", ""
    if status == "placement":
        return who, "places starting cubes"
    return who, "to play"


def _header(
    canvas: Canvas,
    view: Mapping[str, Any],
    seats: Mapping[int, Seat],
    x: float,
    y: float,
    width: float,
) -> float:
    status = str(view.get("status") or "")
    title = STATUS_TITLES.get(status, status.replace("_", " ").title()).format(
        turn=view.get("turn") or 0
    )
    canvas.text((x, y), "RATTUS", 26, fill=INK, bold=True)
    expansions = [
        EXPANSION_NAMES.get(e, str(e).replace("_", " ").title())
        for e in view.get("expansions") or []
    ]
    if expansions:
        canvas.text(
            (x + 136, y + 8),
            " · ".join(expansions),
            13,
            fill=MUTED,
            bold=True,
            max_width=width - 136 - 150,
        )
    pill = (
        ALERT
        if status in ("final_round", "final_ravage")
        else (INK if status == "over" else (60, 90, 60))
    )
    pill_w = canvas.text_width(title, 14, bold=True) + 22
    canvas.rect((x + width - pill_w, y + 1, x + width, y + 29), fill=pill, radius=14)
    canvas.text((x + width - pill_w / 2, y + 15.5), title, 14, fill=WHITE, bold=True, anchor="mm")
    who, what = _status_line(view, seats)
    verb = f" {what}" if who else what
    room = width - canvas.text_width(verb, 17, bold=True)
    shown = canvas.text((x, y + 38), who, 17, fill=INK, bold=True, max_width=room) if who else ""
    after = (
        x + canvas.text_width(shown + verb, 17, bold=True) - canvas.text_width(what, 17, bold=True)
    )
    canvas.text((after, y + 38), what, 17, fill=INK, bold=True)
    height = 62.0
    decision = view.get("decision") or {}
    if decision.get("prompt") and not decision.get("private") and status != "over":
        canvas.text((x, y + height), str(decision["prompt"]), 13, fill=MUTED, max_width=width)
        height += 20
    final_order = view.get("final_order") or []
    if status == "final_round" and final_order:
        names = ", ".join(seats[int(s)].name for s in final_order if int(s) in seats)
        canvas.text((x, y + height), f"Still to act: {names}", 13, fill=MUTED, max_width=width)
        height += 20
    return height


def _player_stats(player: Mapping[str, Any]) -> str:
    bits = [
        f"{player.get('cubes_board', 0)} on the map",
        f"{player.get('palace', 0)} in the palace",
    ]
    if player.get("baker"):
        bits.append(f"{player['baker']} on the Baker")
    if "coins" in player:
        bits.append(f"{player['coins']} coins")
    if "hand_count" in player:
        bits.append(f"{player['hand_count']} region cards")
    return " · ".join(bits)


Flowed = tuple[float, Callable[[tuple[float, float]], None]]


def _holdings(canvas: Canvas, view: Mapping[str, Any], player: Mapping[str, Any]) -> list[Flowed]:
    """A player's class cards and goods tokens, as (width, draw at) pairs."""
    items: list[Flowed] = []
    for card in [str(c) for c in player.get("cards") or []]:
        items.append((card_pill_width(canvas, view, card), partial(_card_at, canvas, view, card)))
    goods = {str(k): int(v) for k, v in (player.get("goods") or {}).items() if int(v) > 0}
    for kind, count in sorted(goods.items()):
        label = f"{kind.title()} ×{count}"
        fill = GOODS_COLOURS.get(kind, (200, 200, 190))
        items.append((tile_width(canvas, label), partial(_tile_at, canvas, label, fill)))
    return items


def _card_at(canvas: Canvas, view: Mapping[str, Any], card: str, at: tuple[float, float]) -> None:
    card_pill(canvas, at, view, card)


def _tile_at(canvas: Canvas, label: str, fill: RGB, at: tuple[float, float]) -> None:
    tile(canvas, (at[0], at[1] + 1), label, fill)


def _flow(items: Sequence[Flowed], left: float, top: float, right: float, draw: bool) -> float:
    """Lay items out in rows from (left, top), wrapping before ``right``; returns the height."""
    x, y = left, top
    for width, drawer in items:
        if x > left and x + width > right:
            x, y = left, y + 26
        if draw:
            drawer((x, y))
        x += width + 5
    return y + 22 - top if items else 0


def _player_row(
    canvas: Canvas,
    view: Mapping[str, Any],
    player: Mapping[str, Any],
    seat: Seat,
    x: float,
    y: float,
    width: float,
) -> float:
    status = view.get("status")
    number = seat.seat
    acting = status != "over" and (
        number == view.get("active") or number in (view.get("actors") or [])
    )
    score = (view.get("scores") or {}).get(str(number)) if status == "over" else None
    right_w = 130
    text_left = x + 52
    text_right = x + width - 10
    holdings = _holdings(canvas, view, player)
    flow_h = _flow(holdings, text_left, 0, text_right, draw=False)
    height = 52 + (flow_h + 6 if holdings else 0)
    canvas.rect(
        (x, y, x + width, y + height),
        fill=ACTIVE_BG if acting else ROW_BG,
        outline=GOLD if acting else RULE,
        width=2.5 if acting else 1,
        radius=8,
    )
    colour = seat.colour
    canvas.rect(
        (x + 9, y + 9, x + 43, y + 43), fill=colour.fill, outline=colour.edge, width=2, radius=6
    )
    canvas.text((x + 26, y + 26.5), seat.mark, 20, fill=colour.text, bold=True, anchor="mm")
    name = ("▶ " if acting else "") + seat.name
    canvas.text(
        (text_left, y + 8),
        name,
        18,
        fill=INK,
        bold=True,
        max_width=text_right - right_w - text_left,
    )
    canvas.text(
        (text_left, y + 32), _player_stats(player), 12, fill=MUTED, max_width=text_right - text_left
    )
    if score is not None:
        winner = number in (view.get("winners") or [])
        label = f"♛ {score} points" if winner else f"{score} points"
        canvas.text(
            (text_right, y + 9), label, 17, fill=ALERT if winner else INK, bold=True, anchor="ra"
        )
    else:
        left = int(player.get("cubes_supply") or 0)
        ink = ALERT if left <= 3 else INK
        canvas.text(
            (text_right, y + 10), f"{left} cubes left", 15, fill=ink, bold=True, anchor="ra"
        )
    _flow(holdings, text_left, y + 52, text_right, draw=True)
    return height


def _section_title(canvas: Canvas, text: str, x: float, y: float, width: float) -> float:
    canvas.text((x, y), text.upper(), 12, fill=MUTED, bold=True)
    canvas.line(
        [(x + canvas.text_width(text.upper(), 12, bold=True) + 8, y + 8), (x + width, y + 8)],
        fill=RULE,
        width=1,
    )
    return 22


def _table_row(canvas: Canvas, view: Mapping[str, Any], x: float, y: float, width: float) -> float:
    """Class cards beside the board, the rats left in the supply and the shared supplies."""
    height = _section_title(canvas, "Beside the board", x, y, width)
    cards = [str(c) for c in view.get("beside_board") or []]
    supply_w = 132
    if cards:
        used = _pills(canvas, view, cards, x, y + height, x + width - supply_w - 10)
    else:
        canvas.text((x, y + height + 3), "every class card is held", 13, fill=MUTED)
        used = 22
    rat_back(canvas, (x + width - supply_w + RAT_R, y + height + 11))
    canvas.text(
        (x + width - supply_w + 2 * RAT_R + 6, y + height + 11.5),
        f"{view.get('rat_supply', 0)} rat{'' if view.get('rat_supply') == 1 else 's'} left",
        14,
        fill=INK,
        bold=True,
        anchor="lm",
    )
    height += max(used, 22)
    if "diplomats_left" in view:
        left = int(view["diplomats_left"])
        canvas.text(
            (x, y + height + 4),
            f"⚑ {left} diplomat{'' if left == 1 else 's'} left in the supply",
            13,
            fill=MUTED,
            max_width=width,
        )
        height += 22
    supply = view.get("goods_supply")
    if isinstance(supply, Mapping) and supply:
        parts = [
            f"{kind} {int(n.get('up', 0))}+{int(n.get('down', 0))}"
            for kind, n in supply.items()
            if isinstance(n, Mapping)
        ]
        canvas.text(
            (x, y + height + 4),
            "Goods to take (face up + face down): " + " · ".join(parts),
            13,
            fill=MUTED,
            max_width=width,
        )
        height += 22
    return height


def _revealed(
    canvas: Canvas,
    view: Mapping[str, Any],
    seats: Mapping[int, Seat],
    x: float,
    y: float,
    width: float,
    bottom: float,
) -> float:
    tokens = [t for t in view.get("revealed") or [] if isinstance(t, Mapping)]
    if not tokens:
        return 0
    height = _section_title(canvas, "Rats revealed this turn", x, y, width)
    per_row = max(1, int(width // TOKEN_CELL))
    chip_rows = max(
        (min(4, sum(1 for v in (t.get("losses") or {}).values() if int(v) > 0)) + 1) // 2
        for t in tokens
    )
    cell_h = 2 * TOKEN_R + 44 + 28 * max(1, chip_rows)
    rows_fit = max(1, int((bottom - y - height) // cell_h))
    capacity = per_row * rows_fit
    shown = tokens if len(tokens) <= capacity else tokens[: capacity - 1]
    regions = view.get("regions") or {}
    for i, token in enumerate(shown):
        row, col = divmod(i, per_row)
        cx = x + col * TOKEN_CELL + TOKEN_CELL / 2
        top = y + height + row * cell_h
        token_face(canvas, (cx, top + TOKEN_R + 2), TOKEN_R, token)
        region = str(token.get("region") or "")
        label = str((regions.get(region) or {}).get("name") or region.title())
        canvas.text(
            (cx, top + 2 * TOKEN_R + 14),
            label,
            12,
            fill=INK,
            bold=True,
            anchor="mm",
            max_width=TOKEN_CELL - 4,
        )
        outbreak = bool(token.get("outbreak"))
        canvas.text(
            (cx, top + 2 * TOKEN_R + 29),
            "OUTBREAK" if outbreak else "no outbreak",
            11,
            fill=ALERT if outbreak else MUTED,
            bold=True,
            anchor="mm",
        )
        losses = [
            (seats[int(k)], int(v))
            for k, v in (token.get("losses") or {}).items()
            if int(k) in seats and int(v) > 0
        ]
        for j, (seat, lost) in enumerate(sorted(losses, key=lambda p: p[0].seat)[:4]):
            lx = cx - 42 + (j % 2) * 43
            ly = top + 2 * TOKEN_R + 38 + (j // 2) * 28
            cube_chip(canvas, (lx, ly), seat, f"−{lost}", width=41)
    if len(shown) < len(tokens):
        row, col = divmod(len(shown), per_row)
        cx = x + col * TOKEN_CELL + TOKEN_CELL / 2
        top = y + height + row * cell_h
        canvas.text(
            (cx, top + TOKEN_R),
            f"+{len(tokens) - len(shown)} more",
            14,
            fill=MUTED,
            bold=True,
            anchor="mm",
        )
    rows = (len(shown) + (len(shown) < len(tokens)) + per_row - 1) // per_row
    return height + rows * cell_h


def _legend(canvas: Canvas, view: Mapping[str, Any], x: float, y: float, width: float) -> float:
    entries = []
    regions = [r for r in (view.get("regions") or {}).values() if isinstance(r, Mapping)]
    if view.get("walls") is not None:
        entries.append("▬ wall")
    if any("nuns" in r for r in regions):
        entries.append("✝ nun")
    if any("bishops" in r for r in regions):
        entries.append("♝ bishop")
    if any("potions" in r for r in regions):
        entries.append("⚗ potion")
    if any("diplomats" in r for r in regions):
        entries.append("⚑ diplomat")
    if not entries:
        return 0
    canvas.text(
        (x, y), "Map key:  " + "   ".join(entries), 12, fill=MUTED, bold=True, max_width=width
    )
    return 20


def _log(
    canvas: Canvas, view: Mapping[str, Any], x: float, y: float, width: float, bottom: float
) -> None:
    lines = [str(line) for line in view.get("log") or []]
    room = int((bottom - y - 22) // 17)
    if room <= 0 or not lines:
        return
    y += _section_title(canvas, "Last moves", x, y, width)
    for line in lines[-room:]:
        canvas.text((x, y), line, 12, fill=INK, max_width=width)
        y += 17


def _players_in_order(view: Mapping[str, Any]) -> list[tuple[Mapping[str, Any], int]]:
    """(player, seat) in seat order, or best first once the game is over."""
    players = [
        (p, int(p.get("seat", index)))
        for index, p in enumerate(view.get("players") or [])
        if isinstance(p, Mapping)
    ]
    ranking = [int(s) for s in view.get("ranking") or []]
    if view.get("status") == "over" and ranking:
        place = {seat: i for i, seat in enumerate(ranking)}
        players.sort(key=lambda pair: place.get(pair[1], len(place)))
    return players


def panel_backdrop(canvas: Canvas, box: tuple[float, float, float, float]) -> None:
    x0, y0, _, y1 = box
    canvas.rect(box, fill=PANEL_BG)
    canvas.line([(x0, y0), (x0, y1)], fill=mix(PANEL_BG, INK, 0.4), width=2)


def draw_panel(
    canvas: Canvas,
    view: Mapping[str, Any],
    seats: Mapping[int, Seat],
    box: tuple[float, float, float, float],
) -> None:
    x0, y0, x1, y1 = box
    x, width = x0 + PAD, x1 - x0 - 2 * PAD
    y = y0 + PAD
    y += _header(canvas, view, seats, x, y, width) + 6
    players = _players_in_order(view)
    gap = 6 if len(players) <= 4 else 4
    for player, number in players:
        y += _player_row(canvas, view, player, seats[number], x, y, width) + gap
    y += 8
    y += _table_row(canvas, view, x, y, width) + 12
    bottom = y1 - PAD
    legend_h = _legend(canvas, view, x, bottom - 14, width)
    bottom -= legend_h + 4 if legend_h else 0
    y += _revealed(canvas, view, seats, x, y, width, bottom)
    _log(canvas, view, x, y + 6, width, bottom)
