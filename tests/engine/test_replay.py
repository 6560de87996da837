"""Replay files: every seeded playout, written as the bot writes it (undos included) and read
back through JSON, replays to the same final saved game; turns and the public log."""

from __future__ import annotations

import json
import random
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

from engine import rattus, replay
from engine.contract import Game
from engine.replay import History

RATTUS_EXPANSIONS = sorted(rattus.EXPANSIONS)
RATTUS_SETUPS = [
    (list(combo), players)
    for size in range(len(RATTUS_EXPANSIONS) + 1)
    for combo in combinations(RATTUS_EXPANSIONS, size)
    for players in range(2, rattus.player_limits(combo)[1] + 1)
]
CARTUS_SETUPS = [
    ({"simultaneous_supply": simultaneous, "buildings": "random"}, players)
    for simultaneous in (False, True)
    for players in range(2, 6)
]


def playout(kind: str, players: int, options: dict[str, Any], seed: int) -> History:
    """A seeded random game in which players take back some of their undoable actions."""
    rng = random.Random(seed)
    h = History(replay.start(kind, players, options, seed))
    while not h.game.is_over:
        seat = h.game.actors()[0]
        if h.undo_refusal(seat) is None and rng.random() < 0.2:
            h.undo(seat)
            continue
        h.apply(seat, rng.choice(h.game.legal_actions(seat)).notation)
    return h


def file_of(kind: str, players: int, options: dict[str, Any], seed: int, h: History) -> Any:
    data = replay.replay_file(
        kind=kind,
        seed=seed,
        options=options,
        players=[{"seat": s, "name": f"Player {s + 1}", "computer": False} for s in range(players)],
        entries=h.entries,
        final=h.game,
    )
    return json.loads(json.dumps(data))


def same_end(kind: str, players: int, options: dict[str, Any], seed: int) -> None:
    h = playout(kind, players, options, seed)
    data = file_of(kind, players, options, seed, h)
    again = replay.replay(data)
    final: Game = again.game
    assert final.to_dict() == h.game.to_dict()
    assert replay.matches(again, data)
    assert final.is_over


@pytest.mark.slow
@pytest.mark.parametrize(("expansions", "players"), RATTUS_SETUPS)
def test_every_rattus_replay_file_gives_the_same_final_game(
    expansions: list[str], players: int
) -> None:
    for seed in range(2):
        same_end("rattus", players, {"expansions": expansions}, 100 + seed)


@pytest.mark.slow
@pytest.mark.parametrize(("options", "players"), CARTUS_SETUPS)
def test_every_cartus_replay_file_gives_the_same_final_game(
    options: dict[str, Any], players: int
) -> None:
    for seed in range(2):
        same_end("cartus", players, options, 200 + seed)


@pytest.mark.parametrize(
    ("kind", "players", "options"),
    [("rattus", 4, {"expansions": RATTUS_EXPANSIONS}), ("cartus", 3, {})],
)
def test_a_replay_file_with_undos_rebuilds_the_game_exactly(
    kind: str, players: int, options: dict[str, Any]
) -> None:
    h = playout(kind, players, options, 7)
    assert any(notation == replay.UNDO for _, notation in h.entries)
    same_end(kind, players, options, 7)


def test_a_file_whose_actions_were_changed_does_not_replay_as_the_same_game() -> None:
    h = playout("rattus", 2, {}, 3)
    data = file_of("rattus", 2, {}, 3, h)
    data["seed"] = 4
    with pytest.raises(ValueError, match="does not replay"):
        replay.replay(data)
    data = file_of("rattus", 2, {}, 3, h)
    data["final"]["sha256"] = "0" * 64
    assert not replay.matches(replay.replay(data), data)
    with pytest.raises(ValueError, match="reads version 1"):
        replay.replay({**data, "format_version": 99})


def test_turns_and_the_board_as_each_ended() -> None:
    h = playout("rattus", 3, {}, 5)
    turns = h.turns()
    assert turns == list(range(turns[0], turns[-1] + 1))
    middle = turns[len(turns) // 2]
    game = h.at_turn(middle)
    assert game.view(None)["turn"] == middle + 1
    first_after = [p.after for p in h.played if p.after.view(None)["turn"] == middle + 1]
    assert game is first_after[0]
    assert h.at_turn(turns[-1]) is h.game
    with pytest.raises(ValueError, match="There is no turn"):
        h.at_turn(turns[-1] + 5)


def test_the_log_tells_only_public_events() -> None:
    h = playout("rattus", 3, {"expansions": ["africanus"]}, 9)
    data = file_of("rattus", 3, {"expansions": ["africanus"]}, 9, h)
    lines = replay.log_lines(data)
    assert any("Rat revealed" in line for line in lines)
    private = {e.text for p in h.played for e in p.after.events if not e.public}
    assert private and not private & set(lines)
    assert not any("region_play" in line or "keep:" in line for line in lines)


def test_the_command_line_replays_prints_and_draws_a_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    h = playout("rattus", 2, {}, 11)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(file_of("rattus", 2, {}, 11, h)), encoding="utf-8")
    png = tmp_path / "turn.png"
    middle = h.turns()[len(h.turns()) // 2]
    code = replay.main([str(path), "--turn", str(middle), "--png", str(png)])
    out = capsys.readouterr().out
    assert code == 0
    assert "the same final game as recorded" in out
    assert "Rat revealed" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    german = tmp_path / "zug.png"
    code = replay.main([str(path), "--turn", str(middle), "--png", str(german), "--language", "de"])
    assert code == 0 and german.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert german.read_bytes() != png.read_bytes()  # the same board, its words in German


def test_the_command_line_replays_a_registered_game_without_a_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The tests' counting game (registered by its spec, no board picture) replays from its
    file like any game; asking for its board says there is none instead of failing."""
    h = playout("count", 3, {"target": 20}, 5)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(file_of("count", 3, {"target": 20}, 5, h)), encoding="utf-8")
    assert replay.main([str(path)]) == 0
    assert "the same final game as recorded" in capsys.readouterr().out
    png = tmp_path / "turn.png"
    assert replay.main([str(path), "--turn", "2", "--png", str(png)]) == 2
    assert "have no board picture" in capsys.readouterr().err
    assert not png.exists()
