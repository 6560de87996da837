"""Rattus Cartus as a hosted kind: lobby options, and whole games through the service."""

from __future__ import annotations

import random

import pytest

from engine import cartus
from engine.cartus.view_types import CartusView
from engine.conformance import problems
from engine.text import english
from host.cartus_kind import CartusKind
from host.errors import UserError
from host.service import GameService
from host.store import Store
from tests.host.test_host_rattus import check_update

KIND = CartusKind()
PLAYERS = {101: "Anna", 102: "Ben", 103: "Cara"}


def test_defaults() -> None:
    assert KIND.validate_options({}) == {
        "buildings": "first_game",
        "simultaneous_supply": False,
        "guard_tower": False,
        "everyone_dead": "no_winner",
        "seat_order": "random",
        "players": cartus.MAX_PLAYERS,
    }
    assert KIND.player_limits(KIND.validate_options({"players": 3})) == (2, 3)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"expansions": ["pied_piper"]}, "no option called 'expansions'"),
        ({"players": 6}, "seats 2 to 5 players"),
        ({"players": True}, "seats 2 to 5 players"),
        ({"seat_order": "alphabetical"}, "'random' or 'joined'"),
        ({"buildings": "my favourites"}, "no building called 'my favourites'"),
        ({"buildings": ["farm", "palace"]}, "one of each class"),
        ({"buildings": ["farm", "castle", "palace", "monastery", "office", "hospital"]}, "each"),
        ({"simultaneous_supply": "yes"}, "true or false"),
        ({"everyone_dead": "coin toss"}, "no_winner, spare_fewest_rats"),
    ],
)
def test_bad_options_say_what_is_wrong(options: dict[str, object], message: str) -> None:
    with pytest.raises(UserError, match=message):
        KIND.validate_options(options)


def test_modes_and_building_names_are_read_loosely() -> None:
    assert KIND.validate_options({"buildings": "Per-Class"})["buildings"] == "per_class"
    named = "Farm, Marketplace, Monastery, Castle, Palace, Fortune-teller's Tent"
    assert KIND.validate_options({"buildings": named})["buildings"] == [
        "farm",
        "marketplace",
        "monastery",
        "castle",
        "palace",
        "fortune_tellers_tent",
    ]


def test_descriptions_are_plain_words() -> None:
    options = KIND.validate_options(
        {"simultaneous_supply": True, "seat_order": "joined", "players": 3}
    )
    assert english(KIND.describe_options(options)) == (
        "Rattus Cartus with the first-game buildings; everyone chooses a supply at once, in "
        "secret; seats in the order players joined; up to 3 players."
    )
    named = KIND.validate_options(
        {"buildings": "brewery,office,hospital,guard tower,treasury,pied piper's hut"}
    )
    assert english(KIND.describe_options(named)).startswith(
        "Rattus Cartus with buildings: Brewery, Office, Hospital, Guard Tower, Treasury, "
        "Pied Piper's Hut; supplies chosen in turn;"
    )


@pytest.mark.parametrize("simultaneous", [False, True])
async def test_a_whole_cartus_game_through_the_service(store: Store, simultaneous: bool) -> None:
    service = GameService(store, kinds={"cartus": KIND}, seed_source=lambda: 99)
    users = list(PLAYERS)
    lobby = await service.open_lobby(
        kind="cartus",
        guild_id=1,
        channel_id=60,
        host_id=users[0],
        host_name=PLAYERS[users[0]],
        options={"seat_order": "joined", "simultaneous_supply": simultaneous},
    )
    for user in users[1:]:
        await service.join(lobby.id, user, PLAYERS[user])
    record = (await service.start(lobby.id, users[0])).record
    rng = random.Random(3)
    checked = 0
    while record.status == "running":
        assert record.game is not None
        user = service.people_to_move(record)[0]
        if record.version % 9 == 0:
            for viewer in users:
                view = await service.private_view(record.id, viewer)
                assert problems(view, CartusView) == []
                assert view["players"][record.seat_of(viewer) or 0]["name"] == PLAYERS[viewer]
            assert problems(await service.public_view(record.id), CartusView) == []
            checked += 1
        actions = service.turn(record, user).actions
        update = await service.act(
            record.id, user, rng.choice(actions).notation, version=record.version
        )
        check_update(update)
        record = update.record
    assert record.status == "finished" and checked > 5
    replayed = await service.replay(record.id)
    assert record.game is not None and replayed.to_dict() == record.game.to_dict()
