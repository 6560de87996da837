"""The database schema as an ordered list of migrations.

``MIGRATIONS[i]`` takes a database from ``PRAGMA user_version`` i to i + 1. A migration is
never edited once released; a change to the schema is a new script at the end of the list.
"""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # 1: games, seats, the action log, table messages, spectators, results, user preferences.
    """
    CREATE TABLE games (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        kind          TEXT    NOT NULL,
        guild_id      INTEGER,
        channel_id    INTEGER NOT NULL,
        status        TEXT    NOT NULL
                      CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
        version       INTEGER NOT NULL DEFAULT 0,
        host_user_id  INTEGER NOT NULL,
        options       TEXT    NOT NULL DEFAULT '{}',
        seed          INTEGER,
        state         TEXT,
        created_at    REAL    NOT NULL,
        updated_at    REAL    NOT NULL
    );
    CREATE UNIQUE INDEX games_one_open_per_channel
        ON games (channel_id) WHERE status IN ('lobby', 'running');
    CREATE INDEX games_by_status ON games (status, updated_at);

    CREATE TABLE seats (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        user_id  INTEGER,
        name     TEXT    NOT NULL,
        is_ai    INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seats_by_user ON seats (user_id);

    CREATE TABLE actions (
        game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version   INTEGER NOT NULL,
        seat      INTEGER NOT NULL,
        user_id   INTEGER,
        notation  TEXT    NOT NULL,
        label     TEXT,
        at        REAL    NOT NULL,
        PRIMARY KEY (game_id, version)
    );

    CREATE TABLE table_messages (
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        channel_id  INTEGER NOT NULL,
        message_id  INTEGER NOT NULL,
        version     INTEGER NOT NULL,
        is_home     INTEGER NOT NULL,
        PRIMARY KEY (game_id, channel_id)
    );

    CREATE TABLE spectators (
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        channel_id  INTEGER NOT NULL UNIQUE
    );
    CREATE INDEX spectators_by_game ON spectators (game_id);

    CREATE TABLE results (
        game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind         TEXT    NOT NULL,
        finished_at  REAL    NOT NULL,
        seat         INTEGER NOT NULL,
        user_id      INTEGER,
        name         TEXT    NOT NULL,
        score        INTEGER,
        rank         INTEGER NOT NULL,
        winner       INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX results_by_user ON results (user_id, finished_at);

    CREATE TABLE user_prefs (
        user_id     INTEGER PRIMARY KEY,
        dms_closed  INTEGER NOT NULL DEFAULT 0
    );
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)
