"""Every text a person can read, over whole seeded games of both games at every player count
and expansion combination, is in words: no placeholder bracket (``⟨0⟩``, ``{name}``, a ``<…>``
that is not a Discord mention or timestamp), no notation (``use:bishop+bishop:polonia``) outside
``/play``'s own suggestions, no colour where a player's name belongs, no "1 rats".

At every moment the texts are built as the bot builds them, through the presenter layer: the
table (embed, buttons, selects, the waiting line), each decider's private panel (its prompt and
every choice), the select each group opens, ``/play``'s suggestions, the confirmation the
chooser reads, the DM of what they alone were told, the table's list of moves and
``/<kind> log``, and at the end the final and status embeds. The choices are taken as a person
takes them: from the panel's own options (a card and its first answer chained as one choice, a
multi-select ticked), so every path a person's click takes is read.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterable, Iterator
from typing import Any, cast

import pytest

import lang
from cogs.cartus.presenter import CARTUS
from cogs.commands.history import log_lines, seat_lines
from cogs.rattus.presenter import RATTUS
from cogs.table.components import lobby_view, select_view, shown
from cogs.table.embeds import final_embed, lobby_embed, secrets_embed, status_embed, table_embed
from cogs.table.messaging import owed_news
from cogs.table.offers import action_groups, panel
from cogs.table.play import confirmation
from cogs.table.presenters import Presenter, plain
from cogs.table.table import table_groups
from engine import cartus, rattus
from engine.contract import Game
from engine.text import english
from host.acting import apply_for_seat, public_line
from host.cartus_kind import CartusKind
from host.models import ActionLogEntry, GameRecord, Seat
from host.rattus_kind import RattusKind
from host.seat_store import SeatChangeEntry
from host.service import GameService

NAMES = ["Aoife", "Bruno", "Chidi", "Dagny", "Emeka", "Farah"]
COLOURS = ("Red", "Yellow", "Green", "Blue", "Purple", "Orange")
PLURALS = (
    "cards|rats|nuns|cubes|coins|points|people|goods|diplomats|bishops|potions|tokens|turns|"
    "actions|players|moves|rounds|games|seats|days|hours|minutes|regions|buildings|discs|lines|"
    "sacks|spices|silks|cloths|jewels|votes|lives|deaths|steps|spaces|times"
)
SINGULARS = "card|rat|nun|cube|coin|point|person|diplomat|bishop|potion|token|turn|region card"

MENTION = re.compile(r"<(?:@[!&]?\d+|#\d+|t:-?\d+(?::[tTdDfFR])?|a?:\w+:\d+|/[\w -]+:\d+)>")
BRACKETS = re.compile(r"⟨[^⟩]*⟩|\{[^{}\s]*\}|<[^<>\n]*>")
NOTATION = re.compile(r"(?<![\w/.])[a-z_]{2,}:[a-z0-9_][a-z0-9_.\-]*(?:\+[a-z_]+:[a-z0-9_.\-]*)*")
ONE_OF_MANY = re.compile(
    rf"(?<![\d.,])\b1 (?:(?!from |of |in |on |for |to |with |at )\w+ )?(?:{PLURALS})\b"
)
MANY_OF_ONE = re.compile(rf"(?<![\d.,x] )\b(?:0|[2-9]|\d\d+) (?:{SINGULARS})\b(?!s)")
COLOUR_AS_NAME = re.compile(rf"\b(?:{'|'.join(COLOURS)})\b")
LETTER_SYMBOL = re.compile(r"[(,·] ?(?:M|A)(?= ?[,)·]|$)", re.MULTILINE)


def raw_parts(text: str) -> list[str]:
    """What in one readable text is raw: the reasons it fails, empty when it is in words."""
    found = []
    unmentioned = MENTION.sub("", text)
    found += [f"placeholder {m.group(0)!r}" for m in BRACKETS.finditer(unmentioned)]
    found += [f"notation {m.group(0)!r}" for m in NOTATION.finditer(unmentioned)]
    found += [f"plural {m.group(0).strip()!r}" for m in ONE_OF_MANY.finditer(text)]
    found += [f"singular {m.group(0).strip()!r}" for m in MANY_OF_ONE.finditer(text)]
    found += [f"colour as a name {m.group(0)!r}" for m in COLOUR_AS_NAME.finditer(text)]
    found += [f"symbol letter {m.group(0)!r}" for m in LETTER_SYMBOL.finditer(text)]
    found += ["an escaped backtick"] if "\\`" in text else []
    return found


def test_the_scan_finds_each_kind_of_raw_text() -> None:
    """The scan itself: each wrong text of issue #18 is caught, and plain words are not."""
    for wrong in (
        "Choose 7 cards to give to ⟨0⟩.",
        "Take the King from Yellow",
        "✅ use:bishop+bishop:polonia",
        "✅ use:witch+look:polonia",
        "Alice has 1 nuns",
        "1 rats",
        "1 region cards",
        "Hello {name}",
        "Bring <player>",
        "2 rat",
        "Rat revealed in Gallia (limit 2, Church, M, A): outbreak!",
        "limit 3 · Knight · M",
        "`  4` A computer player plays Bob's open seat until someone takes it with \\`/rattus join\\`.",
    ):
        assert raw_parts(wrong), wrong
    for right in (
        "<@123>, your move. <t:1700000000:R> <#55>",
        "Alice (Witch) looks at a rat in Polonia: 1 rat, 2 cubes.",
        "Tie: Alice and Bruno had 3 points each.",
        "[Jump to the table](https://discord.com/channels/1/2/3)",
        "2 x Church card, 1 x Joker",
        "Put a second new rat in Bulgaria (1 there now)",
    ):
        assert raw_parts(right) == [], (right, raw_parts(right))


