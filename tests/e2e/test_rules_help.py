"""``/rattus rules``: every rules topic is offered as you type and explained."""

from __future__ import annotations

from typing import Any

from engine.cartus import rules_help as cartus_help
from engine.rattus import data as rattus_data
from engine.rattus import rules_help
from tests.e2e.conftest import World
from tests.e2e.table import make_bot, text_of
from tests.i18n_scan import message_texts, unmarked_pieces
from tests.pseudo import installed


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


async def test_every_rules_topic_and_card_reads_in_the_readers_language(
    world: World, tmp_path: Any
) -> None:
    """The overview, every topic and every class card of ``/rattus rules`` and every topic of
    ``/cartus rules``, asked in the tests' pseudo-language: no word of any of them outside the
    catalogs' marks (a card text handed over in English once slipped through here)."""
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    asked = [("rattus", None)]
    asked += [("rattus", topic.id) for topic in rules_help.TOPICS]
    asked += [("rattus", card) for card in sorted(rattus_data.cards())]
    asked += [("cartus", None), *(("cartus", topic) for _, topic in cartus_help.topics())]
    with installed() as code:
        world.anna.locale = code
        async with fake.running(client):
            leaks: list[str] = []
            for game, topic in asked:
                options = {} if topic is None else {"card" if game == "rattus" else "topic": topic}
                answer = await fake.slash(world.anna, world.channel, game, "rules", options=options)
                reply = fake.message(await answer.wait_reply())
                for surface, text in message_texts(reply):
                    pieces = unmarked_pieces(text, ("Rattus Cartus", "Rattus", "Cartus"))
                    leaks += [f"{game} {topic} {surface}: {piece!r}" for piece in pieces]
            assert leaks == []
    assert len(asked) > 60
    assert fake.rejected == [] and fake.unhandled == []
