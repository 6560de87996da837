"""``cartus_table(view)``: the Rattus Cartus table as a picture made to be read on a phone.

From top to bottom: the round and whose move it is; once the game is over, the players ranked
(the winner crowned, those the plague killed marked with ☠); the round's buildings in
resolving order, each with its supply action and the discs that entered it (in entering
order, with how many cards went in face down, and the cards once revealed); the influence
of each class, players listed from most to fewest points (a tie goes to the disc that got
there first, listed first); the Nun-row (face down, and face up only for a card the viewer
looked at, so only in that player's own picture; all of it at the end); each player's public
counts (cards in hand, victory point tokens; in their own picture their rats and hand); and
the decks.

Nothing is cut and nothing is too small for a phone: every text is wrapped to its box, and at
380 pixels wide every letter is at least 8 pixels tall (``MIN_TEXT`` at ``WIDTH``; the
legibility tests measure the drawn pixels). ``text_boxes`` lists what was drawn where, for
those tests. A function of the view alone: it never sees what the view hides.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial

from PIL import Image

import lang
from engine.cartus.view_types import CardFace, CartusPlayer, CartusView, Disc, Entry, RowBuilding
from engine.text import N_
from render.common.canvas import Canvas, Point, encode_png, kept
from render.common.colours import ALERT, BACK, BACK_INK, GOLD, INK, MUTED, RGB, WHITE, mix
from render.common.frame import LIT_BG, PANEL_BG, mark_box, row_box, seats_of, width_of, wrap
from render.common.palette import shared_palette
from render.common.pieces import CHIP_H, Seat, chip_width, class_colour, class_glyph, cube_chip

WIDTH = 720
"""Narrower than the Rattus board: shown 380 pixels wide, it is scaled less, so the same
text sizes read larger."""
PAD = 10
GAP = 10
MIN_TEXT = 22
"""The smallest text: 16 pixels of capital height here, 8.4 on a phone 380 pixels wide."""
TEXT = 22
NAME = 24
LINE = 28
"""The height of a line of ``TEXT``."""
NAME_SIZE = 28
"""Building names in DejaVu Sans Condensed Bold (shrunk to fit, never below ``MIN_TEXT``)."""
CLASS_ORDER = ("peasantry", "bourgeoisie", "church", "chivalry", "magic", "royalty")
TRACK_H = 48
DISC_R = 16
CHIP_GAP = 12
CARD_H = 64
SPECIAL_GLYPHS = {"joker": "★", "flute": "♪", "pass": "↷", "gold": "◉"}
"""The Sword has no glyph: the crossed swords are Chivalry's. It is spelled out."""
NBSP = "\u00a0"
"""Joins a glyph to its word, so a wrapped line never parts them."""
STATUS_TITLES = {
    "supply": N_("Supply"),
    "enter": N_("Entering"),
    "resolve": N_("Resolving"),
    "over": N_("Game over"),
}
"""Each stage of a round in a word (the status line: "Anna to play · Entering")."""
WINNER_BG: RGB = (255, 241, 196)


@dataclass(frozen=True)
class TextBox:
    """One text drawn in the picture: what it should say, what was drawn, where, how big."""

    text: str
    drawn: str
    box: tuple[float, float, float, float]
    size: int
    ink: RGB


class _Pen:
    """Draws texts on a canvas (or only measures them, for the layout) and keeps a list of
    every text drawn, for the tests."""

    def __init__(self, canvas: Canvas, draw: bool, tr: lang.Texts) -> None:
        self.canvas, self.draw, self.tr = canvas, draw, tr
        self.boxes: list[TextBox] = []

    def text(
        self, at: Point, text: str, size: int = TEXT, ink: RGB = INK, *, condensed: bool = False
    ) -> float:
        """One line of bold text from ``at`` (the middle of its left end; never cut: the
        caller made room); returns its width."""
        return self._line(at, text, size, ink, True, condensed)

    def faint(self, at: Point, text: str) -> float:
        """A line saying nothing is there yet ("nobody yet"): muted, regular weight."""
        return self._line(at, text, TEXT, MUTED, False, False)

    def _line(
        self, at: Point, text: str, size: int, ink: RGB, bold: bool, condensed: bool
    ) -> float:
        text = text.replace(NBSP, " ")
        wide = width_of(text, size, bold, condensed)
        if self.draw and text:
            drawn = self.canvas.text(
                at, text, size, fill=ink, bold=bold, anchor="lm", condensed=condensed
            )
            top = at[1] - size * 0.6
            box = (at[0], top, at[0] + wide, top + size * 1.2)
            self.boxes.append(TextBox(text, drawn, box, size, ink))
        return wide

    def lines(self, at: Point, text: str, size: int, width: float, ink: RGB = INK) -> float:
        """``text`` wrapped to ``width`` from ``at`` (the middle of its first line, on the
        left), bold; returns the height it takes (``LINE`` a line)."""
        rows = wrap(text, size, width, bold=True)
        for i, row in enumerate(rows):
            self.text((at[0], at[1] + i * LINE), row, size, ink)
        return len(rows) * LINE


