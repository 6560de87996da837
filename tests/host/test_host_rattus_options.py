"""Rattus lobby options: validation, descriptions and how class cards are dealt."""

from __future__ import annotations

from typing import Any

import pytest

from engine import rattus
from engine.rattus import class_cards
from engine.rattus import data as rattus_data
from engine.text import english
from host.errors import UserError
from host.rattus_kind import RattusKind

KIND = RattusKind()
BASE_SET = list(rattus_data.card_sets()["base"])


def deal(players: int, options: dict[str, Any], seed: int) -> list[str]:
    """What the engine deals for options the lobby validated (the host only passes them on)."""
    return class_cards.deal(
        players,
        options["expansions"],
        options["class_cards"],
        seed,
        ensure_chivalry=options["ensure_chivalry"],
    )


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
    text = english(
        KIND.describe_options(KIND.validate_options({"seat_order": "joined", "players": 3}))
    )
    assert text == (
        "Base game; one random class card of each class; seats in the order players joined; "
        "up to 3 players."
    )
    listed = english(KIND.describe_options(KIND.validate_options({"class_cards": BASE_SET})))
    assert "class cards: King, Knight, Merchant, Monk, Peasant, Witch" in listed


@pytest.mark.parametrize("mode", ["random-per-class", "random"])
def test_random_cards_follow_the_seed(mode: str) -> None:
    options = KIND.validate_options({"class_cards": mode})
    for seed in range(10):
        dealt = deal(2, options, seed)
        assert isinstance(dealt, list) and len(dealt) == 6 and len(set(dealt)) == 6
        assert dealt == deal(2, options, seed)
        cards = rattus_data.cards()
        assert "chivalry" in {cards[c].cls for c in dealt}
    per_class = deal(4, KIND.validate_options({}), 1)
    assert sorted(rattus_data.cards()[c].cls for c in per_class) == sorted(
        {c.cls for c in rattus_data.cards().values() if c.expansion == "base"}
    )


def test_the_game_is_dealt_with_the_chosen_cards() -> None:
    options = KIND.validate_options({"class_cards": "base"})
    game = KIND.new_game(3, options, 99)
    assert sorted(game.view()["cards_in_play"]) == sorted(BASE_SET)
    assert KIND.from_dict(game.to_dict()).to_dict() == game.to_dict()


AFRICANUS = {"expansions": ["africanus"]}


def test_africanus_seats_six_and_the_base_game_four() -> None:
    options = KIND.validate_options(AFRICANUS)
    assert options["players"] == 6
    assert KIND.player_limits(options) == (2, 6)
    assert KIND.player_limits(KIND.validate_options({})) == (2, 4)
    assert english(KIND.describe_options(options)).endswith("up to 6 players.")
    with pytest.raises(UserError, match=r"seats 2 to 4 players \(up to 6 with Africanus\)"):
        KIND.validate_options({"players": 5})


@pytest.mark.parametrize("mode", ["random-per-class", "random", "base"])
def test_five_and_six_players_are_dealt_eight_cards(mode: str) -> None:
    options = KIND.validate_options({**AFRICANUS, "class_cards": mode})
    for seed in range(8):
        for players, count in ((3, 6), (5, 8), (6, 8)):
            dealt = deal(players, options, seed)
            assert len(dealt) == count and len(set(dealt)) == count
            assert dealt == deal(players, options, seed)
        game = KIND.new_game(5, options, seed)
        assert len(game.view()["cards_in_play"]) == 8
    if mode == "base":
        assert set(BASE_SET) <= set(deal(5, options, 1))


def test_per_class_below_four_players_keeps_a_chivalry_card_with_seven_classes() -> None:
    options = KIND.validate_options(AFRICANUS)
    cards = rattus_data.cards()
    for seed in range(20):
        dealt = deal(3, options, seed)
        assert len({cards[c].cls for c in dealt}) == 6
        assert "chivalry" in {cards[c].cls for c in dealt}


def test_a_listed_choice_must_fit_the_seated_players() -> None:
    eight = [*BASE_SET, "sultan", "caravaner"]
    options = KIND.validate_options({**AFRICANUS, "class_cards": eight})
    assert sorted(KIND.new_game(6, options, 3).view()["cards_in_play"]) == sorted(eight)
    with pytest.raises(ValueError, match="4 players plays 6 class cards"):
        KIND.new_game(4, options, 3)
    pied_piper_eight = [*BASE_SET, "pied_piper", "wizard"]
    with pytest.raises(UserError, match="6 different"):
        KIND.validate_options({"expansions": ["pied_piper"], "class_cards": pied_piper_eight})


@pytest.mark.parametrize(
    ("expansions", "choice", "needs"),
    [
        ([], "rat_control", "Pied Piper"),
        (["mercatus"], "prosperous_times", "Pied Piper"),
        (["pied_piper"], "violent_times", "Mercatus"),
        ([], ["king", "knight", "merchant", "monk", "peasant", "wizard"], "Pied Piper"),
    ],
)
def test_a_class_card_choice_the_expansions_cannot_play_is_refused_when_set(
    expansions: list[str], choice: str | list[str], needs: str
) -> None:
    with pytest.raises(UserError, match=needs):
        KIND.validate_options({"expansions": expansions, "class_cards": choice})


def test_a_named_set_is_accepted_with_its_expansion() -> None:
    options = KIND.validate_options({"expansions": ["pied_piper"], "class_cards": "Rat Control"})
    assert options["class_cards"] == "rat_control"
    assert "Rat Control set" in english(KIND.describe_options(options))
    game = KIND.new_game(3, options, 5)
    assert game.view()["cards_in_play"] == list(rattus_data.card_sets()["rat_control"])
