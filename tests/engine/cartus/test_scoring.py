"""End scoring line by line, the Nun-row against the rats, and the winner."""

from __future__ import annotations

from engine import cartus
from engine.cartus import scoring
from engine.cartus.state import State
from tests.engine.cartus.helpers import set_hand


def _end(
    players: int = 3, *, treasury: bool = True, everyone_dead: str = "spare_fewest_rats"
) -> State:
    """A finished-looking state: empty hands, no influence, 20 nuns in the Nun-row."""
    buildings = ["farm", "office", "monastery", "castle", "pied_pipers_hut"]
    buildings.append("treasury" if treasury else "palace")
    s = cartus.new_game(players, buildings=buildings, everyone_dead=everyone_dead, seed=1).state
    for p in range(players):
        set_hand(s, p, [])
    s.rats = [0] * players
    for c in s.nun_row:
        s.cards = {**s.cards, c: {**s.cards[c], "nuns": 4}}
    return s


def _line(s: State, name: str) -> list[int]:
    return [line[name] for line in scoring.lines(s)]


def test_class_majorities_score_10_5_2_and_nothing_without_influence() -> None:
    s = _end(4)
    s.influence["church"] = [3, 7, 0, 5]
    assert _line(s, "church") == [2, 10, 0, 5]
    s.influence["magic"] = [0, 4, 0, 0]
    assert _line(s, "magic") == [0, 10, 0, 0]


def test_two_players_score_only_10_and_5() -> None:
    s = _end(2)
    s.influence["royalty"] = [2, 1]
    assert _line(s, "royalty") == [10, 5]


def test_equal_influence_goes_to_the_lower_disc_the_one_that_got_there_first() -> None:
    s = _end(3)
    s.influence["chivalry"] = [4, 4, 4]
    s.arrived["chivalry"] = [9, 3, 5]
    assert _line(s, "chivalry") == [2, 10, 5]
    assert scoring.class_ranking(s, "chivalry") == [1, 2, 0]


def test_most_population_cards_and_jokers_in_hand_scores_2_or_1_each_when_tied() -> None:
    s = _end(3)
    set_hand(s, 0, ["church", "joker", "gold", "gold", "gold"])
    set_hand(s, 1, ["magic"])
    assert _line(s, "cards") == [2, 0, 0]
    set_hand(s, 1, ["magic", "joker"])
    assert _line(s, "cards") == [1, 1, 0]
    set_hand(s, 0, [])
    set_hand(s, 1, [])
    assert _line(s, "cards") == [0, 0, 0]  # nobody holds any: nobody scores


def test_most_of_each_special_scores_2_or_1_each_when_tied() -> None:
    s = _end(3)
    set_hand(s, 0, ["sword", "sword", "flute", "pass"])
    set_hand(s, 1, ["sword", "flute"])
    set_hand(s, 2, ["pass"])
    assert _line(s, "sword") == [2, 0, 0]
    assert _line(s, "flute") == [1, 1, 0]
    assert _line(s, "pass") == [1, 0, 1]


def test_gold_scores_6_and_3() -> None:
    s = _end(4)
    for seat, n in enumerate([3, 1, 2, 0]):
        set_hand(s, seat, ["gold"] * n)
    assert _line(s, "gold") == [6, 0, 3, 0]


def test_a_tie_for_most_gold_shares_9_and_nobody_is_second() -> None:
    s = _end(4)
    for seat, n in enumerate([2, 2, 1, 0]):
        set_hand(s, seat, ["gold"] * n)
    assert _line(s, "gold") == [4, 4, 0, 0]
    for seat, n in enumerate([2, 2, 2, 1]):
        set_hand(s, seat, ["gold"] * n)
    assert _line(s, "gold") == [3, 3, 3, 0]


def test_a_tie_for_second_most_gold_shares_3() -> None:
    s = _end(4)
    for seat, n in enumerate([3, 1, 1, 0]):
        set_hand(s, seat, ["gold"] * n)
    assert _line(s, "gold") == [6, 1, 1, 0]


def test_two_players_get_no_second_place_for_gold() -> None:
    s = _end(2)
    set_hand(s, 0, ["gold"] * 2)
    set_hand(s, 1, ["gold"])
    assert _line(s, "gold") == [6, 0]


def test_gold_scores_only_when_the_treasury_was_in_the_game() -> None:
    s = _end(3, treasury=False)
    set_hand(s, 0, ["gold"])  # held anyway (a test's doing)
    assert _line(s, "gold") == [0, 0, 0]


def test_victory_point_tokens_score_their_values() -> None:
    s = _end(3)
    s.vp = [[3, 1], [], [2]]
    assert _line(s, "tokens") == [4, 0, 2]


def test_more_rats_than_nuns_kills_and_the_winner_is_the_best_survivor() -> None:
    s = _end(3)
    nuns = scoring.nuns(s)
    assert nuns == 20
    s.vp = [[3, 3, 3], [1], [2]]
    s.rats = [nuns + 1, nuns, 0]  # seat 0 has the most points but too many rats
    result = scoring.outcome(s)
    assert result["dead"] == [0]
    assert result["winners"] == [2]
    assert result["ranking"] == [2, 1, 0]


def test_a_tie_on_points_goes_to_the_fewest_rats_then_the_win_is_shared() -> None:
    s = _end(3)
    s.vp = [[2], [2], [1]]
    s.rats = [5, 3, 0]
    assert scoring.outcome(s)["winners"] == [1]
    s.rats = [3, 3, 0]
    assert scoring.outcome(s)["winners"] == [0, 1]
    result = scoring.result(scoring.outcome(s))
    assert (result["ties"], result["tie_break"]) == ([[0, 1]], scoring.TIE_BREAK)
    s.vp = [[3], [2], [1]]
    result = scoring.result(scoring.outcome(s))
    assert (result["ties"], result["tie_break"]) == ([], "")


def test_if_everyone_dies_all_have_lost_by_default() -> None:
    s = cartus.new_game(3, seed=1).state
    assert s.options["everyone_dead"] == "no_winner"
    s = _end(3, everyone_dead=s.options["everyone_dead"])
    s.rats = [30, 25, 25]
    result = scoring.outcome(s)
    assert result["dead"] == [0, 1, 2]
    assert result["winners"] == [] and result["spared"] == []
    assert sorted(result["ranking"]) == [0, 1, 2]


def test_if_everyone_dies_the_host_may_spare_the_fewest_rats() -> None:
    s = _end(3, everyone_dead="spare_fewest_rats")
    s.vp = [[3], [1], [2]]
    s.rats = [30, 25, 25]
    result = scoring.outcome(s)
    assert result["dead"] == [0, 1, 2] and result["spared"] == [1, 2]
    assert result["winners"] == [2]
    assert result["ranking"][:2] == [2, 1]


def test_scores_add_every_line() -> None:
    s = _end(3)
    s.influence["church"] = [3, 0, 0]
    set_hand(s, 0, ["church", "sword", "gold"])
    s.vp = [[2], [], []]
    result = scoring.outcome(s)
    assert result["scores"][0] == 10 + 2 + 2 + 6 + 2
    assert result["lines"][0]["church"] == 10
