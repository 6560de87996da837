"""The text parts of the Rattus picture: the status line above the map, and below it each
player (mark, name, cubes left, palace, cards), the cards beside the board, the rats left, the
goods supply, the tokens of the latest plague and a key to the pieces."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from render.common.canvas import ALERT, GOLD, INK, MUTED, RGB, WHITE, Canvas, text_width
from render.common.frame import ROW_BG, header_band
from render.common.pieces import (
    PIECE_GLYPHS,
    RAT_CHIP_H,
    RAT_R,
    Seat,
    class_colour,
    class_glyph,
    rat_back,
    token_chip,
    token_chip_width,
    token_face,
)
from render.common.text import counted

PAD = 14
ACTIVE_BG: RGB = (255, 236, 170)
RULE: RGB = (214, 200, 172)
HEADER_H = 54
PILL_H = 30

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


PANEL_TEXT = 30
"""Every word under the map: DejaVu Sans Condensed Bold at 30 px has capitals 22 px tall, 8.3 px
on a phone showing the 1002 px wide picture at 380 px, as tall as the region names."""
LINE_H = 42
MARK_BOX = 38
CELL_GAP = 10
BIG_TOKEN_R = 54
"""A face-up rat under the map: its limit is then drawn 30 px tall, as legible as the names."""
BIG_TOKEN_CELL = 160


def _words(canvas: Canvas, at: tuple[float, float], text: str, **kwargs: Any) -> str:
    """Panel text at its one legible size (condensed bold)."""
    kwargs.setdefault("fill", INK)
    kwargs.setdefault("anchor", "lm")
    return canvas.text(at, text, PANEL_TEXT, bold=True, condensed=True, **kwargs)


def words_width(text: str) -> float:
    return text_width(text, PANEL_TEXT, bold=True, condensed=True)


def _head(view: Mapping[str, Any], player: Mapping[str, Any]) -> str:
    """What the first line of a player's row says at its right: cubes left, or the score."""
    bits = [f"{counted(int(player.get('cubes_supply', 0)), 'cube')} left"]
    if view.get("status") == "over":
        score = (view.get("scores") or {}).get(str(player.get("seat")))
        bits = [counted(int(score), "point")] if score is not None else []
    if player.get("palace"):
        bits.append(f"{player['palace']} in palace")
    return " · ".join(bits)


def _stats(view: Mapping[str, Any], player: Mapping[str, Any]) -> str:
    """The second line of a player's row (the expansions' holdings)."""
    bits = []
    if "coins" in player:
        bits.append(counted(int(player["coins"]), "coin"))
    if "hand_count" in player:
        count = int(player["hand_count"] or 0)
        bits.append(counted(count, "region card"))
    if player.get("baker"):
        bits.append(f"{player['baker']} on Baker")
    goods = {str(k): int(v) for k, v in (player.get("goods") or {}).items() if int(v) > 0}
    bits += [f"{kind} ×{count}" for kind, count in sorted(goods.items())]
    return " · ".join(bits)


def _player_lines(view: Mapping[str, Any]) -> int:
    """Lines per player row, from the game's setup: a second one for the expansions' coins,
    goods and region cards (kept even while empty, so the picture keeps its height)."""
    players = [p for p in view.get("players") or [] if isinstance(p, Mapping)]
    extra = any("coins" in p or "hand_count" in p or "goods" in p for p in players)
    return 2 if extra else 1


def row_height(view: Mapping[str, Any]) -> float:
    """The height of each player's row under the map."""
    return 10 + _player_lines(view) * LINE_H


def _player_row(
    canvas: Canvas,
    view: Mapping[str, Any],
    player: Mapping[str, Any],
    seat: Seat,
    box: tuple[float, float, float, float],
    place: int | None,
) -> None:
    """One player's row: mark, name (▶ while deciding, their place once the game is over)
    and what they have."""
    x0, y0, x1, _ = box
    status = view.get("status")
    acting = status != "over" and (
        seat.seat == view.get("active") or seat.seat in (view.get("actors") or [])
    )
    winner = status == "over" and seat.seat in (view.get("winners") or [])
    lit = acting or winner
    canvas.rect(
        (x0, y0, x1, y0 + row_height(view)),
        fill=ACTIVE_BG if lit else ROW_BG,
        outline=GOLD if lit else RULE,
        width=2.5 if lit else 1,
        radius=8,
    )
    mid = y0 + 5 + LINE_H / 2
    mark_box(canvas, (x0 + 8, mid - MARK_BOX / 2), seat)
    head = _head(view, player)
    low = status != "over" and int(player.get("cubes_supply") or 0) <= 3
    head_w = words_width(head)
    left = x0 + 8 + MARK_BOX + 10
    _words(canvas, (x1 - 10, mid), head, fill=ALERT if low else MUTED, anchor="rm")
    name = ("▶ " if acting else f"{place}. " if place is not None else "") + seat.name
    room = max(80.0, x1 - 10 - head_w - 14 - left)
    _words(canvas, (left, mid), name, max_width=room)
    stats = _stats(view, player)
    if stats and _player_lines(view) > 1:
        _words(canvas, (left, mid + LINE_H), stats, fill=MUTED, max_width=x1 - 10 - left)


