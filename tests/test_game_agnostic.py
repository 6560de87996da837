"""No shared module names a game's own words: its view keys, stages, decision kinds or options.

The host, the Discord side and the renderer's common parts serve every game; only a game's
own modules (its engine package, its kind, its cog, its presenter, its renderer) and the one
registry (``cogs/runtime/games.py``) may name what belongs to it. This test reads the source of every
other module and fails on any string literal that is one of a game's own keys, so a shared
module that starts reading a Rattus key (or a Cartus one) is caught the day it is written.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from cogs.runtime.games import hosted_games
from engine import games
from engine.cartus import steps as cartus_steps
from engine.cartus.view_types import STATUSES as CARTUS_STATUSES
from engine.conformance import field_names
from engine.contract import OVER, DecisionView, PlayerHeader, ViewHeader
from engine.rattus import steps as rattus_steps
from engine.rattus.view_types import STATUSES as RATTUS_STATUSES
from host.kinds import SHARED_OPTIONS

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "host", "cogs", "render", "lang")
REGISTRY = {"cogs/runtime/games.py"}
OWNED = {
    "render/common/pieces.py": "rattus",
    "render/common/frame.py": "rattus",
}
"""Modules that belong to one game although their names do not say so (the Rattus map layout,
its tiles and the pieces drawn on them; the picture frame, which reads the players' colour and
mark of the Rattus view and of the Cartus view alike)."""
GENERIC = {"id", "text", "hand", "options", "lines", "all", "type"}
"""Words every game and the host use in their own sense (a row id, an event's text or lines
of text, the hand command, a game's lobby options, the leaderboard of all servers, the type
of a slash command's option in Discord's payload): a game's key of the same spelling does not
make them game-specific."""

GAME_VIEWS: dict[str, Any] = {name: games.spec(name).view_type for name in hosted_games()}
DECISION_KINDS: dict[str, set[str]] = {
    "rattus": set(rattus_steps.STEPS),
    "cartus": set(cartus_steps.STEPS),
}
STATUSES: dict[str, set[str]] = {"rattus": set(RATTUS_STATUSES), "cartus": set(CARTUS_STATUSES)}
HEADER = field_names(ViewHeader[PlayerHeader]) | field_names(DecisionView)


def own_words(game: str) -> set[str]:
    """The keys, decision kinds and lobby options that belong to one game alone."""
    kind = hosted_games()[game].kind
    options = set(kind.validate_options({})) - set(SHARED_OPTIONS)
    words = field_names(GAME_VIEWS[game]) | DECISION_KINDS[game] | STATUSES[game] | options
    return words - HEADER - GENERIC - {OVER}


def is_games_own(path: str, games: set[str]) -> bool:
    parts = Path(path).parts
    stem = Path(path).stem
    return (
        path in REGISTRY
        or path in OWNED
        or (parts[0] in PACKAGES and len(parts) > 2 and parts[1] in games)
        or any(stem == game or stem.startswith(f"{game}_") for game in games)
    )


def shared_modules(root: Path = ROOT) -> list[str]:
    games = set(hosted_games()) | {
        path.name for path in (ROOT / "engine").iterdir() if (path / "view_types.py").is_file()
    }
    found = [
        path.relative_to(root).as_posix()
        for package in PACKAGES
        for path in sorted((root / package).rglob("*.py"))
    ]
    found += [name for name in ("bot.py",) if (root / name).is_file()]
    return [path for path in found if not is_games_own(path, games)]


def game_words_in(root: Path, words: set[str]) -> list[str]:
    """Every string literal of a shared module under ``root`` that is one of ``words``."""
    hits = []
    for path in shared_modules(root):
        tree = ast.parse((root / path).read_text(encoding="utf-8"))
        hits += [
            f"{path}:{node.lineno}: {node.value!r}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            if node.value in words
        ]
    return hits


def test_every_hosted_game_has_its_words_listed_here() -> None:
    assert set(GAME_VIEWS) == set(DECISION_KINDS) == set(STATUSES) == set(hosted_games())
    rattus = own_words("rattus")
    assert {"regions", "ruleset", "cubes_supply", "diplomats_left", "saved"} <= rattus
    assert {"start_place", "witch_look", "expansions", "class_cards"} <= rattus
    assert not {"status", "players", "seat", "log", "seat_order"} & rattus


@pytest.mark.parametrize("game", sorted(hosted_games()))
def test_no_shared_module_names_a_game_key(game: str) -> None:
    hits = game_words_in(ROOT, own_words(game))
    assert not hits, f"shared modules name {game}'s own keys:\n" + "\n".join(hits)


def test_the_scan_covers_the_shared_modules_and_skips_the_games_own() -> None:
    shared = shared_modules()
    assert {
        "host/service.py",
        "cogs/table/table.py",
        "cogs/table/embeds.py",
        "engine/core.py",
    } <= set(shared)
    assert not {"host/rattus_kind.py", "cogs/rattus/presenter.py", "cogs/runtime/games.py"} & set(
        shared
    )
    assert not any(path.startswith(("engine/rattus/", "render/rattus/")) for path in shared)


def test_the_scan_would_catch_a_shared_module_reading_a_game_key(tmp_path: Path) -> None:
    (tmp_path / "cogs" / "table").mkdir(parents=True)
    (tmp_path / "cogs" / "rattus").mkdir()
    (tmp_path / "cogs" / "table" / "embeds.py").write_text(
        'def line(view):\n    if view.get("status") == "placement":\n'
        '        return view["ruleset"]\n    return ""\n'
    )
    (tmp_path / "cogs" / "rattus" / "presenter.py").write_text('RULES = "ruleset"\n')
    assert game_words_in(tmp_path, own_words("rattus")) == [
        "cogs/table/embeds.py:2: 'placement'",
        "cogs/table/embeds.py:3: 'ruleset'",
    ]
