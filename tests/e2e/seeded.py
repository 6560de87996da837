"""Reaching a chosen moment of a seeded game quickly: the same random choices replayed."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cogs.runtime.client import GameBot


async def play_seeded(
    client: GameBot, game_id: int, choice_seed: int, until: Callable[[Any], bool], limit: int = 400
) -> Any:
    """Take random legal actions (random.Random(choice_seed), first actor first) through the
    bot's tables, each published as a click would, until ``until(record)``. Returns the record."""
    rng = random.Random(choice_seed)
    for _ in range(limit):
        record = await client.service.get(game_id)
        if until(record):
            return record
        game = record.game
        seat = game.actors()[0]
        action = rng.choice(game.legal_actions(seat))
        await client.tables.act(game_id, record.user_of(seat), action.notation, version=None)
    raise AssertionError(f"game #{game_id} never reached the wanted moment")


def deciding(kind: str) -> Callable[[Any], bool]:
    """A moment when the first actor decides a ``kind`` decision."""

    def check(record: Any) -> bool:
        game = record.game
        actors = game.actors() if record.status == "running" else []
        return bool(actors) and game.decision(actors[0]).kind == kind

    return check
