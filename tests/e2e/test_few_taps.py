"""A deliberate Rattus turn played through Discord, counting every interaction: take the King,
place cubes, use the King (a cube to the palace), move the plague, place its two new rats.

The player starts from the table message and always takes the shortest way the controls
offer: a choice in a select that holds it, else the button that opens its kind of choice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.e2e.conftest import World
from tests.e2e.seeded import play_seeded
from tests.e2e.table import buttons_of, make_bot, selects_of
from tests.e2e.test_full_game import open_game
from tests.fakediscord import FakeDiscord, User

JSON = Any
MOST_TAPS = 5


@dataclass
class Player:
    """One person's screen: the message they act on, and how many interactions so far."""

    fake: FakeDiscord
    user: User
    message: JSON
    taps: int = 0

    async def _reply(self, result: Any) -> None:
        self.taps += 1
        self.message = await result.wait_reply()

    def _option(self, wanted: Callable[[str], bool]) -> tuple[JSON, str] | None:
        for select in selects_of(self.message):
            if select["custom_id"].endswith(":m"):
                continue
            for option in select["options"]:
                if wanted(option["value"]):
                    return select, option["value"]
        return None

    async def choose(self, kind: str, wanted: Callable[[str], bool]) -> str:
        """Make a choice of this kind that ``wanted`` accepts; returns its notation."""
        for _ in range(3):
            found = self._option(wanted)
            if found is not None:
                select, value = found
                await self._reply(
                    await self.fake.select(self.user, self.message, select["custom_id"], [value])
                )
                return value
            button = next(
                (b for b in buttons_of(self.message) if b["custom_id"].endswith(f":{kind}")), None
            )
            assert button is not None, (kind, self.message)
            await self._reply(await self.fake.click(self.user, self.message, button["custom_id"]))
            if not str(button["label"]).endswith("…"):
                return kind  # the button was the one action of its kind: it is done
        raise AssertionError(f"no way to choose {kind}")

    def label(self, notation: str) -> str:
        """What the option for this notation says on the player's screen now."""
        found = self._option(lambda v: v == notation)
        assert found is not None, notation
        select, value = found
        return str(next(o["label"] for o in select["options"] if o["value"] == value))

    async def place_two_rats(self) -> None:
        """Two new rats in two different places: ticked together in the multi-select when
        there is one, else one select after the other."""
        picks = [s for s in selects_of(self.message) if s["custom_id"].endswith(":m")]
        if not picks:
            first = await self.choose("rat", lambda v: v.startswith("rat:"))
            await self.choose("rat", lambda v: v.startswith("rat:") and v != first)
            return
        values = [o["value"] for o in picks[0]["options"] if o["value"].endswith(".1")][:2]
        await self._reply(
            await self.fake.select(self.user, self.message, picks[0]["custom_id"], values)
        )


def _ready(record: Any) -> bool:
    """A person's turn in which the King may be taken and used, and a plague move that
    spreads two rats into a choice of places."""
    game = record.game
    if record.status != "running" or game.view(None)["status"] != "playing":
        return False
    seat = game.actors()[0]
    if game.decision(seat).kind != "turn":
        return False
    notations = [a.notation for a in game.legal_actions(seat)]
    if "take:king" not in notations:
        return False
    state = game.state
    if not any(state.cubes[r][seat] and not state.rats[r] for r in state.regions):
        return False
    return any(_spreads_two(game, seat, n) for n in notations if n.startswith("plague:"))


def _spreads_two(game: Any, seat: int, notation: str) -> bool:
    """Moving the plague there asks the mover where two new rats go, among several places."""
    after = game.apply(seat, notation)
    decision = after.decision(seat)
    if decision is None or decision.kind != "spread":
        return False
    frame = after.state.stack[-1]
    return bool(frame["left"] == 2 and len(after.legal_actions(seat)) >= 3)


async def test_a_deliberate_turn_takes_at_most_five_interactions(
    world: World, tmp_path: Any
) -> None:
    fake = world.fake
    client = make_bot(fake, tmp_path / "games.sqlite3", world.guild)
    async with fake.running(client):
        table = await open_game(world, client)
        record = await play_seeded(client, table.game_id, 3, _ready)
        game = record.game
        seat = game.actors()[0]
        user = table.users[record.user_of(seat)]
        plague = next(
            a.notation
            for a in game.legal_actions(seat)
            if a.kind == "plague" and _spreads_two(game, seat, a.notation)
        )
        me = Player(fake, user, table.table_message())

        await me.choose("take", lambda v: v == "take:king")
        await me.choose("place", lambda v: v.startswith("place:") and v != "place:fewer")
        used = await me.choose("use", lambda v: v == "use:king" or v.startswith("use:king+"))
        if (await table.record()).game.state.palace[seat] == 0:
            assert "+" not in used
            await me.choose("palace", lambda v: v.startswith("palace:"))
        assert me.label(plague).endswith("(ends your turn)")
        await me.choose("plague", lambda v: v == plague)
        await me.place_two_rats()

        after = await table.record()
        assert after.game.state.palace[seat] == 1
        assert after.game.actors() != [seat] or after.game.decision(seat).kind != "spread"
        log = await client.service.action_log(table.game_id, limit=10)
        kinds = [e.notation.split(":")[0] for e in log if e.version > record.version]
        assert kinds[:3] == ["take", "place", "use"] and {"plague", "rat"} <= set(kinds)
        print(f"a deliberate turn took {me.taps} interactions")
        assert me.taps <= MOST_TAPS, me.taps
        assert fake.rejected == [] and fake.unhandled == []
