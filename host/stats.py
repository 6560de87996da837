"""Statistics and ratings: every ended game is recorded once, and read back per player,
per server and as leaderboards.

**When.** ``record_ended(service, game_id)`` is called where a game ends (its last action, or
its abandonment), after the game's own change has committed, so a failure here never costs
the game. Recording is idempotent, and every read first calls ``catch_up``, which records any
ended game still missing (a crash between the end and the record, or a game that ended by a
path that does not call the hook): the statistics are complete whenever they are read.

**What.** Per game: server, kind, variant (Rattus: its expansions), whether computers were
seated, and per seat the person or computer, score, place, whether they won, whether they
left, and the class cards they used (each kind says which: ``GameKind.cards_used``).

**Who left an abandoned game.** The game stopped because someone stopped playing: the
people whose move it was when it was abandoned (by its host, a moderator or, later, for
inactivity) are the ones who left. An abandoned game counts as a loss for them: for the
rating they share last place below everyone else, who share first place; it counts as
played, neither won nor lost, for the others. When nobody left (it was nobody's move) the
game counts as played for everyone and is not rated.

**Ratings.** Weng-Lin Plackett-Luce (``host/rating.py``), by kind, in two pools: games among
people only, and games with a computer seated (where each computer level is rated as one
player, so beating the strong computer counts). Each game updates its server's ratings and
the ratings across servers; the leaderboard across servers shows only people who chose to
share their stats there (``set_sharing``), and a person's name never leaves their server
otherwise.
"""

from __future__ import annotations

import contextlib
import logging
from collections import Counter
from dataclasses import dataclass, field, replace

from engine.contract import Game
from engine.text import Text
from host import computers
from host.errors import DamagedGame, NotFound
from host.hosting import Hosting
from host.models import GameRecord, ResultRow, Seat
from host.rating import Rating, rate_players
from host.seat_store import SeatChangeEntry
from host.stats_tables import GLOBAL, GameLine, PlayedLine, PlayerLine, Rater, Standing

log = logging.getLogger(__name__)

PEOPLE, COMPUTERS = "people", "computers"
LEADERBOARD_SIZE = 10
FAVOURITES = 3
SERVER_FAVOURITES_OF = 2000
"""A server's favourite class cards are counted over its latest this many player lines."""


def player_key(line: PlayerLine) -> str:
    """Whose rating a line moves: the person's, or the computer level's."""
    if line.is_ai or line.user_id is None:
        return f"computer:{line.level or 'easy'}"
    return f"user:{line.user_id}"


def computer_title(key: str) -> str:
    return f"Computer ({key.partition(':')[2]})"


LEFT_PHRASES = (" was removed from the game", " has left the game")
"""How the seat log's line about a person leaving goes on after their name (host/seats.py)."""


def left_name(text: Text, seat: int) -> str:
    """Who left a seat, as its change's line names them: a text's ``player`` value, or the
    name before the phrase in an older row's English (a verbatim text)."""
    if not text.verbatim:
        named = text.values.get("player")
        return named if isinstance(named, str) else f"Player {seat + 1}"
    line = text.key
    return next((line.split(p)[0] for p in LEFT_PHRASES if p in line), f"Player {seat + 1}")


@dataclass(frozen=True)
class Leaver:
    """A person who left a game before its end."""

    seat: int
    user_id: int
    name: str


def leavers(record: GameRecord, changes: list[SeatChangeEntry]) -> list[Leaver]:
    """Who left the game: every person kicked or resigned (the seat log), and when the game
    was abandoned, the people whose move it was and those a computer was standing in for
    after missed deadlines (they had stopped acting). A person who holds a seat at the end
    (came back) did not leave."""
    holding = {s.user_id for s in record.seats if s.user_id is not None}
    found: dict[int, Leaver] = {}
    for change in changes:
        user = change.user_id
        if change.reason not in ("kicked", "resigned") or user is None:
            continue
        if user in holding or user in found:
            continue
        entry = record.seat_entry(change.seat)
        # someone may have taken the seat since: then the log's line names who left it
        name = entry.name if entry.left_user_id == user else left_name(change.text, change.seat)
        found[user] = Leaver(change.seat, user, name)
    game = record.game
    if record.status == "abandoned" and game is not None and not game.is_over:
        acting = set(game.actors())
        for s in record.seats:
            stopped = s.seat in acting or s.stand_in == "missed"
            if s.user_id is not None and not s.is_ai and stopped:
                found.setdefault(s.user_id, Leaver(s.seat, s.user_id, s.name))
    return list(found.values())


