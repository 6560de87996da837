"""Seeded random Cartus games at 2-5 players, checking invariants after every action:
cards and rats conserved, notations round-trip, every action replays the same from the saved
game, views leak nothing; and whole action logs replayed from the seed."""

from __future__ import annotations

import copy
import json
import random

import pytest

from engine import cartus
from engine.cartus import data
from engine.cartus.game import Game
from engine.cartus.state import State
from engine.core import parse_notation
from tests.engine.cartus.helpers import random_playout


def every_card_once(s: State) -> None:
    places = [
        *s.deck,
        *s.discard,
        *(c for pile in s.supplies.values() for c in pile),
        *(c for hand in s.hands for c in hand),
        *s.nun_row,
        *(c for b in s.row for e in b["entries"] for c in e["cards"]),
    ]
    assert len(places) == len(set(places)) == len(s.cards)
    buildings = [*s.building_deck, *s.replacement, *s.building_discard, *(b["card"] for b in s.row)]
    assert sorted(buildings) == sorted(s.building_cards)
    assert len(s.vp_pile) + sum(len(v) for v in s.vp) == len(data.table().vp_tokens)


class RatLedger:
    """Each seat's rats as the public log tells them: start 10, every gain, discard and
    Flute pass is an event. The private totals must always agree."""

    def __init__(self, players: int) -> None:
        self.rats = [data.table().starting_rats] * players

    def follow(self, g: Game) -> None:
        for e in g.events:
            if e.kind == "rats":
                self.rats[e.data["seat"]] += e.data["n"]
            elif e.kind == "flute" and "to" in e.data:
                self.rats[e.data["seat"]] -= 1
                self.rats[e.data["to"]] += 1
        assert self.rats == g.state.rats
        assert min(g.state.rats) >= 0


def notations_round_trip(g: Game) -> None:
    if g.is_over:
        return
    for seat in g.actors():
        acts = g.legal_actions(seat)
        assert acts, "a deciding seat always has something to do"
        kinds: dict[str, int] = {}
        for a in acts:
            kinds[a.kind] = kinds.get(a.kind, 0) + 1
            assert parse_notation(a.notation) == a.notation and len(a.notation) <= 80
        assert max(kinds.values()) <= 25
        pick = g.decision(seat).pick  # type: ignore[union-attr]
        if pick is not None:
            options = pick.options()
            assert len(options) <= 25
            assert len({v for v, _ in options}) == len(options)
            for a in acts:
                assert pick.counts_notation(pick.parse(a.notation)) == a.notation
            everything = pick.notation(v for v, _ in options[: pick.most])
            assert parse_notation(everything) == everything and len(everything) <= 80


def perturbed(s: State, viewer: int | None, rng: random.Random) -> State:
    """The same game as ``viewer`` knows it, with everything hidden from them changed: other
    hands, unseen Nun-row cards, cards others played face down, the deck's order, others'
    rats, token values and secret supply choices."""
    t = copy.deepcopy(s)  # changed in place below: a copy sharing nothing
    hidden: list[list[str]] = [t.deck]
    hidden += [h for p, h in enumerate(t.hands) if p != viewer]
    for b in t.row:
        if not b["revealed"]:
            hidden += [e["cards"] for e in b["entries"] if e["seat"] != viewer]
    unseen = [i for i in range(len(t.nun_row)) if viewer is None or viewer not in t.seen[i]]
    nun_cards = [t.nun_row[i] for i in unseen]
    hidden.append(nun_cards)
    pool = [c for group in hidden for c in group]
    rng.shuffle(pool)
    for group in hidden:
        n = len(group)
        group[:] = pool[:n]
        del pool[:n]
    for i, c in zip(unseen, nun_cards, strict=True):
        t.nun_row[i] = c
    for p in range(t.players):
        if p != viewer:
            t.rats[p] += 7
            t.vp[p] = [v % 3 + 1 for v in t.vp[p]]
            if t.supply_chosen[p] is not None and t.stack and t.stack[-1]["kind"] == "supply_all":
                t.supply_chosen[p] = (t.supply_chosen[p] + 1) % len(t.row)
    return t


def views_leak_nothing(g: Game, rng: random.Random) -> None:
    s = g.state
    for viewer in [None, *range(s.players)]:
        if g.is_over:
            break
        other = Game(perturbed(s, viewer, rng))
        assert json.dumps(g.view(viewer)) == json.dumps(other.view(viewer)), viewer
    for e in g.events:
        if e.audience is None:
            assert "cards" not in e.data or e.kind in ("reveal", "hospital")


class Checks:
    """Every check after every action of one game (the leak check is the costly one)."""

    def __init__(self, players: int, seed: int, leaks: bool = True) -> None:
        self.ledger = RatLedger(players)
        self.rng = random.Random(seed)
        self.leaks = leaks

    def __call__(self, g: Game) -> None:
        every_card_once(g.state)
        self.ledger.follow(g)
        notations_round_trip(g)
        if self.leaks:
            views_leak_nothing(g, self.rng)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players: int) -> None:
    for seed in range(2):
        g, _ = random_playout(
            players,
            seed,
            check=Checks(players, seed),
            reload=True,
            buildings=("per_class", "random")[seed],
            simultaneous_supply=seed == 1,
        )
        assert g.is_over and g.outcome is not None
        assert sorted(g.outcome["ranking"]) == list(range(players))
        assert g.state.round == data.table().counts[players].rounds


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_replaying_the_log_gives_the_same_game(players: int) -> None:
    for seed in range(3):
        options = {"buildings": "random", "simultaneous_supply": seed == 1}
        end, log = random_playout(players, 300 + seed, **options)  # type: ignore[arg-type]
        g = cartus.new_game(players, seed=300 + seed, **options)  # type: ignore[arg-type]
        for seat, notation in log:
            g = g.apply(seat, notation)
        assert json.dumps(g.to_dict(), sort_keys=True) == json.dumps(end.to_dict(), sort_keys=True)
        assert g.version == len(log)


def test_to_dict_round_trips_through_json_mid_game() -> None:
    seen = 0

    def check(g: Game) -> None:
        nonlocal seen
        seen += 1
        d = g.to_dict()
        back = cartus.from_dict(json.loads(json.dumps(d)))
        assert back.to_dict() == d
        assert back.view(0) == g.view(0)
        for seat in g.actors():
            assert back.legal_actions(seat) == g.legal_actions(seat)

    random_playout(3, 77, check=check, buildings="per_class")
    assert seen > 50


def test_from_dict_refuses_what_is_not_a_saved_cartus_game() -> None:
    with pytest.raises(ValueError):
        cartus.from_dict({"format": 1})
    with pytest.raises(ValueError):
        cartus.from_dict({"format": 1, "game": "cartus"})
    rattus_save = {"format": 1, "game": "rattus"}
    with pytest.raises(ValueError):
        cartus.from_dict(rattus_save)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_many_random_games_end_with_a_ranking(players: int) -> None:
    for seed in range(40):
        g, _ = random_playout(
            players,
            1000 + seed,
            check=Checks(players, seed, leaks=seed % 4 == 0),
            buildings=("per_class", "random")[seed % 2],
            simultaneous_supply=seed % 3 == 0,
        )
        assert g.outcome is not None and len(g.outcome["ranking"]) == players
