"""A server's own rules for a game, and the data a server or a person can have deleted.

**Settings** (``ServerSettings``, per server and game kind, kept in ``server_settings``):
the channels where lobbies may be opened (none listed: anywhere), the role a person needs to
open one (none: everyone), a role whose members may change the settings besides those with
Manage Server, and the defaults of a new lobby: its timer, the computer that stands in for a
player who misses a deadline, and any of the game's own lobby options (Rattus: expansions),
which the game's own cog names and its kind validates.

**Departures**: when the bot is removed from a server, the moment is noted (``left``; its
open games end as abandoned, ``host/departures.py``); after a grace period everything of the
server is deleted (``purge``). A server that invites the bot back in time loses nothing
(``returned``).

**Forgetting a person** (``forget_user``): their statistics, ratings and preferences are
deleted; in ended games their seat, results and log keep their moves under "a former player".
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import lang
from engine.text import Msg, Param, msg, restored, stored
from host.database import Connection, Tables
from host.errors import UserError

FORMER_PLAYER = "a former player"
HOSTS_LANGUAGE = "host"
"""The settings' language meaning "each lobby in its host's language" (the default)."""
LEVELS = ("easy", "strong")
MOST_CHANNELS = 10


@dataclass(frozen=True)
class ServerSettings:
    """One server's settings for one game."""

    channels: tuple[int, ...] = ()
    """Where lobbies may be opened (a thread counts as its channel); empty: anywhere."""
    opener_role: int | None = None
    """The role needed to open a lobby; None: everyone."""
    manager_role: int | None = None
    """A role that may change these settings (besides Manage Server)."""
    timer: str | None = None
    """A new lobby's timer when its host names none (``/<game> new timer:`` text)."""
    defaults: Mapping[str, Any] = field(default_factory=dict)
    """A new lobby's options where its host names none (the game's own option keys, as its
    kind validates them)."""
    stand_in: str | None = None
    """The computer level that stands in after a missed deadline; None: the game's default."""
    language: str | None = None
    """The language a new lobby's table speaks; None: its host's."""

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "channels": list(self.channels),
            "opener_role": self.opener_role,
            "manager_role": self.manager_role,
            "timer": self.timer,
            "defaults": dict(self.defaults),
            "stand_in": self.stand_in,
            "language": self.language,
        }
        return json.dumps({k: v for k, v in data.items() if v not in (None, [], {})})

    @classmethod
    def from_json(cls, text: str) -> ServerSettings:
        """The stored settings; anything unreadable reads as not set."""
        try:
            data = json.loads(text)
        except ValueError:
            return cls()
        if not isinstance(data, dict):
            return cls()
        channels = data.get("channels", [])
        defaults = data.get("defaults")
        return cls(
            channels=tuple(int(c) for c in channels if isinstance(c, int))
            if isinstance(channels, list)
            else (),
            opener_role=_int_or_none(data.get("opener_role")),
            manager_role=_int_or_none(data.get("manager_role")),
            timer=data["timer"] if isinstance(data.get("timer"), str) else None,
            defaults=dict(defaults) if isinstance(defaults, dict) else {},
            stand_in=data["stand_in"] if data.get("stand_in") in LEVELS else None,
            language=data["language"] if data.get("language") in lang.languages() else None,
        )

    def allows_channel(self, channel_id: int, parent_id: int | None) -> bool:
        return not self.channels or channel_id in self.channels or parent_id in self.channels

    def allows_opener(self, role_ids: Iterable[int], can_manage_server: bool) -> bool:
        return self.opener_role is None or can_manage_server or self.opener_role in role_ids

    def allows_manager(self, role_ids: Iterable[int], can_manage_server: bool) -> bool:
        return can_manage_server or (
            self.manager_role is not None and self.manager_role in role_ids
        )

    def lobby_options(self, options: Mapping[str, Any], *, named: set[str]) -> dict[str, Any]:
        """A new lobby's options: what its host named, else this server's defaults."""
        chosen = dict(options)
        for key, value in self.defaults.items():
            if key not in named:
                chosen[key] = value
        return chosen


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def changed(
    settings: ServerSettings,
    *,
    channels: Sequence[int] | None = None,
    opener_role: int | None = None,
    everyone_opens: bool = False,
    manager_role: int | None = None,
    timer: str | None = None,
    defaults: Mapping[str, Any] | None = None,
    stand_in: str | None = None,
    language: str | None = None,
) -> ServerSettings:
    """The settings with what was given changed (None leaves a setting as it was;
    ``language`` "host": each lobby in its host's language)."""
    if channels is not None and len(channels) > MOST_CHANNELS:
        raise UserError(msg("Name at most {n} channels.", n=MOST_CHANNELS))
    if stand_in is not None and stand_in not in LEVELS:
        raise UserError(msg("The stand-in is easy or strong."))
    new = settings
    if channels is not None:
        new = replace(new, channels=tuple(dict.fromkeys(channels)))
    if everyone_opens:
        new = replace(new, opener_role=None)
    elif opener_role is not None:
        new = replace(new, opener_role=opener_role)
    if manager_role is not None:
        new = replace(new, manager_role=manager_role)
    if timer is not None:
        new = replace(new, timer=None if timer == "none" else timer)
    if defaults is not None:
        new = replace(new, defaults={**new.defaults, **defaults})
    if stand_in is not None:
        new = replace(new, stand_in=stand_in)
    if language is not None:
        if language != HOSTS_LANGUAGE and language not in lang.languages():
            raise UserError(lang.msg("That language is not offered."))
        new = replace(new, language=None if language == HOSTS_LANGUAGE else language)
    return new


