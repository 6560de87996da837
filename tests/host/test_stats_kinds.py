"""What each kind tells the statistics: its variant, and the class cards each seat used."""

from __future__ import annotations

from engine.rattus import data as rattus_data
from engine.text import english
from host.cartus_kind import CartusKind
from host.rattus_kind import RattusKind
from tests.engine.cartus.helpers import random_playout as cartus_playout
from tests.engine.helpers import random_playout as rattus_playout


def test_rattus_variants_are_the_expansions_in_words() -> None:
    kind = RattusKind()
    assert kind.variant({"expansions": []}) == ""
    assert kind.variant({"expansions": ["pied_piper", "mercatus"]}) == "mercatus+pied_piper"
    assert english(kind.variant_title("")) == "Base game"
    assert english(kind.variant_title("mercatus+pied_piper")) == "Mercatus + Pied Piper"


def test_rattus_cards_used_are_the_cards_each_seat_took() -> None:
    game, log = rattus_playout(3, seed=5)
    used = RattusKind().cards_used(game, log)
    taken: dict[int, dict[str, int]] = {}
    for seat, notation in log:
        if notation.startswith("take:"):
            card = notation.split(":", 1)[1]
            taken.setdefault(seat, {}).setdefault(card, 0)
            taken[seat][card] += 1
    assert used == taken and used
    # Every card a seat holds at the end was taken by it at some point.
    for seat in range(3):
        held = game.view(seat)["players"][seat]["cards"]
        assert set(held) <= set(used.get(seat, {}))
    card = next(iter(used[next(iter(used))]))
    assert RattusKind().card_title(card) == rattus_data.cards()[card].name


def test_cartus_cards_used_are_the_classes_on_each_influence_track() -> None:
    game, log = cartus_playout(3, seed=4)
    used = CartusKind().cards_used(game, log)
    players = game.view(None)["players"]
    for p in players:
        assert used.get(p["seat"], {}) == {c: n for c, n in p["influence"].items() if n}
    assert any(used.values())
    assert CartusKind().card_title("church") == "Church"
    assert CartusKind().variant({}) == ""
    assert english(CartusKind().variant_title("")) == "Rattus Cartus"
