"""Whole seeded games of both games, at every player count and with every expansion and
option: nothing the bot would put on a channel message (embed text, button labels, select
options and placeholders, the waiting line, the board image) carries a hidden fact.

At every moment of each game the table's public surfaces are built as the bot builds them
(``table_embed`` from the public view, ``table_groups`` for the components, ``waiting_for``).
Then everything hidden at that moment is changed, and nothing else:

- Rattus: the fronts of every face-down rat token (on the board, in the draw pile, set aside)
  are shuffled among tokens of the same back; with Africanus, the region-card deck and the
  cards in every hand are dealt again from the same cards, each hand keeping its size; the
  seeded generator's state (every draw to come).
- Rattus Cartus: the population deck and the Nun-row, every hand and every building's cards
  played face down and not yet turned over (each keeping its size), the victory point tokens
  in the pile and in front of each player (each keeping how many), the building and
  replacement decks, the supply actions chosen in secret so far, and the seeded generator's
  state.

The changed moment must give the very same public view, texts and components, and (every few
moments) the very same board image, byte for byte. A preview that runs an action which draws
(the Explorer's three cards) or an offer that only a hidden hand allows (a Pass card) fails it.

Besides, each moment is checked against what is hidden then: the choices and the identity of
whoever answers a private question, Africanus region cards in hand that were never shown, and
every private event's text (the Witch's looks, the Astronomer's draws, a hand's contents).

What one moment cannot show, the next one does: before each action the cards in the hands
alone are dealt again (Africanus region cards, Cartus hands; nothing else, so the action draws
and reveals the same) and, where the action is still legal, it is applied to both. Who must decide next
(even who answers a private question) and every public surface must come out the same: who
is asked whether to play a region card, and so whether the table waits for private answers,
may depend on how many cards a hand holds, never on which.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any, cast

import pytest

from cogs.cartus.presenter import CARTUS
from cogs.rattus.presenter import RATTUS
from cogs.table.components import controls_view
from cogs.table.embeds import table_embed
from cogs.table.presenters import Presenter
from cogs.table.table import table_groups
from engine import cartus, rattus
from engine.cartus import spec as cartus_spec
from engine.contract import Game
from engine.core import Action, Rng
from engine.hidden import shuffle_places
from engine.rattus import spec as rattus_spec
from engine.rattus.africanus import regions
from engine.spec import Redeal
from engine.text import english
from host.models import GameRecord, Seat
from host.service import GameService

IMAGE_EVERY = 40
"""Every how many moments the board image is drawn both ways (a drawing takes a while)."""
NAMES = ["Aoife", "Bruno", "Chidi", "Dagny", "Emeka", "Farah"]
RATTUS_GAMES = [
    (expansions, players)
    for n in range(len(rattus.EXPANSIONS) + 1)
    for expansions in combinations(sorted(rattus.EXPANSIONS), n)
    for players in range(2, rattus.player_limits(expansions)[1] + 1)
]
"""Every combination of expansions (none too) at every player count it allows."""
CARTUS_OPTIONS: list[dict[str, Any]] = [
    {"buildings": "first_game"},
    {"buildings": "random"},
    {"buildings": "random", "simultaneous_supply": True, "guard_tower": True},
    {"buildings": "per_class", "everyone_dead": "no_winner"},
]
CARTUS_GAMES = [
    (options, players)
    for options in CARTUS_OPTIONS
    for players in range(cartus.MIN_PLAYERS, cartus.MAX_PLAYERS + 1)
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


def surfaces(record: GameRecord, presenter: Presenter) -> tuple[str, str]:
    """(the table embed's text, the words of the table's controls and the waiting line)."""
    view = record.view(None)
    embed = table_embed(record, view, presenter, with_image=False)
    reader = GameService(cast(Any, None), kinds={})  # reads the loaded record only
    groups = table_groups(reader, record, presenter)
    buttons = controls_view(record.kind, record.id, record.version, groups)
    items: list[Any] = [getattr(item, "item", item) for item in buttons.children]
    shown = [component_texts(item) for item in items]
    assert all(shown), "every button, list and choice has words"
    return embed_text(embed), "\n".join(
        [*(t for texts in shown for t in texts), english(record.waiting_for())]
    )


# Rattus


def rattus_hands_changed(game: Any, rng: Rng) -> Game | None:
    """The same moment with only the cards in the hands dealt again among the hands (each
    keeping its size), or None when no hand holds anything to deal."""
    saved = game.to_dict()
    if regions.KEY not in saved["ext"]:
        return None
    hands = saved["ext"][regions.KEY]["hands"]
    if not any(hands):
        return None
    shuffle_places(hands, rng)
    return rattus.from_dict(saved)


def hidden_hand_cards(game: Any, public: str) -> list[str]:
    """The descriptions of region cards in hands that no public text has shown."""
    if "africanus" not in game.state.expansions:
        return []
    hands = regions.table(game.state)["hands"]
    shown = [regions.describe(card).english() for hand in hands for card in hand]
    return [text for text in shown if text not in public]


# Rattus Cartus


def cartus_hands_changed(game: Any, rng: Rng) -> Game | None:
    """The same moment with only the cards in the hands dealt again among the hands (each
    keeping its size), or None when every hand is empty."""
    saved = game.to_dict()
    if not any(saved["hands"]):
        return None
    shuffle_places(saved["hands"], rng)
    return cartus.from_dict(saved)


# The games


@dataclass(frozen=True)
class Kind:
    name: str
    presenter: Presenter
    hidden_changed: Redeal
    hands_changed: Callable[[Any, Rng], Game | None]


RATTUS_KIND = Kind("rattus", RATTUS, rattus_spec.redeal, rattus_hands_changed)
CARTUS_KIND = Kind("cartus", CARTUS, cartus_spec.redeal, cartus_hands_changed)


def record_of(kind: Kind, game: Game, seats: list[Seat]) -> GameRecord:
    return GameRecord(
        id=1,
        kind=kind.name,
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


WHOLE = 5000
"""More moments than any game lasts: play to the end."""


@dataclass
class Seen:
    """What a game went through, so a test knows it covered what it means to."""

    moments: int = 0
    changed: int = 0  # moments whose hidden things were dealt otherwise
    images: int = 0
    private_questions: int = 0
    private_kinds: frozenset[str] = frozenset()  # the kinds of private decision met
    hands_changed: int = 0  # actions also applied with the hands dealt otherwise
    over: bool = False
    labels: frozenset[str] = frozenset()  # every legal action's label met on the way


def play_and_check(kind: Kind, game: Any, seed: int, limit: int = WHOLE) -> Seen:
    """Play the game with random legal actions to its end (or ``limit`` moments), checking
    every moment's public surfaces against its hidden-changed twin and its secrets."""
    players = len(game.view(None)["players"])
    rng = random.Random(seed)
    hidden_rng = Rng.from_seed(seed + 1)
    seats = [Seat(n, 1000 + n, NAMES[n]) for n in range(players)]
    said: list[str] = []
    seen = Seen()
    labels: set[str] = set()
    private_kinds: set[str] = set()
    for step in range(limit):
        if game.is_over:
            break
        seen.moments += 1
        record = record_of(kind, game, seats)
        text, controls = surfaces(record, kind.presenter)
        public_view = record.view(None)
        for _ in range(2):
            changed = kind.hidden_changed(game, hidden_rng)
            twin = record_of(kind, changed, seats)
            assert twin.view(None) == public_view, f"moment {step}: the public view changed"
            assert surfaces(twin, kind.presenter) == (text, controls), (
                f"moment {step}: a public text changed with hidden things only"
            )
        if changed.to_dict() != game.to_dict():
            seen.changed += 1
            if step % IMAGE_EVERY == 0:
                seen.images += 1
                image = kind.presenter.render(public_view, "en")
                assert kind.presenter.render(twin.view(None), "en") == image
        public = text + "\n" + controls
        names = NAMES[:players]
        said += [e.text_for(names) for e in game.events if e.audience is None]
        secret_events = [e.text_for(names) for e in game.events if e.audience is not None]
        for secret in secret_events:
            if secret and secret not in said:
                assert secret not in public, (secret, public)
        for seat in record.private_actors():
            seen.private_questions += 1
            private_kinds.add(game.decision(seat).kind)
            for action in game.legal_actions(seat):
                label = english(action.label, names)
                assert label not in public, (label, public)
            assert f"**{NAMES[seat]}** to decide" not in public
            assert NAMES[seat] not in controls
        if kind is RATTUS_KIND:
            for card in hidden_hand_cards(game, "\n".join(said)):
                assert card not in public, (card, public)
        seat = game.actors()[0]
        actions = game.legal_actions(seat)
        labels.update(english(action.label, names) for action in actions)
        action = rng.choice(actions)
        after = game.apply(seat, action)
        if not after.is_over and same_after_hands_dealt_again(kind, game, seat, action, after):
            seen.hands_changed += 1
        game = after
    seen.over = game.is_over
    seen.labels = frozenset(labels)
    seen.private_kinds = frozenset(private_kinds)
    return seen


