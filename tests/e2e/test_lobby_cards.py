"""The lobby's class card option: only what the chosen expansions can play, in words."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import World
from tests.e2e.table import make_bot, text_of


async def test_class_card_choices_follow_the_expansions_and_a_wrong_one_is_refused_at_once(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        base = await fake.autocomplete(
            world.anna, world.channel, "rattus", "new", focused="class_cards"
        )
        assert {c["value"] for c in base} == {"random-per-class", "random", "base"}
        assert "One random card of each class" in [c["name"] for c in base]
        assert all("_" not in c["name"] for c in base)
        piper = await fake.autocomplete(
            world.anna,
            world.channel,
            "rattus",
            "new",
            focused="class_cards",
            value="rat",
            options={"expansions": "pied_piper"},
        )
        assert [c["value"] for c in piper] == ["rat_control"]
        assert piper[0]["name"].startswith("Rat Control: ")

        refused = await fake.slash(
            world.anna, world.channel, "rattus", "new", options={"class_cards": "rat_control"}
        )
        reply = text_of(await refused.wait_reply())
        assert refused.ephemeral and "Pied Piper" in reply and "Rat Control" in reply
        assert await client.service.game_in_channel(world.channel.id) is None
        assert fake.rejected == [] and fake.unhandled == []