def _card_glyph(kind: str) -> str:
    return SPECIAL_GLYPHS.get(kind) or ("" if kind == "sword" else class_glyph(kind))


def card_type(kind: str, tr: lang.Texts) -> str:
    """A kind of card in words: its class ("Peasantry") or a special card ("Joker")."""
    return tr.shown(kind.title())


def _card_item(kind: str, count: str, tr: lang.Texts) -> str:
    """A kind of card and how many, as one unbreakable item: "⚒ Peasantry ×2", "Sword ×1"."""
    glyph = _card_glyph(kind)
    name = card_type(kind, tr).replace(" ", NBSP)
    return (f"{glyph}{NBSP}" if glyph else "") + f"{name}{NBSP}{count}"


def _status(
    view: CartusView, seats: Mapping[int, Seat], tr: lang.Texts
) -> tuple[str, RGB, str, str]:
    status = str(view.get("status") or "")
    round_no, rounds = int(view.get("round") or 0), int(view.get("rounds") or 0)
    over = status == "over"
    title = tr("Round {round}/{rounds}", round=round_no, rounds=rounds) if not over else ""
    title = title or tr.say(STATUS_TITLES["over"])
    pill: RGB = ALERT if view.get("final_round") else (INK if over else (60, 90, 60))
    if over:
        winners = [seats[int(s)].name for s in view.get("winners") or [] if int(s) in seats]
        if not winners:
            return title, pill, "", tr("nobody survived")
        if len(winners) == 1:
            # i18n: after the winner's name, drawn on the picture ("Anna wins")
            return title, pill, winners[0], tr("wins")
        both = tr("{first} and {last}", first=", ".join(winners[:-1]), last=winners[-1])
        # i18n: after the winners' names, drawn on the picture ("Anna and Ben win")
        return title, pill, both, tr("win")
    active = view.get("active")
    phase = tr.say(STATUS_TITLES[status]) if status in STATUS_TITLES else status.title()
    if active is None:
        chosen = view.get("supply_chosen")
        if chosen is not None:
            done = tr("{phase}: all choose ({n} done)", phase=phase, n=len(chosen))
            return title, pill, "", done
        return title, pill, "", phase
    who = seats[int(active)].name if int(active) in seats else ""
    # i18n: after a player's name, drawn on the picture ("Anna to play · Entering")
    return title, pill, who, tr("to play · {phase}", phase=phase)


# -- buildings ---------------------------------------------------------------------------


def _entry_text(entry: Entry, tr: lang.Texts) -> str:
    star = "▲ " if entry.get("premium") else ""
    cards = entry.get("cards")
    if cards:
        shown = " ".join(
            f"{_card_glyph(str(k)) or card_type(str(k), tr) + NBSP}{int(v)}"
            for k, v in sorted(cards.items())
            if v
        )
        # i18n: the cards a disc entered with, once shown, when it played none
        return star + (shown or tr("none"))
    return star + tr("{n} face down", n=int(entry.get("count") or 0))


def _name_size(name: str, room: float) -> int:
    size = NAME_SIZE
    while size > MIN_TEXT and width_of(name, size, True, True) > room:
        size -= 1
    return size


