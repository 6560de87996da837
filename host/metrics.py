"""What the bot counts and times, for Prometheus (``/metrics``, cogs/runtime/status_server.py).

One registry for the process; the instruments are module-level so that every layer counts
where the thing happens (the store its queries and saved actions, the computers their
thinking, the gate the clicks). Nothing here holds what a player may not see: labels are
game kinds, levels, operations and error classes, never cards, hands or notations.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

REGISTRY = CollectorRegistry(auto_describe=True)


def counter(name: str, documentation: str, *labels: str) -> Counter:
    """A counter registered in ``REGISTRY`` (``<name>_total``), by ``labels``."""
    return Counter(name, documentation, labels, registry=REGISTRY)


def gauge(name: str, documentation: str, *labels: str) -> Gauge:
    """A gauge registered in ``REGISTRY``, by ``labels``."""
    return Gauge(name, documentation, labels, registry=REGISTRY)


def histogram(
    name: str, documentation: str, labels: tuple[str, ...], buckets: tuple[float, ...]
) -> Histogram:
    """A histogram of seconds registered in ``REGISTRY``, by ``labels``, with upper
    ``buckets``."""
    return Histogram(name, documentation, labels, buckets=buckets, registry=REGISTRY)


ACTIONS = counter(
    "rattus_actions", "Actions saved (people's, computers' and stand-ins'), by game", "game"
)
CLICKS = counter(
    "rattus_interactions_answered",
    "Clicks, selects, commands and suggestions handled, by kind",
    "kind",
)
CLICK_SECONDS = histogram(
    "rattus_interaction_seconds",
    "From an interaction's arrival to the end of its handling (answer, save, table edit)",
    ("kind",),
    (0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5, 10, 30),
)
TURNED_AWAY = counter(
    "rattus_interactions_turned_away",
    "Interactions answered 'restarting' because the bot was stopping",
)
ERRORS = counter(
    "rattus_errors",
    "Errors answered to people: 'refused' (a clear message) or 'unhandled' (logged), by class",
    "shown",
    "kind",
)
GAMES_RUNNING = gauge(
    "rattus_games_running",
    "Games being played, by game (read from the database at each scrape)",
    "game",
)
OWED_DMS = gauge(
    "rattus_owed_dms", "Private messages recorded but not yet delivered (read at each scrape)"
)
THINK_SECONDS = histogram(
    "rattus_computer_think_seconds",
    "A computer player's time for one decision, by game and level",
    ("game", "level"),
    (0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8),
)
QUERY_SECONDS = histogram(
    "rattus_db_query_seconds",
    "Time of one database statement, by backend and operation",
    ("backend", "op"),
    (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1),
)


@contextmanager
def query_timer(backend: str, op: str) -> Iterator[None]:
    """Time one database statement."""
    started = time.perf_counter()
    try:
        yield
    finally:
        QUERY_SECONDS.labels(backend, op).observe(time.perf_counter() - started)


def exposition() -> bytes:
    """Every metric in Prometheus' text format."""
    return generate_latest(REGISTRY)


def set_games_running(counts: dict[str, int], kinds: tuple[str, ...]) -> None:
    """The running games per kind; a kind with none reads 0 rather than vanishing."""
    for kind in sorted({*kinds, *counts}):
        GAMES_RUNNING.labels(kind).set(counts.get(kind, 0))