def embed_texts(embed: Any) -> list[str]:
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    parts += [f"{field.name}\n{field.value}" for field in embed.fields]
    return [part for part in parts if part]


def view_texts(view: Any) -> list[str]:
    """What a message's components show: labels, placeholders, options and descriptions."""
    if view is None:
        return []
    texts: list[str] = []
    for child in view.children:
        item = getattr(child, "item", child)
        texts += [
            str(getattr(item, "label", None) or ""),
            str(getattr(item, "placeholder", None) or ""),
        ]
        for option in getattr(item, "options", None) or []:
            texts += [option.label, option.description or ""]
    return [text for text in texts if text]


def record_of(kind: str, game: Game, players: int) -> GameRecord:
    return GameRecord(
        id=7,
        kind=kind,
        guild_id=1,
        channel_id=2,
        status="finished" if game.is_over else "running",
        version=game.version,
        host_user_id=1000,
        options={},
        seats=[Seat(n, 1000 + n, NAMES[n]) for n in range(players)],
        game=game,
        created_at=0.0,
        updated_at=0.0,
    )


def moment_texts(
    reader: GameService, record: GameRecord, presenter: Presenter
) -> Iterator[tuple[str, str]]:
    """(where, text) for everything shown at this moment: the table and each decider's
    controls, selects and ``/play`` suggestions."""
    view = record.view(None)
    for text in embed_texts(table_embed(record, view, presenter, with_image=False)):
        yield "table", text
    groups = table_groups(reader, record, presenter)
    yield "table waiting line", english(record.waiting_for())
    for group in groups:
        yield "table button", group.title
        for action in group.actions:
            yield "table option", shown(action)
    game = record.game
    assert game is not None
    for seat in game.actors():
        user = 1000 + seat
        prompt, controls = panel(reader, record, presenter, user)
        yield "panel prompt", prompt
        for text in view_texts(controls):
            yield "panel control", text
        for group in action_groups(reader, record, presenter, [seat]):
            if len(group.actions) > 1:
                select = select_view(
                    record.kind,
                    record.id,
                    record.version,
                    group.name,
                    group.actions,
                    0,
                    placeholder=group.title,
                )
                for text in view_texts(select):
                    yield "group select", text
        for action in reader.turn(record, user).actions:
            yield "/play suggestion", shown(action)


def person_choice(
    reader: GameService, record: GameRecord, presenter: Presenter, seat: int, rng: random.Random
) -> str:
    """A choice as a person makes it: one of the panel's options, or a ticked multi-select."""
    game = record.game
    assert game is not None
    decision = game.decision(seat)
    if decision is not None and decision.pick is not None and rng.random() < 0.7:
        pick = decision.pick
        values = [value for value, _ in pick.options()]
        for _ in range(20):
            ticked = rng.sample(values, rng.randint(pick.least, min(pick.most, len(values))))
            try:
                pick.parse(pick.notation(ticked))
            except Exception:
                continue
            return pick.notation(ticked)
    offered = [a for g in action_groups(reader, record, presenter, [seat]) for a in g.actions]
    return rng.choice(offered or list(game.legal_actions(seat))).notation


def game_texts(
    kind: str, game: Game, players: int, presenter: Presenter, seed: int
) -> Iterator[tuple[str, str]]:
    """(where, text) for everything a person reads over one whole seeded game."""
    rng = random.Random(seed)
    reader = GameService(cast(Any, None), kinds={})  # reads the loaded record only
    log: list[ActionLogEntry] = []
    for _ in range(3000):
        record = record_of(kind, game, players)
        if game.is_over:
            break
        yield from moment_texts(reader, record, presenter)
        seat = game.actors()[0]
        notation = person_choice(reader, record, presenter, seat, rng)
        done = apply_for_seat(record, seat, notation)
        game = done.after
        after = record_of(kind, game, players)
        public = [e for e in game.events if e.audience is None]
        for line in confirmation(after, public, english(done.label or done.notation)):
            yield "confirmation", line
        log.append(
            ActionLogEntry(
                game.version,
                seat,
                1000 + seat,
                NAMES[seat],
                done.notation,
                done.label,
                float(game.version),
                done.public_text,
            )
        )
        if done.public_text:
            line = public_line(done.public_text, lang.DEFAULT)
            yield "table moves", plain(line)
            if not public:  # told by its label alone: whose choice it was is said too
                assert line.startswith(f"{NAMES[seat]}: "), line
        for user, news in done.dms.items():
            if after.status == "running":
                secrets = secrets_embed(
                    after,
                    after.view(user - 1000),
                    presenter,
                    owed_news(news, lang.DEFAULT),
                    with_image=False,
                )
                for text in embed_texts(secrets):
                    yield "DM", text
    assert game.is_over, "the seeded game ended"
    record = record_of(kind, game, players)
    view = record.view(None)
    for text in embed_texts(final_embed(record, view, presenter)):
        yield "final", text
    for text in embed_texts(status_embed(record, view, presenter, None)):
        yield "status", text
    for _, line in log_lines(log):
        yield "/log", line


