"""Rattus lobby options: validation, descriptions and how class cards are dealt."""

from __future__ import annotations

import pytest

from engine import rattus
from engine.rattus import data as rattus_data
from host.errors import UserError
from host.rattus_kind import RattusKind

KIND = RattusKind()
BASE_SET = list(rattus_data.card_sets()["base"])


def test_defaults() -> None:
    assert KIND.validate_options({}) == {
        "expansions": [],
        "class_cards": "random-per-class",
        "ensure_chivalry": True,
        "seat_order": "random",
        "players": rattus.MAX_PLAYERS,
    }
    assert KIND.player_limits(KIND.validate_options({"players": 3})) == (rattus.MIN_PLAYERS, 3)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"colour": "red"}, "no option called 'colour'"),
        ({"expansions": ["atlantis"]}, "cannot play the expansion 'atlantis'"),
        ({"expansions": "pied_piper"}, "given as a list"),
        ({"players": 9}, "seats 2 to 4 players"),
        ({"players": True}, "seats 2 to 4 players"),
        ({"seat_order": "alphabetical"}, "'random' or 'joined'"),
        ({"class_cards": "favourites"}, "not a way to choose class cards"),
        ({"class_cards": ["king", "king", "witch", "monk", "peasant", "knight"]}, "6 different"),
        ({"class_cards": ["king", "dragon"]}, "Unknown class card 'dragon'"),
        ({"class_cards": 6}, "a list of cards"),
        ({"ensure_chivalry": "yes"}, "true or false"),
    ],
)
def test_bad_options_say_what_is_wrong(options: dict[str, object], message: str) -> None:
    with pytest.raises(UserError, match=message):
        KIND.validate_options(options)


def test_named_sets_and_custom_lists() -> None:
    assert KIND.validate_options({"class_cards": "Base"})["class_cards"] == "base"
    custom = [c.upper() for c in reversed(BASE_SET)]
    assert KIND.validate_options({"class_cards": custom})["class_cards"] == list(reversed(BASE_SET))


def test_descriptions_are_plain_words() -> None:
    text = KIND.describe_options(KIND.validate_options({"seat_order": "joined", "players": 3}))
    assert text == (
        "Base game; one random class card of each class; seats in the order players joined; "
        "up to 3 players."
    )
    listed = KIND.describe_options(KIND.validate_options({"class_cards": BASE_SET}))
    assert "class cards: King, Knight, Merchant, Monk, Peasant, Witch" in listed


@pytest.mark.parametrize("mode", ["random-per-class", "random"])
def test_random_cards_follow_the_seed(mode: str) -> None:
    options = KIND.validate_options({"class_cards": mode})
    for seed in range(10):
        dealt = KIND.deal_class_cards(2, options, seed)
        assert isinstance(dealt, list) and len(dealt) == 6 and len(set(dealt)) == 6
        assert dealt == KIND.deal_class_cards(2, options, seed)
        cards = rattus_data.cards()
        assert "chivalry" in {cards[c].cls for c in dealt}
    per_class = KIND.deal_class_cards(4, KIND.validate_options({}), 1)
    assert sorted(rattus_data.cards()[c].cls for c in per_class) == sorted(
        {c.cls for c in rattus_data.cards().values()}
    )


def test_the_game_is_dealt_with_the_chosen_cards() -> None:
    options = KIND.validate_options({"class_cards": "base"})
    game = KIND.new_game(3, options, 99)
    assert sorted(game.view()["cards_in_play"]) == sorted(BASE_SET)
    assert KIND.from_dict(game.to_dict()).to_dict() == game.to_dict()
