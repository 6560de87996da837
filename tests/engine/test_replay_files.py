"""Replay files a person may be handed: every damaged, crafted or foreign file gets one line
saying what is wrong and a non-zero exit from ``python -m engine.replay``, never a
traceback; a real file mutated at random either replays or is refused the same way."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import games, replay, replay_format
from engine.replay_format import BadReplay
from tests.engine.test_replay import file_of, playout

REAL_SEED = 11


def real_file() -> dict[str, Any]:
    h = playout("rattus", 2, {}, REAL_SEED)
    data: dict[str, Any] = file_of("rattus", 2, {}, REAL_SEED, h)
    return data


REAL = real_file()


def edited(change: Callable[[dict[str, Any]], Any]) -> bytes:
    data = copy.deepcopy(REAL)
    change(data)
    return json.dumps(data).encode("utf-8")


def without(key: str) -> Callable[[dict[str, Any]], Any]:
    return lambda d: d.pop(key)


def setting(path: str, value: Any) -> Callable[[dict[str, Any]], Any]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for step in parents:
            target = target[int(step)] if isinstance(target, list) else target[step]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return change


BAD_FILES: dict[str, tuple[bytes, str]] = {
    "empty": (b"", "not JSON"),
    "not JSON": (b"{seed: 1,", "not JSON"),
    "not UTF-8": (b'{"format": "\xff\xfe rattus"}', "not UTF-8"),
    "UTF-16": ('{"format": "rattus-replay"}'.encode("utf-16"), "not UTF-8"),
    "a list": (b"[1, 2, 3]", "a list, not an object"),
    "a number": (b"12", "a number, not an object"),
    "null": (b"null", "null, not an object"),
    "a text": (b'"rattus"', "a text, not an object"),
    "nested 100,000 deep": (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    "options nested deep": (
        b'{"format": "rattus-replay", "options": ' + b'{"a":' * 5000 + b"1" + b"}" * 5001,
        "nested too deeply",
    ),
    "a huge number": (b"1" * 5000, "not usable JSON"),
    "NaN seed": (edited(setting("seed", float("nan"))), '"seed"'),
    "another format": (edited(setting("format", "chess-pgn")), '"format"'),
    "format version 2": (edited(setting("format_version", 2)), "reads version 1"),
    "format version true": (edited(setting("format_version", True)), "reads version 1"),
    "wrong game kind": (edited(setting("game", "chess")), '"game" is "chess"'),
    "game kind missing": (edited(without("game")), '"game" is missing'),
    "seed missing": (edited(without("seed")), '"seed" is missing'),
    "seed a list": (edited(setting("seed", [1])), '"seed" is a list'),
    "seed a float": (edited(setting("seed", 1.5)), '"seed" is 1.5'),
    "seed true": (edited(setting("seed", True)), '"seed" is true'),
    "game_id a text": (edited(setting("game_id", "twelve")), '"game_id"'),
    "options a list": (edited(setting("options", [])), '"options" is a list'),
    "options a text": (edited(setting("options", "all")), '"options" is "all"'),
    "expansions a text": (
        edited(setting("options", {"expansions": "africanus"})),
        '"options.expansions"',
    ),
    "expansions of numbers": (edited(setting("options", {"expansions": [1]})), "expansions"),
    "unknown expansion": (
        edited(setting("options", {"expansions": ["atlantis"]})),
        "cannot play: atlantis",
    ),
    "class cards unknown": (
        edited(setting("options", {"class_cards": ["emperor"] * 6})),
        "can be dealt",
    ),
    "chivalry a text": (edited(setting("options", {"ensure_chivalry": "yes"})), "true or false"),
    "players missing": (edited(without("players")), '"players" is missing'),
    "players empty": (edited(setting("players", [])), '"players"'),
    "players an object": (edited(setting("players", {"0": "Anna"})), '"players" is an object'),
    "a player a text": (edited(setting("players.1", "Ben")), '"players[1]" is "Ben"'),
    "a seat missing": (edited(lambda d: d["players"][1].pop("seat")), '"players[1]".seat'),
    "a seat a text": (edited(setting("players.0.seat", "0")), '"players[0]".seat is "0"'),
    "seats out of order": (edited(setting("players.0.seat", 1)), "must be 0"),
    "a name a number": (edited(setting("players.0.name", 7)), '"players[0]".name'),
    "computer a text": (edited(setting("players.0.computer", "no")), ".computer"),
    "one player": (edited(lambda d: d.update(players=d["players"][:1], moves=[])), "can be dealt"),
    "seven players": (
        edited(
            lambda d: d.update(
                players=[{"seat": s, "name": f"P{s}", "computer": False} for s in range(7)]
            )
        ),
        "can be dealt",
    ),
    "moves missing": (edited(without("moves")), '"moves" is missing'),
    "moves an object": (edited(setting("moves", {})), '"moves" is an object'),
    "a move a list": (edited(setting("moves.3", [0, "done"])), "action 4"),
    "a move's seat missing": (edited(lambda d: d["moves"][2].pop("seat")), "action 3"),
    "a move's seat a text": (edited(setting("moves.2.seat", "1")), 'the seat "1"'),
    "a move's seat too high": (edited(setting("moves.2.seat", 9)), "the seat 9"),
    "a move's seat negative": (edited(setting("moves.2.seat", -1)), "the seat -1"),
    "a notation a number": (edited(setting("moves.4.notation", 12)), "the notation 12"),
    "a notation empty": (edited(setting("moves.4.notation", "")), 'the notation ""'),
    "a notation made up": (edited(setting("moves.0.notation", "fly:moon")), "action 1"),
    "a notation with no target": (edited(setting("moves.0.notation", "place:")), "action 1"),
    "a notation of nonsense": (edited(setting("moves.0.notation", ":::")), "action 1"),
    "a move by the wrong seat": (
        edited(lambda d: d["moves"][0].update(seat=1 - d["moves"][0]["seat"])),
        "action 1",
    ),
    "an undo first": (edited(setting("moves.0.notation", "undo")), "action 1"),
    "final missing": (edited(without("final")), '"final" is missing'),
    "final a number": (edited(setting("final", 5)), '"final" is 5'),
    "final version a text": (edited(setting("final.version", "12")), '"final.version"'),
    "final sha256 short": (edited(setting("final.sha256", "abc")), '"final.sha256"'),
    "ends elsewhere than final says": (
        edited(setting("final.sha256", "0" * 64)),
        "not the final game it records",
    ),
    "ends at another version": (
        edited(lambda d: d["final"].update(version=d["final"]["version"] + 1)),
        "not the final game it records",
    ),
    "a move missing": (edited(lambda d: d["moves"].pop()), "not the final game it records"),
}


def run(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = replay.main([str(path), "--quiet"])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_each_bad_file_gets_one_line_and_a_failing_exit(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw, said = BAD_FILES[name]
    path = tmp_path / "game.json"
    path.write_bytes(raw)
    code, out, err = run(path, capsys)
    assert code != 0
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert said in err, err
    assert err.startswith(("Cannot replay", "Cannot trust")) and "Traceback" not in err


def test_a_missing_file_or_a_folder_gets_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for path in (tmp_path / "nowhere.json", tmp_path):
        code, out, err = run(path, capsys)
        assert code == 2 and out == "" and len(err.splitlines()) == 1, err
        assert err.startswith(f"Cannot read {path}")


def test_the_real_file_still_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(edited(lambda d: None))
    code, out, err = run(path, capsys)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1].endswith("the same final game as recorded.")


def test_the_library_raises_the_same_one_line_error() -> None:
    for name in ("seed missing", "a notation made up", "options a list"):
        raw = BAD_FILES[name][0]
        with pytest.raises(BadReplay) as caught:
            replay.replay(json.loads(raw))
        assert "\n" not in str(caught.value) and BAD_FILES[name][1] in str(caught.value)


def test_the_command_line_process_prints_no_traceback(tmp_path: Path) -> None:
    """As a person runs it: a new Python process, its own recursion limit."""
    for name in ("nested 100,000 deep", "not UTF-8", "a move's seat a text"):
        path = tmp_path / "game.json"
        path.write_bytes(BAD_FILES[name][0])
        done = subprocess.run(
            [sys.executable, "-m", "engine.replay", str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 2 and done.stdout == "", done
        assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


def mutations(data: Any, rng: random.Random) -> Any:
    """``data`` with one value somewhere replaced, removed or retyped at random."""
    mutated = copy.deepcopy(data)
    paths: list[list[Any]] = []

    def walk(node: Any, path: list[Any]) -> None:
        paths.append(path)
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, [*path, key])
        elif isinstance(node, list):
            for index, value in enumerate(node):
                walk(value, [*path, index])

    walk(mutated, [])
    path = rng.choice(paths[1:])
    parent = mutated
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    replacements = [
        None,
        True,
        0,
        -1,
        1,
        2**70,
        1.5,
        "",
        "x",
        "undo",
        "done",
        "place:gallia",
        [],
        {},
        [[[[]]]],
        {"seat": 0},
    ]
    move = rng.random()
    if (move < 0.2 and isinstance(parent, dict)) or (move < 0.3 and isinstance(parent, list)):
        parent.pop(last)
    elif move < 0.4 and isinstance(parent, list):
        parent.insert(last, copy.deepcopy(rng.choice(parent)))
    else:
        parent[last] = rng.choice(replacements)
    return mutated


def test_mutations_of_a_real_file_replay_or_are_refused_in_one_line() -> None:
    rng = random.Random(22)
    outcomes = {"replayed": 0, "refused": 0, "mismatch": 0}
    for _ in range(600):
        mutated = mutations(REAL, rng)
        try:
            history = replay.replay(mutated)
        except BadReplay as error:
            assert "\n" not in str(error) and str(error)
            outcomes["refused"] += 1
            continue
        if replay.matches(history, mutated):
            outcomes["replayed"] += 1
            replay.log_lines(mutated)
        else:
            outcomes["mismatch"] += 1
    assert all(outcomes.values()), outcomes


def test_mutated_bytes_of_a_real_file_never_raise_anything_else() -> None:
    rng = random.Random(7)
    raw = edited(lambda d: None)
    for _ in range(300):
        damaged = bytearray(raw)
        for _ in range(rng.randint(1, 4)):
            damaged[rng.randrange(len(damaged))] = rng.randrange(256)
        try:
            replay.replay(replay.replay_format.read(bytes(damaged)))
        except BadReplay as error:
            assert "\n" not in str(error)


@pytest.mark.parametrize("kind", [spec.name for spec in games.BUILT_IN])
def test_each_game_declares_every_option_its_lobby_deals_with(kind: str) -> None:
    """A replay file's options are checked against what the game's own package declares, so
    a lobby option added to a game without declaring it would go unchecked: the two agree."""
    from cogs.runtime.games import hosted_games
    from host.kinds import SHARED_OPTIONS

    declared = replay_format.start_options(kind)
    lobby = set(hosted_games()[kind].kind.validate_options({})) - set(SHARED_OPTIONS)
    assert set(declared) == lobby
    assert all(option.wanted and option.types for option in declared.values())
