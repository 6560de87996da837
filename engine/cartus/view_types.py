"""The Rattus Cartus part of the view contract (docs/views.md): what ``game.view(seat)`` holds.

``CartusView`` extends the shared header (``engine.contract.ViewHeader``). Values that only
some viewers may see are ``None`` for the others (a hand, a rat total, a Nun-row card).

(No ``from __future__ import annotations`` here: TypedDict must see ``NotRequired`` at run time
to tell optional keys from required ones.)
"""

from typing import Literal, NotRequired, TypedDict

from ..contract import Outcome, PlayerHeader, ViewHeader
from ..core import JSON

Status = Literal["supply", "enter", "resolve", "over"]
STATUSES: tuple[Status, ...] = ("supply", "enter", "resolve", "over")


class CardFace(TypedDict):
    """A population card (its class as ``type``), a joker or a special, and its nuns."""

    type: str
    nuns: int


class CartusPlayer(PlayerHeader):
    colour: str  # red, yellow, green, blue, purple
    mark: str  # one letter that tells colours apart without hue
    hand_count: int
    vp_tokens: int  # victory point tokens drawn (how many, not their values)
    influence: dict[str, int]  # class -> points
    rats: int | None  # own view, and everyone's once over
    vp: list[int] | None  # token values: own view, and everyone's once over
    hand: dict[str, int] | None  # card type -> count: own view, and everyone's once over
    hand_cards: list[CardFace] | None  # own view only


class Disc(TypedDict):
    seat: int
    points: int
    stack: int  # height on its space: 0 is the lowest disc, which wins a tie


class Entry(TypedDict):
    """A disc on a building: who entered, on which space, and what they played."""

    seat: int
    space: int  # 1 for the first to enter, 2 for the next, ...
    count: int  # cards played face down (public)
    cards: dict[str, int] | None  # by type, once revealed or in the player's own view
    premium: bool | None  # while resolving: whether this seat takes the premium action


class Supply(TypedDict):
    draw: NotRequired[int]
    discard_rats: NotRequired[int]
    peek_nun_row: NotRequired[int]


RowBuilding = TypedDict(
    "RowBuilding",
    {
        "place": int,  # 1-based, the resolving order
        "card": str,  # e.g. "farm-3": the third printed copy of the Farm
        "building": str,
        "name": str,
        "class": str,
        "supply": Supply,
        "supply_text": JSON,  # a text (``engine.text.from_json``)
        "revealed": bool,
        "entries": list[Entry],
    },
)


class NunRowCard(TypedDict):
    place: int
    card: CardFace | None  # seen by the viewer, or everyone's once over


BuildingInfo = TypedDict(
    "BuildingInfo", {"name": str, "class": str, "premium": str, "standard": str}
)


class Options(TypedDict):
    buildings: str | list[str]
    simultaneous_supply: bool


class CartusOutcome(Outcome):
    """``game.outcome`` of a finished Cartus game: the shared part and the details."""

    rats: list[int]
    nuns: int  # nuns in the Nun-row
    dead: list[int]  # seats killed by the plague
    spared: list[int]  # everyone died: the seats spared for having the fewest rats


class OutcomeDetails(TypedDict):
    lines: list[dict[str, int]]
    rats: list[int]
    nuns: int
    dead: list[int]
    spared: list[int]


class CartusView(ViewHeader[CartusPlayer]):
    ruleset: JSON  # a text (``engine.text.from_json``)
    players_count: int
    round: int
    rounds: int
    final_round: bool
    start_player: int
    options: Options
    influence: dict[str, list[Disc]]  # class -> every disc
    row: list[RowBuilding]
    supply_chosen: list[int] | None  # supplies chosen at once: seats that have chosen
    nun_row: list[NunRowCard]
    population_deck: int
    discard_pile: int
    supplies: dict[str, int]  # joker and special decks: cards left
    building_deck: int
    replacement_deck: int
    vp_tokens_left: int
    buildings_in_play: list[str]
    building_info: dict[str, BuildingInfo]
    outcome: NotRequired[OutcomeDetails]  # once over
