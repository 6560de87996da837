"""Start the bot: read the settings, build the bot, run it until SIGTERM or SIGINT.

Settings come from the environment, and from a ``.env`` file beside this one when present
(the environment wins). See ``.env.example`` for every setting.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from cogs.runtime.client import GameBot, ShardedGameBot
from cogs.runtime.games import extensions
from cogs.runtime.lifecycle import StartError, serve
from host import logs
from host.database import DatabaseUnusable, is_postgres_url
from host.logs import FORMATS
from host.sharding import Shards, parse_shard_ids
from host.store import Store

ENV_FILE = Path(__file__).with_name(".env")
TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off"}


class SettingsError(Exception):
    """A setting is missing or malformed; the message says which and how to fix it."""


@dataclass(frozen=True)
class Settings:
    token: str
    db_path: str = "rattus.sqlite3"
    dev_guild: int | None = None
    log_level: str = "INFO"
    sync_commands: bool = True
    shards: Shards | None = None
    """None: one process, one gateway connection. Else the shards this process runs."""
    clock_speed: float = 1.0
    """How many times faster than real time game clocks run (tests and trials only)."""
    log_format: str = "plain"
    """``plain`` lines or ``json`` lines."""
    http_port: int | None = None
    """Where /healthz and /metrics are served (None: not at all)."""
    http_host: str = "127.0.0.1"
    forget_days: float = 30.0
    """How long a server's data is kept after it removed the bot."""


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=value lines; blank lines and # comments skipped; optional quotes and ``export``."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export ") :].lstrip()
        key, sep, value = line.partition("=")
        if not sep or not key.strip():
            raise SettingsError(f"{path.name}, line {number}: expected KEY=value.")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        values[key.strip()] = value
    return values