def holders(record: GameRecord) -> list[Seat]:
    """The seats whose result belongs to someone at the end: a person's (even while a
    computer stood in for missed deadlines) or a computer player seated from the lobby. A
    seat its person left, open or played by a stand-in, belongs to nobody."""
    return [s for s in record.seats if s.is_ai or s.user_id is not None]


def places_of(
    record: GameRecord, seats: list[int], left: set[int]
) -> tuple[dict[int, int], dict[int, int | None], set[int]]:
    """The place (1 is first; a shared place is a tie), score and the winners among these
    seats; ``left`` are seats whose people left.

    A finished game: the winners share first place; the others follow in the engine's
    ranking, sharing a place when their scores are equal. An abandoned game: no scores and no
    winners; those who left share the last place, everyone else the first."""
    game = record.game
    assert game is not None
    outcome = game.outcome if record.status == "finished" else None
    if outcome is None:
        return {s: 2 if s in left else 1 for s in seats}, dict.fromkeys(seats), set()
    scores: dict[int, int | None] = dict.fromkeys(seats)
    scores.update((s, v) for s, v in enumerate(outcome["scores"]) if s in scores)
    winners = set(outcome["winners"]) & set(seats)
    ranking = [s for s in outcome["ranking"] if s in scores]
    ranking += [s for s in seats if s not in ranking]
    places: dict[int, int] = {}
    for position, seat in enumerate(ranking, start=1):
        previous = ranking[position - 2] if position > 1 else None
        if seat in winners:
            places[seat] = 1
        elif (
            previous is not None
            and previous not in winners
            and scores[previous] == scores[seat]
            and scores[seat] is not None
        ):
            places[seat] = places[previous]
        else:
            places[seat] = position
    return places, scores, winners


def result_rows(record: GameRecord, game: Game, now: float) -> list[ResultRow]:
    """A finished game's ``results`` rows, saved with its last action: one per seat in the
    engine's ranking."""
    outcome = game.outcome
    scores = dict(enumerate(outcome["scores"])) if outcome else {}
    ranking = list(outcome["ranking"]) if outcome else []
    ranking += [s.seat for s in record.seats if s.seat not in ranking]
    winners = set(outcome["winners"]) if outcome else set()
    return [
        ResultRow(
            game_id=record.id,
            kind=record.kind,
            finished_at=now,
            seat=seat,
            user_id=record.user_of(seat),
            name=record.name_of(seat),
            score=scores.get(seat),
            rank=place,
            winner=seat in winners,
        )
        for place, seat in enumerate(ranking, start=1)
    ]


async def lines_of(service: Hosting, record: GameRecord) -> tuple[GameLine, list[PlayerLine]]:
    """An ended game's statistics, ready to store: a line per seat that belongs to someone
    at the end, then one per person who left (last place, a loss)."""
    game = record.game
    assert game is not None and record.status in ("finished", "abandoned")
    kind = service.kind(record.kind)
    log = await service.store.actions(record.id)
    gone = leavers(record, await service.store.seats.log(record.id))
    kept = holders(record)
    left_seats = {g.seat for g in gone if record.seat_entry(g.seat).user_id == g.user_id}
    places, scores, winners = places_of(record, [s.seat for s in kept], left_seats)

    def cards(seat: int, user_id: int | None) -> dict[str, int]:
        moves = [(e.seat, e.notation) for e in log if e.seat == seat and e.user_id == user_id]
        return kind.cards_used(game, moves).get(seat, {})

    lines = [
        PlayerLine(
            seat=s.seat,
            user_id=s.user_id,
            name=s.name,
            is_ai=s.is_ai,
            level=computers.level_of(s) if s.is_ai else None,
            score=scores[s.seat],
            place=places[s.seat],
            won=s.seat in winners,
            left=s.seat in left_seats,
            cards=cards(s.seat, s.user_id),
        )
        for s in kept
    ]
    last = max((x.place for x in lines if not x.left), default=0) + 1
    lines += [
        PlayerLine.leaver(g.seat, g.user_id, g.name, last, cards(g.seat, g.user_id))
        for g in gone
        if g.seat not in left_seats
    ]
    lines = [replace(x, place=last) if x.left else x for x in lines]
    line = GameLine(
        game_id=record.id,
        guild_id=record.guild_id,
        kind=record.kind,
        variant=kind.variant(record.options),
        ended=record.status,
        with_computers=any(s.is_ai for s in record.seats),
        # A finished game is a result even when everyone shares the win (the weaker players
        # gain); an abandoned one only says something when someone left it.
        rated=len(lines) >= 2 and (record.status == "finished" or any(x.left for x in lines)),
        ended_at=record.updated_at,
    )
    return line, lines


