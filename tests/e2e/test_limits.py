"""Discord's size limits: long Unicode names through a whole game, long option lists, big embeds.

The fake refuses any message beyond Discord's limits (content, embeds, components), so a game
that ends with nothing in ``fake.rejected`` stayed within them everywhere.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.utils import escape_markdown

from cogs.table.components import SELECT_SIZE, select_view
from cogs.table.embeds import EMBED_LIMIT, fitted, table_embed
from cogs.table.presenters import Presenter
from engine.core import Action
from host.models import GameRecord, Seat
from tests.e2e.conftest import World
from tests.e2e.table import Table, is_play, make_bot, text_of

NAMES = (
    "𝕬𝖓𝖓𝖆 of the Long Winter 🐀🐀🐀🐀🐀🐀🐀🐀",
    "Bartholomew_the_**Unready**__~~|",
    "Ｃｌｅｏｐａｔｒａ　ｔｈｅ　Ｗｉｄｅ　ａｎｄ　Ｔａｌｌ　ＱＱＱＱ",
    "Dave " + "ﷺ" * 27,
)


async def test_a_four_player_game_with_long_unicode_names_stays_within_discords_limits(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    users = [fake.add_user(name) for name in NAMES]
    assert all(len(name) == 32 for name in NAMES)
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        opened = await fake.slash(
            users[0], world.channel, "rattus", "new", options={"seat_order": "joined"}
        )
        lobby = await opened.wait_reply()
        for user in users[1:]:
            joined = await fake.click(user, lobby, label="Join")
            await joined.wait_reply()
        started = await fake.click(users[0], lobby, label="Start")
        await started.wait_response()
        await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(world.channel)))
        record = await client.service.game_in_channel(world.channel.id)
        table = Table(fake, client, world.channel, {u.id: u for u in users}, record.id)
        await table.play_until(table.is_over)

        log = await fake.slash(users[1], world.channel, "rattus", "log", options={"count": 25})
        assert NAMES[0] in text_of(await log.wait_reply())
        games = await fake.slash(users[2], world.channel, "rattus", "games")
        assert f"Game #{record.id}" in text_of(await games.wait_reply())
        final = fake.last_message(world.channel)
        assert final is not None
        assert all(escape_markdown(name) in text_of(final) for name in NAMES)
        assert fake.rejected == [] and fake.unhandled == []


def test_a_long_group_of_actions_is_paged_within_the_select_limits() -> None:
    actions = [
        Action(f"move:region-{i}:{'x' * 60}", f"Move to a place with a long name {'é' * 90} {i}")
        for i in range(60)
    ]
    pages = []
    for page in range(3):
        view = select_view("rattus", 123456789012345678, 99999, "move", actions, page)
        items = [getattr(child, "item", child) for child in view.children]
        select = next(i for i in items if isinstance(i, discord.ui.Select))
        buttons = [i for i in items if isinstance(i, discord.ui.Button)]
        assert len(select.options) <= SELECT_SIZE
        assert all(len(o.label) <= 100 and len(o.value) <= 100 for o in select.options)
        assert all(o.description is None or len(o.description) <= 100 for o in select.options)
        assert select.custom_id is not None and len(select.custom_id) <= 100
        assert all(b.custom_id is not None and len(b.custom_id) <= 100 for b in buttons)
        assert f"page {page + 1} of 3" in (select.placeholder or "")
        pages.append([o.value for o in select.options])
    assert [v for chunk in pages for v in chunk] == [a.notation for a in actions]


def test_an_oversized_table_embed_is_fitted_within_6000_characters() -> None:
    crowded = Presenter(
        kind="big",
        title="Big",
        colour=0,
        render=lambda view: b"",
        stage_line=lambda view, tr: "Turn 1",
        players_lines=lambda view, tr: [f"player {i} " + "p" * 90 for i in range(30)],
        extra_fields=lambda view, tr: [(f"Field {i}", "line\n" * 300) for i in range(30)],
        secret_lines=lambda view, tr: [],
        outcome_lines=lambda view, tr: [],
    )
    record = GameRecord(
        id=1,
        kind="big",
        guild_id=1,
        channel_id=2,
        status="running",
        version=3,
        host_user_id=4,
        options={},
        seats=[Seat(0, 4, "Anna")],
        game=None,
        created_at=0.0,
        updated_at=0.0,
    )
    view = {"actors": [0], "log": [f"a long log line {i} " + "l" * 80 for i in range(40)]}
    embed = table_embed(record, view, crowded)
    assert len(embed) <= EMBED_LIMIT and len(embed.fields) <= 25
    assert all(0 < len(f.value or "") <= 1024 for f in embed.fields)
    assert embed.fields[0].name == "What just happened"

    huge = discord.Embed(title="t", description="d" * 4096)
    for i in range(3):
        huge.add_field(name=f"f{i}", value="v" * 1024)
    assert len(fitted(huge)) <= EMBED_LIMIT