def same_after_hands_dealt_again(
    kind: Kind, game: Any, seat: int, action: Action, after: Any
) -> bool:
    """Deal the hands again and, where the action is still legal, apply it there too: who
    decides next and every public surface must not change (False: nothing was compared)."""
    changed = kind.hands_changed(game, Rng.from_seed(game.version))
    if changed is None or action.notation not in {a.notation for a in changed.legal_actions(seat)}:
        return False
    twin = changed.apply(seat, action.notation)
    moment = f"after moment {game.version} ({action.notation})"
    assert twin.actors() == after.actors(), f"{moment}: who decides depends on the hands"
    seats = [Seat(n, 1000 + n, NAMES[n]) for n in range(len(after.view(None)["players"]))]
    record, twin_record = record_of(kind, after, seats), record_of(kind, twin, seats)
    assert twin_record.view(None) == record.view(None), f"{moment}: the public view changed"
    assert surfaces(twin_record, kind.presenter) == surfaces(record, kind.presenter), (
        f"{moment}: a public text depends on the cards in the hands"
    )
    return True


def check_rattus(expansions: tuple[str, ...], players: int, seed: int, limit: int = WHOLE) -> Seen:
    game = rattus.new_game(players, expansions=set(expansions), seed=seed)
    seen = play_and_check(RATTUS_KIND, game, seed, limit)
    assert seen.over or limit < WHOLE, "the game ended"
    assert seen.changed > 0 and seen.images > 0, "hidden things were changed and drawn"
    if "africanus" in expansions and seen.over:
        assert seen.private_questions > 0, "the game asked at least one private question"
    if "africanus" in expansions:
        assert seen.hands_changed > 0, "actions were applied with the hands dealt otherwise"
    return seen


