"""``/rattus rules``: every rules topic is offered as you type and explained."""

from __future__ import annotations

from typing import Any

from engine.rattus import rules_help
from tests.e2e.conftest import World
from tests.e2e.table import make_bot, text_of


async def test_every_rules_topic_autocompletes_and_is_explained(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        overview = await fake.slash(world.anna, world.channel, "rattus", "rules")
        shown = text_of(await overview.wait_reply())
        for topic in rules_help.TOPICS:
            assert topic.name in shown
            choices = await fake.autocomplete(
                world.anna,
                world.channel,
                "rattus",
                "rules",
                focused="card",
                value=topic.name[:6].lower(),
            )
            assert topic.id in [c["value"] for c in choices], topic.id
            answer = await fake.slash(
                world.anna, world.channel, "rattus", "rules", options={"card": topic.id}
            )
            text = text_of(await answer.wait_reply())
            assert topic.name in text and topic.text in text
        unknown = await fake.slash(
            world.anna, world.channel, "rattus", "rules", options={"card": "flying carpet"}
        )
        assert "nor a rule of that name" in text_of(await unknown.wait_reply())
    assert fake.rejected == [] and fake.unhandled == []
