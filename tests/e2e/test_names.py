"""Players' names are shown as written, whatever characters they hold."""

from __future__ import annotations

from typing import Any

from tests.e2e.conftest import World
from tests.e2e.table import is_play, make_bot, text_of


async def test_markdown_in_a_name_is_shown_as_written_not_as_formatting(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    star = fake.add_user("**Star**_x_")
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        opened = await fake.slash(
            star, world.channel, "rattus", "new", options={"seat_order": "joined"}
        )
        lobby = await opened.wait_reply()
        assert "\\*\\*Star\\*\\*\\_x\\_ (host)" in text_of(fake.message(lobby))
        await (await fake.click(world.ben, lobby, label="Join")).wait_reply()
        await (await fake.click(star, lobby, label="Start")).wait_response()
        await fake.wait_for(lambda: any(is_play(m) for m in fake.messages(world.channel)))
        table = fake.last_message(world.channel)
        assert table is not None
        shown = text_of(table)
        assert "**\\*\\*Star\\*\\*\\_x\\_** to decide" in shown
        assert "**Star**_x_" not in shown
