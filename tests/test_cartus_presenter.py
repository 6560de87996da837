"""Rattus Cartus's text on Discord: public lines never depend on who looks; secrets are the
viewer's own; simultaneous supplies show who has chosen, not what."""

from __future__ import annotations

import random

from cogs.cartus.presenter import CARTUS, hand_lines
from engine import cartus

NAMES = ["Anna", "Ben", "Cara"]


def _named(view: dict[str, object]) -> dict[str, object]:
    players = [{**p, "name": NAMES[p["seat"]]} for p in view["players"]]  # type: ignore[attr-defined]
    return {**view, "players": players}


def _public_text(view: dict[str, object]) -> list[object]:
    return [
        CARTUS.stage_line(view),
        CARTUS.players_lines(view),
        CARTUS.extra_fields(view),
    ]


def test_public_lines_are_the_same_for_every_viewer_and_secrets_are_ones_own() -> None:
    game = cartus.new_game(3, seed=8)
    rng = random.Random(8)
    while not game.is_over:
        public = _named(game.view(None))
        assert CARTUS.secret_lines(public) == []
        for seat in range(3):
            own = _named(game.view(seat))
            assert _public_text(own) == _public_text(public)
            secrets = CARTUS.secret_lines(own)
            assert secrets[0].startswith("Your hand (")
            assert len(hand_lines(own)) >= 1
        seat = game.actors()[0]
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
    final = _named(game.view(None))
    lines = CARTUS.outcome_lines(final)
    assert len([line for line in lines if line[0].isdigit()]) == 3
    assert any("👑" in line for line in lines) or final["winners"] == []
    # each score is told line by line (the lines it scored on) and adds up
    for seat in range(3):
        line = next(line for line in lines if f"**{NAMES[seat]}**" in line)
        told = line.split("(")[-1].rstrip(")") if "(" in line else ""
        points = [int(part.split()[0]) for part in told.split(", ") if part]
        assert sum(points) == final["scores"][str(seat)]


def test_simultaneous_supplies_show_who_has_chosen_not_what() -> None:
    game = cartus.new_game(3, seed=2, simultaneous_supply=True)
    first = game.actors()[0]
    game = game.apply(first, game.legal_actions(first)[0])
    fields = dict(CARTUS.extra_fields(_named(game.view(None))))
    chosen = fields["Supplies, chosen in secret"]
    assert chosen.startswith(f"Chosen: {NAMES[first]}")
    assert "Still choosing:" in chosen and "supply:" not in chosen


def test_the_hand_is_a_clear_list() -> None:
    view = _named(cartus.new_game(2, seed=1).view(0))
    lines = hand_lines(view)
    hand = view["players"][0]["hand"]  # type: ignore[index]
    assert sum(int(line.split("×")[1].split()[0]) for line in lines) == 5
    assert len(lines) == len(hand)
    assert all(line.startswith("• ") for line in lines)
    assert not any("nun" in line for line in lines), "a hand's nuns never matter"


def _finished_with_dead() -> dict[str, object]:
    for seed in range(1, 200):
        game = cartus.new_game(3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.actors()[0]
            game = game.apply(seat, rng.choice(game.legal_actions(seat)))
        view = _named(game.view(None))
        outcome = view["outcome"]
        dead = set(outcome["dead"]) - set(outcome["spared"])  # type: ignore[index]
        if dead and view["winners"] and view["ranking"][0] != 0:  # type: ignore[index]
            return view
    raise AssertionError("no seeded game with a dead player and a winner in a later seat")


def test_the_final_message_ranks_crowns_the_winner_and_marks_the_dead() -> None:
    view = _finished_with_dead()
    lines = [line for line in CARTUS.outcome_lines(view) if line[:1].isdigit()]
    ranking = view["ranking"]
    assert [line.split("**")[1] for line in lines] == [NAMES[s] for s in ranking]  # type: ignore[attr-defined]
    assert [line.split(".")[0] for line in lines] == ["1", "2", "3"]
    outcome = view["outcome"]
    dead = set(outcome["dead"]) - set(outcome["spared"])  # type: ignore[index]
    for seat, line in zip(ranking, lines, strict=True):  # type: ignore[call-overload]
        assert ("👑" in line) == (seat in view["winners"])  # type: ignore[operator]
        assert ("☠" in line) == (seat in dead)