CHANNEL_MENTION = re.compile(r"<#([0-9]+)>|\b([0-9]{15,21})\b")


def parse_channels(text: str) -> list[int]:
    """Channels named as mentions (#games) or ids; "any" (or "all") clears the list."""
    if text.strip().lower() in {"any", "all", "anywhere", "everywhere"}:
        return []
    found = [int(a or b) for a, b in CHANNEL_MENTION.findall(text)]
    if not found:
        raise UserError(
            msg("Name the channels by picking them as you type (#games #plague), or say `any`.")
        )
    return found


class ServerRows(Tables):
    """Reads and writes of the server tables; the rules are above."""

    async def settings(self, guild_id: int, kind: str) -> ServerSettings:
        row = await self.backend.fetchone(
            "SELECT settings FROM server_settings WHERE guild_id = ? AND kind = ?",
            (guild_id, kind),
        )
        return ServerSettings() if row is None else ServerSettings.from_json(row["settings"])

    async def save_settings(
        self, guild_id: int, kind: str, settings: ServerSettings, *, now: float
    ) -> None:
        await self.write(
            "INSERT INTO server_settings (guild_id, kind, settings, updated_at)"
            " VALUES (?, ?, ?, ?) ON CONFLICT (guild_id, kind) DO UPDATE"
            " SET settings = excluded.settings, updated_at = excluded.updated_at",
            (guild_id, kind, settings.to_json(), now),
        )

    async def left(self, guild_id: int, *, now: float) -> None:
        """The bot was removed from the server (the first moment counts)."""
        await self.write(
            "INSERT INTO departed_guilds (guild_id, left_at) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO NOTHING",
            (guild_id, now),
        )

    async def returned(self, guild_id: int) -> bool:
        """The bot is in the server (again): nothing of it will be deleted. True if it had
        left."""
        async with self.backend.transaction() as db:
            return bool(
                await db.execute("DELETE FROM departed_guilds WHERE guild_id = ?", (guild_id,))
            )

    async def departed_before(self, moment: float) -> list[int]:
        return await self.numbers(
            "SELECT guild_id FROM departed_guilds WHERE left_at <= ? ORDER BY guild_id",
            (moment,),
        )

    async def purge(self, guild_id: int) -> int:
        """Delete everything of the server (its games with all that hangs on them, its
        ratings and settings); how many games went."""
        async with self.backend.transaction() as db:
            games = await db.execute("DELETE FROM games WHERE guild_id = ?", (guild_id,))
            await db.execute("DELETE FROM ratings WHERE scope = ?", (guild_id,))
            await db.execute("DELETE FROM server_settings WHERE guild_id = ?", (guild_id,))
            await db.execute("DELETE FROM departed_guilds WHERE guild_id = ?", (guild_id,))
        return games

    async def open_games_in(self, guild_id: int) -> list[int]:
        return await self.numbers(
            "SELECT id FROM games WHERE guild_id = ? AND status IN ('lobby', 'running')"
            " ORDER BY id",
            (guild_id,),
        )

    async def open_games_of_user(self, user_id: int) -> list[int]:
        return await self.numbers(
            "SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id"
            " WHERE s.user_id = ? AND g.status IN ('lobby', 'running') ORDER BY g.id",
            (user_id,),
        )

    async def forget_user(self, user_id: int) -> int:
        """Delete what is kept about the person and anonymise their ended games; how many
        games they were named in. Their open games must have ended first."""
        async with self.backend.transaction() as db:
            names = await self._names_of(db, user_id)
            games = await db.fetchall(
                "SELECT DISTINCT game_id FROM seats WHERE user_id = ? OR left_user_id = ?",
                (user_id, user_id),
            )
            ids = [int(r["game_id"]) for r in games]
            await self._rewrite_texts(db, ids, names)
            former = FORMER_PLAYER
            for sql in (
                "UPDATE seats SET user_id = NULL, name = ? WHERE user_id = ?",
                "UPDATE results SET user_id = NULL, name = ? WHERE user_id = ?",
                "UPDATE player_stats SET user_id = NULL, name = ? WHERE user_id = ?",
                "UPDATE actions SET user_id = NULL, name = ? WHERE user_id = ?",
            ):
                await db.execute(sql, (former, user_id))
            for sql in (
                "UPDATE seats SET left_user_id = NULL WHERE left_user_id = ?",
                "UPDATE seat_changes SET user_id = NULL WHERE user_id = ?",
                "UPDATE games SET host_user_id = 0 WHERE host_user_id = ?",
                "DELETE FROM ratings WHERE user_id = ?",
                "DELETE FROM user_prefs WHERE user_id = ?",
                "DELETE FROM clock_mutes WHERE user_id = ?",
                "DELETE FROM pending_dms WHERE user_id = ?",
            ):
                await db.execute(sql, (user_id,))
        return len(ids)

    @staticmethod
    async def _names_of(db: Connection, user_id: int) -> set[str]:
        rows = await db.fetchall(
            "SELECT name FROM seats WHERE user_id = ? UNION SELECT name FROM results"
            " WHERE user_id = ? UNION SELECT name FROM player_stats WHERE user_id = ?",
            (user_id, user_id, user_id),
        )
        return {str(r["name"]) for r in rows if str(r["name"]).strip()}

    async def _rewrite_texts(self, db: Connection, game_ids: list[int], names: set[str]) -> None:
        """Their names in the public texts of those games' logs become "a former player"."""
        if not names or not game_ids:
            return
        pattern = re.compile(
            r"(?<!\w)("
            + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
            + r")(?!\w)"
        )
        rewrites = (
            (
                "SELECT version AS k, public_text AS t FROM actions WHERE game_id = ?",
                "UPDATE actions SET public_text = ? WHERE game_id = ? AND version = ?",
            ),
            (
                "SELECT id AS k, text AS t FROM seat_changes WHERE game_id = ?",
                "UPDATE seat_changes SET text = ? WHERE game_id = ? AND id = ?",
            ),
        )
        for game_id in game_ids:
            for select, update in rewrites:
                for row in await db.fetchall(select, (game_id,)):
                    text = row["t"]
                    if isinstance(text, str) and pattern.search(text):
                        new = without_names(text, pattern)
                        await db.execute(update, (new, game_id, row["k"]))


def without_names(text: str, pattern: re.Pattern[str]) -> str:
    """A stored log line with the names ``pattern`` finds replaced by "a former player": in a
    text's values (``engine.text.stored``, so its keys and fields stay whole), else in the
    older English line itself."""
    kept = restored(text)
    if kept.verbatim:
        return pattern.sub(FORMER_PLAYER, text)

    def value(param: Param) -> Param:
        if isinstance(param, str):
            return pattern.sub(FORMER_PLAYER, param)
        return rewritten(param) if isinstance(param, Msg) else param

    def rewritten(m: Msg) -> Msg:
        if m.verbatim:
            return Msg(pattern.sub(FORMER_PLAYER, m.key), verbatim=True)
        params = tuple((name, value(v)) for name, v in m.params)
        return replace(m, params=params)

    return stored(rewritten(kept))
