"""The table message reads at a glance: at 6 players with every expansion, at every moment of
a seeded game, its text (embed and call to act) keeps within ``TABLE_TEXT`` characters, says
each line once, and leaves to the picture what the picture shows (the players, the plague's
rats); with a timer it shows the deadline and each person's time bank."""

from __future__ import annotations

import random
from typing import Any

from cogs.rattus.presenter import RATTUS
from cogs.table.embeds import TABLE_TEXT, table_embed
from cogs.table.messaging import mentions_of
from cogs.table.presenters import said
from engine import rattus
from host.clocks import TableClock
from host.models import GameRecord, Seat

NAMES = ["Aoife", "Bruno", "Χλόη", "Дмитрий", "Émeka", "明美"]
DUE = 1_900_000_000.0


def record_of(game: Any, seats: list[Seat]) -> GameRecord:
    return GameRecord(
        id=12,
        kind="rattus",
        guild_id=1,
        channel_id=2,
        status="running",
        version=game.version,
        host_user_id=1000,
        options={},
        seats=seats,
        game=game,
        created_at=0.0,
        updated_at=0.0,
    )


def text_of(embed: Any, ping: str) -> str:
    parts = [ping, embed.title or "", embed.description or "", embed.footer.text or ""]
    return "\n".join(parts + [f"{f.name}\n{f.value}" for f in embed.fields])


def test_a_six_player_table_with_every_expansion_keeps_to_its_length() -> None:
    seed = 5
    game = rattus.new_game(6, expansions=set(rattus.EXPANSIONS), seed=seed)
    rng = random.Random(seed)
    seats = [Seat(n, 1000 + n, NAMES[n]) for n in range(6)]
    longest, moments = 0, 0
    while not game.is_over:
        record = record_of(game, seats)
        view = record.view(None)
        clock = TableClock(
            {seat: DUE for seat in game.actors()},
            {seat: 86400.0 * 1.5 + seat * 3700 for seat in range(6)},
        )
        mentions = mentions_of(record, record.public_actors())
        ping = f"{mentions}, your move." if mentions else ""
        log = [said(line) for line in view.get("log") or []]  # the English of each text
        # as it follows a person's action (the latest lines) and a batch of computer moves
        for moves in (None, log[-14:]):
            embed = table_embed(record, view, RATTUS, moves=moves, clock=clock)
            text = text_of(embed, ping)
            size = len(embed) + len(ping)
            longest = max(longest, size)
            assert size <= TABLE_TEXT, text
            names = [field.name for field in embed.fields]
            assert "Players" not in names and not any(n.startswith("The plague") for n in names)
            happened = embed.fields[0].value or ""
            others = [
                line
                for field in embed.fields[1:]
                for line in (field.value or "").splitlines()
                if line.strip()
            ]
            assert len(others) == len(set(others)), f"a line said twice:\n{text}"
            assert not [line for line in others if line in happened], text
            assert not [line for line in happened.splitlines() if line in others], text
            assert "⏰" in (embed.description or "") and "Time banks" in names
        moments += 1
        seat = game.actors()[0]
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert moments > 100 and longest > TABLE_TEXT / 2
    print(f"longest table text over {moments} moments: {longest} characters")