def check_cartus(options: dict[str, Any], players: int, seed: int, limit: int = WHOLE) -> Seen:
    game = cartus_spec.SPEC.start(players, options, seed)
    seen = play_and_check(CARTUS_KIND, game, seed, limit)
    assert seen.over or limit < WHOLE, "the game ended"
    assert seen.changed > 0 and seen.images > 0, "hidden things were changed and drawn"
    assert seen.private_questions > 0, "the game asked at least one private question"
    assert seen.hands_changed > 0, "actions were applied with the hands dealt otherwise"
    return seen


@pytest.mark.slow
@pytest.mark.parametrize(
    ("expansions", "players"),
    RATTUS_GAMES,
    ids=[f"{'+'.join(expansions) or 'base'}-{players}" for expansions, players in RATTUS_GAMES],
)
def test_rattus_public_surfaces_hide_everything_hidden(
    expansions: tuple[str, ...], players: int
) -> None:
    check_rattus(expansions, players, seed=11 * players + 3 * len(expansions))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("options", "players"),
    CARTUS_GAMES,
    ids=[f"{'+'.join(map(str, options.values()))}-{players}" for options, players in CARTUS_GAMES],
)
def test_cartus_public_surfaces_hide_everything_hidden(
    options: dict[str, Any], players: int
) -> None:
    check_cartus(options, players, seed=7 * players + len(options))


def test_public_surfaces_hide_everything_hidden_quick() -> None:
    """The same check over the start of games of each, chosen to meet the Explorer's draw,
    a question whether to play a region card and a Pass card that may be played (the whole
    games are the slow tests above)."""
    rattus_seen = check_rattus(("africanus",), 5, seed=QUICK_SEEDS[0], limit=QUICK_MOMENTS)
    assert any(label.startswith("Use the Explorer") for label in rattus_seen.labels)
    asked = check_rattus(("africanus",), 3, seed=QUICK_SEEDS[2], limit=QUICK_ASKED)
    assert "region_play" in asked.private_kinds and asked.hands_changed > 0
    options = {"buildings": "random"}  # with an Office, which gives Pass cards
    cartus_seen = check_cartus(options, 3, seed=QUICK_SEEDS[1], limit=QUICK_MOMENTS)
    assert any(label.startswith("Play a Pass card") for label in cartus_seen.labels)


QUICK_MOMENTS = 60
QUICK_ASKED = 40
QUICK_SEEDS = (15, 1, 13)
"""Seeds whose games meet the Explorer (moment 18), a Pass card to play (moment 14) and a
rat that strikes a class card of a player holding region cards (moment 19: when only those
with a matching card were asked, dealing the hands again changed who was)."""
