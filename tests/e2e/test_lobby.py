"""The lobby as a group uses it: a computer added by mistake is removed, a full lobby greys
out Join and Add computer, and a timer typed as "10m" is suggested in words."""

from __future__ import annotations

from typing import Any

from cogs.runtime.games import hosted_games
from tests.e2e.conftest import World
from tests.e2e.table import buttons_of, click_as_seen, make_bot, text_of


def button(message: Any, label: str) -> Any:
    found = [b for b in buttons_of(message) if b.get("label") == label]
    assert found, [b.get("label") for b in buttons_of(message)]
    return found[0]


def labels(message: Any) -> list[str]:
    return [b["label"] for b in buttons_of(message)]


async def test_a_computer_added_by_mistake_is_removed_once(world: World, tmp_path: Any) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        opened = await fake.slash(world.anna, world.channel, "rattus", "new")
        lobby = await opened.wait_reply()
        assert not any(label.startswith("Remove") for label in labels(lobby))
        for label in ("Add computer (strong)", "Add computer (easy)"):
            await (await fake.click(world.anna, lobby, label=label)).wait_reply()
        lobby = fake.message(lobby)
        assert "Computer 2 (easy)" in text_of(lobby)
        seen = dict(lobby)
        remove = button(lobby, "Remove Computer 2 (easy)")

        # Someone outside the lobby may not.
        refused = await (await fake.click(world.cleo, lobby, remove["custom_id"])).wait_reply()
        assert "Only players in this lobby" in text_of(refused)

        await (await fake.click(world.anna, lobby, remove["custom_id"])).wait_reply()
        lobby = fake.message(lobby)
        shown = text_of(lobby)
        assert "Computer 2 (easy)" not in shown and "Computer 1 (strong)" in shown
        assert "Remove Computer 1 (strong)" in labels(lobby)
        record = await client.service.get(int(remove["custom_id"].split(":")[2]))
        assert [s.name for s in record.seats] == ["Anna", "Computer 1 (strong)"]

        # The same button pressed again (a double click) removes nobody else.
        again = await (
            await click_as_seen(fake, world.anna, seen, remove["custom_id"])
        ).wait_reply()
        assert "Computer 2 is not in game" in text_of(again)
        record = await client.service.get(record.id)
        assert [s.name for s in record.seats] == ["Anna", "Computer 1 (strong)"]

        await (await fake.click(world.anna, lobby, label="Remove Computer 1 (strong)")).wait_reply()
        lobby = fake.message(lobby)
        assert not any(label.startswith("Remove") for label in labels(lobby))
        assert [s.name for s in (await client.service.get(record.id)).seats] == ["Anna"]
        assert fake.rejected == [] and fake.unhandled == []


async def test_a_full_lobby_greys_out_join_and_add_computer(world: World, tmp_path: Any) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        opened = await fake.slash(
            world.anna, world.channel, "rattus", "new", options={"players": 3}
        )
        lobby = await opened.wait_reply()
        filling = ("Join", "Add computer (easy)", "Add computer (strong)")
        assert not any(button(lobby, label).get("disabled") for label in filling)
        await (await fake.click(world.ben, lobby, label="Join")).wait_reply()
        seen = dict(fake.message(lobby))
        await (await fake.click(world.ben, lobby, label="Add computer (easy)")).wait_reply()
        lobby = fake.message(lobby)
        assert all(button(lobby, label).get("disabled") for label in filling)
        assert not button(lobby, "Start").get("disabled")
        assert not button(lobby, "Leave").get("disabled")

        # A click that was on its way anyway is refused, and the lobby is unchanged.
        join = button(seen, "Join")["custom_id"]
        late = await (await click_as_seen(fake, world.cleo, seen, join)).wait_reply()
        assert "is full" in text_of(late)

        await (await fake.click(world.ben, lobby, label="Leave")).wait_reply()
        lobby = fake.message(lobby)
        assert not any(button(lobby, label).get("disabled") for label in filling)
        assert fake.rejected == [] and fake.unhandled == []


async def test_a_typed_timer_is_suggested_in_words(world: World, tmp_path: Any) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        for game in hosted_games():
            offered = await fake.autocomplete(
                world.anna, world.channel, game, "new", focused="timer", value="10m"
            )
            assert offered[0] == {"name": "Live: 10 minutes a decision", "value": "10m"}
        offered = await fake.autocomplete(
            world.anna, world.channel, "rattus", "new", focused="timer", value="36"
        )
        assert [c["value"] for c in offered] == ["36m", "36h"]
        offered = await fake.autocomplete(
            world.anna, world.channel, "rattus", "new", focused="timer", value="500"
        )
        assert offered == [
            {"name": "A timer of 500 minutes is out of range: choose 1 to 120.", "value": "500"}
        ]
        opened = await fake.slash(
            world.anna, world.channel, "rattus", "new", options={"timer": "10m"}
        )
        lobby = await opened.wait_reply()
        assert "Timer: live, 10 minutes per decision." in text_of(lobby)
        offered = await fake.autocomplete(
            world.anna, world.channel, "rattus", "clock", "timer", focused="timer", value="2 / day"
        )
        assert offered[0] == {"name": "Time bank: 2 moves a day", "value": "2/day"}
        assert fake.rejected == [] and fake.unhandled == []
