"""The statistics tables (schema migration 7): ended games, their seats, ratings, sharing.

``store.stats`` is one of these. It writes an ended game's lines and its rating changes in
one transaction, once: a game already recorded is left alone, so recording is safe to repeat
(after a crash, or from two processes). Rating changes are read-modify-write on rows that
several games share, so on PostgreSQL the transaction first takes an advisory lock that
serialises every recording across processes; on SQLite the write transaction does that.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.text import Msg, msg
from host.database import Connection, Row, Tables
from host.models import ResultRow, level_name, name_said
from host.rating import Rating
from host.seat_store import sitter

STATS_LOCK = 0x52535441  # the advisory lock key taken while recording ("RSTA")
GLOBAL = 0
"""The ratings scope of every server together (a server's own scope is its id)."""
POOLS = ("people", "computers")


@dataclass(frozen=True)
class PlayerLine:
    """One seat of an ended game, as the statistics keep it."""

    seat: int
    user_id: int | None
    name: str
    is_ai: bool
    level: str | None  # a computer player's level
    score: int | None
    place: int
    won: bool
    left: bool
    cards: dict[str, int] = field(default_factory=dict)

    @property
    def said(self) -> Msg | str:
        """The seat's name to show (a computer's in the reader's language)."""
        return name_said(self.name, self.is_ai)

    @classmethod
    def leaver(
        cls, seat: int, user_id: int | None, name: str, place: int, cards: dict[str, int]
    ) -> PlayerLine:
        """A person who left the game before its end: no score, ``place`` (last), a loss."""
        return cls(seat, user_id, name, False, None, None, place, False, True, cards)


@dataclass(frozen=True)
class GameLine:
    """An ended game, as the statistics keep it."""

    game_id: int
    guild_id: int | None
    kind: str
    variant: str
    ended: str  # "finished", "abandoned", or "unread" (saved data unreadable: not counted)
    with_computers: bool
    rated: bool
    ended_at: float


@dataclass(frozen=True)
class Standing:
    """A row of a leaderboard: one player's (or one computer level's) rating."""

    player: str
    user_id: int | None
    name: str
    rating: Rating
    games: int

    @property
    def said(self) -> Msg | str:
        """Whose rating it is, to show: a person's name, or a computer level's in the
        reader's language ("Computer (easy)")."""
        kind, _, level = self.player.partition(":")
        return (
            msg("Computer ({level})", level=level_name(level)) if kind == "computer" else self.name
        )


@dataclass(frozen=True)
class PlayedLine:
    """A player's line of one ended game, with the game's facts, for their stats."""

    game: GameLine
    line: PlayerLine


Rater = Callable[[dict[str, Rating]], dict[str, Rating]]
"""Given the current ratings of a game's rated players (by key), their new ratings."""


class StatsTables(Tables):
    """Statistics and ratings in the store's database (``store.stats``)."""

    async def record(
        self,
        game: GameLine,
        lines: Sequence[PlayerLine],
        *,
        rated_players: Mapping[str, tuple[int | None, str]],
        rater: Rater,
        pool: str,
        keys: Sequence[str],
    ) -> bool:
        """Write an ended game once: its line, its players' lines and, when it is rated, the
        new ratings of ``rated_players`` (key -> user id, name) in the game's server's scope
        and in the global one; ``keys`` are the lines' rating keys, each line keeps its rating
        before and after in the server's scope. False when the game was already recorded
        (nothing is written)."""
        async with self.backend.transaction() as db:
            if self.backend.dialect == "postgresql":
                await db.fetchone("SELECT pg_advisory_xact_lock(?)", (STATS_LOCK,))
            inserted = await db.execute(
                "INSERT INTO game_stats (game_id, guild_id, kind, variant, ended, with_computers,"
                " rated, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO NOTHING",
                (
                    game.game_id,
                    game.guild_id,
                    game.kind,
                    game.variant,
                    game.ended,
                    int(game.with_computers),
                    int(game.rated),
                    game.ended_at,
                ),
            )
            if not inserted:
                return False
            shown: dict[str, tuple[Rating, Rating]] = {}
            if game.rated:
                scopes = [GLOBAL] if game.guild_id is None else [game.guild_id, GLOBAL]
                for scope in scopes:
                    moved = await self._rate(db, scope, game, pool, rated_players, rater)
                    shown = shown or moved
            await db.executemany(
                "INSERT INTO player_stats (game_id, line, seat, user_id, name, is_ai, level, score,"
                " place, won, left_game, cards, rating_before, rating_after)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        game.game_id,
                        number,
                        x.seat,
                        x.user_id,
                        x.name,
                        int(x.is_ai),
                        x.level,
                        x.score,
                        x.place,
                        int(x.won),
                        int(x.left),
                        json.dumps(x.cards, sort_keys=True),
                        *(
                            (shown[key][0].ordinal, shown[key][1].ordinal)
                            if key in shown
                            else (None, None)
                        ),
                    )
                    for number, (x, key) in enumerate(zip(lines, keys, strict=True))
                ],
            )
            return True

    async def _rate(
        self,
        db: Connection,
        scope: int,
        game: GameLine,
        pool: str,
        players: Mapping[str, tuple[int | None, str]],
        rater: Rater,
    ) -> dict[str, tuple[Rating, Rating]]:
        """The new ratings of ``players`` in one scope, saved; key -> (before, after)."""
        keys = sorted(players)
        marks = ", ".join("?" for _ in keys)
        rows = await db.fetchall(
            "SELECT player, mu, sigma, games FROM ratings WHERE scope = ? AND kind = ?"
            f" AND pool = ? AND player IN ({marks})",
            (scope, game.kind, pool, *keys),
        )
        known = {r["player"]: r for r in rows}
        before = {
            key: Rating(known[key]["mu"], known[key]["sigma"]) if key in known else Rating()
            for key in keys
        }
        after = rater(before)
        for key in keys:
            user_id, name = players[key]
            games = int(known[key]["games"]) + 1 if key in known else 1
            await db.execute(
                "INSERT INTO ratings (scope, kind, pool, player, user_id, name, mu, sigma, games,"
                " updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (scope, kind, pool, player) DO UPDATE SET name = excluded.name,"
                " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
                " updated_at = excluded.updated_at",
                (
                    scope,
                    game.kind,
                    pool,
                    key,
                    user_id,
                    name,
                    after[key].mu,
                    after[key].sigma,
                    games,
                    game.ended_at,
                ),
            )
        return {key: (before[key], after[key]) for key in keys}

    async def results(self, game_id: int) -> list[ResultRow]:
        """A finished game's result lines (written with its last action), best first."""
        rows = await self.backend.fetchall(
            "SELECT * FROM results WHERE game_id = ? ORDER BY rank, seat", (game_id,)
        )
        return [_result(r) for r in rows]

    async def results_for_user(self, user_id: int, *, kind: str | None = None) -> list[ResultRow]:
        """Every finished game's result line for this user, latest first."""
        sql = "SELECT * FROM results WHERE user_id = ?"
        params: list[Any] = [user_id]
        if kind is not None:
            sql += " AND kind = ?"
            params.append(kind)
        rows = await self.backend.fetchall(sql + " ORDER BY finished_at DESC, game_id DESC", params)
        return [_result(r) for r in rows]

    async def unrecorded(self, *, limit: int = 100, offset: int = 0) -> list[int]:
        """Games that ended (finished, or abandoned after being dealt) and are not recorded
        yet, the earliest ended first (leaving out the first ``offset``)."""
        return await self.numbers(
            "SELECT g.id FROM games g LEFT JOIN game_stats s ON s.game_id = g.id"
            " WHERE g.status IN ('finished', 'abandoned') AND g.seed IS NOT NULL"
            " AND s.game_id IS NULL ORDER BY g.updated_at, g.id LIMIT ? OFFSET ?",
            (limit, offset),
        )

    async def played(
        self,
        *,
        kind: str,
        user_id: int | None = None,
        guild_id: int | None = None,
        limit: int | None = None,
    ) -> list[PlayedLine]:
        """Player lines of counted games of this kind: one user's (or everyone's), in one
        server (or, with ``guild_id`` None, in every server), latest first (with ``limit``,
        only that many)."""
        sql = (
            "SELECT g.game_id, g.guild_id, g.kind, g.variant, g.ended, g.with_computers,"
            " g.rated, g.ended_at, p.seat, p.user_id, p.name, p.is_ai, p.level, p.score,"
            " p.place AS finish_place, p.won, p.left_game, p.cards AS used_cards"
            " FROM player_stats p JOIN game_stats g ON g.game_id = p.game_id"
            " WHERE g.kind = ? AND g.ended != 'unread'"
        )
        params: list[Any] = [kind]
        if user_id is not None:
            sql += " AND p.user_id = ?"
            params.append(user_id)
        if guild_id is not None:
            sql += " AND g.guild_id = ?"
            params.append(guild_id)
        sql += " ORDER BY g.ended_at DESC, g.game_id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        rows = await self.backend.fetchall(sql, params)
        return [PlayedLine(_game(r), _line(r)) for r in rows]

    async def game_lines(self, game_id: int) -> list[tuple[PlayerLine, float | None, float | None]]:
        """A recorded game's player lines, each with its rating before and after the game in
        the game's server (None when the game was not rated)."""
        rows = await self.backend.fetchall(
            "SELECT seat, user_id, name, is_ai, level, score, place AS finish_place, won,"
            " left_game, cards AS used_cards, rating_before, rating_after FROM player_stats"
            " WHERE game_id = ? ORDER BY line",
            (game_id,),
        )
        return [(_line(r), r["rating_before"], r["rating_after"]) for r in rows]

    async def game_counts(self, *, kind: str, guild_id: int) -> dict[tuple[bool, str, str], int]:
        """A server's counted games of this kind: (with computers, variant, how it ended) ->
        how many."""
        rows = await self.backend.fetchall(
            "SELECT with_computers, variant, ended, COUNT(*) AS n FROM game_stats"
            " WHERE kind = ? AND guild_id = ? AND ended != 'unread'"
            " GROUP BY with_computers, variant, ended",
            (kind, guild_id),
        )
        return {(bool(r["with_computers"]), r["variant"], r["ended"]): int(r["n"]) for r in rows}

    async def people_count(self, *, kind: str, guild_id: int) -> int:
        """How many people played counted games of this kind in the server."""
        row = await self.backend.fetchone(
            "SELECT COUNT(DISTINCT p.user_id) AS n FROM player_stats p JOIN game_stats g"
            " ON g.game_id = p.game_id WHERE g.kind = ? AND g.guild_id = ?"
            " AND g.ended != 'unread' AND p.user_id IS NOT NULL",
            (kind, guild_id),
        )
        return int(row["n"]) if row is not None else 0

    async def rating(self, *, scope: int, kind: str, pool: str, player: str) -> Standing | None:
        row = await self.backend.fetchone(
            "SELECT * FROM ratings WHERE scope = ? AND kind = ? AND pool = ? AND player = ?",
            (scope, kind, pool, player),
        )
        return None if row is None else _standing(row)

    async def leaderboard(
        self, *, scope: int, kind: str, pool: str, limit: int, shared_only: bool
    ) -> list[Standing]:
        """The best ratings first (by ``mu - 3 sigma``). With ``shared_only`` people appear
        only if they chose to share their stats across servers (computers always do)."""
        sql = "SELECT r.* FROM ratings r"
        if shared_only:
            sql += (
                " LEFT JOIN user_prefs u ON u.user_id = r.user_id"
                " WHERE (r.user_id IS NULL OR u.share_stats = 1) AND"
            )
        else:
            sql += " WHERE"
        rows = await self.backend.fetchall(
            sql + " r.scope = ? AND r.kind = ? AND r.pool = ?"
            " ORDER BY r.mu - 3 * r.sigma DESC, r.games DESC, r.player LIMIT ?",
            (scope, kind, pool, limit),
        )
        return [_standing(r) for r in rows]

    async def set_sharing(self, user_id: int, share: bool) -> None:
        await self.write(
            "INSERT INTO user_prefs (user_id, share_stats) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET share_stats = excluded.share_stats",
            (user_id, int(share)),
        )

    async def sharing(self, user_id: int) -> bool:
        row = await self.backend.fetchone(
            "SELECT share_stats FROM user_prefs WHERE user_id = ?", (user_id,)
        )
        return bool(row["share_stats"]) if row is not None else False


def _game(r: Row) -> GameLine:
    return GameLine(
        game_id=int(r["game_id"]),
        guild_id=r["guild_id"],
        kind=r["kind"],
        variant=r["variant"],
        ended=r["ended"],
        with_computers=bool(r["with_computers"]),
        rated=bool(r["rated"]),
        ended_at=float(r["ended_at"]),
    )


def _line(r: Row) -> PlayerLine:
    return PlayerLine(
        **sitter(r),
        score=r["score"],
        place=int(r["finish_place"]),
        won=bool(r["won"]),
        left=bool(r["left_game"]),
        cards={str(k): int(v) for k, v in json.loads(r["used_cards"]).items()},
    )


def _standing(r: Row) -> Standing:
    return Standing(
        player=r["player"],
        user_id=r["user_id"],
        name=r["name"],
        rating=Rating(float(r["mu"]), float(r["sigma"])),
        games=int(r["games"]),
    )


def _result(r: Row) -> ResultRow:
    return ResultRow(
        game_id=r["game_id"],
        kind=r["kind"],
        finished_at=r["finished_at"],
        seat=r["seat"],
        user_id=r["user_id"],
        name=r["name"],
        score=r["score"],
        rank=r["rank"],
        winner=bool(r["winner"]),
    )
