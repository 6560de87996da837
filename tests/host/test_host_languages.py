"""Languages kept by the host (schemas 18 and 19): the one a person chose, the Discord
locale their latest interaction showed, the one a game's table speaks (chosen in its lobby by
its host), and a server's default for new tables; on both backends."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

import lang
from engine.text import as_msg, msg
from host import servers
from host.errors import NotFound, UserError
from host.rating import Rating
from host.service import GameService
from host.stats_tables import Standing
from host.store import Store

ANNA, BEN = 1, 2


async def lobby(service: GameService, language: str = "en") -> int:
    record = await service.open_lobby(
        kind="count",
        guild_id=5,
        channel_id=10,
        host_id=ANNA,
        host_name="Anna",
        options={},
        language=language,
    )
    return record.id


async def test_a_person_chooses_their_language_and_can_go_back_to_discords(
    service: GameService,
) -> None:
    assert await service.channels.user_language(ANNA) is None
    await service.channels.set_user_language(ANNA, "de")
    assert await service.channels.user_language(ANNA) == "de"
    assert await service.channels.user_language(BEN) is None
    await service.channels.set_user_language(ANNA, None)
    assert await service.channels.user_language(ANNA) is None
    with pytest.raises(UserError, match="not offered"):
        await service.channels.set_user_language(ANNA, "tlh")
    assert await service.channels.user_language(ANNA) is None


async def test_a_lobby_speaks_its_hosts_language_until_the_host_changes_it(
    service: GameService,
) -> None:
    game_id = await lobby(service, "de")
    assert (await service.get(game_id)).language == "de"
    await service.join(game_id, BEN, "Ben")
    with pytest.raises(UserError, match="Only the host"):
        await service.set_table_language(game_id, BEN, "en")
    with pytest.raises(UserError, match="not offered"):
        await service.set_table_language(game_id, ANNA, "tlh")
    assert (await service.get(game_id)).language == "de"
    record = await service.set_table_language(game_id, ANNA, "en")
    assert record.language == "en" and (await service.get(game_id)).language == "en"
    await service.start(game_id, ANNA)
    with pytest.raises(UserError, match="already started"):
        await service.set_table_language(game_id, ANNA, "de")
    assert (await service.get(game_id)).language == "en"
    with pytest.raises(NotFound):
        await service.set_table_language(999, ANNA, "de")


async def test_a_language_the_bot_does_not_speak_opens_an_english_table(
    service: GameService,
) -> None:
    assert (await service.get(await lobby(service, "pt-BR"))).language == "en"


def test_a_servers_default_language_is_kept_with_its_settings() -> None:
    plain = servers.ServerSettings()
    assert plain.language is None
    german = servers.changed(plain, language="de")
    assert german.language == "de"
    assert servers.ServerSettings.from_json(german.to_json()) == german
    assert servers.changed(german, language=servers.HOSTS_LANGUAGE).language is None
    assert servers.changed(german, language=None).language == "de"
    with pytest.raises(UserError, match="not offered"):
        servers.changed(plain, language="tlh")
    assert servers.ServerSettings.from_json('{"language": "tlh"}').language is None


async def test_forgetting_a_person_forgets_their_language(service: GameService) -> None:
    await service.channels.set_user_language(BEN, "de")
    await service.store.servers.forget_user(BEN)
    assert await service.channels.user_language(BEN) is None


async def test_dms_follow_the_discord_language_last_seen_after_a_restart(
    db_target: str, make_service: Callable[[Store], GameService]
) -> None:
    """A person with no choice of their own is written to (a DM has no locale) in the
    language their latest interaction's Discord showed, also by a bot started again; their
    own choice still comes first, and a locale the bot does not speak reads in English."""
    async with await Store.open(db_target) as store:
        before = make_service(store)
        assert await before.channels.person_language(ANNA) == "en"
        await before.channels.saw_locale(ANNA, "de")
        await before.channels.saw_locale(BEN, "pt-BR")
        assert await before.channels.person_language(ANNA) == "de"
    async with await Store.open(db_target) as store:
        after = make_service(store)
        assert await after.channels.person_language(ANNA) == "de"
        assert await after.channels.person_language(BEN) == "en"
        await after.channels.saw_locale(ANNA, "en-GB")
        await after.channels.set_user_language(BEN, "de")
    async with await Store.open(db_target) as store:
        again = make_service(store)
        assert await again.channels.person_language(ANNA) == "en"
        assert await again.channels.person_language(BEN) == "de"
        assert await again.store.seen_locale(ANNA) == "en-GB"
        await again.store.servers.forget_user(ANNA)
        assert await again.store.seen_locale(ANNA) is None


async def test_computer_players_are_named_in_the_readers_language(service: GameService) -> None:
    """A computer seat's name is kept as it always was ("Computer 1 (easy)") and made in the
    reader's language where it is shown, as are a person's seat a computer plays for now, an
    open seat and a computer level's line on a leaderboard."""
    game_id = await lobby(service, "de")
    record = await service.add_computer(game_id, ANNA, "easy")
    computer = next(s.seat for s in record.seats if s.is_ai)
    assert [s.name for s in record.seats if s.is_ai] == ["Computer 1 (easy)"]
    assert record.name_of(computer) == "Computer 1 (leicht)"  # the table's language
    assert record.name_of(computer, "en") == "Computer 1 (easy)"
    assert lang.say(msg("{player} joined.", player=record.seat_name(computer)), "de") == (
        "Computer 1 (leicht) joined."
    )
    anna = record.seats[0]
    stood_in = replace(record, seats=[replace(anna, level="easy", stand_in="missed")])
    assert stood_in.shown_name(0) == "Anna (Computer)"
    assert stood_in.shown_name(0, "en") == "Anna (computer)"
    left = replace(record, seats=[replace(anna, user_id=None, stand_in="resigned")])
    assert left.shown_name(0) == "Anna (offener Platz)"
    board = Standing("computer:strong", None, "Computer (strong)", Rating(), 3)
    assert lang.say(as_msg(board.said), "de") == "Computer (stark)"
    person = Standing(f"user:{BEN}", BEN, "Ben", Rating(), 3)
    assert board.said != person.said == "Ben"
