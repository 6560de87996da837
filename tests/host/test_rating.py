"""The rating maths (host/rating.py): Weng-Lin Plackett-Luce."""

from __future__ import annotations

import pytest

from host.rating import MU, SIGMA, Rating, rate, rate_players, shown


def test_matches_the_published_two_team_example() -> None:
    # The OpenSkill documentation's example (teams of two, no sigma growth), to every digit.
    a1, a2 = Rating(), Rating(32.444, 5.123)
    b1, b2 = Rating(43.381, 2.421), Rating(25.188, 6.211)
    [[x1, x2], [y1, y2]] = rate([[a1, a2], [b1, b2]], [1, 2], tau=0)
    assert (x1.mu, x1.sigma) == pytest.approx((28.669648436582808, 8.071520788025197))
    assert (x2.mu, x2.sigma) == pytest.approx((33.83086971107981, 5.062772998705765))
    assert (y1.mu, y1.sigma) == pytest.approx((43.071274808241974, 2.4166900452721256))
    assert (y2.mu, y2.sigma) == pytest.approx((23.149503312339064, 6.1378606973362135))


def test_a_newcomer_starts_at_zero() -> None:
    assert Rating().mu == MU and Rating().sigma == SIGMA
    assert Rating().ordinal == pytest.approx(0.0)


def test_a_newcomer_who_loses_shows_zero_not_a_negative_rating() -> None:
    first, *_, fourth = rate_players([Rating()] * 4, [1, 2, 3, 4])
    assert fourth.ordinal < 0  # the doubt is still larger than the skill
    assert fourth.shown == 0.0 and shown(fourth.ordinal) == 0.0
    assert first.shown == first.ordinal > 0


def test_the_order_moves_everyone_and_certainty_grows() -> None:
    first, second, third, fourth = rate_players([Rating()] * 4, [1, 2, 3, 4])
    assert first.mu > second.mu > MU > third.mu > fourth.mu
    assert all(r.sigma < SIGMA for r in (first, second, third, fourth))
    # Equal players: the gains and losses balance out.
    assert first.mu + second.mu + third.mu + fourth.mu == pytest.approx(4 * MU)


def test_a_shared_place_moves_the_tied_players_alike() -> None:
    a, b, c = rate_players([Rating()] * 3, [1, 1, 2])
    assert a == b and a.mu > MU > c.mu
    x, y = rate_players([Rating(), Rating()], [1, 1])
    assert x.mu == pytest.approx(MU) and y.mu == pytest.approx(MU)


def test_beating_a_strong_player_is_worth_more() -> None:
    strong, weak = Rating(35.0, 4.0), Rating(15.0, 4.0)
    upset = rate_players([Rating(), strong], [1, 2])[0]
    expected = rate_players([Rating(), weak], [1, 2])[0]
    assert upset.mu > expected.mu > MU


def test_sigma_grows_a_little_before_each_game() -> None:
    settled = Rating(25.0, 1.0)
    with_growth = rate_players([settled, settled], [1, 1])[0]
    without = rate([[settled], [settled]], [1, 1], tau=0)[0][0]
    assert with_growth.sigma > without.sigma


def test_one_player_or_a_wrong_count_changes_nothing() -> None:
    assert rate_players([Rating(30.0, 2.0)], [1]) == [Rating(30.0, 2.0)]
    with pytest.raises(ValueError):
        rate([[Rating()], [Rating()]], [1])
