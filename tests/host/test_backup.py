"""Backups: SQLite copied by ``python -m host.backup`` while 20 games are played, and a
PostgreSQL database dumped and restored with pg_dump and pg_restore: every game loads from
the copy and goes on."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
import subprocess
from pathlib import Path

import pytest

from cogs.runtime.games import game_kinds
from host import backup
from host.errors import UserError
from host.models import GameRecord
from host.service import GameService
from host.store import Store
from tests.pgserver import PostgresServer, find_bin_dir

GAMES = 20


async def open_games(service: GameService, count: int) -> list[int]:
    """``count`` running games, Rattus and Cartus in turn, two people each."""
    ids = []
    for n in range(count):
        kind = "rattus" if n % 2 == 0 else "cartus"
        lobby = await service.open_lobby(
            kind=kind,
            guild_id=1,
            channel_id=100 + n,
            host_id=1,
            host_name="Alice",
            options={"players": 2, "seat_order": "joined"},
        )
        await service.join(lobby.id, 2, "Bob")
        await service.start(lobby.id, 1)
        ids.append(lobby.id)
    return ids


async def play_some(service: GameService, game_id: int, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        record = await service.get(game_id)
        if record.status != "running" or record.game is None:
            return
        seat = record.game.actors()[0]
        action = rng.choice(record.game.legal_actions(seat))
        user = record.user_of(seat)
        assert user is not None
        with contextlib.suppress(UserError):  # another move won the race: the next goes on
            await service.act(game_id, user, action.notation, version=record.version)
        await asyncio.sleep(0)


async def every_game_loads_and_goes_on(target: str, ids: list[int]) -> None:
    async with await Store.open(target) as store:
        service = GameService(store, kinds=game_kinds())
        for game_id in ids:
            record: GameRecord = await service.get(game_id)
            log = await service.action_log(game_id, limit=10_000)
            assert record.version == len(log), game_id  # the copy is one moment
            if record.status == "running" and record.game is not None:
                before = record.version
                await play_some(service, game_id, 1, random.Random(game_id))
                assert (await service.get(game_id)).version == before + 1


async def test_a_backup_taken_while_20_games_are_played_restores_and_every_game_goes_on(
    tmp_path: Path,
) -> None:
    database = tmp_path / "rattus.sqlite3"
    folder = tmp_path / "backups"
    async with await Store.open(str(database)) as store:
        service = GameService(store, kinds=game_kinds(), seed_source=iter(range(1, 999)).__next__)
        ids = await open_games(service, GAMES)
        rng = random.Random(3)
        await asyncio.gather(*(play_some(service, i, 1, rng) for i in ids))  # under way
        playing = [asyncio.create_task(play_some(service, i, 12, rng)) for i in ids]
        made: list[backup.Made] = []
        for n in range(3):  # three backups while the games are being played
            await asyncio.sleep(0.05)
            made.append(
                await asyncio.to_thread(
                    backup.make_backup, database, folder, keep=2, now=1_800_000_000 + n
                )
            )
        await asyncio.gather(*playing)
        # and the games go on after the last backup, whatever the machine's load
        await asyncio.gather(*(play_some(service, i, 2, rng) for i in ids))
        played = sum([len(await service.action_log(i, limit=10_000)) for i in ids])
    assert played >= GAMES * 6
    assert [m.path.name for m in made] == [
        "rattus-20270115-080000.sqlite3",
        "rattus-20270115-080001.sqlite3",
        "rattus-20270115-080002.sqlite3",
    ]
    assert [p.name for p in backup.backups_in(folder)] == [m.path.name for m in made[1:]]
    assert made[2].removed == (made[0].path,)
    with sqlite3.connect(made[1].path) as copy:
        copied = copy.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
    assert 0 < copied < played, "the backup was not taken while the games were played"
    # Restore the latest: copy it over the database while the bot is stopped.
    restored = tmp_path / "restored.sqlite3"
    restored.write_bytes(made[2].path.read_bytes())
    with sqlite3.connect(restored) as check:
        assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    await every_game_loads_and_goes_on(str(restored), ids)


def test_the_command_backs_up_rattus_db_and_keeps_the_newest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "games.sqlite3"

    async def one_game() -> None:
        async with await Store.open(str(database)) as store:
            await open_games(GameService(store, kinds=game_kinds()), 1)

    asyncio.run(one_game())
    environ = {"RATTUS_DB": str(database)}
    for _ in range(3):
        assert backup.main(["--keep", "2"], environ) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith(f"Backed up {database} to {tmp_path / 'backups'}")
    assert said[2].endswith("; removed 1 older.")
    assert len(backup.backups_in(tmp_path / "backups")) == 2


@pytest.mark.parametrize(
    ("args", "environ", "said"),
    [
        ([], {"RATTUS_DB": "postgresql://u:p@db/rattus"}, "use pg_dump"),
        (["--db", "missing.sqlite3"], {}, "there is no database file"),
        (["--keep", "0"], {}, "--keep must be 1 or more"),
    ],
)
def test_what_cannot_be_backed_up_is_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    environ: dict[str, str],
    said: str,
) -> None:
    database = tmp_path / "games.sqlite3"
    sqlite3.connect(database).close()
    if "--db" not in args and "RATTUS_DB" not in environ:
        environ = {"RATTUS_DB": str(database)}
    args = [a if a != "missing.sqlite3" else str(tmp_path / a) for a in args]
    assert backup.main(args, environ) == 2
    err = capsys.readouterr().err
    assert err.startswith("Cannot back up: ") and said in err
    assert len(err.strip().splitlines()) == 1


def test_a_damaged_database_is_not_backed_up_and_nothing_is_rotated(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    database.write_bytes(b"this is not a database" * 100)
    folder = tmp_path / "backups"
    folder.mkdir()
    old = folder / "rattus-20200101-000000.sqlite3"
    old.write_bytes(b"older")
    with pytest.raises(backup.BackupError):
        backup.make_backup(database, folder, keep=1)
    assert [p.name for p in folder.iterdir()] == [old.name]


async def test_postgresql_dumped_with_pg_dump_restores_with_pg_restore(
    postgres_server: PostgresServer, postgres_url: str, tmp_path: Path
) -> None:
    bin_dir = find_bin_dir()
    async with await Store.open(postgres_url) as store:
        service = GameService(store, kinds=game_kinds())
        ids = await open_games(service, 4)
        rng = random.Random(5)
        await asyncio.gather(*(play_some(service, i, 5, rng) for i in ids))
    dump = tmp_path / "rattus.dump"
    subprocess.run(
        [str(bin_dir / "pg_dump"), "--format=custom", f"--file={dump}", postgres_url],
        check=True,
        capture_output=True,
    )
    target = postgres_server.create_database()
    subprocess.run(
        [str(bin_dir / "pg_restore"), "--no-owner", f"--dbname={target}", str(dump)],
        check=True,
        capture_output=True,
    )
    await every_game_loads_and_goes_on(target, ids)
