"""A table message that a newer one replaces says what it was: the turn it showed and what
was played then, with no call to act, no mention and no controls."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.text import english
from tests.e2e.conftest import World
from tests.e2e.seeded import play_seeded
from tests.e2e.table import controls_of, make_bot, past_placement, text_of
from tests.e2e.test_full_game import open_game


def tables_of(fake: Any, channel: Any, game_id: int) -> list[dict[str, Any]]:
    """The game's table messages in the channel, oldest first (the lobby and notices left
    out): each has the game's title and the board."""
    return [
        m
        for m in fake.messages(channel)
        if any(
            f"game #{game_id} ·" in (e.get("title") or "") and e.get("image")
            for e in m.get("embeds") or []
        )
        and "lobby" not in (m["embeds"][0].get("title") or "")
    ]


async def test_retired_tables_say_their_turn_and_moves_and_call_nobody(
    world: World, tmp_path: Path
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        await past_placement(table)

        def turn_of(record: Any) -> int:
            return int(record.game.view(None)["turn"])

        await play_seeded(client, table.game_id, 7, lambda r: turn_of(r) >= 4)
        entries = await client.service.store.actions(table.game_id)
        tables = tables_of(fake, world.channel, table.game_id)
        assert len(tables) >= 4
        *retired, current = tables
        assert controls_of(current) and "your move" in (current.get("content") or "")
        said: list[str] = []
        for message in retired:
            text = text_of(message)
            assert controls_of(message) == [], text
            assert not message.get("content") and not message.get("mentions"), text
            assert "to decide" not in text and "your move" not in text, text
            title = message["embeds"][0]["title"]
            assert " · Turn " in title or " · Start placement" in title, title
            assert "Over: the game goes on in a newer message." in text
            said += message["embeds"][0].get("description", "").splitlines()
        # Together, the retired tables tell every move played before the current table,
        # each once and in order (each says what was played while it was the table).
        shown_on_current = await client.tables.played_on(
            await table.record(),
            next(
                m for m in await client.service.channels.table_messages(table.game_id) if m.is_home
            ),
        )
        played = [english(e.public_text) for e in entries if e.public_text]
        earlier = played[: len(played) - len(shown_on_current)]
        assert said and [line for line in said if not line.startswith("…")] == earlier[-len(said) :]
        assert fake.rejected == [] and fake.unhandled == []
