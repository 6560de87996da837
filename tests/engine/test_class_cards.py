"""Class cards in play: dealt once, by the engine, from the game's seed."""

from __future__ import annotations

import pytest

from engine import rattus
from engine.rattus import class_cards, data


def classes(cards: list[str]) -> set[str]:
    return {data.cards()[c].cls for c in cards}


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("mode", ["random", "random-per-class"])
def test_a_new_game_below_four_players_keeps_a_chivalry_card(players: int, mode: str) -> None:
    every = set(rattus.EXPANSIONS)
    for seed in range(30):
        g = rattus.new_game(players, expansions=every, class_cards=mode, seed=seed)
        assert "chivalry" in classes(g.state.cards_in_play)


def test_without_the_chivalry_rule_a_random_deal_may_lack_one() -> None:
    every = set(rattus.EXPANSIONS)
    dealt = [
        rattus.new_game(
            2, expansions=every, class_cards="random", seed=seed, ensure_chivalry=False
        ).state.cards_in_play
        for seed in range(40)
    ]
    assert any("chivalry" not in classes(cards) for cards in dealt)


def test_the_game_is_dealt_what_the_deal_gives_for_its_seed() -> None:
    for seed in range(5):
        g = rattus.new_game(5, expansions={"africanus"}, class_cards="random", seed=seed)
        assert g.state.cards_in_play == class_cards.deal(5, ["africanus"], "random", seed)


def test_choices_offer_only_what_the_expansions_can_play_in_words() -> None:
    base = dict(class_cards.choices([]))
    assert set(base.values()) == {"random-per-class", "random", "base"}
    assert "Base: King, Knight, Merchant, Monk, Peasant, Witch" in base
    piper = {value for _, value in class_cards.choices(["pied_piper"])}
    assert {"rat_control", "prosperous_times", "europe_at_war"} <= piper
    assert "violent_times" not in piper
    every = {value for _, value in class_cards.choices(rattus.EXPANSIONS)}
    assert every == {"random-per-class", "random", *data.card_sets()}


def test_a_set_the_expansions_cannot_play_is_refused() -> None:
    with pytest.raises(ValueError, match=r"Rat Control.*Pied Piper"):
        class_cards.check_choice("rat_control", [])
    with pytest.raises(ValueError, match="Pied Piper"):
        rattus.new_game(3, class_cards="rat_control", seed=1)
