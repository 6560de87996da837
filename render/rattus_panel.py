"""The text parts of the Rattus picture: the status line above the map, and below it each
player (mark, name, cubes left, palace, cards), the cards beside the board, the rats left, the
goods supply, the tokens of the latest plague and a key to the pieces."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from render.canvas import ALERT, GOLD, INK, MUTED, RGB, WHITE, Canvas, mix, text_width
from render.frame import ROW_BG, header_band
from render.pieces import (
    GOODS_COLOURS,
    RAT_R,
    Seat,
    chip_width,
    class_colour,
    class_glyph,
    cube_chip,
    rat_back,
    tile,
    tile_width,
    token_face,
)

PAD = 14
ACTIVE_BG: RGB = (255, 236, 170)
RULE: RGB = (214, 200, 172)
HEADER_H = 54
TEXT = 22
SMALL = 18
PILL_H = 30
PLAYER_H = 50
NAME_LEFT = 54
TOKEN_R = 32
TOKEN_CELL = 124
LOSS_ROW = 34

STATUS_TITLES = {
    "placement": "Setting up",
    "playing": "Turn {turn}",
    "final_round": "Final round",
    "final_ravage": "The final plague",
    "over": "Game over",
}


def card_name(view: Mapping[str, Any], card: str) -> str:
    info = (view.get("card_info") or {}).get(card) or {}
    return str(info.get("name") or card.replace("_", " ").title())


def card_class(view: Mapping[str, Any], card: str) -> str:
    info = (view.get("card_info") or {}).get(card) or {}
    return str(info.get("class") or "")


def card_pill_width(canvas: Canvas, view: Mapping[str, Any], card: str) -> float:
    return canvas.text_width(card_name(view, card), SMALL, bold=True) + PILL_H + 12


def card_pill(canvas: Canvas, at: tuple[float, float], view: Mapping[str, Any], card: str) -> float:
    """A class card as a pill: class symbol on its class colour, then the card's name."""
    width = card_pill_width(canvas, view, card)
    name, cls = card_name(view, card), card_class(view, card)
    canvas.stamp(
        at, (width, PILL_H), ("pill", name, cls), lambda c, a: _pill(c, a, name, cls, width)
    )
    return width


def _pill(canvas: Canvas, at: tuple[float, float], name: str, cls: str, width: float) -> None:
    colour = class_colour(cls)
    x, y = at
    r = PILL_H / 2
    canvas.rect(
        (x, y, x + width, y + PILL_H),
        fill=mix(colour, WHITE, 0.82),
        outline=colour,
        width=1.5,
        radius=r,
    )
    canvas.disc((x + r, y + r), r - 3, fill=colour)
    canvas.text((x + r, y + r + 0.5), class_glyph(cls), 15, fill=WHITE, anchor="mm")
    canvas.text((x + PILL_H + 4, y + r), name, SMALL, fill=INK, bold=True, anchor="lm")


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
            y += PILL_H + 6
            rows += 1
        card_pill(canvas, (x, y), view, card)
        x += width + 6
    return rows * (PILL_H + 6) - 6


def status_line(view: Mapping[str, Any], seats: Mapping[int, Seat]) -> tuple[str, str]:
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


def draw_header(
    canvas: Canvas, view: Mapping[str, Any], seats: Mapping[int, Seat], width: float
) -> None:
    """The status pill and who is to play, across the top of the picture."""
    status = str(view.get("status") or "")
    title = STATUS_TITLES.get(status, status.replace("_", " ").title()).format(
        turn=view.get("turn") or 0
    )
    pill = (
        ALERT
        if status in ("final_round", "final_ravage")
        else (INK if status == "over" else (60, 90, 60))
    )
    header_band(canvas, title, pill, *status_line(view, seats), width)


def _stats(view: Mapping[str, Any], player: Mapping[str, Any]) -> str:
    if view.get("status") == "over":
        score = (view.get("scores") or {}).get(str(player.get("seat")))
        head = f"{score} points" if score is not None else ""
    else:
        head = f"{player.get('cubes_supply', 0)} cubes left"
    bits = [head] if head else []
    if player.get("palace"):
        bits.append(f"{player['palace']} in palace")
    if player.get("baker"):
        bits.append(f"{player['baker']} on Baker")
    if "coins" in player:
        bits.append(f"{player['coins']} coins")
    if "hand_count" in player:
        bits.append(f"{player['hand_count']} region cards")
    return " · ".join(bits)


def _holdings(view: Mapping[str, Any], player: Mapping[str, Any]) -> list[tuple[Any, ...]]:
    """A player's class cards as ("card", name, class) and goods as ("goods", label, fill)."""
    items: list[tuple[Any, ...]] = [
        ("card", card_name(view, str(c)), card_class(view, str(c)))
        for c in player.get("cards") or []
    ]
    goods = {str(k): int(v) for k, v in (player.get("goods") or {}).items() if int(v) > 0}
    for kind, count in sorted(goods.items()):
        items.append(
            ("goods", f"{kind.title()} ×{count}", GOODS_COLOURS.get(kind, (200, 200, 190)))
        )
    return items


