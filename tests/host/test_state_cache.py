"""A game loaded again unchanged is neither decoded nor rebuilt; a change written by
anyone (this service, another process, a hand in the database) is seen at the next load."""

from __future__ import annotations

import json
from collections.abc import Callable

from host.service import GameService
from host.store import Store
from tests.host.test_host_processes import USERS, started


async def test_unchanged_games_load_without_decoding_and_changes_are_seen(
    db_target: str, make_service: Callable[[Store], GameService]
) -> None:
    first, second = await Store.open(db_target), await Store.open(db_target)
    try:
        one, other = make_service(first), make_service(second)
        game_id = await started(one, target=9)
        record = await one.get(game_id)
        decoded, built = first.states.decoded, one.records.games.built
        assert decoded >= 1 and built >= 1
        again = await one.get(game_id)
        assert again.game is record.game  # the same game object, not rebuilt
        assert (first.states.decoded, one.records.games.built) == (decoded, built)

        # an action saved here: the next load reuses what was saved
        assert record.game is not None
        [seat] = record.game.actors()
        legal = await one.legal_actions(game_id, USERS[seat])
        update = await one.act(game_id, USERS[seat], legal[0].notation)
        decoded, built = first.states.decoded, one.records.games.built
        loaded = await one.get(game_id)
        assert loaded.version == update.record.version
        assert loaded.game is update.record.game
        assert (first.states.decoded, one.records.games.built) == (decoded, built)

        # an action saved by another process: seen by the next load here
        assert loaded.game is not None
        [seat] = loaded.game.actors()
        legal = await other.legal_actions(game_id, USERS[seat])
        moved = await other.act(game_id, USERS[seat], legal[-1].notation)
        seen = await one.get(game_id)
        assert seen.version == moved.record.version
        assert seen.game is not None and moved.record.game is not None
        assert seen.game.to_dict() == moved.record.game.to_dict()
        assert first.states.decoded == decoded + 1
    finally:
        await first.close()
        await second.close()


async def test_a_state_rewritten_in_the_database_is_read_again(
    store: Store, service: GameService
) -> None:
    game_id = await started(service, target=9)
    before = await service.get(game_id)
    assert before.game is not None
    [seat] = before.game.actors()
    legal = await service.legal_actions(game_id, USERS[seat])
    other = before.game.apply(seat, legal[0].notation)
    # written behind the service's back (as a repair by hand would), same version
    async with store._transaction() as db:
        await db.execute(
            "UPDATE games SET state = ? WHERE id = ?", (json.dumps(other.to_dict()), game_id)
        )
    after = await service.get(game_id)
    assert after.version == before.version
    assert after.game is not None and after.game.to_dict() == other.to_dict()
