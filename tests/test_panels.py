"""A person's panel after their choice shows everything that happened since it: every rat of
their plague, everyone's losses, a computer player's whole turn after them. When that is more
than one Discord message holds, the panel folds it and says how much more there is and where."""

from __future__ import annotations

from cogs.rattus.presenter import RATTUS
from cogs.table.embeds import lines_block, secrets_embed
from cogs.table.play import MESSAGE_LIMIT, confirmation, panel_content
from engine.core import Event
from engine.rattus.game import Game
from host.models import GameRecord, Seat
from tests.engine.helpers import position, token

NAMES = ["Alice", "Bob", "Carol"]


def record_of(game: Game) -> GameRecord:
    seats = [Seat(0, 100, "Alice"), Seat(1, None, "Bob", is_ai=True, level="easy")]
    return GameRecord(
        id=3,
        kind="rattus",
        guild_id=1,
        channel_id=2,
        status="running",
        version=game.version,
        host_user_id=100,
        options={},
        seats=[*seats, Seat(2, 102, "Carol")],
        game=game,
        created_at=0.0,
        updated_at=0.0,
    )


def plague_then_a_computer_turn() -> tuple[Game, list[Event]]:
    """Alice moves the plague onto three rats in Gallia (her cubes and Bob's there), places
    the new rats; then Bob, a computer, places a cube in Italia and ravages it (Alice loses
    one more there). Returns the game after it all and every event, as one update has them."""
    game = position(
        3,
        cubes={"gallia": {0: 4, 1: 3}, "italia": {0: 2, 1: 1}},
        rats={
            "gallia": [token(1, a=1), token(1, m=1), token(2, a=1)],
            "italia": [token(1, a=1)],
        },
        plague="hispania",
    )
    events: list[Event] = []
    for seat, notation in ((0, "plague:gallia"), (0, "rat:anglia"), (0, "rat:anglia")):
        game = game.apply(seat, notation)
        events += game.events
    assert game.actors() == [1]
    for notation in ("place:italia", "plague:italia", "rat:gallia"):
        game = game.apply(1, notation)
        events += game.events
    return game, events


def test_a_panel_after_a_ravage_shows_every_rat_every_loss_and_the_computer_turn() -> None:
    game, events = plague_then_a_computer_turn()
    record = record_of(game)
    lines = confirmation(record, [e for e in events if e.public], "Move the plague")
    reveals = [line for line in lines if line.startswith("Rat revealed in Gallia")]
    assert len(reveals) == 3, lines
    assert all("Alice loses 1" in line for line in reveals)
    assert sum("Bob loses 1" in line for line in reveals) == 2
    assert lines[0] == "✅ Alice moved the plague to Gallia."
    bob = lines.index("Bob placed 1 cube in Italia.")
    assert lines[bob:] == [
        "Bob placed 1 cube in Italia.",
        "Bob moved the plague to Italia.",
        "A new rat arrived in Gallia.",
        "The plague ravages Italia.",
        "Rat revealed in Italia (limit 1, everyone loses 1): outbreak! Alice loses 1, Bob loses 1.",
        "Turn 3: Carol to play.",
    ]
    text = panel_content("", lines, "Waiting for Carol.", "rattus")
    assert text == "\n".join([*lines, "Waiting for Carol."]), "all of it fits: all of it shows"
    assert len(lines) > 4, "more than the four lines panels used to keep"


def test_a_panel_too_long_for_a_message_folds_and_says_how_much_more_and_where() -> None:
    lines = ["✅ Alice moved the plague to Gallia."] + [
        f"Rat revealed in Region {n} (limit 1, everyone loses 1): outbreak! "
        + "Alice loses 1, " * 6
        for n in range(40)
    ]
    prompt = "Your move: place your cubes or use a card."
    text = panel_content("**Game #3**: ", lines, prompt, "rattus")
    assert len(text) <= MESSAGE_LIMIT
    shown = text.splitlines()
    assert shown[0] == "**Game #3**: ✅ Alice moved the plague to Gallia."
    assert shown[-1] == prompt
    note = shown[-2]
    kept = shown[1:-2]
    assert kept == lines[1 : 1 + len(kept)], "the lines kept are the first ones, in order"
    more = len(lines) - 1 - len(kept)
    assert more > 0 and note == f"… and {more} more lines: `/rattus log` shows them all."
    one_more = panel_content("", [*lines[:2], "x" * 1990], "", "rattus")
    assert one_more.endswith("… and 1 more line: `/rattus log` shows them all.")


def test_a_block_of_lines_too_long_for_its_field_says_how_many_it_folded() -> None:
    lines = [f"Line {n}: " + "words " * 20 for n in range(30)]
    first = lines_block(lines)
    assert len(first) <= 1024
    shown = first.splitlines()
    assert shown[:-1] == lines[: len(shown) - 1]
    assert shown[-1] == f"… {len(lines) - len(shown) + 1} more lines not shown"
    last = lines_block(
        lines, keep_last=True, note=lambda n: f"… {n} earlier lines not shown: `/rattus log`"
    )
    shown = last.splitlines()
    assert shown[1:] == lines[-(len(shown) - 1) :]
    assert shown[0] == f"… {len(lines) - len(shown) + 1} earlier lines not shown: `/rattus log`"
    assert lines_block(lines[:2]) == "\n".join(lines[:2])


def test_private_news_longer_than_a_field_continues_in_the_next_one() -> None:
    game, _ = plague_then_a_computer_turn()
    record = record_of(game)
    news = [f"You looked at rat {n} in Gallia: limit 2, everyone loses 1. " * 3 for n in range(12)]
    embed = secrets_embed(record, record.view(0), RATTUS, news, with_image=False)
    told = [f for f in embed.fields if f.name.startswith("Just now")]
    assert len(told) > 1 and told[1].name == "Just now (continued)"
    assert "\n".join(f.value for f in told).splitlines() == news


def test_a_choice_that_told_nothing_is_confirmed_first_then_what_followed() -> None:
    """Using a card tells nobody anything until its answer: the panel says the choice, then
    the computer's turn that came after it (it used to start with the computer's first line)."""
    game, events = plague_then_a_computer_turn()
    record = record_of(game)
    bobs = [e for e in events if e.public][-6:]
    lines = confirmation(record, [], "Use the King", bobs)
    assert lines[0] == "✅ Use the King"
    assert lines[1:] == [e.text_for(NAMES) for e in bobs]