def _item_width(item: tuple[Any, ...]) -> float:
    if item[0] == "card":
        return text_width(item[1], SMALL, bold=True) + PILL_H + 12
    return tile_width(item[1])


def _player_row(
    canvas: Canvas,
    view: Mapping[str, Any],
    player: Mapping[str, Any],
    seat: Seat,
    box: tuple[float, float, float, float],
    draw: bool,
) -> float:
    """One player's row; returns its height (without drawing when ``draw`` is False)."""
    x0, y0, x1, _ = box
    status = view.get("status")
    acting = status != "over" and (
        seat.seat == view.get("active") or seat.seat in (view.get("actors") or [])
    )
    winner = status == "over" and seat.seat in (view.get("winners") or [])
    holdings = _holdings(view, player)
    x, rows = float(NAME_LEFT), 0
    placed: list[tuple[tuple[float, float], tuple[Any, ...]]] = []
    for item in holdings:
        width = _item_width(item)
        if rows == 0 or (x > NAME_LEFT and x + width > x1 - x0 - 10):
            x, rows = float(NAME_LEFT), rows + 1
        placed.append(((x, PLAYER_H - 6 + (rows - 1) * (PILL_H + 6)), item))
        x += width + 6
    height = PLAYER_H + (rows * (PILL_H + 6) if rows else 0)
    if draw:
        low = status != "over" and int(player.get("cubes_supply") or 0) <= 3
        row = _Row(seat, _stats(view, player), low, acting, winner, tuple(placed))
        size = (x1 - x0, height)
        # drawn in place, not kept as a piece: a row changes with nearly every picture
        _draw_row(row, size, canvas, (x0, y0))
    return height


@dataclass(frozen=True)
class _Row:
    seat: Seat
    stats: str
    low: bool
    acting: bool
    winner: bool
    placed: tuple[tuple[tuple[float, float], tuple[Any, ...]], ...]


def _draw_row(
    row: _Row, size: tuple[float, float], canvas: Canvas, at: tuple[float, float]
) -> None:
    x0, y0 = at
    x1 = x0 + size[0]
    lit = row.acting or row.winner
    canvas.rect(
        (x0, y0, x1, y0 + size[1]),
        fill=ACTIVE_BG if lit else ROW_BG,
        outline=GOLD if lit else RULE,
        width=2.5 if lit else 1,
        radius=8,
    )
    colour = row.seat.colour
    canvas.rect(
        (x0 + 8, y0 + 7, x0 + 44, y0 + 43), fill=colour.fill, outline=colour.edge, width=2, radius=6
    )
    canvas.text((x0 + 26, y0 + 25.5), row.seat.mark, 24, fill=colour.text, bold=True, anchor="mm")
    stats_w = text_width(row.stats, SMALL, bold=True)
    room = max(80.0, size[0] - 10 - stats_w - 12 - NAME_LEFT)
    name = ("▶ " if row.acting else "♛ " if row.winner else "") + row.seat.name
    canvas.text(
        (x0 + NAME_LEFT, y0 + 25), name, 24, fill=INK, bold=True, anchor="lm", max_width=room
    )
    canvas.text(
        (x1 - 10, y0 + 25),
        row.stats,
        SMALL,
        fill=ALERT if row.low else MUTED,
        bold=True,
        anchor="rm",
    )
    for (dx, dy), item in row.placed:
        if item[0] == "card":
            _pill(canvas, (x0 + dx, y0 + dy), item[1], item[2], _item_width(item))
        else:
            tile(canvas, (x0 + dx, y0 + dy + 2), item[1], item[2])


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


def _table_line(
    canvas: Canvas, view: Mapping[str, Any], x: float, y: float, right: float, draw: bool
) -> float:
    """The class cards beside the board, the rats left and the goods supply."""
    supply = int(view.get("rat_supply") or 0)
    label = f"{supply} rat{'' if supply == 1 else 's'} left"
    if draw:
        rat_back(canvas, (x + RAT_R, y + PILL_H / 2))
        canvas.text(
            (x + 2 * RAT_R + 8, y + PILL_H / 2), label, TEXT, fill=INK, bold=True, anchor="lm"
        )
    left = x + 2 * RAT_R + 8 + canvas.text_width(label, TEXT, bold=True) + 18
    cards = [str(c) for c in view.get("beside_board") or []]
    height = float(PILL_H)
    if cards:
        if draw:
            canvas.text((left, y + PILL_H / 2), "Free:", SMALL, fill=MUTED, bold=True, anchor="lm")
        start = left + canvas.text_width("Free:", SMALL, bold=True) + 8
        if draw:
            height = _pills(canvas, view, cards, start, y, right)
        else:
            height = _pills_height(canvas, view, cards, start, right)
    if "diplomats_left" in view:
        if draw:
            canvas.text(
                (x, y + height + 8),
                f"⚑ {int(view['diplomats_left'] or 0)} diplomats left in the supply",
                SMALL,
                fill=MUTED,
                bold=True,
            )
        height += 32
    goods = view.get("goods_supply")
    if isinstance(goods, Mapping) and goods:
        parts = [
            f"{kind} {int(n.get('up', 0))}+{int(n.get('down', 0))}"
            for kind, n in goods.items()
            if isinstance(n, Mapping)
        ]
        if draw:
            canvas.text(
                (x, y + height + 8),
                "Goods to take (up + down): " + " · ".join(parts),
                SMALL,
                fill=MUTED,
                bold=True,
                max_width=right - x,
            )
        height += 32
    return height


