"""The database schema as an ordered list of migrations, one definition for both backends.

``MIGRATIONS[i]`` takes a database from schema version i to i + 1 (SQLite keeps the version in
``PRAGMA user_version``, PostgreSQL in the table ``rattus_schema``). A migration is never
edited once released; a change to the schema is a new script at the end of the list.

The scripts are written once, in the common SQL of both engines with SQLite's type names;
``migrations_for("postgresql")`` renders them for PostgreSQL by the few type renames in
``POSTGRES_TYPES`` (64-bit integers for Discord ids, double precision for timestamps, an
identity column for ``AUTOINCREMENT``). Use only ``INTEGER``, ``REAL`` and ``TEXT`` columns,
``CREATE``/``ALTER TABLE ... ADD COLUMN``/``CREATE INDEX`` statements (and a plain ``UPDATE``
to fill a new column) and no PRAGMA, so that both renderings stay the same schema; the store
tests run every migration on both.
"""

from __future__ import annotations

import re

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
    # 2: what the table showed of each action (its public event text), for the public log;
    # who was last told that a decision is theirs, so each new decider is told once.
    """
    ALTER TABLE actions ADD COLUMN public_text TEXT;

    CREATE TABLE deciders_told (
        game_id  INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        marks    TEXT    NOT NULL DEFAULT '[]'
    );
    """,
    # 3: games whose saved data could not be read, set aside (their rows are kept for repair).
    """
    CREATE TABLE damaged_games (
        game_id        INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        status_before  TEXT    NOT NULL,
        error          TEXT    NOT NULL,
        at             REAL    NOT NULL
    );
    """,
    # 4: work due at a time (turn timers, reminders, retries), claimed by one process at a time.
    """
    CREATE TABLE jobs (
        id             INTEGER PRIMARY KEY AUTOINCREMENT,
        kind           TEXT    NOT NULL,
        game_id        INTEGER REFERENCES games (id) ON DELETE CASCADE,
        due_at         REAL    NOT NULL,
        payload        TEXT    NOT NULL DEFAULT '{}',
        claimed_by     TEXT,
        claimed_until  REAL,
        attempts       INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX jobs_by_due ON jobs (due_at);
    CREATE INDEX jobs_by_game ON jobs (game_id);
    """,
    # 5: each game's lobby message (kept after the start, so it can link to the table and the
    # result) and the status it shows.
    """
    CREATE TABLE lobby_messages (
        game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        channel_id  INTEGER NOT NULL,
        message_id  INTEGER NOT NULL,
        shown       TEXT    NOT NULL
    );
    """,
    # 6: private messages owed to players, written with the action (or the start) that owes
    # them and deleted once sent, so a crash in between cannot lose a secret.
    """
    CREATE TABLE pending_dms (
        id       INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id  INTEGER NOT NULL,
        lines    TEXT    NOT NULL DEFAULT '[]',
        at       REAL    NOT NULL
    );
    CREATE INDEX pending_dms_by_game ON pending_dms (game_id);
    """,
    # 7: who plays each seat now: a computer seat's level (until now read from its name), a
    # computer standing in for a person and why, who left a seat; and the log of those changes.
    """
    ALTER TABLE seats ADD COLUMN level TEXT;
    ALTER TABLE seats ADD COLUMN stand_in TEXT;
    ALTER TABLE seats ADD COLUMN left_user_id INTEGER;
    UPDATE seats SET level = CASE WHEN name LIKE '%(strong)' THEN 'strong' ELSE 'easy' END
        WHERE is_ai = 1;

    CREATE TABLE seat_changes (
        id        INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        version   INTEGER NOT NULL,
        seat      INTEGER NOT NULL,
        user_id   INTEGER,
        level     TEXT,
        reason    TEXT,
        text      TEXT    NOT NULL,
        at        REAL    NOT NULL
    );
    CREATE INDEX seat_changes_by_game ON seat_changes (game_id, id);
    """,
    # 8: statistics and ratings (host/stats.py): one row per ended game and per player in it,
    # each player's rating per server (scope = the server's id) and everywhere (scope 0), by
    # kind and pool ('people': games among people only, 'computers': games with a computer
    # seated), and whether a player shows on the leaderboard across servers.
    """
    CREATE TABLE game_stats (
        game_id         INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        guild_id        INTEGER,
        kind            TEXT    NOT NULL,
        variant         TEXT    NOT NULL,
        ended           TEXT    NOT NULL CHECK (ended IN ('finished', 'abandoned', 'unread')),
        with_computers  INTEGER NOT NULL,
        rated           INTEGER NOT NULL,
        ended_at        REAL    NOT NULL
    );
    CREATE INDEX game_stats_by_guild ON game_stats (guild_id, kind);

    CREATE TABLE player_stats (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        line       INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        user_id    INTEGER,
        name       TEXT    NOT NULL,
        is_ai      INTEGER NOT NULL,
        level      TEXT,
        score      INTEGER,
        place      INTEGER NOT NULL,
        won        INTEGER NOT NULL,
        left_game  INTEGER NOT NULL,
        cards      TEXT    NOT NULL DEFAULT '{}',
        PRIMARY KEY (game_id, line)
    );
    CREATE INDEX player_stats_by_user ON player_stats (user_id);

    CREATE TABLE ratings (
        scope       INTEGER NOT NULL,
        kind        TEXT    NOT NULL,
        pool        TEXT    NOT NULL CHECK (pool IN ('people', 'computers')),
        player      TEXT    NOT NULL,
        user_id     INTEGER,
        name        TEXT    NOT NULL,
        mu          REAL    NOT NULL,
        sigma       REAL    NOT NULL,
        games       INTEGER NOT NULL,
        updated_at  REAL    NOT NULL,
        PRIMARY KEY (scope, kind, pool, player)
    );

    ALTER TABLE user_prefs ADD COLUMN share_stats INTEGER NOT NULL DEFAULT 0;
    """,
    # 9: each player's rating (mean less three spreads) before and after a rated game, in
    # the game's server, for the end-of-game message.
    """
    ALTER TABLE player_stats ADD COLUMN rating_before REAL;
    ALTER TABLE player_stats ADD COLUMN rating_after REAL;
    """,
    # 10: clocks: each game's timer settings, each seat's time bank and missed deadlines in a
    # row, players who muted a game's reminders, and when each group of shards last ran its
    # clocks (so time while the bot was stopped is not counted). Deadlines are ``jobs`` rows.
    """
    CREATE TABLE clock_settings (
        game_id   INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        settings  TEXT    NOT NULL DEFAULT '{}'
    );

    CREATE TABLE clock_seats (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        bank     REAL,
        missed   INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    );

    CREATE TABLE clock_mutes (
        game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id  INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );

    CREATE TABLE clock_heartbeats (
        owner    TEXT    PRIMARY KEY,
        seen_at  REAL    NOT NULL
    );
    """,
    # 11: the name the acting seat had when the action was played, so the log keeps naming
    # who played it after someone else takes the seat (older rows: the seat's current name).
    """
    ALTER TABLE actions ADD COLUMN name TEXT;
    """,
    # 12: jobs whose saved payload could not be read, set aside (kept for repair) so that they
    # stop no other job.
    """
    CREATE TABLE damaged_jobs (
        id       INTEGER PRIMARY KEY,
        kind     TEXT    NOT NULL,
        game_id  INTEGER REFERENCES games (id) ON DELETE CASCADE,
        due_at   REAL    NOT NULL,
        payload  TEXT    NOT NULL,
        error    TEXT    NOT NULL,
        at       REAL    NOT NULL
    );
    """,
    # 13: when each table message was posted (the game's version then) and the stage it showed
    # ("Turn 11"), so the message says what it was once a newer one replaces it (older rows:
    # unknown, NULL).
    """
    ALTER TABLE table_messages ADD COLUMN posted_version INTEGER;
    ALTER TABLE table_messages ADD COLUMN stage TEXT;
""",
    # 14: the seat's name before each change of who plays it, so a moment of the game's past
    # (a replayed turn) names whoever held the seat then (older rows: NULL, unknown).
    """
    ALTER TABLE seat_changes ADD COLUMN name_before TEXT;
""",
    # 15: each server's settings for each game (host/servers.py: where games may be opened,
    # who may open them and change the settings, the defaults of a new lobby), and the servers
    # that removed the bot, with when (their data is deleted after a grace period).
    """
    CREATE TABLE server_settings (
        guild_id    INTEGER NOT NULL,
        kind        TEXT    NOT NULL,
        settings    TEXT    NOT NULL DEFAULT '{}',
        updated_at  REAL    NOT NULL,
        PRIMARY KEY (guild_id, kind)
    );

    CREATE TABLE departed_guilds (
        guild_id  INTEGER PRIMARY KEY,
        left_at   REAL    NOT NULL
    );
    """,
    # 16: away: each time a person said they are away (from when, until when, and when they
    # came back, if early), and what was left of each decision whose clock their absence froze.
    """
    CREATE TABLE away (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id     INTEGER NOT NULL,
        started_at  REAL    NOT NULL,
        away_until  REAL    NOT NULL,
        back_at     REAL
    );
    CREATE INDEX away_by_user ON away (user_id, away_until);

    CREATE TABLE clock_frozen (
        game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL,
        left_for  REAL    NOT NULL,
        reaction  INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    """,
    # 17: the direct message that asks a person a private question, one per person and game,
    # so that once the question is answered (anywhere) or gone, its controls are taken off.
    """
    CREATE TABLE dm_questions (
        game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id     INTEGER NOT NULL,
        seat        INTEGER NOT NULL,
        channel_id  INTEGER NOT NULL,
        message_id  INTEGER NOT NULL,
        version     INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    """,
    # 18: languages (issue #21): the one a person chose to read the bot in (NULL: their
    # Discord client's), and the one a game's table speaks (NULL, older games: English).
    """
    ALTER TABLE user_prefs ADD COLUMN language TEXT;
    ALTER TABLE games ADD COLUMN language TEXT;
    """,
    # 19: the Discord locale a person's latest interaction showed ("de", "en-GB"; NULL: none
    # seen yet), so that the DMs the bot sends on its own follow it after a restart too.
    """
    ALTER TABLE user_prefs ADD COLUMN discord_locale TEXT;
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)

DIALECTS = ("sqlite", "postgresql")

POSTGRES_TYPES: tuple[tuple[str, str], ...] = (
    (
        r"\bINTEGER\s+PRIMARY\s+KEY\s+AUTOINCREMENT\b",
        "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
    ),
    (r"\bINTEGER\b", "BIGINT"),
    (r"\bREAL\b", "DOUBLE PRECISION"),
)
"""SQLite type name -> PostgreSQL type, applied in order to every migration."""


def render(script: str, dialect: str) -> str:
    """One migration as the given engine runs it."""
    if dialect == "sqlite":
        return script
    if dialect != "postgresql":
        raise ValueError(f"unknown SQL dialect {dialect!r}; expected one of {DIALECTS}")
    for pattern, replacement in POSTGRES_TYPES:
        script = re.sub(pattern, replacement, script)
    return script


def migrations_for(dialect: str) -> tuple[str, ...]:
    """Every migration, in order, for the given engine."""
    return tuple(render(script, dialect) for script in MIGRATIONS)
