"""``cartus_table(view)``: the Rattus Cartus table as a picture made to be read on a phone.

From top to bottom: the round and whose move it is; the round's buildings in resolving order,
each with its supply action and the discs that entered it (in entering order, with how many
cards went in face down, and the cards once revealed); the six influence tracks with every
disc on its space, stacked in order (the lowest disc wins a tie); the Nun-row (face down, and
face up only for a card the viewer looked at, so only in that player's own picture); and each
player's public counts (hand, victory point tokens, and in their own picture their rats and
hand). A function of the view alone: it never sees what the view hides.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache, partial
from typing import Any

from PIL import Image

from render.canvas import ALERT, GOLD, INK, MUTED, RGB, WHITE, Canvas, Point, encode_png, mix
from render.canvas import text_width as width_of
from render.palette import rattus_palette
from render.pieces import CHIP_H, Seat, chip_width, class_colour, class_glyph, cube_chip
from render.rattus_board import seats_of
from render.rattus_panel import PANEL_BG, ROW_BG, SMALL, TEXT, header_band

WIDTH = 1002
PAD = 12
GAP = 12
NAME_SIZE = 31
"""Building names in DejaVu Sans Condensed Bold, as tall on a phone as Rattus region names."""
CLASS_ORDER = ("peasantry", "bourgeoisie", "church", "chivalry", "magic", "royalty")
TRACK_H = 58
TRACK_LEFT = PAD + 206
DISC_R = 15
STACK_STEP = (13, -7)
"""Each disc higher in a stack sits this far right and up, so every disc of it shows."""
ENTRIES_TOP = 86
CARD_W, CARD_H = 150, 74
SPECIAL_GLYPHS = {"joker": "★", "sword": "⚔", "flute": "♪", "pass": "↷", "gold": "◉"}
STATUS_TITLES = {
    "supply": "Supply",
    "enter": "Entering",
    "resolve": "Resolving",
    "over": "Game over",
}


def _class_name(cls: str) -> str:
    return cls.title()


def _card_glyph(kind: str) -> str:
    return SPECIAL_GLYPHS.get(kind) or class_glyph(kind)


def _card_colour(kind: str) -> RGB:
    return class_colour(kind) if kind in CLASS_ORDER else (90, 84, 76)


def _status(view: Mapping[str, Any], seats: Mapping[int, Seat]) -> tuple[str, RGB, str, str]:
    status = str(view.get("status") or "")
    round_no, rounds = int(view.get("round") or 0), int(view.get("rounds") or 0)
    title = f"Round {round_no}/{rounds}" if status != "over" else "Game over"
    pill: RGB = ALERT if view.get("final_round") else (INK if status == "over" else (60, 90, 60))
    if status == "over":
        winners = [seats[int(s)].name for s in view.get("winners") or [] if int(s) in seats]
        return title, pill, " and ".join(winners), ("wins" if len(winners) == 1 else "win")
    active = view.get("active")
    phase = STATUS_TITLES.get(status, status.title())
    if active is None:
        chosen = view.get("supply_chosen")
        if chosen is not None:
            return title, pill, "", f"{phase}: everyone chooses ({len(chosen)} done)"
        return title, pill, "", phase
    who = seats[int(active)].name if int(active) in seats else ""
    return title, pill, who, f"to play · {phase}"


def _building_height(building: Mapping[str, Any], width: float) -> float:
    entries = list(building.get("entries") or [])
    per_line = max(1, int((width - 2 * PAD) // (chip_width("9", False) + 60)))
    lines = (len(entries) + per_line - 1) // per_line if entries else 1
    return ENTRIES_TOP + lines * (CHIP_H + 8) + 4


def _entry_text(entry: Mapping[str, Any]) -> str:
    cards = entry.get("cards")
    if isinstance(cards, Mapping) and cards:
        return " ".join(
            f"{_card_glyph(str(k))}{int(v)}" for k, v in sorted(cards.items()) if int(v)
        )
    return f"{int(entry.get('count') or 0)} face down"


def _draw_building(
    canvas: Canvas, building: Mapping[str, Any], seats: Mapping[int, Seat], box: tuple[float, ...]
) -> None:
    x0, y0, x1, _ = box
    cls = str(building.get("class") or "")
    colour = class_colour(cls)
    canvas.rect(
        box, fill=mix(colour, WHITE, 0.86), outline=mix(colour, INK, 0.3), width=2, radius=12
    )
    canvas.rect((x0 + 2, y0 + 2, x1 - 2, y0 + 42), fill=mix(colour, WHITE, 0.6), radius=10)
    canvas.text(
        (x0 + 10, y0 + 22), f"{building.get('place', '')}.", 22, fill=INK, bold=True, anchor="lm"
    )
    canvas.text(
        ((x0 + x1) / 2 + 8, y0 + 21),
        str(building.get("name") or building.get("building") or "?"),
        NAME_SIZE,
        fill=INK,
        bold=True,
        condensed=True,
        anchor="mm",
        max_width=x1 - x0 - 60,
    )
    canvas.text((x1 - 12, y0 + 22), class_glyph(cls), 22, fill=colour, anchor="rm")
    canvas.text(
        (x0 + 10, y0 + 58),
        "Supply: " + str(building.get("supply_text") or ""),
        SMALL,
        fill=MUTED,
        bold=True,
        max_width=x1 - x0 - 20,
    )
    x, y = x0 + PAD, y0 + ENTRIES_TOP
    entries = [e for e in building.get("entries") or [] if isinstance(e, Mapping)]
    if not entries:
        canvas.text((x, y + CHIP_H / 2), "nobody yet", SMALL, fill=MUTED, anchor="lm")
    for entry in entries:
        seat = seats.get(int(entry.get("seat", -1)))
        if seat is None:
            continue
        count = str(int(entry.get("count") or 0))
        label = _entry_text(entry)
        need = chip_width(count) + 6 + width_of(label, SMALL, bold=True) + 14
        if x > x0 + PAD and x + need > x1 - PAD:
            x, y = x0 + PAD, y + CHIP_H + 8
        cube_chip(canvas, (x, y), seat, count)
        text_x = x + chip_width(count) + 6
        ink = GOLD if entry.get("premium") else INK
        star = "★ " if entry.get("premium") else ""
        canvas.text((text_x, y + CHIP_H / 2), star + label, SMALL, fill=ink, bold=True, anchor="lm")
        x += need


def _buildings(
    canvas: Canvas, view: Mapping[str, Any], seats: Mapping[int, Seat], top: float, draw: bool
) -> float:
    row = [b for b in view.get("row") or [] if isinstance(b, Mapping)]
    if not row:
        return 0
    cols = 2 if len(row) > 1 else 1
    width = (WIDTH - 2 * PAD - (cols - 1) * GAP) / cols
    y = top
    for start in range(0, len(row), cols):
        line = row[start : start + cols]
        height = max(_building_height(b, width) for b in line)
        for i, building in enumerate(line):
            x = PAD + i * (width + GAP)
            if draw:
                _draw_building(canvas, building, seats, (x, y, x + width, y + height))
        y += height + GAP
    return y - top


def disc_centres(view: Mapping[str, Any], top: float) -> dict[str, list[tuple[int, int, Point]]]:
    """Where each disc of each influence track is drawn: class -> [(seat, stack, centre)].
    A disc higher in a stack is drawn higher up (the lowest, which wins a tie, at the bottom)."""
    tracks = view.get("influence") or {}
    most = max([10] + [int(d.get("points") or 0) for discs in tracks.values() for d in discs or []])
    left, right = TRACK_LEFT, WIDTH - PAD - DISC_R - 2 * STACK_STEP[0] - 4
    step = (right - left) / most
    out: dict[str, list[tuple[int, int, Point]]] = {}
    for index, cls in enumerate(CLASS_ORDER):
        baseline = top + index * TRACK_H + TRACK_H - DISC_R - 6
        out[cls] = [
            (
                int(d.get("seat", -1)),
                int(d.get("stack") or 0),
                (
                    left
                    + int(d.get("points") or 0) * step
                    + int(d.get("stack") or 0) * STACK_STEP[0],
                    baseline + int(d.get("stack") or 0) * STACK_STEP[1],
                ),
            )
            for d in tracks.get(cls) or []
            if isinstance(d, Mapping)
        ]
    return out


def _disc(seat: Seat, canvas: Canvas, at: Point) -> None:
    x, y = at[0] + DISC_R, at[1] + DISC_R
    canvas.disc((x + 1, y + 2), DISC_R, fill=(0, 0, 0, 70))
    canvas.disc((x, y), DISC_R, fill=seat.colour.fill, outline=seat.colour.edge, width=2)
    canvas.text((x, y + 0.5), seat.mark, 18, fill=seat.colour.text, bold=True, anchor="mm")


def _tracks(
    canvas: Canvas, view: Mapping[str, Any], seats: Mapping[int, Seat], top: float, draw: bool
) -> float:
    height = 6 * TRACK_H + 8
    if not draw:
        return height
    tracks = view.get("influence") or {}
    most = max([10] + [int(d.get("points") or 0) for ds in tracks.values() for d in ds or []])
    left, right = TRACK_LEFT, WIDTH - PAD - DISC_R - 2 * STACK_STEP[0] - 4
    step = (right - left) / most
    for index, cls in enumerate(CLASS_ORDER):
        y = top + index * TRACK_H
        colour = class_colour(cls)
        canvas.rect(
            (PAD, y + 3, WIDTH - PAD, y + TRACK_H - 3), fill=mix(colour, WHITE, 0.85), radius=8
        )
        canvas.text((PAD + 10, y + TRACK_H / 2), class_glyph(cls), 24, fill=colour, anchor="lm")
        canvas.text(
            (PAD + 42, y + TRACK_H / 2), _class_name(cls), TEXT, fill=INK, bold=True, anchor="lm"
        )
        base = y + TRACK_H - DISC_R - 6
        for point in range(most + 1):
            px = left + point * step
            canvas.line([(px, base - 4), (px, base + 4)], fill=mix(colour, INK, 0.3), width=1)
            if point % 5 == 0:
                canvas.text((px, y + 10), str(point), 14, fill=MUTED, bold=True, anchor="mm")
    for discs in disc_centres(view, top).values():
        for seat_no, _, (cx, cy) in sorted(discs, key=lambda d: d[1]):
            seat = seats.get(seat_no)
            if seat is not None:
                canvas.stamp(
                    (cx - DISC_R, cy - DISC_R),
                    (2 * DISC_R, 2 * DISC_R),
                    ("disc", seat.colour, seat.mark),
                    partial(_disc, seat),
                )
    return height


def _nun_card(card: Mapping[str, Any] | None, place: int, canvas: Canvas, at: Point) -> None:
    x, y = at
    box = (x, y, x + CARD_W, y + CARD_H)
    if card is None:
        canvas.rect(box, fill=(88, 52, 84), outline=(214, 190, 150), width=2, radius=8)
        canvas.text(
            (x + CARD_W / 2, y + CARD_H / 2),
            f"✝ {place}",
            26,
            fill=(214, 190, 150),
            bold=True,
            anchor="mm",
        )
        return
    kind = str(card.get("type") or "")
    colour = _card_colour(kind)
    canvas.rect(box, fill=mix(colour, WHITE, 0.8), outline=GOLD, width=3, radius=8)
    canvas.text((x + 10, y + 22), f"{place} · seen", 16, fill=MUTED, bold=True, anchor="lm")
    canvas.text(
        (x + 10, y + 52),
        f"{_card_glyph(kind)} {kind.title()}",
        20,
        fill=INK,
        bold=True,
        anchor="lm",
    )
    canvas.text(
        (x + CARD_W - 10, y + 22),
        f"✝{int(card.get('nuns') or 0)}",
        18,
        fill=INK,
        bold=True,
        anchor="rm",
    )


def nun_row_boxes(view: Mapping[str, Any], top: float) -> list[tuple[float, float, float, float]]:
    """Where each Nun-row card is drawn, in place order."""
    cards = list(view.get("nun_row") or [])
    gap = (WIDTH - 2 * PAD - 5 * CARD_W) / 4
    return [
        (PAD + i * (CARD_W + gap), top + 30, PAD + i * (CARD_W + gap) + CARD_W, top + 30 + CARD_H)
        for i in range(len(cards))
    ]


def _nun_row(canvas: Canvas, view: Mapping[str, Any], top: float, draw: bool) -> float:
    cards = [c for c in view.get("nun_row") or [] if isinstance(c, Mapping)]
    if not cards:
        return 0
    if draw:
        canvas.text((PAD, top + 4), "NUN-ROW", SMALL, fill=MUTED, bold=True)
        for card, box in zip(cards, nun_row_boxes(view, top), strict=True):
            face = card.get("card") if isinstance(card.get("card"), Mapping) else None
            key = ("nun card", json.dumps(face, sort_keys=True), int(card.get("place") or 0))
            canvas.stamp(
                box[:2],
                (CARD_W, CARD_H),
                key,
                partial(_nun_card, face, int(card.get("place") or 0)),
            )
    return 30 + CARD_H + GAP


def _player_line(view: Mapping[str, Any], player: Mapping[str, Any]) -> str:
    hand, tokens = int(player.get("hand_count") or 0), int(player.get("vp_tokens") or 0)
    bits = [
        f"{hand} card{'' if hand == 1 else 's'} in hand",
        f"{tokens} VP token{'' if tokens == 1 else 's'}",
    ]
    if player.get("rats") is not None:
        bits.append(f"{int(player['rats'])} rats")
    if view.get("status") == "over":
        score = (view.get("scores") or {}).get(str(player.get("seat")))
        if score is not None:
            bits.insert(0, f"{score} points")
    return " · ".join(bits)


def _players(
    canvas: Canvas, view: Mapping[str, Any], seats: Mapping[int, Seat], top: float, draw: bool
) -> float:
    y = top
    chosen = view.get("supply_chosen")
    for player in view.get("players") or []:
        seat = seats.get(int(player.get("seat", -1)))
        if seat is None:
            continue
        hand = player.get("hand") if isinstance(player.get("hand"), Mapping) else None
        height = 46 + (30 if hand else 0)
        if draw:
            acting = seat.seat in (view.get("actors") or []) and view.get("status") != "over"
            canvas.rect(
                (PAD, y, WIDTH - PAD, y + height),
                fill=(255, 236, 170) if acting else ROW_BG,
                outline=GOLD if acting else (214, 200, 172),
                width=2 if acting else 1,
                radius=8,
            )
            canvas.rect(
                (PAD + 7, y + 6, PAD + 41, y + 40),
                fill=seat.colour.fill,
                outline=seat.colour.edge,
                width=2,
                radius=6,
            )
            canvas.text(
                (PAD + 24, y + 23.5), seat.mark, 22, fill=seat.colour.text, bold=True, anchor="mm"
            )
            marks = ("◆ " if view.get("start_player") == seat.seat else "") + (
                "✓ " if chosen is not None and seat.seat in chosen else ""
            )
            line = _player_line(view, player)
            room = WIDTH - 2 * PAD - 60 - width_of(line, SMALL, bold=True) - 20
            canvas.text(
                (PAD + 52, y + 23),
                marks + seat.name,
                22,
                fill=INK,
                bold=True,
                anchor="lm",
                max_width=room,
            )
            canvas.text((WIDTH - PAD - 10, y + 23), line, SMALL, fill=MUTED, bold=True, anchor="rm")
            if hand:
                text = "Your hand: " + "  ".join(
                    f"{_card_glyph(str(k))} {str(k).title()} ×{int(v)}"
                    for k, v in hand.items()
                    if int(v)
                )
                canvas.text(
                    (PAD + 52, y + 58),
                    text,
                    SMALL,
                    fill=INK,
                    bold=True,
                    max_width=WIDTH - 2 * PAD - 62,
                )
        y += height + 6
    return y - top


def _counts_lines(view: Mapping[str, Any]) -> list[str]:
    supplies = view.get("supplies") or {}
    return [
        f"Deck {int(view.get('population_deck') or 0)} · discard pile "
        f"{int(view.get('discard_pile') or 0)} · VP tokens left {int(view.get('vp_tokens_left') or 0)}",
        "Supplies left: "
        + "  ".join(
            f"{_card_glyph(str(k))} {str(k).title()} {int(v)}" for k, v in supplies.items()
        ),
    ]


def _layout(
    canvas: Canvas, view: Mapping[str, Any], seats: Mapping[int, Seat], draw: bool
) -> dict[str, float]:
    """Lay out (and with ``draw``, draw) every section; returns where each starts and "end"."""
    tops: dict[str, float] = {"buildings": 66.0}
    y = tops["buildings"] + _buildings(canvas, view, seats, tops["buildings"], draw)
    tops["tracks"] = y
    y += _tracks(canvas, view, seats, y, draw) + 4
    tops["nun_row"] = y
    y += _nun_row(canvas, view, y, draw)
    tops["players"] = y
    y += _players(canvas, view, seats, y, draw)
    for line in _counts_lines(view):
        if draw:
            canvas.text((PAD, y + 4), line, SMALL, fill=MUTED, bold=True, max_width=WIDTH - 2 * PAD)
        y += 28
    tops["end"] = y + 8
    return tops


def section_tops(view: Mapping[str, Any]) -> dict[str, float]:
    """Where each part of the picture starts: buildings, tracks, nun_row, players; and "end"."""
    return _layout(Canvas.blank(1, 1, PANEL_BG, scale=1), view, seats_of(view), draw=False)


def table_image(view: Mapping[str, Any]) -> Image.Image:
    """The Cartus table as a Pillow image (RGB) at output size."""
    seats = seats_of(view)
    height = round(section_tops(view)["end"])
    image = Image.new("RGB", (WIDTH, height), PANEL_BG)
    canvas = Canvas(image, scale=1)
    title, pill, who, what = _status(view, seats)
    header_band(canvas, title, pill, who, what, WIDTH)
    _layout(canvas, view, seats, draw=True)
    canvas.line([(0, 58), (WIDTH, 58)], fill=mix(PANEL_BG, INK, 0.25), width=1)
    return image


@lru_cache(maxsize=64)
def _png(key: str) -> bytes:
    return encode_png(table_image(json.loads(key)), rattus_palette())


def cartus_table(view: Mapping[str, Any]) -> bytes:
    """The Cartus table for ``view`` (docs/views.md) as PNG bytes, kept per view."""
    return _png(json.dumps(view, sort_keys=True, ensure_ascii=False, default=str))
