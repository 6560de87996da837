"""Every ravage since a viewer's last move is on their picture, not only the latest: when a
computer moves after you, your own plague stays drawn (its tokens under the map, its region
outlined in red) next to the computer's, until your next turn."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from engine import rattus
from render.common.colours import ALERT
from render.common.frame import seats_of
from render.rattus.board import board_grid, board_image, rattus_board
from render.rattus.panel import plague_tokens
from tests.render.helpers import EN
from tests.test_panels import plague_then_a_computer_turn


def regions_of(view: Any) -> list[str]:
    return [str(r["region"]) for r in view["ravages"]]


def outlined(view: Any, region: str) -> bool:
    """Whether the region's tile has the red outline of a ravaged region on the picture."""
    image = board_image(view)
    x0, y0, x1, _ = board_grid(view, seats_of(view, EN), EN).tiles[region]
    edge = [image.getpixel((round((x0 + x1) / 2), round(y0 + dy))) for dy in range(0, 4)]
    return any(sum(abs(a - b) for a, b in zip(pixel, ALERT, strict=True)) < 60 for pixel in edge)


def test_the_views_reach_back_to_each_viewers_own_latest_ravage() -> None:
    game, _ = plague_then_a_computer_turn()  # Alice ravaged Gallia, then Bob Italia
    assert regions_of(game.view(None)) == ["gallia", "italia"], "a spectator: the round"
    assert regions_of(game.view(0)) == ["gallia", "italia"], "Alice: her own, then Bob's"
    assert regions_of(game.view(1)) == ["italia"], "Bob: since his own"
    gallia = game.view(None)["ravages"][0]
    assert gallia["seat"] == 0 and len(gallia["tokens"]) == 3
    assert [t["region"] for t in game.view(None)["revealed"]] == ["italia"], "unchanged"


def test_every_ravage_since_the_last_move_is_drawn_and_its_region_marked() -> None:
    game, _ = plague_then_a_computer_turn()
    view = game.view(0)
    assert [t["region"] for t in plague_tokens(view)] == ["gallia"] * 3 + ["italia"]
    assert outlined(view, "gallia") and outlined(view, "italia")
    latest_only = {**view, "ravages": view["ravages"][-1:]}
    assert not outlined(latest_only, "gallia") and outlined(latest_only, "italia")
    drawn, before = rattus_board(view), rattus_board(latest_only)
    assert drawn != before, "the picture changes with the earlier ravage"
    assert Image.open(io.BytesIO(drawn)).size == Image.open(io.BytesIO(before)).size


def test_a_round_later_the_older_ravages_are_forgotten() -> None:
    game, _ = plague_then_a_computer_turn()
    for seat in (2, 0, 1):  # Carol, Alice and Bob each play a turn, ravaging where they can
        while game.actors() == [seat] and not game.is_over:
            options = [a.notation for a in game.legal_actions(seat)]
            plague = [n for n in options if n.startswith("plague:")]
            game = game.apply(seat, plague[0] if plague else options[0])
    turns = [int(r["turn"]) for r in game.view(None)["ravages"]]
    assert turns and min(turns) >= game.view(None)["turn"] - 3


def test_a_game_saved_before_ravages_were_kept_still_loads() -> None:
    game, _ = plague_then_a_computer_turn()
    saved = game.to_dict()
    del saved["ravages"]
    loaded = rattus.from_dict(saved)
    assert loaded.view(None)["ravages"] == []
    assert loaded.legal_actions(2) == game.legal_actions(2)
