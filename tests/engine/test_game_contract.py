"""The contract every registered game keeps, checked the same way for each (``engine.games``).

Like OpenSpiel's one random simulation test run over every game, each registered game (the
shipped ones and the tests' own counting game, tests/host/counting_game.py) is dealt from each
of its spec's sample options and played out by seeded random players, and at the moments
checked:

- every actor has something to do, and every legal action applies;
- a chain of answers (``use:king+palace:gallia``) is its parts applied in order;
- every view (the spectator's and each seat's) matches the spec's declared view type;
- saving round-trips: ``load(to_dict())`` through JSON is the same game with the same views;
- nobody sees a secret: with everything hidden dealt again (the spec's ``redeal``) the
  spectator's view is the same, and with everything one seat does not see dealt again
  (``redeal_for``: the others' hands and secrets, face-down piles, the draws to come) that
  seat's view and choices are the same; every game declares both, and one whose seats hold
  secrets must show ``redeal_for`` changing another seat's view at some moment checked;
- undo follows ``disclosure``: an action that drew on chance or showed something hidden is
  refused with that reason; one that may be taken back restores exactly the game before it;
- the game ends within a bound of actions, and a stalling player (preferring what does not end
  its turn) cannot keep a stretch of one player's play going for ever;
- the replay file of the game rebuilds the identical final game;
- the game's computer player (the default random one unless it has its own) answers every
  seat with a legal action, the same answer for the same seed.

A new game gets all of this by registering its spec: nothing here names a game.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import computers, games, replay
from engine.conformance import problems
from engine.contract import CHANCE, REVEAL, Game, irreversible
from engine.core import CHAIN, Action, Rng, chained
from engine.spec import GameSpec, random_choice

MOST_ACTIONS = 20_000
"""A random playout that has not ended after this many actions never will."""
STRETCH_BOUND = 300
"""The most actions one stretch of play (a turn, one player's part of a round) may take."""
QUICK_EVERY = 9
"""In the quick runs, the moments checked: every this many actions (and the first and last)."""
SLOW_EVERY = 3
"""The same in the slow run, which plays every sample option at every player count."""


def cases(every: int) -> list[Any]:
    """(spec, options, players, check every) for each registered game: its first sample options
    at its fewest players and its last at its most (``QUICK_EVERY``); otherwise every sample
    option at every player count."""
    found = []
    for spec in games.specs():
        if every == QUICK_EVERY:
            picked = [
                (spec.sample_options[0], spec.min_players),
                (spec.sample_options[-1], spec.max_players),
            ]
        else:
            picked = [
                (options, players)
                for options in spec.sample_options
                for players in range(spec.min_players, spec.max_players + 1)
            ]
        for options, players in picked:
            ident = f"{spec.name}-{players}p-{json.dumps(options, sort_keys=True)}"
            found.append(pytest.param(spec, options, players, every, id=ident))
    return found


def dealt(spec: GameSpec, options: dict[str, Any], players: int, seed: int) -> Game | None:
    """A game of this spec, or None for a combination its options do not allow."""
    try:
        return spec.start(players, options, seed)
    except ValueError:
        return None


def check_views(spec: GameSpec, game: Game, players: int) -> None:
    for seat in [None, *range(players)]:
        view = game.view(seat)
        assert view["game"] == spec.name and view["seat"] == seat
        found = problems(view, spec.view_type, f"{spec.name} view of {seat}")
        assert not found, "\n".join(found)
        assert json.loads(json.dumps(view)) == view, "a view is plain JSON"


def check_saved(spec: GameSpec, game: Game, players: int) -> None:
    saved = json.loads(json.dumps(game.to_dict()))
    again = spec.load(saved)
    assert again.to_dict() == game.to_dict()
    assert again.version == game.version and again.actors() == game.actors()
    for seat in [None, *range(players)]:
        assert again.view(seat) == game.view(seat)
    for seat in game.actors():
        assert [a.notation for a in again.legal_actions(seat)] == [
            a.notation for a in game.legal_actions(seat)
        ]


class Secrets:
    """Over one playout: whether some seat ever saw something the spectators do not (its view
    changed when everything hidden was dealt again), and whether dealing again what one seat
    does not see ever changed what another seat sees. A game whose seats hold secrets must
    show the second too, or its ``redeal_for`` keeps what it should deal again."""

    def __init__(self) -> None:
        self.held = False
        self.moved = False


def check_hidden(spec: GameSpec, game: Game, rng: Rng, players: int, secrets: Secrets) -> None:
    """With everything hidden dealt again the spectator sees the same; with everything one seat
    does not see dealt again, that seat sees the same and has the same choices."""
    assert spec.redeal is not None and spec.redeal_for is not None, (
        f"{spec.name} must declare redeal and redeal_for (the contract checks every view)"
    )
    if game.is_over:  # once over, a game may show everything
        return
    views = [game.view(seat) for seat in range(players)]
    other = spec.redeal(game, rng)
    assert other.view(None) == game.view(None), "a spectator's view shows something hidden"
    secrets.held |= any(other.view(seat) != views[seat] for seat in range(players))
    for seat in range(players):
        other = spec.redeal_for(game, rng, seat)
        assert other.view(seat) == views[seat], f"seat {seat} sees another's secret"
        assert [a.notation for a in other.legal_actions(seat)] == [
            a.notation for a in game.legal_actions(seat)
        ], f"seat {seat}'s choices depend on what it cannot see"
        secrets.moved |= any(
            other.view(them) != views[them] for them in range(players) if them != seat
        )


def check_every_action(game: Game, seat: int) -> None:
    legal = game.legal_actions(seat)
    assert legal, f"seat {seat} must decide but has nothing to do"
    assert len({a.notation for a in legal}) == len(legal), "two legal actions share a notation"
    for action in legal:
        after = game.apply(seat, action.notation)
        assert after.version > game.version
        if CHAIN in action.notation:
            step = game
            for part in chained(action.notation):
                step = step.apply(seat, part)
            assert step.to_dict() | {"version": 0} == after.to_dict() | {"version": 0}


def check_undo(spec: GameSpec, history: replay.History, seat: int, rng: Rng) -> None:
    """The seat just acted (the last action of ``history``): the undo refusal follows
    ``irreversible``; an undo allowed restores the game before it exactly, and the action it
    takes back must not have depended on anything hidden (the same action on the moment with
    everything hidden dealt again shows the spectators the same)."""
    last = history.played[-1]
    why = irreversible(last.before, last.after)
    refusal = history.undo_refusal(seat)
    if history.game.is_over:
        assert refusal == replay.REFUSALS["over"]
        return
    decision = last.before.decision(seat)
    if decision is not None and decision.private:
        assert refusal == replay.REFUSALS["private"]
    elif why in (CHANCE, REVEAL):
        assert refusal == replay.REFUSALS[why], f"{last.notation}: {why} but {refusal!r}"
    if refusal is None:
        probe = replay.History(last.before)
        probe.played, probe.game = [last], last.after
        undone = probe.undo(seat)
        assert undone.to_dict() | {"version": 0} == last.before.to_dict() | {"version": 0}
        assert undone.version > last.after.version
        if spec.redeal is not None and not last.after.is_over:
            twin = spec.redeal(last.before, rng).apply(seat, last.notation)
            assert twin.view(None) == last.after.view(None), (
                f"{last.notation} can be taken back, yet what it shows depends on hidden things"
            )


def play_out(
    spec: GameSpec, options: dict[str, Any], players: int, seed: int, every: int
) -> replay.History | None:
    game = dealt(spec, options, players, seed)
    if game is None:
        return None
    history = replay.History(game)
    rng, hidden = Rng.from_seed(seed), Rng.from_seed(seed + 1)
    secrets = Secrets()
    for step in range(MOST_ACTIONS):
        checked = step % every == 0 or game.is_over
        if checked:
            check_views(spec, game, players)
            check_saved(spec, game, players)
            check_hidden(spec, game, hidden, players, secrets)
        if game.is_over:
            assert not game.actors() and game.outcome is not None
            assert secrets.moved or not secrets.held, (
                f"{spec.name}: seats hold secrets, yet redeal_for never changed another's view"
            )
            return history
        actors = game.actors()
        assert actors, "a game that is not over has someone to decide"
        seat = actors[0]
        if checked:
            check_every_action(game, seat)
        action: Action = rng.choice(game.legal_actions(seat))
        game = history.apply(seat, action.notation)
        if checked:
            check_undo(spec, history, seat, hidden)
    raise AssertionError(f"{spec.name}: no end after {MOST_ACTIONS} random actions")


def stalling_stretch(spec: GameSpec, options: dict[str, Any], players: int, seed: int) -> int:
    """The longest stretch of one player's play (the same turn, active seat and stage) when
    everyone prefers actions that do not end their turn."""
    game = dealt(spec, options, players, seed)
    if game is None:
        return 0
    rng = Rng.from_seed(seed)
    longest, count, stretch = 0, 0, None
    for _ in range(MOST_ACTIONS):
        if game.is_over:
            return longest
        seat = game.actors()[0]
        legal = game.legal_actions(seat)
        game = game.apply(seat, rng.choice([a for a in legal if not a.ends_turn] or legal))
        header = game.view(None)
        now = (header["turn"], header["active"], header["status"])
        count = count + 1 if now == stretch else 1
        stretch, longest = now, max(longest, count)
        assert count <= STRETCH_BOUND, f"{count} actions in one stretch ({now})"
    raise AssertionError(f"{spec.name}: a stalling game did not end in {MOST_ACTIONS} actions")


def check_replay_and_computers(
    spec: GameSpec, history: replay.History, options: Any, seed: int
) -> None:
    final = history.game
    players = len(final.view(None)["players"])
    data = replay.replay_file(
        kind=spec.name,
        seed=seed,
        options=options,
        players=[{"seat": s, "name": f"P{s}", "computer": False} for s in range(players)],
        entries=history.entries,
        final=final,
    )
    rebuilt = replay.replay(json.loads(json.dumps(data)))
    assert replay.digest(rebuilt.game) == replay.digest(final)
    assert replay.matches(rebuilt, data)
    # every seat's computer player answers a legal action, the same for the same seed
    moment = history.played[len(history.played) // 2].before
    for seat in moment.actors():
        legal = [a.notation for a in moment.legal_actions(seat)]
        view = json.loads(json.dumps(moment.view(seat)))
        for level in computers.levels(spec.name)[:1]:
            answer = computers.computer(spec.name, level, seed=3).choose(view, legal)
            assert answer in legal
            assert computers.computer(spec.name, level, seed=3).choose(view, legal) == answer


@pytest.mark.parametrize(("spec", "options", "players", "every"), cases(QUICK_EVERY))
def test_every_registered_game_keeps_the_contract(
    spec: GameSpec, options: dict[str, Any], players: int, every: int
) -> None:
    history = play_out(spec, options, players, 7, every)
    if history is None:
        pytest.skip("these options do not allow this many players")
    check_replay_and_computers(spec, history, options, 7)
    stalling_stretch(spec, options, players, 7)


@pytest.mark.slow
@pytest.mark.parametrize(("spec", "options", "players", "every"), cases(SLOW_EVERY))
def test_every_registered_game_keeps_the_contract_at_every_player_count(
    spec: GameSpec, options: dict[str, Any], players: int, every: int
) -> None:
    history = play_out(spec, options, players, 1, every)
    if history is None:
        pytest.skip("these options do not allow this many players")
    check_replay_and_computers(spec, history, options, 1)
    stalling_stretch(spec, options, players, 1)


def test_the_suite_runs_the_tests_own_game_too() -> None:
    """The counting game of tests/ is found through the registry, with no list here."""
    assert "count" in games.names() and games.spec("count").easy is random_choice
