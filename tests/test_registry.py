"""The games are declared once (``engine.games``): everything that hosts, replays, draws or
plays them reads that registry, and agrees with it."""

from __future__ import annotations

from dataclasses import replace

import pytest

import render
from cogs.runtime.games import hosted_games
from engine import computers, games, replay, replay_format
from engine.spec import GameSpec, random_choice


def test_every_game_the_engine_ships_is_hosted_and_nothing_else() -> None:
    assert set(hosted_games()) == {spec.name for spec in games.BUILT_IN}
    for name, hosted in hosted_games().items():
        spec = games.spec(name)
        assert hosted.kind.spec is spec
        assert spec.title == hosted.presenter.title
        assert hosted.presenter.kind == name


@pytest.mark.parametrize("spec", games.BUILT_IN, ids=lambda spec: spec.name)
def test_each_shipped_game_has_its_picture_rules_help_and_players(spec: GameSpec) -> None:
    assert callable(render.renderer(spec.renderer))
    assert spec.rules_help is not None and spec.rules_help.topics()
    assert spec.easy is not random_choice and computers.levels(spec.name) == ("easy", "strong")
    assert replay_format.start_options(spec.name) is spec.start_options


def test_an_unknown_game_is_refused_by_name_everywhere() -> None:
    with pytest.raises(ValueError, match="'chess'"):
        games.spec("chess")
    with pytest.raises(ValueError, match="'chess'"):
        replay.start("chess", 2, {}, 1)
    with pytest.raises(ValueError, match="'chess'"):
        computers.computer("chess")
    with pytest.raises(ValueError, match="no picture"):
        render.renderer("chess_board")


def test_a_second_game_under_a_taken_name_is_refused() -> None:
    games.register(games.RATTUS)  # the same spec again: nothing happens
    with pytest.raises(ValueError, match="registered already"):
        games.register(replace(games.CARTUS, name="rattus"))


def test_hosting_a_game_the_engine_does_not_know_is_refused() -> None:
    from cogs.runtime.games import HostedGame, host
    from tests.host.counting_game import CountingKind

    class Chess(CountingKind):
        name = "chess"

    shipped = hosted_games()["rattus"]
    with pytest.raises(ValueError, match="'chess'"):
        host(HostedGame(Chess(), shipped.presenter, "cogs.rattus.commands"))
    with pytest.raises(ValueError, match="hosted already"):
        host(shipped)