def rater_for(lines: list[PlayerLine]) -> Rater:
    """The rating update of one game: each seat is one player; computer seats of one level
    are one player whose new rating is the mean of what its seats' results gave it."""

    def rater(before: dict[str, Rating]) -> dict[str, Rating]:
        keys = [player_key(x) for x in lines]
        after = rate_players([before[k] for k in keys], [x.place for x in lines])
        new: dict[str, list[Rating]] = {}
        for key, rating in zip(keys, after, strict=True):
            new.setdefault(key, []).append(rating)
        return {
            key: Rating(
                sum(r.mu for r in rs) / len(rs),
                sum(r.sigma for r in rs) / len(rs),
            )
            for key, rs in new.items()
        }

    return rater


async def record_ended(service: Hosting, game_id: int) -> bool:
    """Record the game's result if it has ended and is not recorded yet; True if it was
    recorded now. Never raises for a game that cannot be read: it is noted as not counted."""
    try:
        record = await service.get(game_id)
    except (DamagedGame, NotFound):
        return await _note_unread(service, game_id)
    if record.status not in ("finished", "abandoned") or record.game is None:
        return False
    game, lines = await lines_of(service, record)
    players = {player_key(x): (x.user_id, x.name) for x in lines}
    players = {
        k: (user, computer_title(k) if k.startswith("computer:") else name)
        for k, (user, name) in players.items()
    }
    return await service.store.stats.record(
        game,
        lines,
        rated_players=players,
        rater=rater_for(lines),
        pool=COMPUTERS if game.with_computers else PEOPLE,
        keys=[player_key(x) for x in lines],
    )


async def rating_changes(service: Hosting, game_id: int) -> list[tuple[PlayerLine, float, float]]:
    """Each rated player's rating (in the game's server) before and after an ended game,
    in the order of their places; [] for a game not rated. Records the game if needed."""
    await record_ended(service, game_id)
    lines = await service.store.stats.game_lines(game_id)
    rated = [(x, b, a) for x, b, a in lines if b is not None and a is not None]
    return sorted(rated, key=lambda item: (item[0].place, -item[2], item[0].seat))


async def _note_unread(service: Hosting, game_id: int) -> bool:
    line = GameLine(game_id, None, "", "", "unread", False, False, service.now())
    with contextlib.suppress(Exception):  # a game id that names no row at all
        return await service.store.stats.record(
            line, [], rated_players={}, rater=dict, pool=PEOPLE, keys=[]
        )
    return False


async def game_ended(service: Hosting, game_id: int) -> None:
    """The hook where a game ends: record it, and log (never raise) if that fails; the next
    read of the statistics records it then."""
    try:
        await record_ended(service, game_id)
    except Exception:
        log.exception("recording the statistics of game #%s failed; catch_up will retry", game_id)


async def catch_up(service: Hosting) -> int:
    """Record every ended game not yet recorded, the earliest first; how many were. A game
    that cannot be recorded (its kind is not hosted any more, say) is logged and left for
    later, and never stops the others."""
    done = failed = 0
    while batch := await service.store.stats.unrecorded(offset=failed):
        for game_id in batch:
            try:
                done += await record_ended(service, game_id)
            except Exception:
                log.exception("could not record the statistics of game #%s", game_id)
                failed += 1
    return done