def _building(
    pen: _Pen, building: RowBuilding, seats: Mapping[int, Seat], box: tuple[float, ...]
) -> float:
    """Draw (or measure, with ``box``'s bottom unknown) one building; returns its height."""
    x0, y0, x1, _ = box
    cls = str(building.get("class") or "")
    colour = class_colour(cls)
    canvas = pen.canvas
    if pen.draw:
        canvas.rect(
            box, fill=mix(colour, WHITE, 0.86), outline=mix(colour, INK, 0.3), width=2, radius=12
        )
        canvas.rect((x0 + 2, y0 + 2, x1 - 2, y0 + 44), fill=mix(colour, WHITE, 0.6), radius=10)
    place = f"{building.get('place', '')}."
    left = x0 + 10 + pen.text((x0 + 10, y0 + 23), place, TEXT) + 8
    glyph_w = width_of(class_glyph(cls), TEXT) + 12
    name = pen.tr.shown(building.get("name") or building.get("building") or "?")
    room = x1 - glyph_w - 6 - left
    pen.text((left, y0 + 23), name, _name_size(name, room), condensed=True)
    if pen.draw:
        canvas.text((x1 - 10, y0 + 23), class_glyph(cls), TEXT, fill=colour, anchor="rm")
    y = y0 + 44 + 8 + LINE / 2
    supply = pen.tr("Supply: {supply}", supply=pen.tr.shown(building.get("supply_text")))
    y += pen.lines((x0 + 10, y), supply, TEXT, x1 - x0 - 20, MUTED)
    y += 4 - LINE / 2
    x = x0 + 10
    entries = building.get("entries", [])
    if not entries:
        pen.faint((x, y + CHIP_H / 2), pen.tr("nobody yet"))
    for entry in entries:
        seat = seats.get(int(entry.get("seat", -1)))
        if seat is None:
            continue
        count = str(int(entry.get("count") or 0))
        label = _entry_text(entry, pen.tr)
        room = x1 - x0 - 20 - chip_width(count) - 6
        rows = wrap(label, TEXT, room, bold=True)
        need = chip_width(count) + 6 + max(width_of(r, TEXT, bold=True) for r in rows) + 14
        if x > x0 + 10 and (x + need > x1 - 10 or len(rows) > 1):
            x, y = x0 + 10, y + CHIP_H + 8
        if pen.draw:
            cube_chip(canvas, (x, y), seat, count)
        ink = GOLD if entry.get("premium") else INK
        for i, row in enumerate(rows):
            pen.text((x + chip_width(count) + 6, y + CHIP_H / 2 + i * LINE), row, TEXT, ink)
        x += need
        if len(rows) > 1:  # a long list of revealed cards has its lines to itself
            x, y = x1, y + (len(rows) - 1) * LINE
    return y + CHIP_H + 10 - y0


def _buildings(pen: _Pen, view: CartusView, seats: Mapping[int, Seat], top: float) -> float:
    row = view.get("row", [])
    if not row:
        return 0
    cols = 2 if len(row) > 1 else 1
    width = (WIDTH - 2 * PAD - (cols - 1) * GAP) / cols
    y = top
    for start in range(0, len(row), cols):
        line = row[start : start + cols]
        measure = _Pen(pen.canvas, False, pen.tr)
        height = max(_building(measure, b, seats, (PAD, y, PAD + width, y)) for b in line)
        for i, building in enumerate(line):
            x = PAD + i * (width + GAP)
            if pen.draw:
                _building(pen, building, seats, (x, y, x + width, y + height))
        y += height + GAP
    return y - top


# -- influence ---------------------------------------------------------------------------


def ranked_discs(view: CartusView, cls: str) -> list[Disc]:
    """A class's discs with points, most first; of a tie, the lowest disc (which wins it)."""
    discs = [d for d in view.get("influence", {}).get(cls, []) if d["points"] > 0]
    return sorted(discs, key=lambda d: (-d["points"], d["stack"]))


def _chip_width(points: int) -> float:
    return 2 * DISC_R + 4 + width_of(str(points), NAME, bold=True)


def track_label_width(tr: lang.Texts) -> float:
    """Room for the classes' symbols and names left of their tracks (the longest name)."""
    return 42 + round(max(width_of(card_type(c, tr), TEXT, True) for c in CLASS_ORDER)) + 16


