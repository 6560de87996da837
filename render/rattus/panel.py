"""The text parts of the Rattus picture: the status line above the map, and below it each
player (mark, name, cubes left, palace, cards), the cards beside the board, the rats left, the
goods supply, the tokens of the latest plague and a key to the pieces."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import lang
from engine.rattus.view_types import RattusPlayer, RattusView, Revealed
from engine.text import N_
from render.common.canvas import Canvas, text_width
from render.common.colours import ALERT, INK, MUTED, WHITE
from render.common.frame import header_band, mark_box, row_box
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
from render.rattus.tile_pieces import goods_name

PAD = 14
HEADER_H = 54
PILL_H = 30

STATUS_TITLES = {
    "placement": N_("Setting up"),
    "playing": N_("Turn {turn}"),
    "final_round": N_("Final round"),
    "final_ravage": N_("The final plague"),
    "over": N_("Game over"),
}


def card_name(view: RattusView, card: str, tr: lang.Texts) -> str:
    info = view.get("card_info", {}).get(card)
    return tr.shown(info["name"] if info else card.replace("_", " ").title())


def card_class(view: RattusView, card: str) -> str:
    info = view.get("card_info", {}).get(card)
    return info["class"] if info else ""


def status_line(view: RattusView, seats: Mapping[int, Seat], tr: lang.Texts) -> tuple[str, str]:
    """Who the line is about and what they do, kept apart so a long name never hides the verb."""
    status = str(view.get("status") or "")
    active = view.get("active")
    who = seats[int(active)].name if active is not None and int(active) in seats else ""
    if status == "over":
        winners = [seats[int(s)].name for s in view.get("winners") or [] if int(s) in seats]
        if not winners:
            return "", tr("The game has ended")
        if len(winners) == 1:
            # i18n: after the winner's name, drawn on the picture ("Anna wins")
            return winners[0], tr("wins")
        both = tr("{first} and {last}", first=", ".join(winners[:-1]), last=winners[-1])
        # i18n: after the winners' names, drawn on the picture ("Anna and Ben share the win")
        return both, tr("share the win")
    if status == "final_ravage":
        return "", tr("The plague ravages every region")
    if not who:
        return "", ""
    if status == "placement":
        # i18n: after a player's name, drawn on the picture ("Anna places starting cubes")
        return who, tr("places starting cubes")
    # i18n: after a player's name, drawn on the picture ("Anna to play")
    return who, tr("to play")


def status_title(view: RattusView, tr: lang.Texts) -> str:
    """What the status pill says: the stage, or the turn."""
    status = str(view.get("status") or "")
    title = STATUS_TITLES.get(status)
    if title is None:  # a stage this picture does not know: its name, as data
        return status.replace("_", " ").title()
    return tr.say(lang.msg(title, turn=int(view.get("turn") or 0)))


def draw_header(
    canvas: Canvas,
    view: RattusView,
    seats: Mapping[int, Seat],
    width: float,
    tr: lang.Texts,
) -> None:
    """The status pill and who is to play, across the top of the picture."""
    status = str(view.get("status") or "")
    title = status_title(view, tr)
    pill = (
        ALERT
        if status in ("final_round", "final_ravage")
        else (INK if status == "over" else (60, 90, 60))
    )
    header_band(canvas, title, pill, *status_line(view, seats, tr), width)


PANEL_TEXT = 30
"""Every word under the map: DejaVu Sans Condensed Bold at 30 px has capitals 22 px tall, 8.3 px
on a phone showing the 1002 px wide picture at 380 px, as tall as the region names."""
LINE_H = 42
MARK_BOX = 38
MARK_TEXT = 30
"""A seat's mark letter in its box, as tall as the names."""
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


