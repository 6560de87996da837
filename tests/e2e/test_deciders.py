"""Whoever must decide is told: a mention in a new message, or a DM for a private question,
and nobody else learns who was asked or what they could choose."""

from __future__ import annotations

from typing import Any

from engine.text import english
from tests.e2e.conftest import World
from tests.e2e.seeded import deciding, play_seeded
from tests.e2e.table import (
    Table,
    buttons_of,
    is_play,
    make_bot,
    selects_of,
    text_of,
)
from tests.fakediscord import Channel, FakeDiscord, User


async def open_seated(
    world: World,
    client: Any,
    people: list[User],
    expansions: str = "base",
    channel: Channel | None = None,
) -> Table:
    """The first person opens a lobby (seats in joining order), the others join, it starts."""
    fake = world.fake
    channel = channel or world.channel
    opened = await fake.slash(
        people[0],
        channel,
        "rattus",
        "new",
        options={"seat_order": "joined", "players": len(people), "expansions": expansions},
    )
    lobby = await opened.wait_reply()
    for person in people[1:]:
        await (await fake.click(person, lobby, label="Join")).wait_reply()
    await (await fake.click(people[0], lobby, label="Start")).wait_response()
    await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(channel)))
    record = await client.service.game_in_channel(channel.id)
    await fake.wait_for(lambda: not client.tables.lock(record.id).locked())
    return Table(fake, client, channel, {p.id: p for p in people}, record.id)


def live_tables(fake: FakeDiscord, world: World) -> list[dict[str, Any]]:
    return [m for m in fake.messages(world.channel) if is_play(m)]


def public_surface(message: dict[str, Any]) -> str:
    """Everything on a message anyone may read: text, button labels, select options."""
    parts = [text_of(message)]
    parts += [b.get("label") or "" for b in buttons_of(message)]
    for select in selects_of(message):
        parts.append(select.get("placeholder") or "")
        parts += [f"{o['label']} {o.get('description') or ''}" for o in select["options"]]
    return "\n".join(parts)


async def test_an_out_of_turn_decider_is_mentioned_in_a_new_message(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    people = [world.anna, world.ben, world.cleo]
    async with fake.running(client):
        table = await open_seated(world, client, people)

        def someone_else_decides(record: Any) -> bool:
            game = record.game
            view = game.view(None)
            seat = game.actors()[0]
            return view["status"] != "placement" and seat != view["active"]

        before = await play_seeded(client, table.game_id, 36, someone_else_decides, limit=200)
        decider = people[before.game.actors()[0]]
        turn_of = people[before.game.view(None)["active"]]
        assert decider is not turn_of
        messages = fake.messages(world.channel)
        home = max(i for i, m in enumerate(messages) if is_play(m))  # this turn's table
        notices = [m for m in messages[home + 1 :] if mentions(m, decider)]
        assert len(notices) == 1, "the decider was mentioned once, in a new message"
        assert len(live_tables(fake, world)) == 1
        # The table's call to act names whoever decides now, no longer whose turn it is.
        assert mentions(messages[home], decider) and not mentions(messages[home], turn_of)
        assert fake.rejected == [] and fake.unhandled == []


def mentions(message: dict[str, Any], user: User) -> bool:
    return str(user.id) in {str(u["id"]) for u in message.get("mentions") or []}


async def test_a_private_question_is_asked_by_dm_and_the_table_names_nobody(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    people = [world.anna, world.ben, world.cleo]
    async with fake.running(client):
        table = await open_seated(world, client, people, expansions="africanus")
        record = await play_seeded(client, table.game_id, 0, deciding("region_play"), limit=100)
        seat = record.game.actors()[0]
        asked, others = people[seat], [p for p in people if p is not people[seat]]
        labels = [english(a.label, record.names()) for a in record.game.legal_actions(seat)]

        live = live_tables(fake, world)
        assert len(live) == 1
        assert [b["label"] for b in buttons_of(live[0])] == ["Answer…"]
        channel_text = "\n".join(public_surface(m) for m in fake.messages(world.channel))
        assert all(label not in channel_text for label in labels)
        assert asked.name not in text_of(live[0]).split("What just happened")[0]
        assert "private answers" in text_of(live[0])

        questions = [m for m in fake.dms(asked) if "private question" in text_of(m)]
        assert len(questions) == 1
        dm = questions[0]
        assert all("private question" not in text_of(m) for p in others for m in fake.dms(p))
        offered = [o["label"] for s in selects_of(dm) for o in s["options"]] + [
            b["label"] for b in buttons_of(dm)
        ]
        assert set(labels) <= set(offered)

        for other in others:
            clicked = await fake.click(
                other, live[0], live[0]["components"][0]["components"][0]["custom_id"]
            )
            answer = text_of(await clicked.wait_reply())
            assert clicked.ephemeral and "no private question for you" in answer
            assert asked.name not in answer
        mine = await fake.click(asked, live[0], buttons_of(live[0])[0]["custom_id"])
        panel = await mine.wait_reply()
        assert mine.ephemeral and set(labels) <= {
            o["label"] for s in selects_of(panel) for o in s["options"]
        } | {b["label"] for b in buttons_of(panel)}

        refused = await fake.slash(
            others[0], world.channel, "rattus", "play", options={"action": "pass"}
        )
        refusal = text_of(await refused.wait_reply())
        assert asked.name not in refusal and refusal.lower().count("waiting for") == 1

        play = next(o["value"] for o in selects_of(panel)[0]["options"] if o["value"] != "pass")
        chosen = await fake.select(asked, panel, selects_of(panel)[0]["custom_id"], [play])
        assert "✅" in text_of(await chosen.wait_reply())
        log = await fake.slash(others[0], world.channel, "rattus", "log", options={"count": 25})
        log_text = text_of(await log.wait_reply())
        assert all(label not in log_text for label in labels)
        assert "played the region card" in log_text
        assert fake.rejected == [] and fake.unhandled == []


async def test_with_closed_dms_everyone_the_question_could_concern_is_mentioned(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    people = [world.anna, world.ben, world.cleo]
    for person in people:
        fake.close_dms(person)
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_seated(world, client, people, expansions="africanus")
        record = await play_seeded(client, table.game_id, 0, deciding("region_play"), limit=100)
        asked = people[record.game.actors()[0]]
        view = record.view(None)
        could = {people[seat] for seat in client.tables.presenter(record).could_be_asked(view)}
        notices = [m for m in fake.messages(world.channel) if "may be one of yours" in text_of(m)]
        assert len(notices) == 1
        mentioned = {p for p in people if mentions(notices[0], p)}
        assert asked in mentioned and mentioned == could
        notice = text_of(notices[0])
        labels = [english(a.label, record.names()) for a in record.game.legal_actions(0)]
        assert all(label not in notice for label in labels)
