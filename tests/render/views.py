"""Hand-made Rattus views (docs/views.md) for render tests: 2-4 players in the middle of a
game, and 6 players with every expansion key present."""

from __future__ import annotations

import copy
from typing import Any

EUROPE = [
    "anglia", "gallia", "germania", "hispania", "hungaria", "italia",
    "polonia", "scandia", "bulgaria", "turcia", "russia", "tartaria",
]  # fmt: skip
AFRICA = ["mauretania", "numidia", "africa", "libya", "aegyptus"]
IN_USE = {2: EUROPE[:8], 3: EUROPE[:10], 4: EUROPE, 5: EUROPE[:10] + AFRICA, 6: EUROPE + AFRICA}
COLOURS = ["red", "yellow", "green", "blue", "purple", "orange"]
NAMES = ["Anna", "Björn", "Χλόη", "Дмитрий", "Maëlle", "Olu"]
EDGES = [
    ["gallia", "hispania", "land"], ["russia", "tartaria", "land"], ["anglia", "gallia", "arrow"],
    ["hispania", "italia", "arrow"], ["gallia", "germania", "land"], ["gallia", "italia", "land"],
    ["germania", "italia", "land"], ["germania", "polonia", "land"], ["germania", "hungaria", "land"],
    ["germania", "scandia", "land"], ["hungaria", "polonia", "land"], ["polonia", "russia", "land"],
    ["bulgaria", "hungaria", "land"], ["bulgaria", "turcia", "land"], ["hungaria", "italia", "land"],
    ["russia", "scandia", "land"], ["bulgaria", "tartaria", "land"], ["anglia", "scandia", "arrow"],
    ["polonia", "scandia", "arrow"], ["hungaria", "russia", "land"], ["tartaria", "turcia", "arrow"],
]  # fmt: skip
AFRICA_EDGES = [
    ["mauretania", "numidia", "land"], ["africa", "numidia", "land"], ["africa", "libya", "land"],
    ["aegyptus", "libya", "land"], ["hispania", "mauretania", "arrow"], ["africa", "italia", "arrow"],
    ["aegyptus", "turcia", "arrow"],
]  # fmt: skip
CARD_INFO = {
    "king": {"name": "King", "class": "royalty", "text": "King text"},
    "knight": {"name": "Knight", "class": "chivalry", "text": "Knight text"},
    "merchant": {"name": "Merchant", "class": "bourgeoisie", "text": "Merchant text"},
    "monk": {"name": "Monk", "class": "church", "text": "Monk text"},
    "peasant": {"name": "Peasant", "class": "peasantry", "text": "Peasant text"},
    "witch": {"name": "Witch", "class": "magic", "text": "Witch text"},
    "sultan": {"name": "Sultan", "class": "islamic", "text": "Sultan text"},
    "nun": {"name": "Nun", "class": "church", "text": "Nun text"},
    "wizard": {"name": "Wizard", "class": "magic", "text": "Wizard text"},
}


def _region(name: str, in_use: bool, rats: int, cubes: dict[str, int]) -> dict[str, Any]:
    return {
        "name": name.title(),
        "area": "africa" if name in AFRICA else "europe",
        "in_use": in_use,
        "cubes": cubes if in_use else {},
        "rats": rats if in_use else 0,
        "slots": [{"known": None, "starting": False} for _ in range(rats if in_use else 0)],
    }