def load_settings(environ: Mapping[str, str], env_file: Path | None = ENV_FILE) -> Settings:
    merged = {**(read_env_file(env_file) if env_file is not None else {}), **environ}
    token = merged.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise SettingsError(
            "DISCORD_TOKEN is not set. Put your bot's token in the environment or in a .env "
            "file (copy .env.example to .env and fill it in)."
        )
    guild_text = merged.get("RATTUS_DEV_GUILD", "").strip()
    try:
        dev_guild = int(guild_text) if guild_text else None
    except ValueError:
        raise SettingsError(
            f"RATTUS_DEV_GUILD must be a server id (a number), not {guild_text!r}."
        ) from None
    level = merged.get("RATTUS_LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
        raise SettingsError(
            f"RATTUS_LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL, not {level!r}."
        )
    sync_text = merged.get("RATTUS_SYNC_COMMANDS", "1").strip().lower() or "1"
    if sync_text not in TRUE | FALSE:
        raise SettingsError(f"RATTUS_SYNC_COMMANDS must be 1 or 0, not {sync_text!r}.")
    db_path = merged.get("RATTUS_DB", "").strip() or Settings.db_path
    log_format = merged.get("RATTUS_LOG_FORMAT", "plain").strip().lower() or "plain"
    if log_format not in FORMATS:
        raise SettingsError(f"RATTUS_LOG_FORMAT must be plain or json, not {log_format!r}.")
    return Settings(
        token=token,
        db_path=db_path,
        dev_guild=dev_guild,
        log_level=level,
        sync_commands=sync_text in TRUE,
        shards=read_shards(merged, db_path),
        clock_speed=read_clock_speed(merged),
        log_format=log_format,
        http_port=read_http_port(merged),
        http_host=merged.get("RATTUS_HTTP_HOST", "").strip() or Settings.http_host,
        forget_days=read_forget_days(merged),
    )


def read_forget_days(merged: Mapping[str, str]) -> float:
    """RATTUS_FORGET_DAYS: how long a server's data is kept after it removed the bot."""
    text = merged.get("RATTUS_FORGET_DAYS", "").strip() or "30"
    try:
        days = float(text)
    except ValueError:
        days = -1.0
    if not 0 <= days <= 3650:
        raise SettingsError(
            f"RATTUS_FORGET_DAYS must be a number of days from 0 to 3650, not {text!r}."
        )
    return days


def read_http_port(merged: Mapping[str, str]) -> int | None:
    """RATTUS_HTTP_PORT: the port of /healthz and /metrics (unset: not served)."""
    text = merged.get("RATTUS_HTTP_PORT", "").strip()
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise SettingsError(f"RATTUS_HTTP_PORT must be a port number (1-65535), not {text!r}.")
    return int(text)


def read_clock_speed(merged: Mapping[str, str]) -> float:
    """RATTUS_CLOCK_SPEED: game clocks run this many times faster (600: a minute in 0.1 s)."""
    text = merged.get("RATTUS_CLOCK_SPEED", "").strip() or "1"
    try:
        speed = float(text)
    except ValueError:
        speed = 0.0
    if not 0 < speed <= 1_000_000:
        raise SettingsError(
            f"RATTUS_CLOCK_SPEED must be a positive number (1 is real time), not {text!r}."
        )
    return speed


def read_shards(merged: Mapping[str, str], db_path: str) -> Shards | None:
    """RATTUS_SHARD_COUNT and RATTUS_SHARD_IDS: how many shards, and which this process runs."""
    count_text = merged.get("RATTUS_SHARD_COUNT", "").strip()
    ids_text = merged.get("RATTUS_SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise SettingsError("RATTUS_SHARD_IDS needs RATTUS_SHARD_COUNT (the total) as well.")
        return None
    if not count_text.isdigit() or int(count_text) < 1:
        raise SettingsError(
            f"RATTUS_SHARD_COUNT must be a whole number of shards (1 or more), not {count_text!r}."
        )
    count = int(count_text)
    if not ids_text:
        return Shards.all_of(count)
    try:
        shards = Shards(count, parse_shard_ids(ids_text, count))
    except ValueError as error:
        raise SettingsError(f"RATTUS_SHARD_IDS: {error}.") from None
    if not shards.is_all and not is_postgres_url(db_path):
        raise SettingsError(
            "Running only some shards means other processes run the rest, and they must share "
            "one database: set RATTUS_DB to a postgresql:// address (SQLite serves one process)."
        )
    return shards


def build_bot(
    settings: Settings,
    *,
    store: Store | None = None,
    seed_source: Callable[[], int] | None = None,
) -> GameBot:
    """The bot, not yet started. Without ``store`` it opens ``settings.db_path`` itself.

    With shard settings it is an AutoShardedBot running those shards."""
    kind = GameBot if settings.shards is None else ShardedGameBot
    return kind(
        db_path=settings.db_path,
        shards=settings.shards,
        extensions=extensions(),
        store=store,
        dev_guild=settings.dev_guild,
        sync_commands=settings.sync_commands,
        seed_source=seed_source,
        clock_speed=settings.clock_speed,
        http_port=settings.http_port,
        http_host=settings.http_host,
        forget_days=settings.forget_days,
    )


async def check_database(target: str) -> None:
    """Open the database once before connecting (migrating it if needed), so that a file the
    bot cannot use is refused at start in one line (DatabaseUnusable)."""
    store = await Store.open(target)
    await store.close()


def main(environ: Mapping[str, str] = os.environ, env_file: Path | None = ENV_FILE) -> int:
    try:
        settings = load_settings(environ, env_file)
    except SettingsError as error:
        print(f"Cannot start: {error}", file=sys.stderr)
        return 2
    logs.configure(settings.log_level, settings.log_format)
    try:
        asyncio.run(check_database(settings.db_path))
    except DatabaseUnusable as error:
        print(f"Cannot start: {error}", file=sys.stderr)
        return 2
    bot = build_bot(settings)
    try:
        return asyncio.run(serve(bot, settings.token))
    except StartError as error:
        print(f"Cannot start: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
