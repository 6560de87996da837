"""A database written by every earlier version of the bot upgrades at start, and its games
go on: lobbies can be joined, games under way take their next move, finished games keep their
results. The files in tests/host/schemas/ were written by the bot's own code of each schema
version (tests/host/schemas/make_old_database.py says how), and the file of the current
version too, so that the next migration already has the file of the version before it."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pytest

from cogs.runtime.games import game_kinds
from engine.text import Msg, verbatim
from host.acting import public_line
from host.schema import SCHEMA_VERSION
from host.service import GameService
from host.store import Store

SCHEMAS = Path(__file__).with_name("schemas")


def kept_versions() -> list[int]:
    found = (re.fullmatch(r"v([0-9]+)\.sqlite3", p.name) for p in SCHEMAS.iterdir())
    return sorted(int(m[1]) for m in found if m)


def test_a_file_is_kept_for_every_earlier_schema_version() -> None:
    kept = kept_versions()
    assert max(kept) <= SCHEMA_VERSION
    assert set(range(1, SCHEMA_VERSION)) <= set(kept), (
        "write the file of the version before a new migration with "
        "tests/host/schemas/make_old_database.py"
    )


@pytest.mark.parametrize("version", kept_versions())
async def test_a_database_of_an_earlier_version_upgrades_and_its_games_go_on(
    version: int, tmp_path: Path
) -> None:
    path = tmp_path / "rattus.sqlite3"
    shutil.copy(SCHEMAS / f"v{version}.sqlite3", path)
    async with await Store.open(str(path)) as store:
        assert await store.schema_version() == SCHEMA_VERSION
        service = GameService(store, kinds=game_kinds(), seed_source=lambda: 5)
        ids = await store.game_ids(["lobby", "running", "finished"])
        assert len(ids) >= 3
        statuses = []
        for game_id in ids:
            record = await service.get(game_id)
            statuses.append(record.status)
            log = await service.action_log(game_id, limit=10_000)
            if record.status == "lobby":
                joined = await service.join(game_id, 99, "Dmitri")
                assert [s.name for s in joined.seats][-1] == "Dmitri"
            elif record.status == "running":
                assert record.game is not None and record.version == len(log)
                seat = record.game.actors()[0]
                action = random.Random(game_id).choice(record.game.legal_actions(seat))
                user = record.user_of(seat)
                assert user is not None
                await service.act(game_id, user, action.notation, version=record.version)
                assert (await service.get(game_id)).version == record.version + 1
            else:
                assert record.status == "finished" and record.game is not None
                assert record.game.is_over and log
        assert {"lobby", "running", "finished"} <= set(statuses)


async def test_an_older_log_reads_as_it_was_written_and_a_new_line_in_the_readers_language(
    tmp_path: Path,
) -> None:
    """Action log lines written before texts had keys (English, as the table showed them)
    read as they were in any language; the lines written now are kept in no language, so
    the log (``/rattus log``, a table's recent actions) reads in its reader's."""
    path = tmp_path / "rattus.sqlite3"
    shutil.copy(SCHEMAS / "v17.sqlite3", path)
    async with await Store.open(str(path)) as store:
        service = GameService(store, kinds=game_kinds(), seed_source=lambda: 5)
        games = [await service.get(g) for g in await store.game_ids(["running"])]
        record = next(r for r in games if r.kind == "rattus" and r.game is not None)
        old = [e for e in await service.action_log(record.id, limit=100) if e.public_text]
        assert old and all(e.public_text and e.public_text.verbatim for e in old)
        first = old[0]
        assert first.public_text == verbatim("Alice placed 2 starting cubes in Gallia.")
        assert public_line(first.public_text, "de") == "Alice placed 2 starting cubes in Gallia."
        assert first.label == verbatim("Place 2 starting cubes in Gallia")

        assert record.game is not None
        seat = record.game.actors()[0]
        action = next(a for a in record.game.legal_actions(seat) if a.notation.startswith("place"))
        user = record.user_of(seat)
        assert user is not None
        await service.act(record.id, user, action.notation, version=record.version)
        new = (await service.action_log(record.id, limit=1))[-1]
        assert isinstance(new.public_text, Msg)
        english_line = public_line(new.public_text, "en")
        german_line = public_line(new.public_text, "de")
        assert english_line.startswith(record.name_of(seat)), english_line
        assert german_line.startswith(record.name_of(seat)) and german_line != english_line