def influence_chips(
    view: CartusView, top: float, tr: lang.Texts
) -> dict[str, list[tuple[int, tuple[float, float, float, float]]]]:
    """Where each player's influence is drawn: class -> [(seat, box)] in ranked order, left
    to right (a second row when a class's chips do not fit one). Nobody's chips overlap."""
    out: dict[str, list[tuple[int, tuple[float, float, float, float]]]] = {}
    y = top + len(_tracks_heading(tr)) * LINE
    label_w = track_label_width(tr)
    for cls in CLASS_ORDER:
        x: float = PAD + label_w
        row_y = y
        placed: list[tuple[int, tuple[float, float, float, float]]] = []
        for disc in ranked_discs(view, cls):
            wide = _chip_width(int(disc.get("points") or 0))
            if x > PAD + label_w and x + wide > WIDTH - PAD - 8:
                x, row_y = PAD + label_w, row_y + TRACK_H - 8
            centre = row_y + TRACK_H / 2
            placed.append(
                (int(disc.get("seat", -1)), (x, centre - DISC_R, x + wide, centre + DISC_R))
            )
            x += wide + CHIP_GAP
        out[cls] = placed
        y = row_y + TRACK_H
    return out


def _disc(seat: Seat, canvas: Canvas, at: Point) -> None:
    x, y = at[0] + DISC_R, at[1] + DISC_R
    canvas.disc((x + 1, y + 2), DISC_R, fill=(0, 0, 0, 70))
    canvas.disc((x, y), DISC_R, fill=seat.colour.fill, outline=seat.colour.edge, width=2)
    canvas.text((x, y + 0.5), seat.mark, TEXT, fill=seat.colour.text, bold=True, anchor="mm")


def _tracks_heading(tr: lang.Texts) -> list[str]:
    """The influence tracks' heading, as the lines it takes."""
    # i18n: the heading of the influence tracks on the Cartus picture
    heading = tr("Influence: most first; a tie goes to the first listed")
    return wrap(heading, TEXT, WIDTH - 2 * PAD, bold=True)


def _tracks(pen: _Pen, view: CartusView, seats: Mapping[int, Seat], top: float) -> float:
    canvas, tr = pen.canvas, pen.tr
    heading = _tracks_heading(tr)
    for i, line in enumerate(heading):
        pen.text((PAD, top + LINE / 2 + i * LINE), line, TEXT, MUTED)
    chips = influence_chips(view, top, tr)
    label_w = track_label_width(tr)
    y = top + len(heading) * LINE
    for cls in CLASS_ORDER:
        boxes = chips[cls]
        bottom = max([y + TRACK_H, *(b[3] + (TRACK_H / 2 - DISC_R) for _, b in boxes)])
        colour = class_colour(cls)
        if pen.draw:
            canvas.rect(
                (PAD, y + 3, WIDTH - PAD, bottom - 3), fill=mix(colour, WHITE, 0.85), radius=8
            )
            canvas.text((PAD + 10, y + TRACK_H / 2), class_glyph(cls), 24, fill=colour, anchor="lm")
        pen.text((PAD + 42, y + TRACK_H / 2), card_type(cls, tr), TEXT)
        if not boxes:
            pen.faint((PAD + label_w, y + TRACK_H / 2), tr("nobody yet"))
        for seat_no, (x0, y0, _, _) in boxes:
            seat = seats.get(seat_no)
            if seat is None:
                continue
            if pen.draw:
                canvas.stamp(
                    (x0, y0),
                    (2 * DISC_R, 2 * DISC_R),
                    ("cartus disc", seat.colour, seat.mark),
                    partial(_disc, seat),
                )
            points = next(
                int(d.get("points") or 0)
                for d in ranked_discs(view, cls)
                if int(d.get("seat", -1)) == seat_no
            )
            pen.text((x0 + 2 * DISC_R + 4, y0 + DISC_R), str(points), NAME)
        y = bottom
    return y - top + 6


# -- the Nun-row -------------------------------------------------------------------------


def nun_row_boxes(view: CartusView, top: float) -> list[tuple[float, float, float, float]]:
    """Where each Nun-row card is drawn, in place order."""
    cards = list(view.get("nun_row") or [])
    count = max(1, len(cards))
    card_w = (WIDTH - 2 * PAD - (count - 1) * GAP) / count
    return [
        (
            PAD + i * (card_w + GAP),
            top + LINE,
            PAD + i * (card_w + GAP) + card_w,
            top + LINE + CARD_H,
        )
        for i in range(len(cards))
    ]


