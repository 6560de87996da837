"""The texts of the bot's slash commands, read from the command tree of the bot as it starts
(for ``lang.extract``: descriptions and choice names need no marking in the code)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Any

from bot import Settings, build_bot


@cache
def command_texts() -> list[tuple[str, str]]:
    """Every description and choice name of the bot's slash commands, each with the command
    it belongs to ("/rattus/stats/share"), as the bot registers them (for ``lang.extract``)."""
    with ThreadPoolExecutor(max_workers=1) as pool:  # its own event loop, whoever calls
        return pool.submit(asyncio.run, _command_texts()).result()


async def _command_texts() -> list[tuple[str, str]]:
    client = build_bot(Settings(token="unused", db_path=":memory:", sync_commands=False))
    await client.setup_hook()
    try:
        payload = [command.to_dict(client.tree) for command in client.tree.get_commands()]
    finally:
        await client.close()
    found: list[tuple[str, str]] = []
    for command in payload:
        found += _texts_of(command, f"/{command['name']}")
    return found


def _texts_of(entry: dict[str, Any], where: str) -> list[tuple[str, str]]:
    found = [(entry["description"], where)] if entry.get("description") else []
    found += [(choice["name"], where) for choice in entry.get("choices") or []]
    for child in entry.get("options") or []:
        inner = f"{where}/{child['name']}" if child.get("type") in (1, 2) else where
        found += _texts_of(child, inner)
    return found
