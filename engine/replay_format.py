"""Reading a replay file (docs/replays.md) that anyone may have handed us: the one place that
checks its format, for the command line (``python -m engine.replay``) and for ``replay``.

``read`` takes the file's bytes, ``parse`` its decoded JSON; both return a ``ReplayFile`` whose
every field has the type the format promises, or raise ``BadReplay`` with one line naming
what is wrong (where in the file, and what was expected). Nothing here plays the game: whether
the moves are legal is ``engine.replay.replay``'s question.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import games
from .contract import StartOption

FORMAT = "rattus-replay"
FORMAT_VERSION = 1
MOST_BYTES = 16 * 1024 * 1024
"""A replay file of the longest game is tens of KiB; anything this large is not one."""
MOST_MOVES = 100_000
SHA256 = re.compile(r"[0-9a-f]{64}")


class BadReplay(ValueError):
    """The file is not a replay file this version can read; the message is one line."""


@dataclass(frozen=True)
class Player:
    seat: int
    name: str
    computer: bool


@dataclass(frozen=True)
class ReplayFile:
    """A replay file whose every field has been checked for its type and range."""

    kind: str
    seed: int | str
    options: dict[str, Any]
    players: list[Player]
    moves: list[tuple[int, str]]
    final_version: int
    final_sha256: str
    game_id: int | None

    @property
    def names(self) -> list[str]:
        return [p.name or f"Player {p.seat + 1}" for p in self.players]


def read(raw: bytes) -> ReplayFile:
    """A replay file from its bytes (UTF-8 JSON); BadReplay saying why it is not one."""
    if len(raw) > MOST_BYTES:
        raise BadReplay(f"the file is {len(raw):,} bytes: far too large for a replay file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadReplay(f"the file is not UTF-8 text (byte {error.start} is not)") from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise BadReplay("the JSON is nested too deeply to be a replay file") from None
    except json.JSONDecodeError as error:
        raise BadReplay(
            f"the file is not JSON ({error.msg} at line {error.lineno}, column {error.colno})"
        ) from None
    except ValueError as error:  # numbers too long to convert, and the like
        raise BadReplay(f"the file is not usable JSON ({_one_line(error)})") from None
    return parse(data)


def parse(data: object) -> ReplayFile:
    """A replay file from decoded JSON; BadReplay naming the first field that is wrong."""
    if isinstance(data, ReplayFile):
        return data
    if not isinstance(data, Mapping):  # a list, a number, a text or null
        raise BadReplay(f"the file holds {_kind_of(data)}, not an object with a replay's fields")
    if data.get("format") != FORMAT:
        raise BadReplay(f'"format" must be "{FORMAT}": this is not a replay file')
    version = data.get("format_version")
    if version != FORMAT_VERSION or isinstance(version, bool):
        raise BadReplay(
            f'"format_version" is {_shown(version)}: this tool reads version {FORMAT_VERSION}'
        )
    kind = data.get("game")
    if not games.is_game(kind):
        raise BadReplay(f'"game" is {_shown(kind)}: it must be one of {", ".join(games.names())}')
    assert isinstance(kind, str)
    game_id = data.get("game_id")
    if game_id is not None and not _is_int(game_id):
        raise BadReplay(f'"game_id" is {_shown(game_id)}: it must be a number or null')
    seed = data.get("seed")
    if not (_is_int(seed) or isinstance(seed, str)):
        raise BadReplay(f'"seed" is {_shown(seed)}: it must be a whole number or a text')
    assert isinstance(seed, int | str)
    options = _options(kind, data.get("options"))
    players = _players(data.get("players"))
    moves = _moves(data.get("moves"), len(players))
    final_version, final_sha256 = _final(data.get("final"))
    return ReplayFile(
        kind=kind,
        seed=seed,
        options=options,
        players=players,
        moves=moves,
        final_version=final_version,
        final_sha256=final_sha256,
        game_id=game_id,
    )


def _options(kind: str, options: object) -> dict[str, Any]:
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise BadReplay(f'"options" is {_shown(options)}: it must be an object')
    for key, (wanted, types) in start_options(kind).items():
        if key not in options:
            continue
        value = options[key]
        if isinstance(value, bool) and bool not in types:
            raise BadReplay(f'"options.{key}" is {_shown(value)}: it must be {wanted}')
        if not isinstance(value, types) or (
            isinstance(value, list) and not all(isinstance(v, str) for v in value)
        ):
            raise BadReplay(f'"options.{key}" is {_shown(value)}: it must be {wanted}')
    return dict(options)


def start_options(kind: str) -> Mapping[str, StartOption]:
    """The options that change a game of this kind's deal, as its spec declares them
    (``start_options``): other keys (``seat_order``, ``players``) are the host's and ignored."""
    return games.spec(kind).start_options


def _players(players: object) -> list[Player]:
    if not isinstance(players, list) or not players:
        raise BadReplay(f'"players" is {_shown(players)}: it must be a list of the seats')
    found = []
    for index, entry in enumerate(players):
        where = f'"players[{index}]"'
        if not isinstance(entry, Mapping):
            raise BadReplay(f"{where} is {_shown(entry)}: it must be an object")
        seat = entry.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or seat != index:
            raise BadReplay(
                f"{where}.seat is {_shown(seat)}: the players are listed in seat order from 0, "
                f"so it must be {index}"
            )
        name = entry.get("name", "")
        if not isinstance(name, str):
            raise BadReplay(f"{where}.name is {_shown(name)}: it must be a text")
        computer = entry.get("computer", False)
        if not isinstance(computer, bool):
            raise BadReplay(f"{where}.computer is {_shown(computer)}: it must be true or false")
        found.append(Player(index, name, computer))
    return found


def _moves(moves: object, seats: int) -> list[tuple[int, str]]:
    if not isinstance(moves, list):
        raise BadReplay(f'"moves" is {_shown(moves)}: it must be a list of actions')
    if len(moves) > MOST_MOVES:
        raise BadReplay(f'"moves" lists {len(moves):,} actions: far more than any game has')
    found = []
    for number, entry in enumerate(moves, start=1):
        where = f'action {number} of "moves"'
        if not isinstance(entry, Mapping):
            raise BadReplay(f"{where} is {_shown(entry)}: it must be an object")
        seat = entry.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise BadReplay(f"{where} has the seat {_shown(seat)}: it must be one of 0-{seats - 1}")
        notation = entry.get("notation")
        if not isinstance(notation, str) or not notation:
            raise BadReplay(f"{where} has the notation {_shown(notation)}: it must be a text")
        found.append((seat, notation))
    return found


def _final(final: object) -> tuple[int, str]:
    if not isinstance(final, Mapping):
        raise BadReplay(f'"final" is {_shown(final)}: it must be an object with version, sha256')
    version = final.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise BadReplay(f'"final.version" is {_shown(version)}: it must be a whole number')
    sha = final.get("sha256")
    if not isinstance(sha, str) or not SHA256.fullmatch(sha):
        raise BadReplay(f'"final.sha256" is {_shown(sha)}: it must be 64 hexadecimal digits')
    return version, sha


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _kind_of(value: object) -> str:
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if value is None:
        return "null"
    return "something else"


def _shown(value: object) -> str:
    """A value as the message names it: short JSON, or what kind of thing it is."""
    if value is None:
        return "missing or null"
    if isinstance(value, list | Mapping):
        return "a list" if isinstance(value, list) else "an object"
    try:
        text = json.dumps(value, ensure_ascii=True)
    except ValueError:
        return _kind_of(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _one_line(error: Exception) -> str:
    return " ".join(str(error).split())[:120]
