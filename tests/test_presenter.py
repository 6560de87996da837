"""The text lines that go with the board on Discord, for the expansions' view keys."""

from __future__ import annotations

from cogs.rattus_presenter import extra_fields, players_lines


def test_players_lines_show_coins_goods_and_baker_cubes() -> None:
    view = {
        "players": [
            {
                "seat": 0,
                "colour": "red",
                "mark": "R",
                "name": "Anna",
                "cubes_supply": 12,
                "cubes_board": 8,
                "coins": 7,
                "goods": {"salt": 2, "fish": 1},
                "baker": 3,
                "cards": [],
            }
        ]
    }
    (line,) = players_lines(view)
    assert "7 coins" in line and "1 fish, 2 salt" in line and "3 on the Baker" in line


def test_a_token_waiting_for_answers_is_shown_with_its_front() -> None:
    view = {
        "regions": {"gallia": {"name": "Gallia"}},
        "turning": {"region": "gallia", "limit": 2, "classes": ["church"], "majority": 1, "all": 0},
        "revealed": [],
    }
    ((title, text),) = extra_fields(view)
    assert title == "Just turned over" and text.startswith("Gallia: limit 2 · Church · M")
    assert extra_fields({"revealed": [], "turning": None}) == []
