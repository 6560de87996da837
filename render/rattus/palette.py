"""Where the shared palette (``render.common.palette``) comes from: a sample Rattus board.

The sample holds every region, every player colour, every kind of piece and the panel, so
every colour and the edges between them have a close entry; the Cartus table uses the same
colours on the same paper. ``python -m render.rattus.palette`` draws the sample and writes the
palette again (after a change of colours); the tests check that it still fits the pictures.
"""

from __future__ import annotations

import json
from itertools import pairwise

from PIL import Image

from engine.rattus.view_types import RattusPlayer, RattusRegion, RattusView, Revealed
from render.common.colours import PLAYER_COLOURS
from render.common.palette import PALETTE_FILE
from render.common.pieces import CLASS_COLOURS, GOODS_COLOURS
from render.rattus.board import board_image
from render.rattus.tiles import grid_spec

COLOURS = list(PLAYER_COLOURS)
MARKS = "RYGBPO"


def sample_view() -> RattusView:
    """A made-up 6-player view with every region in use and every kind of piece."""
    names = list(grid_spec().cells)
    goods = list(GOODS_COLOURS)
    regions: dict[str, RattusRegion] = {}
    for i, name in enumerate(names):
        regions[name] = {
            "name": name.title(),
            "area": "europe",
            "in_use": True,
            "cubes": {str((i + k) % 6): 1 + (i * 3 + k) % 12 for k in range(3)},
            "rats": i % 4,
            "slots": [{"known": None, "starting": k == 0} for k in range(i % 4)],
            "nuns": i % 2,
            "bishops": (i + 1) % 2,
            "potions": {str(i % 6): 1},
            "diplomats": {str((i + 2) % 6): 1},
            "goods": goods[i % len(goods)],
        }
    cards = [f"card_{cls}" for cls in CLASS_COLOURS]
    players: list[RattusPlayer] = [
        {
            "seat": seat,
            "colour": colour,
            "mark": MARKS[seat],
            "name": f"Player {seat + 1}",
            "cubes_supply": 3 * seat,
            "cubes_board": 6,
            "palace": seat % 2,
            "cards": cards[seat : seat + 2],
            "coins": seat,
            "goods": {goods[seat % len(goods)]: 1},
        }
        for seat, colour in enumerate(COLOURS)
    ]
    revealed: list[Revealed] = [
        {
            "region": names[i],
            "limit": 2,
            "classes": [cls],
            "majority": 1,
            "all": i % 2,
            "starting": False,
            "outbreak": i % 2 == 0,
            "losses": {"0": 1, "3": 2},
        }
        for i, cls in enumerate(CLASS_COLOURS)
    ]
    return {
        "game": "rattus",
        "seat": None,
        "status": "final_round",
        "turn": 9,
        "active": 1,
        "actors": [1],
        "decision": None,
        "log": [],
        "ruleset": "",
        "players_count": len(players),
        "expansions": ["africanus", "mercatus", "pied_piper"],
        "players": players,
        "regions": regions,
        "edges": [[a, b, "land"] for a, b in pairwise(names)],
        "walls": [[names[0], names[1]]],
        "plague": names[0],
        "palace": {str(p["seat"]): p["palace"] for p in players},
        "caravan": names[-1],
        "beside_board": cards[:3],
        "cards_in_play": cards,
        "card_info": {
            card: {"name": card[5:].title(), "class": cls, "text": ""}
            for card, cls in zip(cards, CLASS_COLOURS, strict=True)
        },
        "rat_supply": 20,
        "revealed": revealed,
        "ravages": [{"turn": 9, "seat": 1, "region": names[0], "tokens": revealed}],
        "turning": None,
    }


def sampled_palette() -> Image.Image:
    """The palette the sample board gives (a "P" image)."""
    sample = board_image(sample_view())
    return sample.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def write_palette() -> None:
    """Write the sampled palette to ``render/common/data/palette.json``."""
    flat = sampled_palette().getpalette() or []
    colours = [flat[i : i + 3] for i in range(0, len(flat), 3)]
    lines = ",\n".join(f"  {json.dumps(colour)}" for colour in colours)
    PALETTE_FILE.write_text(f"[\n{lines}\n]\n", encoding="utf-8")


if __name__ == "__main__":
    write_palette()