def _head(view: RattusView, player: RattusPlayer, tr: lang.Texts) -> str:
    """What the first line of a player's row says at its right: cubes left, or the score."""
    left = int(player.get("cubes_supply", 0))
    bits = [tr.plural("{n} cube left", "{n} cubes left", left)]
    if view.get("status") == "over":
        score = (view.get("scores") or {}).get(str(player.get("seat")))
        bits = [tr.plural("{n} point", "{n} points", int(score))] if score is not None else []
    if player.get("palace"):
        # i18n: cubes of a player in the palace, on the picture
        bits.append(tr("{n} in palace", n=int(player["palace"])))
    return " · ".join(bits)


def _stats(view: RattusView, player: RattusPlayer, tr: lang.Texts) -> str:
    """The second line of a player's row (the expansions' holdings)."""
    bits = []
    if "coins" in player:
        bits.append(tr.plural("{n} coin", "{n} coins", int(player["coins"])))
    if "hand_count" in player:
        count = int(player["hand_count"] or 0)
        bits.append(tr.plural("{n} region card", "{n} region cards", count))
    if player.get("baker"):
        # i18n: cubes of a player on the Pied Piper's Baker card, on the picture
        bits.append(tr("{n} on Baker", n=int(player["baker"])))
    goods = {str(k): int(v) for k, v in (player.get("goods") or {}).items() if int(v) > 0}
    bits += [f"{goods_name(kind, tr)} ×{count}" for kind, count in sorted(goods.items())]
    return " · ".join(bits)


def _player_lines(view: RattusView) -> int:
    """Lines per player row, from the game's setup: a second one for the expansions' coins,
    goods and region cards (kept even while empty, so the picture keeps its height)."""
    players = view.get("players", [])
    extra = any("coins" in p or "hand_count" in p or "goods" in p for p in players)
    return 2 if extra else 1


def row_height(view: RattusView) -> float:
    """The height of each player's row under the map."""
    return 10 + _player_lines(view) * LINE_H


