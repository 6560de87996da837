"""The counting game's view type (tests/host/counting_game.py). No ``from __future__ import
annotations`` here: a TypedDict must see ``NotRequired`` at run time (as in engine/contract.py)."""

from typing import NotRequired

from engine.contract import PlayerHeader, ViewHeader


class CountPlayer(PlayerHeader):
    adds: int  # how much the seat has added in all


class CountView(ViewHeader[CountPlayer]):
    total: int
    target: int
    secret: NotRequired[int | None]  # a seat's own latest secret number (None: none yet)
