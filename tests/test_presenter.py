"""The text lines that go with the board on Discord, for the expansions' view keys."""

from __future__ import annotations

from cogs.rattus.presenter import could_be_asked, extra_fields, outcome_lines, players_lines


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
    assert title == "Just turned over" and text.startswith(
        "Gallia: limit 2, Church, the majority loses 1"
    )
    assert extra_fields({"revealed": [], "turning": None}) == []


def test_a_private_question_could_concern_those_struck_who_hold_region_cards() -> None:
    """Who is asked whether to play a region card follows public facts: people where the rat
    was turned over, holding region cards (how many is public)."""
    players = [{"seat": seat, "hand_count": count} for seat, count in enumerate([2, 0, 1, 3])]
    view = {
        "turning": {"region": "gallia"},
        "regions": {"gallia": {"cubes": {"0": 1, "1": 2, "2": 1}}},
        "players": players,
    }
    assert could_be_asked(view) == [0, 2]
    assert could_be_asked({**view, "turning": None}) == [0, 1, 2, 3]
    without_cards = [{"seat": seat} for seat in range(4)]  # without Africanus
    assert could_be_asked({**view, "players": without_cards}) == [0, 1, 2]


def test_the_final_scores_say_where_each_point_came_from_and_how_a_tie_was_broken() -> None:
    view = {
        "players": [{"seat": 0, "name": "Anna"}, {"seat": 1, "name": "Ben"}, {"seat": 2}],
        "scores": {"0": 3, "1": 4, "2": 4},
        "ranking": [2, 1, 0],
        "winners": [2],
        "breakdown": {
            "lines": [
                {"map": 3, "palace": 0, "money": 0},
                {"map": 1, "palace": 3, "money": 0},
                {"map": 2, "palace": 0, "money": 2},
            ],
            "ties": [[2, 1]],
            "tie_break": "the one who would have played next ranks first",
        },
    }
    assert outcome_lines(view) == [
        "1. **Player 3**: 4 👑 (2 on the map, 2 from coins)",
        "2. **Ben**: 4 (1 on the map, 3 in the palace)",
        "3. **Anna**: 3 (3 on the map)",
        "Tie: Player 3 and Ben had 4 points each; the one who would have played next ranks "
        "first, so they rank in that order.",
    ]
