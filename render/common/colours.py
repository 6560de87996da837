"""The colours of the pictures: ink and paper, the players' colours, and how to mix them."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Colour = RGB | RGBA

INK: RGB = (38, 32, 28)
PAPER: RGB = (247, 241, 226)
MUTED: RGB = (118, 108, 96)
WHITE: RGB = (255, 255, 255)
ALERT: RGB = (190, 30, 35)
GOLD: RGB = (214, 165, 40)
BACK: RGB = (88, 52, 84)
"""The back of what lies face down: a rat token, a Nun-row card."""
BACK_INK: RGB = (214, 190, 150)
"""The rim and marks on a face-down back."""


@dataclass(frozen=True)
class PlayerColour:
    """How one player colour is drawn: fill, outline, and the text colour that reads on it."""

    fill: RGB
    edge: RGB
    text: RGB


PLAYER_COLOURS: dict[str, PlayerColour] = {
    "red": PlayerColour((214, 48, 49), (120, 20, 22), WHITE),
    "yellow": PlayerColour((248, 211, 60), (140, 110, 10), INK),
    "green": PlayerColour((46, 150, 80), (18, 80, 40), WHITE),
    "blue": PlayerColour((40, 100, 200), (16, 48, 110), WHITE),
    "purple": PlayerColour((136, 72, 178), (70, 30, 100), WHITE),
    "orange": PlayerColour((244, 140, 40), (140, 70, 10), INK),
}
UNKNOWN_COLOUR = PlayerColour((150, 150, 150), (80, 80, 80), WHITE)


def player_colour(name: str) -> PlayerColour:
    return PLAYER_COLOURS.get(name, UNKNOWN_COLOUR)


def hex_colour(text: str) -> RGB:
    value = text.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` of the way towards ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
