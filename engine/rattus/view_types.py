"""The Rattus part of the view contract (docs/views.md): what ``game.view(seat)`` holds.

``RattusView`` extends the shared header (``engine.contract.ViewHeader``) with the board.
Keys that only an expansion fills are ``NotRequired``: readers treat them as optional. The
view tests check real views from seeded games of every expansion combination against these
definitions, key by key, so a key the engine emits and the types do not name (or the other
way round) fails at once.

(No ``from __future__ import annotations`` here: TypedDict must see ``NotRequired`` at run time
to tell optional keys from required ones.)
"""

from typing import Literal, NotRequired, TypedDict

from ..contract import PlayerHeader, ViewHeader
from ..core import JSON

Status = Literal["placement", "playing", "final_round", "final_ravage", "over"]
STATUSES: tuple[Status, ...] = ("placement", "playing", "final_round", "final_ravage", "over")


class RegionCard(TypedDict):
    """An Africanus region card in its owner's hand; symbols ["any"] is the question mark."""

    id: str
    region: str
    symbols: list[str]


class PlayedRegionCard(TypedDict):
    """A region card played face up during the current ravage."""

    seat: int
    id: str
    region: str
    protects: str | None  # the class card it shields, if one


class RattusPlayer(PlayerHeader):
    colour: str  # red, yellow, green, blue, purple, orange
    mark: str  # one letter that tells colours apart without hue
    cubes_supply: int  # cubes not on the board
    cubes_board: int  # cubes in regions, the palace excluded
    palace: int
    cards: list[str]  # class cards held, in the order taken
    baker: NotRequired[int]  # Pied Piper: cubes on the Baker card
    coins: NotRequired[int]  # Mercatus
    goods: NotRequired[dict[str, int]]  # Mercatus: goods type -> count (zeros omitted)
    hand_count: NotRequired[int]  # Africanus: region cards held
    hand: NotRequired[list[RegionCard]]  # Africanus: only in the owner's own view


class TokenFront(TypedDict):
    """The printed front of a rat token."""

    limit: int
    classes: list[str]
    majority: int
    all: int
    starting: bool


class Slot(TypedDict):
    """One face-down rat token in a region."""

    known: TokenFront | None  # the front, when the viewer saw it or it is turned up for all
    starting: bool  # a starting token (its back shows it)


class RattusRegion(TypedDict):
    name: str
    area: Literal["europe", "africa"]
    in_use: bool
    cubes: dict[str, int]  # seat (as text) -> cubes; zeros omitted
    rats: int  # face-down rat tokens there (0-3)
    slots: list[Slot]  # one per face-down token, in place order
    nuns: NotRequired[int]  # Pied Piper
    bishops: NotRequired[int]  # Pied Piper
    potions: NotRequired[dict[str, int]]  # Pied Piper: seat -> potions on its cubes here
    diplomats: NotRequired[dict[str, int]]  # Africanus: seat -> diplomats here
    goods: NotRequired[str]  # Mercatus: the goods token on the region


class Turning(TokenFront):
    """A token turned over that waits for answers (a Deacon's payment) before it acts."""

    region: str


class Revealed(TokenFront):
    """A token of the latest ravage and what it did."""

    region: str
    outbreak: bool
    losses: dict[str, int]  # seat -> cubes lost
    saved: NotRequired[dict[str, int]]  # Pied Piper: seat -> cubes a potion saved
    exempt: NotRequired[list[int]]  # seats the token spared


class Ravage(TypedDict):
    """One ravage of the last round: whose move brought it, where, and what it turned over."""

    turn: int
    seat: int
    region: str
    tokens: list[Revealed]


CardInfo = TypedDict("CardInfo", {"name": str, "class": str, "text": str})
"""A class card in play: its name, its class and its text in our own words."""


class PiecesLeft(TypedDict):
    """Pied Piper pieces still in the box."""

    walls: int
    nuns: int
    bishops: int
    potions: int


class GoodsCount(TypedDict):
    """Mercatus goods tokens of one type left to take."""

    up: int
    down: int


class RattusView(ViewHeader[RattusPlayer]):
    ruleset: JSON  # a text (``engine.text.from_json``): the expansions, the house defaults
    players_count: int
    expansions: list[str]  # sorted; [] for the base game
    regions: dict[str, RattusRegion]  # every region of the map in play, in board order
    edges: list[list[str]]  # [a, b, "land" | "arrow"], a-b sorted
    plague: str  # the region holding the plague piece
    palace: dict[str, int]  # seat (as text) -> cubes in the palace
    beside_board: list[str]  # class cards nobody holds
    cards_in_play: list[str]
    card_info: dict[str, CardInfo]  # every card in play
    rat_supply: int  # face-down tokens left to draw
    revealed: list[Revealed]  # the latest ravage, kept until the plague moves again
    ravages: list[Ravage]  # since the viewer's latest ravage (a spectator: the last round)
    turning: Turning | None
    final_order: NotRequired[list[int]]  # final round: seats still to act, in order
    walls: NotRequired[list[list[str]]]  # Pied Piper: edges with a wall
    pieces_left: NotRequired[PiecesLeft]  # Pied Piper
    caravan: NotRequired[str | None]  # Africanus: the caravan's region
    diplomats_left: NotRequired[int]  # Africanus: diplomats still in the supply
    palace_diplomats: NotRequired[dict[str, int]]  # Africanus: seat -> diplomats in the palace
    region_cards_played: NotRequired[list[PlayedRegionCard]]  # Africanus
    region_deck: NotRequired[int]  # Africanus: region cards left to draw
    goods_supply: NotRequired[dict[str, GoodsCount]]  # Mercatus: tokens to take, by type
    goods_on_cards: NotRequired[dict[str, str]]  # Mercatus: class card -> goods type kept there
