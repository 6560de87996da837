"""How the bot's logs are written: one line per event, plain or JSON lines.

``RATTUS_LOG_FORMAT=json`` writes each record as one JSON object with its time, level,
logger, message and, where the line is about one, the game, server, action and latency.
Whatever the level, the loggers of discord.py's HTTP and gateway and of the database drivers
never go below INFO: at DEBUG they print whole request and event bodies and every statement
with its parameters, and those hold private messages, hands and saved states.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import TextIO

FORMATS = ("plain", "json")
PLAIN = "%(asctime)s %(levelname)s %(name)s: %(message)s"
FIELDS = ("game", "server", "action", "latency_ms")
"""Extra fields a log line may carry (``extra={...}``), copied into the JSON object."""
PAYLOAD_LOGGERS = (
    "discord.http",
    "discord.gateway",
    "discord.webhook.async_",
    "aiosqlite",
    "asyncpg",
    "PIL",
)
"""Libraries' loggers whose DEBUG lines hold request bodies or statements with their
parameters (PIL's only noise: a line per PNG chunk)."""


class JsonLines(logging.Formatter):
    """One JSON object per record, on one line."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                line[name] = value
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def configure(level: str, fmt: str = "plain", stream: TextIO | None = None) -> None:
    """Set up the root logger (replacing any handler it had)."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonLines() if fmt == "json" else logging.Formatter(PLAIN))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    quiet_payloads()


def quiet_payloads() -> None:
    """Keep request bodies and statement parameters out of the logs at any level."""
    for name in PAYLOAD_LOGGERS:
        logger = logging.getLogger(name)
        if logger.getEffectiveLevel() < logging.INFO:
            logger.setLevel(logging.INFO)
