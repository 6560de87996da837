"""Which bot process owns which games when Discord's shards are split between processes.

Discord sends a server's events to the shard ``(guild_id >> 22) % shard_count``; direct
messages go to shard 0. A process runs some shards and owns the games of their servers: it
repairs their tables on start and answers their clicks. Every process shares one PostgreSQL
database, and the store's game lock keeps two of them from ever changing one game at once.
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard that receives a server's events (direct messages: shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def parse_shard_ids(text: str, shard_count: int) -> tuple[int, ...]:
    """``"0,2"`` or ``"0-3,6"`` -> sorted shard ids, each below ``shard_count``.

    ValueError with a message naming what is wrong."""
    ids: set[int] = set()
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        first, dash, last = part.partition("-")
        try:
            low = int(first)
            high = int(last) if dash else low
        except ValueError:
            raise ValueError(f"{part!r} is not a shard id or a range like 0-3") from None
        if low < 0 or high < low:
            raise ValueError(f"{part!r} is not a shard id or a range like 0-3")
        if high >= shard_count:
            raise ValueError(
                f"shard {high} does not exist: there are {shard_count} (0-{shard_count - 1})"
            )
        ids.update(range(low, high + 1))
    if not ids:
        raise ValueError("no shard ids given")
    return tuple(sorted(ids))


@dataclass(frozen=True)
class Shards:
    """The shards this process runs, out of ``count``."""

    count: int
    ids: tuple[int, ...]

    @classmethod
    def all_of(cls, count: int) -> Shards:
        return cls(count, tuple(range(count)))

    @property
    def is_all(self) -> bool:
        return self.ids == tuple(range(self.count))

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard of that server (or of DMs, for None)."""
        return shard_of(guild_id, self.count) in self.ids