def mark_box(canvas: Canvas, at: tuple[float, float], seat: Seat) -> None:
    """A seat's colour with its mark letter as tall as the names (a player row, a card's
    holder)."""
    x, y = at
    colour = seat.colour
    canvas.rect(
        (x, y, x + MARK_BOX, y + MARK_BOX), fill=colour.fill, outline=colour.edge, width=2, radius=6
    )
    canvas.text(
        (x + MARK_BOX / 2, y + MARK_BOX / 2 + 0.5),
        seat.mark,
        30,
        fill=colour.text,
        bold=True,
        anchor="mm",
    )


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


def _card_holders(view: Mapping[str, Any]) -> list[tuple[str, int | None]]:
    """Every class card of the game in its fixed order, with the seat holding it (None: it
    lies beside the board). The game's cards never change, so neither does this section."""
    held = {
        str(card): int(p.get("seat", index))
        for index, p in enumerate(view.get("players") or [])
        if isinstance(p, Mapping)
        for card in p.get("cards") or []
    }
    cards = [str(c) for c in view.get("card_info") or {}]
    cards += [
        c for c in [*held, *(str(c) for c in view.get("beside_board") or [])] if c not in cards
    ]
    return [(card, held.get(card)) for card in cards]


def _card_cell_width(view: Mapping[str, Any], cards: Sequence[str]) -> float:
    widest = max((words_width(card_name(view, c)) for c in cards), default=0.0)
    return PILL_H + 6 + 8 + widest + 10 + max(MARK_BOX, words_width("free"))