def base_view(players: int) -> dict[str, Any]:
    """A base-game view in the middle of turn 9 with ``players`` seats (2-4)."""
    in_use = IN_USE[players]
    names = EUROPE + (AFRICA if players > 4 else [])
    regions = {}
    for i, name in enumerate(names):
        used = name in in_use
        cubes = {str(s): (i * 3 + s * 5) % 7 for s in range(players) if (i + s) % 3 != 2}
        regions[name] = _region(
            name, used, (i * 2 + players) % 4, {k: v for k, v in cubes.items() if v}
        )
    regions["gallia"]["cubes"] = {str(s): 20 - s for s in range(players)}
    regions["gallia"]["rats"] = 3
    regions["gallia"]["slots"] = [{"known": None, "starting": False} for _ in range(3)]
    cards = ["king", "knight", "merchant", "monk", "peasant", "witch"]
    held = {0: ["witch", "king"], 1: ["merchant"]}
    players_list = []
    for s in range(players):
        on_board = sum(int(r["cubes"].get(str(s), 0)) for r in regions.values())
        players_list.append(
            {
                "seat": s,
                "colour": COLOURS[s],
                "mark": COLOURS[s][0].upper(),
                "name": NAMES[s],
                "cubes_supply": max(0, 20 - on_board),
                "cubes_board": on_board,
                "palace": s % 2,
                "cards": held.get(s, []),
            }
        )
    taken = {c for hand in held.values() for c in hand}
    edges = EDGES + (AFRICA_EDGES if players > 4 else [])
    view: dict[str, Any] = {
        "game": "rattus",
        "ruleset": "Base game; house-default rat tokens and inferred borders",
        "players_count": players,
        "expansions": [],
        "seat": None,
        "status": "playing",
        "turn": 9,
        "active": 1,
        "actors": [1],
        "decision": {
            "seat": 1,
            "kind": "turn",
            "prompt": "Take a card, place cubes or move the plague",
            "private": False,
        },
        "players": players_list,
        "regions": regions,
        "edges": [[*sorted(e[:2]), e[2]] for e in edges],
        "plague": "germania",
        "palace": {str(s): 1 for s in range(players) if s % 2},
        "beside_board": [c for c in cards if c not in taken],
        "cards_in_play": cards,
        "card_info": {c: CARD_INFO[c] for c in cards},
        "rat_supply": 21,
        "turning": None,
        "revealed": [
            {
                "region": "germania",
                "limit": 2,
                "classes": ["magic"],
                "majority": 1,
                "all": 0,
                "starting": False,
                "outbreak": True,
                "losses": {"0": 2, "1": 1},
            },
            {
                "region": "germania",
                "limit": 5,
                "classes": ["royalty", "church"],
                "majority": 0,
                "all": 1,
                "starting": False,
                "outbreak": False,
                "losses": {},
            },
        ],
        "log": [
            "Anna placed 2 cubes in Gallia",
            "Anna moved the plague to Germania",
            "A rat broke out in Germania: Anna lost 2 cubes, Björn lost 1",
        ],
    }
    view["ravages"] = [
        {"turn": 9, "seat": 0, "region": "germania", "tokens": [dict(t) for t in view["revealed"]]}
    ]
    return view


def expansion_view(players: int = 6) -> dict[str, Any]:
    """Every optional key from docs/views.md, with Africa on the board (5 or 6 seats)."""
    view = base_view(4)
    view["players_count"] = players
    view["expansions"] = ["africanus", "mercatus", "pied_piper"]
    for name in AFRICA:
        view["regions"][name] = _region(name, True, 1, {})
    for name in EUROPE:
        view["regions"][name]["in_use"] = name in IN_USE[players]
    view["edges"] = [[*sorted(e[:2]), e[2]] for e in EDGES + AFRICA_EDGES]
    view["regions"]["numidia"]["cubes"] = {"4": 3, "5": 2}
    view["regions"]["aegyptus"]["cubes"] = {"5": 4}
    view["players"] = copy.deepcopy(view["players"])
    for s in range(4, players):
        view["players"].append(
            {
                "seat": s,
                "colour": COLOURS[s],
                "mark": COLOURS[s][0].upper(),
                "name": NAMES[s],
                "cubes_supply": 15,
                "cubes_board": 5,
                "palace": 0,
                "cards": [],
            }
        )
    goods = ["fish", "cloth", "lumber", "salt"]
    for i, player in enumerate(view["players"]):
        player["coins"] = 3 + i
        player["goods"] = {goods[i % 4]: 1 + i % 2}
        player["hand_count"] = i % 3
    view["players"][4]["cards"] = ["sultan"]
    view["players"][2]["cards"] = ["nun", "wizard"]
    for i, (name, region) in enumerate(view["regions"].items()):
        region["nuns"] = 1 if name in ("gallia", "italia") else 0
        region["bishops"] = 1 if name == "polonia" else 0
        region["potions"] = {"0": 2} if name == "gallia" else {}
        region["diplomats"] = {"1": 1, "4": 1} if name == "hungaria" else {}
        region["goods"] = goods[i % 4]
    view["regions"]["numidia"]["diplomats"] = {"5": 1}
    view["walls"] = [["gallia", "italia"], ["anglia", "gallia"], ["germania", "polonia"]]
    view["caravan"] = "numidia"
    view["diplomats_left"] = 9
    cards = ["king", "knight", "merchant", "nun", "sultan", "witch", "wizard"]
    view["cards_in_play"] = cards
    view["card_info"] = {c: CARD_INFO[c] for c in cards}
    view["beside_board"] = ["knight"]
    view["status"] = "final_round"
    view["final_order"] = [3, 2, 1]
    return view


def over_view() -> dict[str, Any]:
    """A finished 4-player game after the final plague."""
    view = base_view(4)
    view.update(
        status="over",
        active=None,
        actors=[],
        decision=None,
        scores={"0": 12, "1": 9, "2": 12, "3": 4},
        ranking=[0, 2, 1, 3],
        winners=[0],
    )
    return view