# -- reading ------------------------------------------------------------------------------


@dataclass
class Tally:
    """Games of one variant in one pool: how many were played, won and left."""

    played: int = 0
    won: int = 0
    left: int = 0
    scores: list[int] = field(default_factory=list)

    @property
    def average(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    def add(self, line: PlayerLine) -> None:
        self.played += 1
        self.won += line.won
        self.left += line.left
        if line.score is not None:
            self.scores.append(line.score)


@dataclass
class PlayerStats:
    """One player's games of one kind, in one server or everywhere."""

    name: str | None
    tallies: dict[tuple[str, str], Tally]  # (pool, variant) -> tally
    favourites: list[tuple[str, int]]  # (card, weight), the most used first
    ratings: dict[str, Standing | None]  # pool -> rating in this scope

    @property
    def played(self) -> int:
        return sum(t.played for t in self.tallies.values())


@dataclass
class ServerStats:
    """Every counted game of one kind in one server."""

    games: dict[tuple[str, str], int]  # (pool, variant) -> games
    finished: int
    abandoned: int
    favourites: list[tuple[str, int]]
    players: int


def pool_of(game: GameLine) -> str:
    return COMPUTERS if game.with_computers else PEOPLE


def _favourites(lines: list[PlayedLine]) -> list[tuple[str, int]]:
    used: Counter[str] = Counter()
    for played in lines:
        used.update(played.line.cards)
    return sorted(used.items(), key=lambda item: (-item[1], item[0]))[:FAVOURITES]


async def player_stats(
    service: Hosting, *, kind: str, user_id: int, guild_id: int | None
) -> PlayerStats:
    """A person's games of ``kind`` in the server ``guild_id`` (None: in every server)."""
    await catch_up(service)
    lines = await service.store.stats.played(kind=kind, user_id=user_id, guild_id=guild_id)
    tallies: dict[tuple[str, str], Tally] = {}
    for played in lines:
        tallies.setdefault((pool_of(played.game), played.game.variant), Tally()).add(played.line)
    scope = GLOBAL if guild_id is None else guild_id
    ratings = {
        pool: await service.store.stats.rating(
            scope=scope, kind=kind, pool=pool, player=f"user:{user_id}"
        )
        for pool in (PEOPLE, COMPUTERS)
    }
    return PlayerStats(
        name=lines[0].line.name if lines else None,
        tallies=tallies,
        favourites=_favourites(lines),
        ratings=ratings,
    )


async def server_stats(service: Hosting, *, kind: str, guild_id: int) -> ServerStats:
    """The server's games of ``kind``: counts by pool and variant, how they ended, how many
    people played, and the favourite class cards of the latest ``SERVER_FAVOURITES_OF``
    player lines."""
    await catch_up(service)
    tables = service.store.stats
    counts = await tables.game_counts(kind=kind, guild_id=guild_id)
    by_variant: Counter[tuple[str, str]] = Counter()
    ended: Counter[str] = Counter()
    for (with_computers, variant, how), n in counts.items():
        by_variant[(COMPUTERS if with_computers else PEOPLE, variant)] += n
        ended[how] += n
    latest = await tables.played(kind=kind, guild_id=guild_id, limit=SERVER_FAVOURITES_OF)
    return ServerStats(
        games=dict(by_variant),
        finished=ended["finished"],
        abandoned=ended["abandoned"],
        favourites=_favourites(latest),
        players=await tables.people_count(kind=kind, guild_id=guild_id),
    )


async def leaderboard(
    service: Hosting, *, kind: str, guild_id: int | None, pool: str
) -> list[Standing]:
    """The best ratings of ``kind`` in ``pool``: in one server (everyone who played there),
    or with ``guild_id`` None across servers (only people who share their stats, and the
    computer levels)."""
    await catch_up(service)
    return await service.store.stats.leaderboard(
        scope=GLOBAL if guild_id is None else guild_id,
        kind=kind,
        pool=pool,
        limit=LEADERBOARD_SIZE,
        shared_only=guild_id is None,
    )
