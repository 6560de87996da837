"""Whole seeded games with every expansion: nothing the bot would put on a channel message
(embed text, button labels, select placeholders and options) carries a hidden fact.

At every moment of each game the table's public surfaces are built as the bot builds them
(``table_embed`` from the public view, ``table_groups`` for the controls, ``waiting_for``) and
checked against what is hidden then: the choices and the identity of whoever answers a private
question, region cards in hand that were never shown, and every private event's text (the
Witch's looks, the Astronomer's draws, a hand's contents).
"""

from __future__ import annotations

import random
from typing import Any, cast

import discord
import pytest

from cogs.components import controls_view
from cogs.embeds import table_embed
from cogs.rattus_presenter import RATTUS
from cogs.table import table_groups
from engine import rattus
from engine.rattus.africanus import regions
from host.models import GameRecord, Seat
from host.service import GameService

NAMES = ["Aoife", "Bruno", "Chidi", "Dagny", "Emeka", "Farah"]
GAMES = [
    (expansions, players)
    for expansions in (("pied_piper",), ("mercatus",), ("africanus",), tuple(rattus.EXPANSIONS))
    for players in range(2, rattus.player_limits(expansions)[1] + 1)
]


def embed_text(embed: Any) -> str:
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    parts += [f"{field.name}\n{field.value}" for field in embed.fields]
    return "\n".join(parts)


def surfaces(record: GameRecord) -> tuple[str, str]:
    """(the table embed's text, the words of the table's controls and the waiting line)."""
    view = record.view(None)
    embed = table_embed(record, view, RATTUS, with_image=False)
    reader = GameService(cast(Any, None), kinds={})  # reads the loaded record only
    groups = table_groups(reader, record, RATTUS)
    controls = controls_view("rattus", record.id, record.version, groups)
    labels: list[str] = []
    for child in controls.children:
        item: Any = getattr(child, "item", child)
        if isinstance(item, discord.ui.Select):
            labels += [str(item.placeholder or ""), *(o.label for o in item.options)]
        else:
            labels.append(str(item.label or ""))
    assert all(labels), "every button, list and choice has words"
    return embed_text(embed), "\n".join([*labels, record.waiting_for()])


def hidden_hand_cards(game: Any, public: str) -> list[str]:
    """The descriptions of region cards in hands that no public text has shown."""
    if "africanus" not in game.state.expansions:
        return []
    hands = regions.table(game.state)["hands"]
    return [
        regions.describe(card)
        for hand in hands
        for card in hand
        if regions.describe(card) not in public
    ]


@pytest.mark.slow
@pytest.mark.parametrize(("expansions", "players"), GAMES)
def test_no_public_surface_carries_a_hidden_fact(expansions: tuple[str, ...], players: int) -> None:
    seed = 11 * players + len(expansions)
    game = rattus.new_game(players, expansions=set(expansions), seed=seed)
    rng = random.Random(seed)
    seats = [Seat(n, 1000 + n, NAMES[n]) for n in range(players)]
    said: list[str] = []
    private_questions = 0
    for _ in range(5000):
        if game.is_over:
            break
        record = GameRecord(
            id=1,
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
        text, controls = surfaces(record)
        public = text + "\n" + controls
        said += [e.text_for(NAMES[:players]) for e in game.events if e.audience is None]
        secret_events = [e.text_for(NAMES[:players]) for e in game.events if e.audience is not None]
        for secret in secret_events:
            if secret and secret not in said:
                assert secret not in public, (secret, public)
        for seat in record.private_actors():
            private_questions += 1
            for action in game.legal_actions(seat):
                assert action.label not in public, (action.label, public)
            assert f"**{NAMES[seat]}** to decide" not in public
            assert NAMES[seat] not in controls
        for card in hidden_hand_cards(game, "\n".join(said)):
            assert card not in public, (card, public)
        seat = game.actors()[0]
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert game.is_over
    if "africanus" in expansions:
        assert private_questions > 0, "the game asked at least one private question"