def _player_row(
    canvas: Canvas,
    view: RattusView,
    player: RattusPlayer,
    seat: Seat,
    box: tuple[float, float, float, float],
    place: int | None,
    tr: lang.Texts,
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
    row_box(canvas, (x0, y0, x1, y0 + row_height(view)), lit)
    mid = y0 + 5 + LINE_H / 2
    mark_box(canvas, (x0 + 8, mid - MARK_BOX / 2), seat, MARK_BOX, MARK_TEXT)
    head = _head(view, player, tr)
    low = status != "over" and int(player.get("cubes_supply") or 0) <= 3
    head_w = words_width(head)
    left = x0 + 8 + MARK_BOX + 10
    _words(canvas, (x1 - 10, mid), head, fill=ALERT if low else MUTED, anchor="rm")
    name = ("▶ " if acting else f"{place}. " if place is not None else "") + seat.name
    room = max(80.0, x1 - 10 - head_w - 14 - left)
    _words(canvas, (left, mid), name, max_width=room)
    stats = _stats(view, player, tr)
    if stats and _player_lines(view) > 1:
        _words(canvas, (left, mid + LINE_H), stats, fill=MUTED, max_width=x1 - 10 - left)


def _players_in_order(view: RattusView) -> list[tuple[RattusPlayer, int]]:
    """(player, seat) in seat order, or best first once the game is over."""
    players = [(p, int(p.get("seat", index))) for index, p in enumerate(view.get("players", []))]
    ranking = [int(s) for s in view.get("ranking") or []]
    if view.get("status") == "over" and ranking:
        place = {seat: i for i, seat in enumerate(ranking)}
        players.sort(key=lambda pair: place.get(pair[1], len(place)))
    return players


def _card_holders(view: RattusView) -> list[tuple[str, int | None]]:
    """Every class card of the game in its fixed order, with the seat holding it (None: it
    lies beside the board). The game's cards never change, so neither does this section."""
    held = {
        str(card): int(p.get("seat", index))
        for index, p in enumerate(view.get("players", []))
        for card in p.get("cards") or []
    }
    cards = [str(c) for c in view.get("card_info") or {}]
    cards += [
        c for c in [*held, *(str(c) for c in view.get("beside_board") or [])] if c not in cards
    ]
    return [(card, held.get(card)) for card in cards]


def _card_cell_width(view: RattusView, cards: Sequence[str], tr: lang.Texts) -> float:
    widest = max((words_width(card_name(view, c, tr)) for c in cards), default=0.0)
    # i18n: a class card nobody holds, on the picture (a word, as short as can be)
    return PILL_H + 6 + 8 + widest + 10 + max(MARK_BOX, words_width(tr("free")))


def _cards_layout(view: RattusView, width: float, tr: lang.Texts) -> tuple[int, float, int]:
    """(cards, cell width, columns) of the class cards section."""
    cards = [card for card, _ in _card_holders(view)]
    cell = _card_cell_width(view, cards, tr)
    return len(cards), cell, max(1, int((width + CELL_GAP) // (cell + CELL_GAP)))


def cards_height(view: RattusView, width: float, tr: lang.Texts) -> float:
    """The height of the class cards section (its title and a line per row of cards)."""
    count, _, columns = _cards_layout(view, width, tr)
    if not count:
        return 0.0
    return LINE_H + ((count + columns - 1) // columns) * (LINE_H + 6)


def _draw_cards(
    canvas: Canvas,
    view: RattusView,
    seats: Mapping[int, Seat],
    x: float,
    y: float,
    width: float,
    tr: lang.Texts,
) -> None:
    """Each class card: its class colour and symbol, its name, and the mark of whoever holds
    it (free ones say so)."""
    holders = _card_holders(view)
    if not holders:
        return
    _, cell, columns = _cards_layout(view, width, tr)
    # i18n: a heading on the picture, in capitals
    _words(canvas, (x, y + LINE_H / 2), tr("CLASS CARDS"), fill=MUTED)
    for index, (card, seat) in enumerate(holders):
        row, col = divmod(index, columns)
        cx, cy = x + col * (cell + CELL_GAP), y + LINE_H + row * (LINE_H + 6)
        name, cls = card_name(view, card, tr), card_class(view, card)
        colour = class_colour(cls)
        r = PILL_H / 2 + 3
        canvas.disc((cx + r, cy + LINE_H / 2), r, fill=colour)
        canvas.text((cx + r, cy + LINE_H / 2 + 0.5), class_glyph(cls), 22, fill=WHITE, anchor="mm")
        _words(canvas, (cx + 2 * r + 8, cy + LINE_H / 2), name)
        after = cx + 2 * r + 8 + words_width(name) + 10
        holder = seats.get(seat) if seat is not None else None
        if holder is not None:
            mark_box(canvas, (after, cy + (LINE_H - MARK_BOX) / 2), holder, MARK_BOX, MARK_TEXT)
        else:
            _words(canvas, (after, cy + LINE_H / 2), tr("free"), fill=MUTED)


def _table_lines(view: RattusView, tr: lang.Texts) -> list[str]:
    """The rats left, the diplomats left and the goods to take, as lines."""
    supply = int(view.get("rat_supply") or 0)
    first = tr.plural("{n} rat left to draw", "{n} rats left to draw", supply)
    if "diplomats_left" in view:
        left = int(view["diplomats_left"] or 0)
        diplomats = tr.plural("{n} diplomat left", "{n} diplomats left", left)
        first += f" · {PIECE_GLYPHS['diplomat']} {diplomats}"
    lines = [first]
    goods = view.get("goods_supply")
    if goods:
        parts = [
            f"{goods_name(kind, tr)} {int(n.get('up', 0))}+{int(n.get('down', 0))}"
            for kind, n in goods.items()
        ]
        lines += [tr("Goods to take (face up + face down):"), " · ".join(parts)]
    return lines


def plague_tokens(view: RattusView) -> list[Revealed]:
    """The face-up tokens to draw: those of every ravage since the viewer's last move
    (``ravages``, oldest first), or of the latest ravage for a view without them."""
    if "ravages" in view:
        return [token for ravage in view["ravages"] for token in ravage["tokens"]]
    return list(view.get("revealed", []))


CHIP_GAP = 8
CHIP_ROW = RAT_CHIP_H + 8
"""A line of tokens drawn as chips (``token_chip``) when a plague turned over more than one
row of faces holds: each as legible as the names on a phone."""
FACES_H = 2 * BIG_TOKEN_R + LINE_H


def chip_rows(view: RattusView) -> int:
    """The lines of chips the band always keeps, from the game's setup (a line for every 3
    regions in play and one more, at least 5: 5 lines with 2 to 4 players, 7 with 6), so the
    picture keeps its height. They hold the final ravage of 23 to 25 in 25 seeded random
    games of each setup (random play leaves more rats on the board than players do); a
    plague with more ends the last line with how many more (the text tells each)."""
    regions = sum(1 for region in view.get("regions", {}).values() if region.get("in_use", True))
    return max(5, -(-regions // 3) + 1)


def region_label(view: RattusView, region: str, tr: lang.Texts) -> str:
    """A region's name as the picture writes it."""
    shown = view.get("regions", {}).get(region)
    return tr.shown(shown["name"] if shown else region.title())


Placed = tuple[str, Any, float, int]
"""(what: "label", "chip" or "more"; its region's name, token or text; x from the band's
left; line)."""


def plague_layout(view: RattusView, width: float, tr: lang.Texts) -> list[Placed]:
    """The tokens as chips along lines of ``width``: each run of one region's tokens after
    its name (red when it broke out), a name never alone at a line's end. When the lines the
    band keeps (``chip_rows``) cannot hold them all, the last line ends with how many more
    there are (the text tells each)."""
    tokens = plague_tokens(view)
    runs: list[tuple[str, list[Revealed]]] = []
    for token in tokens:
        region = str(token.get("region") or "")
        if runs and runs[-1][0] == region:
            runs[-1][1].append(token)
        else:
            runs.append((region, [token]))
    placed: list[Placed] = []
    x, line = 0.0, 0
    for region, run in runs:
        label = region_label(view, region, tr)
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
        # i18n: ends the last line of tokens when more were turned over than it holds
        return tr("+{n} more", n=len(tokens) - sum(1 for p in kept if p[0] == "chip"))

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


def revealed_height(view: RattusView) -> float:
    """The height of the latest plagues' band (its title, then a row of faces or the lines
    of chips it keeps): a function of the game's setup."""
    return LINE_H + max(FACES_H, chip_rows(view) * CHIP_ROW) + 8


def _revealed(
    canvas: Canvas,
    view: RattusView,
    x: float,
    y: float,
    width: float,
    tr: lang.Texts,
) -> None:
    """The tokens of every plague since the viewer's last move (``plague_tokens``) face up,
    each over its region's name (red when it broke out), while one row holds them; more as
    chips, a line each as tall as the names (``plague_layout``). Who lost what is in the
    text."""
    tokens = plague_tokens(view)
    several = len({str(t.get("region")) for t in tokens}) > 1
    # i18n: headings on the picture, in capitals
    title = tr("LATEST PLAGUES") if several else tr("LATEST PLAGUE")
    _words(canvas, (x, y + LINE_H / 2), title, fill=MUTED)
    if not tokens:
        none = tr("none yet")
        _words(canvas, (x + words_width(title) + 16, y + LINE_H / 2), none, fill=MUTED)
        return
    top = y + LINE_H
    if len(tokens) > max(1, int(width // BIG_TOKEN_CELL)):
        broke = {str(t.get("region")) for t in tokens if t.get("outbreak")}
        names = {
            region_label(view, str(t.get("region") or ""), tr): str(t.get("region")) for t in tokens
        }
        for what, item, left, line in plague_layout(view, width, tr):
            middle = top + line * CHIP_ROW + CHIP_ROW / 2
            if what == "chip":
                token_chip(canvas, (x + left, middle), item)
            elif what == "label":
                red = names.get(str(item)) in broke
                _words(canvas, (x + left, middle), str(item), fill=ALERT if red else INK)
            else:
                _words(canvas, (x + left, middle), str(item), fill=MUTED)
        return
    for i, token in enumerate(tokens):
        cx = x + i * BIG_TOKEN_CELL + BIG_TOKEN_CELL / 2
        token_face(canvas, (cx, top + BIG_TOKEN_R + 2), BIG_TOKEN_R, token)
        label = region_label(view, str(token.get("region") or ""), tr)
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


KEY_PIECES = (
    ("nuns", "nun", N_("nun")),
    ("bishops", "bishop", N_("bishop")),
    ("potions", "potion", N_("potion")),
    ("diplomats", "diplomat", N_("diplomat")),
)
"""The expansion pieces the key names when the game has them: (the regions' key, the
piece, its name)."""


def _key_entries(view: RattusView, tr: lang.Texts) -> list[str]:
    # i18n: the key to the map's lines, under the picture
    border, sea = tr("border"), tr("sea crossing")
    entries = [f"▬ {border}", f"┅ {sea}"]
    regions = list(view.get("regions", {}).values())
    if view.get("walls") is not None:
        wall = tr("wall")
        entries.append(f"▮ {wall}")
    for key, piece, name in KEY_PIECES:
        if any(key in r for r in regions):
            entries.append(f"{PIECE_GLYPHS[piece]} {tr.say(name)}")
    return entries


def key_lines(view: RattusView, width: float, tr: lang.Texts) -> list[str]:
    """The key to the pieces, as the lines it takes at the bottom of the picture."""
    lines: list[str] = []
    for entry in _key_entries(view, tr):
        if lines and words_width(lines[-1] + "   " + entry) <= width:
            lines[-1] += "   " + entry
        else:
            lines.append(entry)
    return lines


def panel_height(
    view: RattusView, seats: Mapping[int, Seat], width: float, tr: lang.Texts
) -> float:
    """The height under the map: a function of the game's setup (its players, expansions and
    cards), never of the moment, so the picture keeps its height all game long."""
    inner = width - 2 * PAD
    players = sum(1 for _, seat in _players_in_order(view) if seat in seats)
    return (
        4
        + players * (row_height(view) + 6)
        + 6
        + cards_height(view, inner, tr)
        + 8
        + len(_table_lines(view, tr)) * LINE_H
        + 8
        + revealed_height(view)
        + len(key_lines(view, inner, tr)) * LINE_H
        + 8
    )


def draw_panel(
    canvas: Canvas,
    view: RattusView,
    seats: Mapping[int, Seat],
    box: tuple[float, float, float, float],
    tr: lang.Texts,
) -> float:
    """Everything under the map, from the top of ``box``; returns the height it takes."""
    x0, y0, x1, _ = box
    x, right = x0 + PAD, x1 - PAD
    y = y0 + 4
    ranked = view.get("status") == "over" and bool(view.get("ranking"))
    for place, (player, number) in enumerate(_players_in_order(view), start=1):
        if number in seats:
            row = (x, y, right, 0)
            _player_row(canvas, view, player, seats[number], row, place if ranked else None, tr)
            y += row_height(view) + 6
    y += 6
    _draw_cards(canvas, view, seats, x, y, right - x, tr)
    y += cards_height(view, right - x, tr) + 8
    for index, line in enumerate(_table_lines(view, tr)):
        if index == 0:
            rat_back(canvas, (x + RAT_R, y + LINE_H / 2))
            _words(canvas, (x + 2 * RAT_R + 10, y + LINE_H / 2), line, max_width=right - x - 40)
        else:
            _words(canvas, (x, y + LINE_H / 2), line, fill=MUTED, max_width=right - x)
        y += LINE_H
    y += 8
    _revealed(canvas, view, x, y, right - x, tr)
    y += revealed_height(view)
    for line in key_lines(view, right - x, tr):
        _words(canvas, (x, y + LINE_H / 2), line, fill=MUTED, max_width=right - x)
        y += LINE_H
    y += 8
    return y - y0
