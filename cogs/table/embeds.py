"""The embeds the bot posts: lobby, table, game over, status and a player's secrets."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import discord

import lang
from cogs.table.presenters import Presenter, View, plain, player_name
from engine.core import Event, counted
from host import computers
from host.clock_settings import duration_text
from host.clocks import TableClock
from host.models import GameRecord

FIELD_LIMIT = 1024
FIELDS_LIMIT = 25
EMBED_LIMIT = 6000
SHORTEST_FIELD = 40
DESCRIPTION_LIMIT = 4096
BOARD_IMAGE = "attachment://board.png"
RECENT_LINES = 10
TABLE_TEXT = 900
"""The most characters a table message's text takes (embed and call to act) when the game's
presenter draws its players on the picture: a 6-player table with every expansion reads at a
glance, each fact said once (the picture shows the board, the players and the plague's rats)."""
PING_ROOM = 60
"""Room kept for the message's call to act ("@Alice, your move.") within ``TABLE_TEXT``."""


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def lines_block(
    lines: Iterable[str], limit: int = FIELD_LIMIT, *, keep_last: bool = False, where: str = ""
) -> str:
    """Join lines within ``limit`` (a field's, by default). Lines that do not fit are folded,
    never dropped silently: the newest (``keep_last``) or the first lines are kept, and one
    line says how many more there are (and ``where`` to read them, when given)."""
    every = list(lines)
    joined = "\n".join(every)
    if len(joined) <= limit:
        return joined or "—"
    items = list(every)
    while items:
        items = items[1:] if keep_last else items[:-1]
        left = len(every) - len(items)
        word = "earlier line" if keep_last else "more line"
        note = f"… {counted(left, word)} not shown{where}"
        text = "\n".join([note, *items] if keep_last else [*items, note])
        if len(text) <= limit:
            return text
    return clip(joined, limit) or "—"


def fitted(embed: discord.Embed) -> discord.Embed:
    """The embed within Discord's limits of 25 fields and 6000 characters in all: the longest
    field loses its last lines until the whole fits, then the description is cut."""
    while len(embed.fields) > FIELDS_LIMIT:
        embed.remove_field(FIELDS_LIMIT)
    while len(embed) > EMBED_LIMIT:
        excess = len(embed) - EMBED_LIMIT
        index, field = max(enumerate(embed.fields), key=lambda pair: len(pair[1].value or ""))
        value = field.value or ""
        if embed.fields and len(value) > SHORTEST_FIELD:
            shorter = lines_block(value.splitlines(), max(len(value) - excess, SHORTEST_FIELD))
            embed.set_field_at(index, name=field.name, value=shorter, inline=field.inline)
            continue
        description = embed.description or ""
        embed.description = clip(description, max(len(description) - excess, 1))
        if len(embed) > EMBED_LIMIT:
            embed.clear_fields()
    return embed


def jump_url(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    where = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return f"{where}/{message_id}" if message_id else where


def waiting_line(record: GameRecord, view: View, *, live: bool = True) -> str:
    """Who must decide now and what, for the table and status embeds: while only computer
    players decide, that they are thinking (``cogs.table.thinking`` shows their moves as made);
    ``live`` False: a moment of the past (a replay), where nobody is thinking now."""
    thinking = computers.thinking_line(record) if live else None
    if thinking is not None:
        return f"⏳ {thinking}"
    actors = [int(seat) for seat in view.get("actors") or []]
    if view.get("private_waiting"):
        hidden = "The game waits for private answers: whoever is asked was told privately."
        return hidden if not actors else f"{_named_line(view, actors)}\n{hidden}"
    if not actors:
        return "Nobody needs to decide anything right now."
    return _named_line(view, actors)


def _named_line(view: View, actors: list[int]) -> str:
    decision = view.get("decision") or {}
    names = [f"**{player_name(view, seat)}**" for seat in actors]
    prompt = "" if decision.get("private") else str(decision.get("prompt") or "").strip()
    first = f"{names[0]} to decide" + (f": {prompt}" if prompt else ".")
    if len(names) > 1:
        first += f"\nAlso waiting for {', '.join(names[1:])}."
    return first


def happened_fields(
    lines: Sequence[str], title: str = "What just happened"
) -> list[tuple[str, str]]:
    """Every line, oldest first, in as many fields as they need (the later ones titled
    "(continued)")."""
    chunks: list[list[str]] = []
    for line in (clip(line, FIELD_LIMIT) for line in lines):
        if not chunks or len("\n".join([*chunks[-1], line])) > FIELD_LIMIT:
            chunks.append([])
        chunks[-1].append(line)
    names = [title, *[f"{title} (continued)"] * len(chunks)]
    return [(name, "\n".join(chunk)) for name, chunk in zip(names, chunks, strict=False)]


def latest_lines(lines: Sequence[str], room: int, kind: str) -> str:
    """The newest lines that fit in ``room`` characters, oldest first, a line said several
    times in a row said once with its count ("(×2)"); when older ones do not fit, a first
    line says how many and where to read them."""
    every: list[str] = []
    repeats: list[int] = []
    for line in lines:
        if every and line == every[-1]:
            repeats[-1] += 1
        else:
            every.append(line)
            repeats.append(1)
    every = [
        clip(line if times == 1 else f"{line} (×{times})", FIELD_LIMIT)
        for line, times in zip(every, repeats, strict=True)
    ]
    kept: list[str] = []
    for line in reversed(every):
        left = len(every) - len(kept) - 1
        note = f"… {counted(left, 'earlier line')}: `/{kind} log`" if left else ""
        if kept and len("\n".join([note, line, *kept])) > room:
            break
        kept.insert(0, line)
    if not kept:
        return "—"
    if len(kept) < len(every):
        note = f"… {counted(len(every) - len(kept), 'earlier line')}: `/{kind} log`"
        kept.insert(0, note)
    text = "\n".join(kept)
    return text if len(text) <= FIELD_LIMIT else lines_block(kept, keep_last=True)


def deadline_line(record: GameRecord, clock: TableClock | None) -> str:
    """When the deciders' time runs out, as Discord timestamps each reader sees in their own
    time; a private question's deadline without naming who is asked."""
    if clock is None or not clock.deadlines:
        return ""
    public = [seat for seat in record.public_actors() if seat in clock.deadlines]
    hidden = [due for seat, due in clock.deadlines.items() if seat not in public]
    parts = [f"{plain(record.name_of(seat))} {when(clock.deadlines[seat])}" for seat in public]
    if len(parts) == 1 and not hidden:
        parts = [f"time runs out {when(clock.deadlines[public[0]])}"]
    if hidden:
        parts.append(f"private answers {when(min(hidden))}")
    return "⏰ " + ", ".join(parts)


def away_line(record: GameRecord, clock: TableClock | None) -> str:
    """Who is away (their clocks frozen) and until when."""
    if clock is None or not clock.away:
        return ""
    parts = [
        f"{plain(record.name_of(seat))} until {when(until)}"
        for seat, until in sorted(clock.away.items())
    ]
    return "💤 Away, clocks stopped: " + ", ".join(parts)


def bank_line(record: GameRecord, clock: TableClock | None) -> str:
    """Each person's time bank (a daily timer), in seat order; the deciders' is running."""
    if clock is None or not clock.banks:
        return ""
    return " · ".join(
        f"{plain(record.name_of(seat))} {duration_text(left)}"
        for seat, left in sorted(clock.banks.items())
    )


def when(at: float) -> str:
    """A moment as Discord shows it to each reader in their own time ("in 5 minutes")."""
    return f"<t:{int(at)}:R>"


def table_embed(
    record: GameRecord,
    view: View,
    presenter: Presenter,
    *,
    with_image: bool = True,
    moves: Sequence[str] | None = None,
    clock: TableClock | None = None,
    recent: Sequence[str] | None = None,
    live: bool = True,
) -> discord.Embed:
    """The table: who decides what and by when, the latest moves, what the picture cannot
    show. At most ``TABLE_TEXT`` characters: the picture carries the board and the players.

    ``recent``, when given, are the latest actions' lines from the action log (plain text, each
    with the names of the moment it was played), shown instead of the game's own log, whose
    names are the seats' holders now. ``moves``, when given, replaces them: a person's action
    and every computer move after it (the newest that fit, and how many more the log has)."""
    if recent is None:
        recent = [plain(str(line)) for line in view.get("log") or []][-RECENT_LINES:]
    waiting = waiting_line(record, view, live=live)
    deadline = deadline_line(record, clock)
    lines = [line for line in (waiting, deadline, away_line(record, clock)) if line]
    embed = discord.Embed(
        title=f"{presenter.title} · game #{record.id} · {presenter.stage_line(view)}",
        description=clip("\n".join(lines), DESCRIPTION_LIMIT),
        colour=presenter.colour,
    )
    for name, value in presenter.extra_fields(view):
        embed.add_field(name=clip(name, 256), value=lines_block(value.splitlines()), inline=False)
    players = presenter.players_lines(view) if presenter.table_players else []
    if players:
        embed.add_field(name="Players", value=lines_block(players), inline=False)
    banks = bank_line(record, clock)
    if banks:
        embed.add_field(name="Time banks", value=clip(banks, FIELD_LIMIT), inline=False)
    if with_image:
        embed.set_image(url=BOARD_IMAGE)
    embed.set_footer(text=f"Move {record.version} · /{record.kind} hand: your secrets")
    lines = list(moves or recent)
    if lines:
        name = "What just happened"
        room = FIELD_LIMIT
        if not presenter.table_players:
            room = max(SHORTEST_FIELD * 4, TABLE_TEXT - PING_ROOM - len(embed) - len(name))
        shown = latest_lines(lines, min(room, FIELD_LIMIT), record.kind)
        embed.insert_field_at(0, name=name, value=shown, inline=False)
    return fitted(embed)


RETIRED_TEXT = 700
"""The most characters of what a retired table message says was played."""


def retired_embed(
    record: GameRecord, presenter: Presenter, stage: str | None, lines: Sequence[str], after: str
) -> discord.Embed:
    """What a table message says once a newer one replaces it (or the game ends): the stage
    it showed ("Turn 11") and what was played then, with no call to act and no controls,
    so a channel scrolled back reads as a history, not as stale questions."""
    embed = discord.Embed(
        title=f"{presenter.title} · game #{record.id} · {stage or 'an earlier table'}",
        description=latest_lines(lines, RETIRED_TEXT, record.kind) if lines else None,
        colour=presenter.colour,
    )
    embed.set_image(url=BOARD_IMAGE)
    embed.set_footer(text=after)
    return fitted(embed)


def final_embed(
    record: GameRecord, view: View, presenter: Presenter, moves: Sequence[str] | None = None
) -> discord.Embed:
    """The result; ``moves``: the computer moves that ended the game (see ``table_embed``)."""
    outcome = presenter.outcome_lines(view)
    winners = [player_name(view, int(seat)) for seat in view.get("winners") or []]
    headline = (
        f"{' and '.join(winners)} {'wins' if len(winners) == 1 else 'win'}!"
        if winners
        else "The game is over."
    )
    embed = discord.Embed(
        title=f"{presenter.title} · game #{record.id} · game over",
        description=headline,
        colour=presenter.colour,
    )
    for name, value in happened_fields(moves or []):
        embed.add_field(name=name, value=value, inline=False)
    if outcome:
        embed.add_field(name="Final scores", value=lines_block(outcome), inline=False)
    embed.set_image(url=BOARD_IMAGE)
    embed.set_footer(text=f"Game #{record.id} is finished and kept · /{record.kind} log")
    return fitted(embed)


def lobby_embed(
    record: GameRecord,
    presenter: Presenter,
    options_text: str,
    link: str | None = None,
    language: str = lang.DEFAULT,
) -> discord.Embed:
    """The lobby message in the table's language: who gathers, who has joined, the options."""
    tr = lang.texts(language)
    most = record.options.get("players")
    seats = "\n".join(
        tr("{number}. {name} (host)", number=index, name=plain(seat.name))
        if seat.user_id == record.host_user_id
        else tr("{number}. {name}", number=index, name=plain(seat.name))
        for index, seat in enumerate(record.seats, start=1)
    )
    embed = discord.Embed(
        title=tr("{game} · game #{number} · lobby", game=presenter.title, number=record.id),
        description=lobby_headline(record, link, tr),
        colour=presenter.colour,
    )
    embed.add_field(name=tr("Options"), value=clip(options_text or tr("Defaults"), FIELD_LIMIT))
    count = len(record.seats)
    embed.add_field(
        name=tr("Players ({n} of at most {most})", n=count, most=most)
        if isinstance(most, int)
        else tr("Players ({n})", n=count),
        value=seats or tr("Nobody yet"),
        inline=False,
    )
    return fitted(embed)


def lobby_headline(record: GameRecord, link: str | None, tr: lang.Texts) -> str:
    """What the lobby says of its game: who gathers players, or how the game went on."""
    if record.status == "lobby":
        host, join, add_ai = (
            f"<@{record.host_user_id}>",
            f"`/{record.kind} join`",
            f"`/{record.kind} add-ai`",
        )
        return tr(
            "{host} is gathering players. Join with the button or {join}; add computer players "
            "with their buttons or {add_ai}; the host starts the game.",
            host=host,
            join=join,
            add_ai=add_ai,
        )
    if record.status == "running":
        if link:
            return tr("The game has started: [go to the table]({link}).", link=link)
        return tr("The game has started: the table is below.")
    if record.status == "finished":
        if link:
            return tr("This game is finished: [see the result]({link}).", link=link)
        return tr("This game is finished.")
    if record.game is None:
        return tr("This game was cancelled.")
    return tr("This game was abandoned before its end.")


def status_embed(
    record: GameRecord,
    view: View | None,
    presenter: Presenter,
    table_url: str | None,
) -> discord.Embed:
    """A text-only summary: cheap enough for every stale click."""
    if record.status == "lobby" or view is None:
        description = f"Game #{record.id} is a lobby with {len(record.seats)} players."
    elif record.status == "running":
        description = waiting_line(record, view)
    else:
        description = f"Game #{record.id} is {record.status}."
    embed = discord.Embed(
        title=f"{presenter.title} · game #{record.id}"
        + (f" · {presenter.stage_line(view)}" if view is not None else ""),
        description=clip(description, DESCRIPTION_LIMIT),
        colour=presenter.colour,
    )
    if view is not None:
        if record.status == "finished":
            outcome = presenter.outcome_lines(view)
            if outcome:
                embed.add_field(name="Final scores", value=lines_block(outcome), inline=False)
        players = presenter.players_lines(view)
        if players:
            embed.add_field(name="Players", value=lines_block(players), inline=False)
    if table_url:
        embed.add_field(name="Table", value=f"[Jump to the table]({table_url})", inline=False)
    embed.set_footer(text=f"Game #{record.id} · move {record.version}")
    return fitted(embed)


def secrets_embed(
    record: GameRecord,
    view: View,
    presenter: Presenter,
    news: Sequence[str] = (),
    *,
    with_image: bool = True,
    news_title: str = "Just now",
) -> discord.Embed:
    """What one player alone may see: new private events (under ``news_title``), then
    everything they know."""
    embed = discord.Embed(
        title=f"{presenter.title} · game #{record.id} · only for you",
        colour=presenter.colour,
    )
    for name, value in happened_fields(news, news_title):
        embed.add_field(name=name, value=value, inline=False)
    known = presenter.secret_lines(view)
    embed.add_field(
        name="What you know",
        value=lines_block(known) if known else "Nothing hidden from the others yet.",
        inline=False,
    )
    if with_image:
        embed.set_image(url=BOARD_IMAGE)
    return fitted(embed)


def seat_names(record: GameRecord) -> list[str]:
    return [record.name_of(seat) for seat in range(len(record.seats))]


def event_texts(events: Iterable[Event], record: GameRecord) -> list[str]:
    """The events' texts with players named as the table knows them."""
    names = seat_names(record)
    return [plain(text) for text in (event.text_for(names) for event in events) if text]