def _pills_height(
    canvas: Canvas, view: Mapping[str, Any], cards: Sequence[str], x: float, right: float
) -> float:
    left, rows = x, 1
    for card in cards:
        width = card_pill_width(canvas, view, card)
        if x > left and x + width > right:
            x, rows = left, rows + 1
        x += width + 6
    return rows * (PILL_H + 6) - 6


def _revealed(
    canvas: Canvas,
    view: Mapping[str, Any],
    seats: Mapping[int, Seat],
    x: float,
    y: float,
    width: float,
    draw: bool,
) -> float:
    tokens = [t for t in view.get("revealed") or [] if isinstance(t, Mapping)]
    if not tokens:
        return 0
    title = "Latest plague"
    per_row = max(1, int(width // TOKEN_CELL))
    most = max(sum(1 for v in (t.get("losses") or {}).values() if int(v) > 0) for t in tokens)
    cell_h = 2 * TOKEN_R + 36 + LOSS_ROW * ((most + 1) // 2)
    rows = (len(tokens) + per_row - 1) // per_row
    if not draw:
        return 30 + rows * cell_h
    canvas.text((x, y), title.upper(), SMALL, fill=MUTED, bold=True)
    regions = view.get("regions") or {}
    for i, token in enumerate(tokens):
        row, col = divmod(i, per_row)
        cx = x + col * TOKEN_CELL + TOKEN_CELL / 2
        top = y + 30 + row * cell_h
        token_face(canvas, (cx, top + TOKEN_R + 2), TOKEN_R, token)
        region = str(token.get("region") or "")
        label = str((regions.get(region) or {}).get("name") or region.title())
        outbreak = bool(token.get("outbreak"))
        canvas.text(
            (cx, top + 2 * TOKEN_R + 16),
            label,
            SMALL,
            fill=ALERT if outbreak else INK,
            bold=True,
            anchor="mm",
            max_width=TOKEN_CELL - 6,
        )
        losses = [
            (seats[int(k)], int(v))
            for k, v in (token.get("losses") or {}).items()
            if int(k) in seats and int(v) > 0
        ]
        chips = [(seat, f"−{lost}") for seat, lost in sorted(losses, key=lambda p: p[0].seat)]
        for line in range(0, len(chips), 2):
            pair = chips[line : line + 2]
            widths = [chip_width(text, small=True) for _, text in pair]
            lx = cx - (sum(widths) + 4 * (len(widths) - 1)) / 2
            ly = top + 2 * TOKEN_R + 30 + (line // 2) * LOSS_ROW
            for (seat, text), width in zip(pair, widths, strict=True):
                cube_chip(canvas, (lx, ly), seat, text, small=True)
                lx += width + 4
    return 30 + rows * cell_h


def _key(view: Mapping[str, Any]) -> str:
    entries = ["▬ border", "┅ sea crossing"]
    regions = [r for r in (view.get("regions") or {}).values() if isinstance(r, Mapping)]
    if view.get("walls") is not None:
        entries.append("▮ wall")
    for key, text in (
        ("nuns", "✝ nun"),
        ("bishops", "♝ bishop"),
        ("potions", "⚗ potion"),
        ("diplomats", "⚑ diplomat"),
    ):
        if any(key in r for r in regions):
            entries.append(text)
    return "   ".join(entries)


def panel_height(
    canvas: Canvas, view: Mapping[str, Any], seats: Mapping[int, Seat], width: float
) -> float:
    return draw_panel(canvas, view, seats, (0, 0, width, 0), draw=False)


def draw_panel(
    canvas: Canvas,
    view: Mapping[str, Any],
    seats: Mapping[int, Seat],
    box: tuple[float, float, float, float],
    draw: bool = True,
) -> float:
    """Everything under the map, from the top of ``box``; returns the height it takes."""
    x0, y0, x1, _ = box
    x, right = x0 + PAD, x1 - PAD
    y = y0 + 4
    for player, number in _players_in_order(view):
        if number in seats:
            y += _player_row(canvas, view, player, seats[number], (x, y, right, 0), draw) + 6
    y += 6
    y += _table_line(canvas, view, x, y, right, draw) + 12
    y += _revealed(canvas, view, seats, x, y, right - x, draw)
    if draw:
        canvas.text((x, y + 4), _key(view), SMALL, fill=MUTED, bold=True, max_width=right - x)
    y += 34
    return y - y0