def _nun_card(
    card: CardFace | None, place: int, nuns: str, size: Point, canvas: Canvas, at: Point
) -> None:
    """A Nun-row card: face down its place; face up its place, class colour and ``nuns`` (how
    many nuns it shows, in words)."""
    x, y = at
    w, h = size
    box = (x, y, x + w, y + h)
    if card is None:
        canvas.rect(box, fill=BACK, outline=BACK_INK, width=2, radius=8)
        canvas.text((x + w / 2, y + h / 2), str(place), 30, fill=BACK_INK, bold=True, anchor="mm")
        return
    kind = str(card.get("type") or "")
    colour = class_colour(kind) if kind in CLASS_ORDER else (90, 84, 76)
    canvas.rect(box, fill=mix(colour, WHITE, 0.8), outline=GOLD, width=3, radius=8)
    number = f"{place}"
    beside = 10 + width_of(number, TEXT, True) + 8 + width_of(nuns, TEXT, True) + 8 <= w
    # the place and the nuns side by side, or (a longer word for nuns) on two lines
    top, bottom = (y + h / 2, y + h / 2) if beside else (y + h / 2 - LINE / 2, y + h / 2 + LINE / 2)
    canvas.text((x + 10, top), number, TEXT, fill=MUTED, bold=True, anchor="lm")
    canvas.text((x + w - 8, bottom), nuns, TEXT, fill=INK, bold=True, anchor="rm")


def _nun_title(view: CartusView, tr: lang.Texts) -> str:
    cards = view.get("nun_row", [])
    faces = [c["card"] for c in cards if c.get("card") is not None]
    if view.get("status") == "over":
        outcome = view.get("outcome")
        total = outcome["nuns"] if outcome else sum(f["nuns"] for f in faces if f is not None)
        return tr.plural("Nun-row: {n} nun in all", "Nun-row: {n} nuns in all", total)
    if faces:
        return tr("Nun-row: you looked at {n} of {total}", n=len(faces), total=len(cards))
    return tr("Nun-row: face down")


def _nun_row(pen: _Pen, view: CartusView, top: float) -> float:
    cards = view.get("nun_row", [])
    if not cards:
        return 0
    pen.text((PAD, top + LINE / 2), _nun_title(view, pen.tr), TEXT, MUTED)
    if pen.draw:
        for card, box in zip(cards, nun_row_boxes(view, top), strict=True):
            face = card.get("card")
            size = (box[2] - box[0], box[3] - box[1])
            place = int(card.get("place") or 0)
            count = int(face.get("nuns") or 0) if face is not None else 0
            nuns = pen.tr.plural("{n} nun", "{n} nuns", count)
            key = ("cartus nun card", json.dumps(face, sort_keys=True), place, nuns, size)
            pen.canvas.stamp(box[:2], size, key, partial(_nun_card, face, place, nuns, size))
    return LINE + CARD_H + GAP


# -- players -----------------------------------------------------------------------------


def _crown(canvas: Canvas, at: Point) -> None:
    """A gold crown 30 wide and 22 tall, its top-left corner at ``at``."""
    x, y = at
    points = [
        (x, y + 6), (x + 7, y + 12), (x + 15, y), (x + 23, y + 12), (x + 30, y + 6),
        (x + 27, y + 22), (x + 3, y + 22),
    ]  # fmt: skip
    canvas.polygon(points, fill=GOLD, outline=mix(GOLD, INK, 0.5), width=1.5)


CROWN_W = 30


def ranked_players(view: CartusView) -> list[CartusPlayer]:
    """The players in seat order, or once the game is over in the order of its ranking."""
    players = view.get("players", [])
    if view.get("status") != "over" or not view.get("ranking"):
        return players
    place = {int(seat): i for i, seat in enumerate(view.get("ranking") or [])}
    return sorted(players, key=lambda p: place.get(int(p.get("seat", -1)), len(place)))


def _counts(view: CartusView, player: CartusPlayer, tr: lang.Texts) -> str:
    hand, tokens = int(player.get("hand_count") or 0), int(player.get("vp_tokens") or 0)
    bits = [
        tr.plural("{n} card in hand", "{n} cards in hand", hand),
        tr.plural("{n} VP token", "{n} VP tokens", tokens),
    ]
    rats = player.get("rats")
    if rats is not None:
        bits.append(tr.plural("{n} rat", "{n} rats", rats))
    if view.get("status") == "over":
        score = (view.get("scores") or {}).get(str(player.get("seat")))
        if score is not None:
            bits.insert(0, tr.plural("{n} point", "{n} points", int(score)))
    return " · ".join(bits)


