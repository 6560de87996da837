"""The board pictures of a game's messages: drawn once per moment shown, and uploaded only
when a message's picture has to change.

A picture is kept under the game and a fingerprint of the view it draws (``moment``), never
under the record's version: the view is all a picture is made of, so two views that differ in
anything (another turn of a finished game's replay, a seat's new name, a spectator's view
rather than a player's) are two pictures, and a picture is never shown for a moment it does
not draw.

A table message's picture follows the decision, not every step: it is drawn anew when the
message is posted, when someone else must decide (they need the board as it is), and at the
end. The steps one player takes in a row (a class card, then cubes, then the plague) edit the
message's text and buttons and keep the attachment it has, so nothing is uploaded twice and a
game uploads about one picture per turn. A picture whose bytes equal the attached one is never
uploaded again either.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import discord

from host.models import GameRecord

DRAWN_KEPT = 256
"""How many drawn pictures (game, moment) are kept for the next caller."""
SHOWN_KEPT = 4096
"""How many messages' attachments are remembered (a forgotten one is uploaded again)."""

Render = Callable[[Mapping[str, Any], str], bytes]
"""Draws a view, its words in a language."""


def deciders(record: GameRecord) -> tuple[int, ...]:
    """Who must decide now, as the channel may know it (private questions as one "someone")."""
    hidden = (-1,) if record.private_actors() else ()
    return (*sorted(record.public_actors()), *hidden)


def seated(record: GameRecord) -> tuple[str, ...]:
    """Every seat's name as the picture draws it (who holds it now, a computer or open)."""
    return tuple(record.shown_name(seat.seat) for seat in record.seats)


@dataclass(frozen=True)
class Shown:
    """The picture a message carries now."""

    digest: str
    attachment: discord.Attachment
    deciders: tuple[int, ...]
    game_id: int
    names: tuple[str, ...] = ()


class Pictures:
    """Drawn pictures per game and moment, and what each message carries."""

    def __init__(self) -> None:
        self._drawn: OrderedDict[tuple[int, str, str], bytes] = OrderedDict()
        self._shown: OrderedDict[int, Shown] = OrderedDict()
        self.drawn = 0
        """How many pictures were drawn (the others came from the cache)."""

    async def png(
        self, record: GameRecord, view: Mapping[str, Any], render: Render, language: str
    ) -> bytes:
        """The picture of ``view`` (one viewer's view of one moment of this game) in
        ``language``, drawn in a worker thread the first time that very view is asked for in
        that language."""
        if "seat" not in view:
            return await asyncio.to_thread(render, view, language)
        key = (record.id, moment(view), language)
        png = self._drawn.get(key)
        if png is None:
            png = await asyncio.to_thread(render, view, language)
            self.drawn += 1
            self._drawn[key] = png
            while len(self._drawn) > DRAWN_KEPT:
                self._drawn.popitem(last=False)
        else:
            self._drawn.move_to_end(key)
        return png

    def keeps(self, record: GameRecord, message_id: int) -> discord.Attachment | None:
        """The attachment an edit of this message keeps: the message carries a picture of
        this game drawn while the same seats were deciding, held by the same people. None:
        draw and upload anew (a seat changed hands: the picture names its new holder)."""
        shown = self._shown.get(message_id)
        if shown is None or shown.game_id != record.id:
            return None
        if record.status != "running" or shown.deciders != deciders(record):
            return None
        if shown.names != seated(record):
            return None
        return shown.attachment

    def same(self, message_id: int, png: bytes) -> discord.Attachment | None:
        """The message's attachment if it already is exactly this picture."""
        shown = self._shown.get(message_id)
        if shown is None or shown.digest != digest(png):
            return None
        return shown.attachment

    def remember(self, record: GameRecord, message: discord.Message, png: bytes) -> None:
        """``message`` now carries ``png`` as its first attachment."""
        if not message.attachments:
            self._shown.pop(message.id, None)
            return
        self._shown[message.id] = Shown(
            digest(png), message.attachments[0], deciders(record), record.id, seated(record)
        )
        self._shown.move_to_end(message.id)
        while len(self._shown) > SHOWN_KEPT:
            self._shown.popitem(last=False)


def moment(view: Mapping[str, Any]) -> str:
    """The fingerprint of a view: equal for equal views, whatever their keys' order. A view is
    JSON (docs/views.md); this takes 0.2 ms CPU at six players with every expansion, against
    about 17 ms to draw the board (``python bench/render.py``)."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


def digest(png: bytes) -> str:
    return hashlib.blake2b(png, digest_size=16).hexdigest()
