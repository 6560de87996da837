"""Whole seeded games with every expansion: nothing the bot would put on a channel message
(embed text, button labels, select options and placeholders, the board image) carries a
hidden fact.

At every moment of each game the table's public surfaces are built as the bot builds them
(``table_embed`` from the public view, ``table_groups`` for the components, ``waiting_for``)
and checked against what is hidden then: the choices and the identity of whoever answers a
private question, region cards in hand that were never shown, and every private event's text
(the Witch's looks, the Astronomer's draws, a hand's contents). Face-down rat tokens are
checked directly: the same moment with the fronts of every face-down token that is not face up
shuffled among themselves must give the very same public view, texts and components, and
(every few moments) the very same board image, byte for byte.
"""

from __future__ import annotations

import json
import random
from typing import Any, cast

import pytest

from cogs.components import controls_view
from cogs.embeds import table_embed
from cogs.rattus_presenter import RATTUS
from cogs.table import table_groups
from engine import rattus
from engine.contract import Game
from engine.rattus.africanus import regions
from host.models import GameRecord, Seat
from host.service import GameService

IMAGE_EVERY = 40
"""Every how many moments the board image is drawn both ways (a drawing takes a while)."""
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


def component_texts(item: Any) -> list[str]:
    """What a component shows: a button's label, a select's placeholder and options."""
    texts = [str(getattr(item, "label", None) or "")]
    texts.append(str(getattr(item, "placeholder", None) or ""))
    for option in getattr(item, "options", None) or []:
        texts += [option.label, option.description or "", option.value]
    return [text for text in texts if text]


def surfaces(record: GameRecord) -> tuple[str, str]:
    """(the table embed's text, the words of the table's controls and the waiting line)."""
    view = record.view(None)
    embed = table_embed(record, view, RATTUS, with_image=False)
    reader = GameService(cast(Any, None), kinds={})  # reads the loaded record only
    groups = table_groups(reader, record, RATTUS)
    buttons = controls_view("rattus", record.id, record.version, groups)
    items: list[Any] = [getattr(item, "item", item) for item in buttons.children]
    shown = [component_texts(item) for item in items]
    assert all(shown), "every button, list and choice has words"
    return embed_text(embed), "\n".join(
        [*(t for texts in shown for t in texts), record.waiting_for()]
    )


def face_down(game: Any) -> list[str]:
    """The ids of every token whose front nobody at the table may see: on the board or in the
    draw pile or set aside, not face up, and not named by a step in progress (a token being
    turned over is public)."""
    s = game.state
    mentioned = json.dumps([s.stack, s.ext, s.revealed])
    ids = [t for tokens in s.rats.values() for t in tokens] + list(s.rat_supply) + list(s.removed)
    return [t for t in ids if t not in s.face_up and f'"{t}"' not in mentioned]


def fronts_shuffled(game: Any) -> Game:
    """The same game with the fronts of the face-down tokens moved round among themselves
    (within tokens of the same back: starting or not), each to the next one's."""
    saved = game.to_dict()
    tokens = saved["tokens"]
    hidden = face_down(game)
    for starting in (True, False):
        ids = sorted(t for t in hidden if bool(tokens[t].get("starting")) == starting)
        fronts = [tokens[t] for t in ids]
        for token, front in zip(ids, fronts[1:] + fronts[:1], strict=True):
            tokens[token] = front
    return rattus.from_dict(saved)


def record_of(game: Any, seats: list[Seat]) -> GameRecord:
    return GameRecord(
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
    fronts_changed = images = 0
    for step in range(5000):
        if game.is_over:
            break
        record = record_of(game, seats)
        text, controls = surfaces(record)
        shuffled = record_of(fronts_shuffled(game), seats)
        public_view = record.view(None)
        assert shuffled.view(None) == public_view
        assert surfaces(shuffled) == (text, controls)
        if shuffled.game.to_dict()["tokens"] != game.to_dict()["tokens"]:
            fronts_changed += 1
            if step % IMAGE_EVERY == 0:
                images += 1
                assert RATTUS.render(shuffled.view(None)) == RATTUS.render(public_view)
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
    assert fronts_changed > 0 and images > 0, "face-down fronts were shuffled and drawn"
    if "africanus" in expansions:
        assert private_questions > 0, "the game asked at least one private question"
