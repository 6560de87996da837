"""``OutageLog`` turns discord.py's reconnect tracebacks into one line per outage, and one
more when the connection is back."""

from __future__ import annotations

import logging
import time

log = logging.getLogger(__name__)


def reason(error: BaseException) -> str:
    """An error in one short line."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


class OutageLog(logging.Filter):
    """On discord.py's client logger: its reconnect traceback becomes one line per outage."""

    def __init__(self) -> None:
        super().__init__()
        self.down_since: float | None = None

    def filter(self, record: logging.LogRecord) -> bool:
        if not str(record.msg).startswith("Attempting a reconnect"):
            return True
        if self.down_since is not None:
            return False
        self.down_since = time.monotonic()
        error = record.exc_info[1] if record.exc_info else None
        record.msg = "Lost the connection to Discord (%s); reconnecting"
        record.args = (reason(error) if error is not None else "no reason given",)
        record.exc_info = None
        record.exc_text = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True

    def back(self) -> None:
        """The gateway is connected again: say so once, with how long it was down."""
        if self.down_since is None:
            return
        log.info("Connected to Discord again after %.0f s", time.monotonic() - self.down_since)
        self.down_since = None


OUTAGES = OutageLog()


def install_outage_log() -> None:
    logger = logging.getLogger("discord.client")
    if OUTAGES not in logger.filters:
        logger.addFilter(OUTAGES)