def _fate(view: CartusView, seat: int, tr: lang.Texts) -> tuple[str, RGB] | None:
    """What the plague did to a player, once the game is over."""
    details = view.get("outcome")
    if view.get("status") != "over" or not details:
        return None
    rats = details["rats"]
    nuns = tr.plural("{n} nun", "{n} nuns", details["nuns"])
    held = (
        tr.plural("{n} rat", "{n} rats", int(rats[seat]))
        if seat < len(rats)
        else tr("too many rats")
    )
    if seat in details["spared"]:
        return tr("Spared by the plague: fewest rats ({rats})", rats=held), INK
    if seat in details["dead"]:
        return "☠ " + tr("Killed by the plague: {rats}, {nuns}", rats=held, nuns=nuns), ALERT
    return None


def _hand_text(view: CartusView, player: CartusPlayer, tr: lang.Texts) -> str | None:
    hand = player.get("hand")
    if hand is None:
        return None
    own = view.get("seat") is not None and view.get("seat") == player.get("seat")
    items = [
        f"{_card_glyph(str(k))} {card_type(str(k), tr)} ×{int(v)}"
        for k, v in hand.items()
        if int(v)
    ]
    cards = " · ".join(items) or tr("no cards")
    return tr("Your hand: {cards}", cards=cards) if own else tr("Hand: {cards}", cards=cards)


def _player(
    pen: _Pen, view: CartusView, player: CartusPlayer, seat: Seat, place: int, y: float
) -> float:
    """Draw (or measure) one player's row from ``y``; returns its height."""
    canvas = pen.canvas
    over = view.get("status") == "over"
    winner = over and seat.seat in (view.get("winners") or [])
    left, right = PAD + 58, WIDTH - PAD - 10
    room = right - left
    x: float = left
    if over:
        x += pen.text((x, y + 24), f"{place}.", NAME) + 8
    if winner:
        if pen.draw:
            _crown(canvas, (x, y + 13))
        x += CROWN_W + 8
    chosen = view.get("supply_chosen")
    marks = ("◆ " if view.get("start_player") == seat.seat and not over else "") + (
        "✓ " if chosen is not None and seat.seat in chosen else ""
    )
    name_rows = wrap(marks + seat.name, NAME, right - x, bold=True)
    for i, row in enumerate(name_rows):
        pen.text((x if i == 0 else left, y + 24 + i * 30), row, NAME)
    line_y = y + 24 + len(name_rows) * 30 - 2
    line_y += pen.lines((left, line_y), _counts(view, player, pen.tr), TEXT, room, MUTED)
    fate = _fate(view, seat.seat, pen.tr)
    if fate is not None:
        line_y += pen.lines((left, line_y), fate[0], TEXT, room, fate[1])
    hand = _hand_text(view, player, pen.tr)
    if hand is not None:
        line_y += pen.lines((left, line_y), hand, TEXT, room)
    return line_y - LINE / 2 + 8 - y


def _players(pen: _Pen, view: CartusView, seats: Mapping[int, Seat], top: float) -> float:
    y = top
    over = view.get("status") == "over"
    for place, player in enumerate(ranked_players(view), start=1):
        seat = seats.get(int(player.get("seat", -1)))
        if seat is None:
            continue
        height = _player(_Pen(pen.canvas, False, pen.tr), view, player, seat, place, y)
        if pen.draw:
            acting = seat.seat in (view.get("actors") or []) and not over
            winner = over and seat.seat in (view.get("winners") or [])
            box = (PAD, y, WIDTH - PAD, y + height)
            row_box(pen.canvas, box, acting or winner, LIT_BG if acting else WINNER_BG)
            mark_box(pen.canvas, (PAD + 8, y + 7), seat, 36, NAME)
            _player(pen, view, player, seat, place, y)
        y += height + 6
    return y - top