def problems(texts: Iterable[tuple[str, str]]) -> list[str]:
    """Each distinct raw text with where it was read, at most 40."""
    seen: dict[str, str] = {}
    for where, text in texts:
        for part in raw_parts(text):
            seen.setdefault(f"{part} in {text!r}", where)
    return [f"{where}: {what}" for what, where in itertools.islice(seen.items(), 40)]


def lobby_texts(kind: str, options: dict[str, Any], players: int) -> Iterator[tuple[str, str]]:
    """The lobby of such a game, full (its options in words, its buttons)."""
    hosted = RattusKind() if kind == "rattus" else CartusKind()
    presenter = RATTUS if kind == "rattus" else CARTUS
    record = GameRecord(
        id=7,
        kind=kind,
        guild_id=1,
        channel_id=2,
        status="lobby",
        version=0,
        host_user_id=1000,
        options=hosted.validate_options(options),
        seats=[Seat(n, 1000 + n, NAMES[n]) for n in range(players)],
        game=None,
        created_at=0.0,
        updated_at=0.0,
    )
    described = english(hosted.describe_options(record.options))
    for text in embed_texts(lobby_embed(record, presenter, described)):
        yield "lobby", text
    for text in view_texts(lobby_view(record, players)):
        yield "lobby button", text


RATTUS_GAMES = [
    (expansions, players)
    for size in range(len(rattus.EXPANSIONS) + 1)
    for expansions in itertools.combinations(sorted(rattus.EXPANSIONS), size)
    for players in range(2, rattus.player_limits(expansions)[1] + 1)
]


@pytest.mark.slow
@pytest.mark.parametrize(("expansions", "players"), RATTUS_GAMES)
def test_every_rattus_text_is_in_words(expansions: tuple[str, ...], players: int) -> None:
    seed = 13 * players + len(expansions)
    game = rattus.new_game(players, expansions=set(expansions), seed=seed)
    lobby = lobby_texts("rattus", {"expansions": list(expansions), "players": players}, players)
    assert problems([*lobby, *game_texts("rattus", game, players, RATTUS, seed)]) == []


CARTUS_GAMES = [
    (players, simultaneous)
    for players in range(cartus.MIN_PLAYERS, cartus.MAX_PLAYERS + 1)
    for simultaneous in (False, True)
]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "simultaneous"), CARTUS_GAMES)
def test_every_cartus_text_is_in_words(players: int, simultaneous: bool) -> None:
    seed = 17 * players + simultaneous
    game = cartus.new_game(
        players, "random", simultaneous_supply=simultaneous, guard_tower=True, seed=seed
    )
    lobby = lobby_texts("cartus", {"players": players}, players)
    assert problems([*lobby, *game_texts("cartus", game, players, CARTUS, seed)]) == []


def test_a_full_expansion_game_and_a_cartus_game_read_in_words() -> None:
    """The quick run: one game of each with everything on."""
    game = rattus.new_game(4, expansions=set(rattus.EXPANSIONS), seed=5)
    assert problems(game_texts("rattus", game, 4, RATTUS, 5)) == []
    cards = cartus.new_game(3, "random", seed=5)
    assert problems(game_texts("cartus", cards, 3, CARTUS, 5)) == []


def test_the_log_keeps_commands_as_code_and_names_as_written() -> None:
    """``/<kind> log``: a seat change quotes a command as code, not as escaped backticks; a
    name's markdown is still shown as written."""
    change = SeatChangeEntry(
        version=4,
        seat=1,
        user_id=None,
        level="easy",
        reason=None,
        text="A computer player (easy) plays *Bo_b*'s open seat until someone takes it with "
        "`/rattus join`.",
        at=5.0,
    )
    ((_, line),) = seat_lines([change])
    assert raw_parts(line) == [], line
    assert "`/rattus join`" in line and "\\*Bo\\_b\\*" in line
    entry = ActionLogEntry(
        3, 0, 1000, "Ann_a", "take:king", "Take the King", 1.0, "Ann_a: Take the King"
    )
    ((_, logged),) = log_lines([entry])
    assert "**Ann\\_a**: Take the King" in logged
