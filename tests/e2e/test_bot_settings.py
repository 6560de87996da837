"""bot.py's settings: the environment, a .env file, and a clear refusal without a token."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import bot
from cogs.runtime.client import ShardedGameBot
from host.sharding import Shards

ROOT = Path(bot.__file__).resolve().parent


def test_without_a_token_the_bot_says_what_to_set_and_exits_with_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bot.main({}, tmp_path / ".env") == 2
    error = capsys.readouterr().err
    assert "DISCORD_TOKEN" in error and ".env.example" in error
    assert "Traceback" not in error


def test_the_script_exits_with_2_and_no_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import sys, bot; sys.exit(bot.main({}, None))"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr and "Traceback" not in done.stderr


def test_a_dotenv_file_is_read_and_the_environment_wins(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(
        "# settings\n"
        "DISCORD_TOKEN='from-file'\n"
        "export RATTUS_DB=games.sqlite3  # beside the bot\n"
        "RATTUS_DEV_GUILD=1234\n"
        "\n"
        "RATTUS_SYNC_COMMANDS=0\n",
        encoding="utf-8",
    )
    settings = bot.load_settings({"RATTUS_LOG_LEVEL": "debug", "RATTUS_DEV_GUILD": "99"}, env)
    assert settings == bot.Settings(
        token="from-file",
        db_path="games.sqlite3",
        dev_guild=99,
        log_level="DEBUG",
        sync_commands=False,
    )


def test_defaults_sync_commands_globally_into_a_local_database(tmp_path: Path) -> None:
    settings = bot.load_settings({"DISCORD_TOKEN": "t"}, tmp_path / "missing.env")
    assert settings.sync_commands is True
    assert settings.dev_guild is None
    assert settings.db_path == "rattus.sqlite3"


@pytest.mark.parametrize(
    ("name", "value", "named"),
    [
        ("RATTUS_DEV_GUILD", "my-server", "RATTUS_DEV_GUILD"),
        ("RATTUS_LOG_LEVEL", "loud", "RATTUS_LOG_LEVEL"),
        ("RATTUS_SYNC_COMMANDS", "maybe", "RATTUS_SYNC_COMMANDS"),
        ("RATTUS_SHARD_COUNT", "0", "RATTUS_SHARD_COUNT"),
        ("RATTUS_SHARD_COUNT", "two", "RATTUS_SHARD_COUNT"),
        ("RATTUS_SHARD_IDS", "0", "needs RATTUS_SHARD_COUNT"),
        ("RATTUS_CLOCK_SPEED", "fast", "RATTUS_CLOCK_SPEED"),
        ("RATTUS_CLOCK_SPEED", "0", "RATTUS_CLOCK_SPEED"),
        ("RATTUS_CLOCK_SPEED", "nan", "RATTUS_CLOCK_SPEED"),
    ],
)
def test_a_malformed_setting_is_named(name: str, value: str, named: str) -> None:
    with pytest.raises(bot.SettingsError, match=named):
        bot.load_settings({"DISCORD_TOKEN": "t", name: value}, None)


def test_a_line_without_equals_is_refused(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN\n", encoding="utf-8")
    with pytest.raises(bot.SettingsError, match="line 1"):
        bot.read_env_file(env)


def test_every_setting_is_in_the_example_file() -> None:
    """Every setting bot.py reads (found in its source, so a new one cannot be forgotten)
    is explained in .env.example, and the example names nothing bot.py does not read."""
    example = bot.read_env_file(ROOT / ".env.example")
    read = set(re.findall(r'merged\.get\("([A-Z_]+)"', (ROOT / "bot.py").read_text()))
    assert {"DISCORD_TOKEN", "RATTUS_DB", "RATTUS_HTTP_PORT", "RATTUS_LOG_FORMAT"} <= read
    assert set(example) == read


PG = "postgresql://rattus:secret@db:5432/rattus"


def test_shard_settings_pick_the_sharded_bot_and_its_shards() -> None:
    env = {"DISCORD_TOKEN": "t", "RATTUS_DB": PG, "RATTUS_SHARD_COUNT": "4"}
    settings = bot.load_settings({**env, "RATTUS_SHARD_IDS": "2-3"}, None)
    assert settings.shards == Shards(4, (2, 3))
    client = bot.build_bot(settings)
    assert isinstance(client, ShardedGameBot)
    assert (client.shard_count, client.shard_ids) == (4, [2, 3])

    everything = bot.load_settings(env, None)
    assert everything.shards == Shards(4, (0, 1, 2, 3))
    assert bot.load_settings({"DISCORD_TOKEN": "t"}, None).shards is None
    assert not isinstance(
        bot.build_bot(bot.load_settings({"DISCORD_TOKEN": "t"}, None)), ShardedGameBot
    )


@pytest.mark.parametrize(
    ("ids", "message"),
    [
        ("4", "shard 4 does not exist"),
        ("1-x", "not a shard id"),
        ("3-1", "not a shard id"),
        (",", "no shard"),
    ],
)
def test_bad_shard_ids_are_explained(ids: str, message: str) -> None:
    env = {
        "DISCORD_TOKEN": "t",
        "RATTUS_DB": PG,
        "RATTUS_SHARD_COUNT": "4",
        "RATTUS_SHARD_IDS": ids,
    }
    with pytest.raises(bot.SettingsError, match=message):
        bot.load_settings(env, None)


def test_splitting_shards_between_processes_needs_postgresql() -> None:
    env = {"DISCORD_TOKEN": "t", "RATTUS_SHARD_COUNT": "2", "RATTUS_SHARD_IDS": "1"}
    with pytest.raises(bot.SettingsError, match="postgresql://"):
        bot.load_settings(env, None)
    # All the shards in one process is fine on SQLite.
    assert bot.load_settings({**env, "RATTUS_SHARD_IDS": "0-1"}, None).shards == Shards(2, (0, 1))


def test_the_clock_speed_reaches_the_bot() -> None:
    settings = bot.load_settings({"DISCORD_TOKEN": "t", "RATTUS_CLOCK_SPEED": "60"}, None)
    assert settings.clock_speed == 60.0
    assert bot.build_bot(settings).clock_speed == 60.0
    assert bot.load_settings({"DISCORD_TOKEN": "t"}, None).clock_speed == 1.0