def _counts_text(view: CartusView, tr: lang.Texts) -> list[str]:
    supplies = view.get("supplies") or {}
    left = " · ".join(_card_item(str(k), str(int(v)), tr) for k, v in supplies.items())
    return [
        tr(
            "Deck {deck} · discard pile {discard} · VP tokens left {tokens}",
            deck=int(view.get("population_deck") or 0),
            discard=int(view.get("discard_pile") or 0),
            tokens=int(view.get("vp_tokens_left") or 0),
        ),
        tr("Supplies left: {supplies}", supplies=left),
    ]


# -- the whole picture -------------------------------------------------------------------


def _header(pen: _Pen, view: CartusView, seats: Mapping[int, Seat]) -> float:
    """The status pill, then who and what they do, wrapped (a long name takes a second line,
    never cut); returns where the rule under it is."""
    title, pill, who, what = _status(view, seats, pen.tr)
    x, y = 14, 10
    pill_w = width_of(title, TEXT, True) + 28
    canvas = pen.canvas
    if pen.draw:
        canvas.rect((x, y, x + pill_w, y + 36), fill=pill, radius=18)
        canvas.text((x + pill_w / 2, y + 18.5), title, TEXT, fill=WHITE, bold=True, anchor="mm")
    left = x + pill_w + 12
    rows = wrap(f"{who} {what}".strip(), NAME, WIDTH - 14 - left, bold=True)
    for i, row in enumerate(rows):
        pen.text((left, y + 18 + i * 30), row, NAME)
    rule = y + 48 + (len(rows) - 1) * 30
    if pen.draw:
        canvas.line([(0, rule), (WIDTH, rule)], fill=mix(PANEL_BG, INK, 0.25), width=1)
    return rule


def _layout(pen: _Pen, view: CartusView, seats: Mapping[int, Seat]) -> dict[str, float]:
    """Lay out (and with a drawing pen, draw) every section; returns where each starts and
    "end". Once the game is over the ranked players come first."""
    tops: dict[str, float] = {}
    y = _header(pen, view, seats) + 10
    over = view.get("status") == "over"
    if over:
        tops["players"] = y
        y += _players(pen, view, seats, y) + 4
    tops["buildings"] = y
    y += _buildings(pen, view, seats, y)
    tops["tracks"] = y
    y += _tracks(pen, view, seats, y)
    tops["nun_row"] = y
    y += _nun_row(pen, view, y)
    if not over:
        tops["players"] = y
        y += _players(pen, view, seats, y)
    tops["counts"] = y
    for text in _counts_text(view, pen.tr):
        y += pen.lines((PAD, y + LINE / 2), text, TEXT, WIDTH - 2 * PAD, MUTED)
    tops["end"] = y + 8
    return tops


def section_tops(view: CartusView, language: str = lang.DEFAULT) -> dict[str, float]:
    """Where each part of the picture starts: players, buildings, tracks, nun_row, counts;
    and "end"."""
    tr = lang.texts(language)
    pen = _Pen(Canvas.blank(1, 1, PANEL_BG, scale=1), False, tr)
    return _layout(pen, view, seats_of(view, tr))


def _draw(view: CartusView, language: str) -> tuple[Image.Image, list[TextBox]]:
    tr = lang.texts(language)
    seats = seats_of(view, tr)
    height = round(section_tops(view, language)["end"])
    image = Image.new("RGB", (WIDTH, height), PANEL_BG)
    canvas = Canvas(image, scale=1)
    pen = _Pen(canvas, True, tr)
    _layout(pen, view, seats)
    return image, pen.boxes


def table_image(view: CartusView, language: str = lang.DEFAULT) -> Image.Image:
    """The Cartus table as a Pillow image (RGB) at output size, its words in ``language``."""
    return _draw(view, language)[0]


def text_boxes(view: CartusView, language: str = lang.DEFAULT) -> tuple[Image.Image, list[TextBox]]:
    """The picture and every text drawn on it below the status band (for the tests)."""
    return _draw(view, language)


@kept(maxsize=64)
def _png(key: str, language: str) -> bytes:
    return encode_png(table_image(json.loads(key), language), shared_palette())


def cartus_table(view: CartusView, language: str = lang.DEFAULT) -> bytes:
    """The Cartus table for ``view`` (docs/views.md) as PNG bytes, its words in ``language``
    (the table's); kept per view and language."""
    return _png(json.dumps(view, sort_keys=True, ensure_ascii=False, default=str), language)