def _cards_layout(view: Mapping[str, Any], width: float) -> tuple[int, float, int]:
    """(cards, cell width, columns) of the class cards section."""
    cards = [card for card, _ in _card_holders(view)]
    cell = _card_cell_width(view, cards)
    return len(cards), cell, max(1, int((width + CELL_GAP) // (cell + CELL_GAP)))


def cards_height(view: Mapping[str, Any], width: float) -> float:
    """The height of the class cards section (its title and a line per row of cards)."""
    count, _, columns = _cards_layout(view, width)
    if not count:
        return 0.0
    return LINE_H + ((count + columns - 1) // columns) * (LINE_H + 6)


def _draw_cards(
    canvas: Canvas,
    view: Mapping[str, Any],
    seats: Mapping[int, Seat],
    x: float,
    y: float,
    width: float,
) -> None:
    """Each class card: its class colour and symbol, its name, and the mark of whoever holds
    it (free ones say so)."""
    holders = _card_holders(view)
    if not holders:
        return
    _, cell, columns = _cards_layout(view, width)
    _words(canvas, (x, y + LINE_H / 2), "CLASS CARDS", fill=MUTED)
    for index, (card, seat) in enumerate(holders):
        row, col = divmod(index, columns)
        cx, cy = x + col * (cell + CELL_GAP), y + LINE_H + row * (LINE_H + 6)
        name, cls = card_name(view, card), card_class(view, card)
        colour = class_colour(cls)
        r = PILL_H / 2 + 3
        canvas.disc((cx + r, cy + LINE_H / 2), r, fill=colour)
        canvas.text((cx + r, cy + LINE_H / 2 + 0.5), class_glyph(cls), 22, fill=WHITE, anchor="mm")
        _words(canvas, (cx + 2 * r + 8, cy + LINE_H / 2), name)
        after = cx + 2 * r + 8 + words_width(name) + 10
        holder = seats.get(seat) if seat is not None else None
        if holder is not None:
            mark_box(canvas, (after, cy + (LINE_H - MARK_BOX) / 2), holder)
        else:
            _words(canvas, (after, cy + LINE_H / 2), "free", fill=MUTED)


def _table_lines(view: Mapping[str, Any]) -> list[str]:
    """The rats left, the diplomats left and the goods to take, as lines."""
    supply = int(view.get("rat_supply") or 0)
    first = f"{supply} rat{'' if supply == 1 else 's'} left to draw"
    if "diplomats_left" in view:
        first += f" · {PIECE_GLYPHS['diplomat']} {counted(int(view['diplomats_left'] or 0), 'diplomat')} left"
    lines = [first]
    goods = view.get("goods_supply")
    if isinstance(goods, Mapping) and goods:
        parts = [
            f"{kind} {int(n.get('up', 0))}+{int(n.get('down', 0))}"
            for kind, n in goods.items()
            if isinstance(n, Mapping)
        ]
        lines += ["Goods to take (face up + face down):", " · ".join(parts)]
    return lines


def plague_tokens(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The face-up tokens to draw: those of every ravage since the viewer's last move
    (``ravages``, oldest first), or of the latest ravage for a view without them."""
    ravages = [r for r in view.get("ravages") or [] if isinstance(r, Mapping)]
    if "ravages" in view:
        found = [t for r in ravages for t in r.get("tokens") or [] if isinstance(t, Mapping)]
    else:
        found = [t for t in view.get("revealed") or [] if isinstance(t, Mapping)]
    return found


CHIP_GAP = 8
CHIP_ROW = RAT_CHIP_H + 8
"""A line of tokens drawn as chips (``token_chip``) when a plague turned over more than one
row of faces holds: each as legible as the names on a phone."""
FACES_H = 2 * BIG_TOKEN_R + LINE_H


def chip_rows(view: Mapping[str, Any]) -> int:
    """The lines of chips the band always keeps, from the game's setup (a line for every 3
    regions in play and one more, at least 5: 5 lines with 2 to 4 players, 7 with 6), so the
    picture keeps its height. They hold the final ravage of 23 to 25 in 25 seeded random
    games of each setup (random play leaves more rats on the board than players do); a
    plague with more ends the last line with how many more (the text tells each)."""
    regions = sum(
        1
        for region in (view.get("regions") or {}).values()
        if isinstance(region, Mapping) and region.get("in_use", True)
    )
    return max(5, -(-regions // 3) + 1)


def _region_label(view: Mapping[str, Any], region: str) -> str:
    regions = view.get("regions") or {}
    return str((regions.get(region) or {}).get("name") or region.title())


Placed = tuple[str, Any, float, int]
"""(what: "label", "chip" or "more"; its region's name, token or text; x from the band's
left; line)."""


def plague_layout(view: Mapping[str, Any], width: float) -> list[Placed]:
    """The tokens as chips along lines of ``width``: each run of one region's tokens after
    its name (red when it broke out), a name never alone at a line's end. When the lines the
    band keeps (``chip_rows``) cannot hold them all, the last line ends with how many more
    there are (the text tells each)."""
    tokens = plague_tokens(view)
    runs: list[tuple[str, list[Mapping[str, Any]]]] = []
    for token in tokens:
        region = str(token.get("region") or "")
        if runs and runs[-1][0] == region:
            runs[-1][1].append(token)
        else:
            runs.append((region, [token]))
    placed: list[Placed] = []
    x, line = 0.0, 0
    for region, run in runs:
        label = _region_label(view, region)
        label_w = words_width(label) + 10
        first = token_chip_width(run[0])
        if x > 0 and x + label_w + first > width:
            x, line = 0.0, line + 1
        placed.append(("label", label, x, line))
        x += label_w
        for token in run:
            chip = token_chip_width(token)
            if x > 0 and x + chip > width:
                x, line = 0.0, line + 1
            placed.append(("chip", token, x, line))
            x += chip + CHIP_GAP
        x += CHIP_GAP
    rows = chip_rows(view)
    if not placed or placed[-1][3] < rows:
        return placed
    kept = [p for p in placed if p[3] < rows]

    def more() -> str:
        return f"+{len(tokens) - sum(1 for p in kept if p[0] == 'chip')} more"

    def end(p: Placed) -> float:
        if p[0] == "chip":
            return p[2] + token_chip_width(p[1]) + CHIP_GAP
        return p[2] + words_width(str(p[1])) + 10

    while kept and (
        kept[-1][0] == "label"
        or (kept[-1][3] == rows - 1 and end(kept[-1]) + words_width(more()) > width)
    ):
        kept.pop()
    last = kept[-1] if kept else None
    x = end(last) if last is not None and last[3] == rows - 1 else 0.0
    kept.append(("more", more(), x, rows - 1))
    return kept


def revealed_height(view: Mapping[str, Any]) -> float:
    """The height of the latest plagues' band (its title, then a row of faces or the lines
    of chips it keeps): a function of the game's setup."""
    return LINE_H + max(FACES_H, chip_rows(view) * CHIP_ROW) + 8


def _revealed(
    canvas: Canvas,
    view: Mapping[str, Any],
    x: float,
    y: float,
    width: float,
) -> None:
    """The tokens of every plague since the viewer's last move (``plague_tokens``) face up,
    each over its region's name (red when it broke out), while one row holds them; more as
    chips, a line each as tall as the names (``plague_layout``). Who lost what is in the
    text."""
    tokens = plague_tokens(view)
    several = len({str(t.get("region")) for t in tokens}) > 1
    title = "LATEST PLAGUES" if several else "LATEST PLAGUE"
    _words(canvas, (x, y + LINE_H / 2), title, fill=MUTED)
    if not tokens:
        _words(canvas, (x + words_width(title) + 16, y + LINE_H / 2), "none yet", fill=MUTED)
        return
    top = y + LINE_H
    if len(tokens) > max(1, int(width // BIG_TOKEN_CELL)):
        broke = {str(t.get("region")) for t in tokens if t.get("outbreak")}
        names = {
            _region_label(view, str(t.get("region") or "")): str(t.get("region")) for t in tokens
        }
        for what, item, left, line in plague_layout(view, width):
            middle = top + line * CHIP_ROW + CHIP_ROW / 2
            if what == "chip":
                token_chip(canvas, (x + left, middle), item)
            elif what == "label":
                red = names.get(str(item)) in broke
                _words(canvas, (x + left, middle), str(item), fill=ALERT if red else INK)
            else:
                _words(canvas, (x + left, middle), str(item), fill=MUTED)
        return
    regions = view.get("regions") or {}
    for i, token in enumerate(tokens):
        cx = x + i * BIG_TOKEN_CELL + BIG_TOKEN_CELL / 2
        token_face(canvas, (cx, top + BIG_TOKEN_R + 2), BIG_TOKEN_R, token)
        region = str(token.get("region") or "")
        label = str((regions.get(region) or {}).get("name") or region.title())
        canvas.text(
            (cx, top + 2 * BIG_TOKEN_R + LINE_H / 2 + 2),
            label,
            PANEL_TEXT,
            fill=ALERT if token.get("outbreak") else INK,
            bold=True,
            condensed=True,
            anchor="mm",
            max_width=BIG_TOKEN_CELL - 6,
        )


def _key_entries(view: Mapping[str, Any]) -> list[str]:
    entries = ["▬ border", "┅ sea crossing"]
    regions = [r for r in (view.get("regions") or {}).values() if isinstance(r, Mapping)]
    if view.get("walls") is not None:
        entries.append("▮ wall")
    for key, piece in (
        ("nuns", "nun"),
        ("bishops", "bishop"),
        ("potions", "potion"),
        ("diplomats", "diplomat"),
    ):
        if any(key in r for r in regions):
            entries.append(f"{PIECE_GLYPHS[piece]} {piece}")
    return entries


def key_lines(view: Mapping[str, Any], width: float) -> list[str]:
    """The key to the pieces, as the lines it takes at the bottom of the picture."""
    lines: list[str] = []
    for entry in _key_entries(view):
        if lines and words_width(lines[-1] + "   " + entry) <= width:
            lines[-1] += "   " + entry
        else:
            lines.append(entry)
    return lines


def panel_height(
    canvas: Canvas, view: Mapping[str, Any], seats: Mapping[int, Seat], width: float
) -> float:
    """The height under the map: a function of the game's setup (its players, expansions and
    cards), never of the moment, so the picture keeps its height all game long."""
    inner = width - 2 * PAD
    players = sum(1 for _, seat in _players_in_order(view) if seat in seats)
    return (
        4
        + players * (row_height(view) + 6)
        + 6
        + cards_height(view, inner)
        + 8
        + len(_table_lines(view)) * LINE_H
        + 8
        + revealed_height(view)
        + len(key_lines(view, inner)) * LINE_H
        + 8
    )


def draw_panel(
    canvas: Canvas,
    view: Mapping[str, Any],
    seats: Mapping[int, Seat],
    box: tuple[float, float, float, float],
) -> float:
    """Everything under the map, from the top of ``box``; returns the height it takes."""
    x0, y0, x1, _ = box
    x, right = x0 + PAD, x1 - PAD
    y = y0 + 4
    ranked = view.get("status") == "over" and bool(view.get("ranking"))
    for place, (player, number) in enumerate(_players_in_order(view), start=1):
        if number in seats:
            row = (x, y, right, 0)
            _player_row(canvas, view, player, seats[number], row, place if ranked else None)
            y += row_height(view) + 6
    y += 6
    _draw_cards(canvas, view, seats, x, y, right - x)
    y += cards_height(view, right - x) + 8
    for index, line in enumerate(_table_lines(view)):
        if index == 0:
            rat_back(canvas, (x + RAT_R, y + LINE_H / 2))
            _words(canvas, (x + 2 * RAT_R + 10, y + LINE_H / 2), line, max_width=right - x - 40)
        else:
            _words(canvas, (x, y + LINE_H / 2), line, fill=MUTED, max_width=right - x)
        y += LINE_H
    y += 8
    _revealed(canvas, view, x, y, right - x)
    y += revealed_height(view)
    for line in key_lines(view, right - x):
        _words(canvas, (x, y + LINE_H / 2), line, fill=MUTED, max_width=right - x)
        y += LINE_H
    y += 8
    return y - y0
