"""The embeds the bot posts: lobby, table, game over, status and a player's secrets."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import discord
from discord.utils import escape_markdown

import lang
from cogs.table.presenters import ENGLISH, Presenter, View, listed, plain, player_name, said
from engine.core import Event
from engine.text import as_msg
from host import computers
from host.clock_settings import duration_text
from host.clocks import TableClock
from host.models import GameRecord
from host.rating import shown
from host.stats_tables import PlayerLine

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


Note = Callable[[int], str]
"""The line that says how many lines were folded, for that many (in the reader's language)."""


def lines_block(
    lines: Iterable[str],
    limit: int = FIELD_LIMIT,
    *,
    keep_last: bool = False,
    tr: lang.Texts = ENGLISH,
    note: Note | None = None,
) -> str:
    """Join lines within ``limit`` (a field's, by default). Lines that do not fit are folded,
    never dropped silently: the newest (``keep_last``) or the first lines are kept, and one
    line says how many more there are (``note``, when given: also where to read them)."""
    every = list(lines)
    joined = "\n".join(every)
    if len(joined) <= limit:
        return joined or "—"
    if note is None:
        note = (
            (
                lambda n: tr.plural(
                    "… {n} earlier line not shown", "… {n} earlier lines not shown", n
                )
            )
            if keep_last
            else (lambda n: tr.plural("… {n} more line not shown", "… {n} more lines not shown", n))
        )
    items = list(every)
    while items:
        items = items[1:] if keep_last else items[:-1]
        said_left = note(len(every) - len(items))
        text = "\n".join([said_left, *items] if keep_last else [*items, said_left])
        if len(text) <= limit:
            return text
    return clip(joined, limit) or "—"


def fitted(embed: discord.Embed, tr: lang.Texts = ENGLISH) -> discord.Embed:
    """The embed within Discord's limits of 25 fields and 6000 characters in all: the longest
    field loses its last lines until the whole fits, then the description is cut."""
    while len(embed.fields) > FIELDS_LIMIT:
        embed.remove_field(FIELDS_LIMIT)
    while len(embed) > EMBED_LIMIT:
        excess = len(embed) - EMBED_LIMIT
        index, field = max(enumerate(embed.fields), key=lambda pair: len(pair[1].value or ""))
        value = field.value or ""
        if embed.fields and len(value) > SHORTEST_FIELD:
            room = max(len(value) - excess, SHORTEST_FIELD)
            shorter = lines_block(value.splitlines(), room, tr=tr)
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


def waiting_line(
    record: GameRecord, view: View, *, live: bool = True, tr: lang.Texts = ENGLISH
) -> str:
    """Who must decide now and what, for the table and status embeds: while only computer
    players decide, that they are thinking (``cogs.table.thinking`` shows their moves as made);
    ``live`` False: a moment of the past (a replay), where nobody is thinking now."""
    thinking = computers.thinking_line(record) if live else None
    if thinking is not None:
        return f"⏳ {tr.say(thinking)}"
    actors = [int(seat) for seat in view.get("actors") or []]
    if view.get("private_waiting"):
        hidden = tr("The game waits for private answers: whoever is asked was told privately.")
        return hidden if not actors else f"{_named_line(view, actors, tr)}\n{hidden}"
    if not actors:
        return tr("Nobody needs to decide anything right now.")
    return _named_line(view, actors, tr)


def _named_line(view: View, actors: list[int], tr: lang.Texts) -> str:
    decision = view.get("decision") or {}
    names = [f"**{player_name(view, seat, tr)}**" for seat in actors]
    prompt = "" if decision.get("private") else said(decision.get("prompt") or "", tr).strip()
    if prompt:
        first = tr("{player} to decide: {prompt}", player=names[0], prompt=prompt)
    else:
        first = tr("{player} to decide.", player=names[0])
    if len(names) > 1:
        first += "\n" + tr("Also waiting for {players}.", players=", ".join(names[1:]))
    return first


def happened_fields(
    lines: Sequence[str], title: str | None = None, tr: lang.Texts = ENGLISH
) -> list[tuple[str, str]]:
    """Every line, oldest first, in as many fields as they need (the first titled ``title``,
    by default "What just happened"; the later ones "(continued)")."""
    title = title or tr("What just happened")
    chunks: list[list[str]] = []
    for line in (clip(line, FIELD_LIMIT) for line in lines):
        if not chunks or len("\n".join([*chunks[-1], line])) > FIELD_LIMIT:
            chunks.append([])
        chunks[-1].append(line)
    names = [title, *[tr("{title} (continued)", title=title)] * len(chunks)]
    return [(name, "\n".join(chunk)) for name, chunk in zip(names, chunks, strict=False)]


def latest_lines(lines: Sequence[str], room: int, kind: str, tr: lang.Texts = ENGLISH) -> str:
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
    log = f"`/{kind} log`"

    def earlier(n: int) -> str:
        return tr.plural(
            "… {n} earlier line: {command}", "… {n} earlier lines: {command}", n, command=log
        )

    kept: list[str] = []
    for line in reversed(every):
        left = len(every) - len(kept) - 1
        note = earlier(left) if left else ""
        if kept and len("\n".join([note, line, *kept])) > room:
            break
        kept.insert(0, line)
    if not kept:
        return "—"
    if len(kept) < len(every):
        kept.insert(0, earlier(len(every) - len(kept)))
    text = "\n".join(kept)
    return text if len(text) <= FIELD_LIMIT else lines_block(kept, keep_last=True, tr=tr)


def deadline_line(record: GameRecord, clock: TableClock | None, tr: lang.Texts = ENGLISH) -> str:
    """When the deciders' time runs out, as Discord timestamps each reader sees in their own
    time; a private question's deadline without naming who is asked."""
    if clock is None or not clock.deadlines:
        return ""
    public = [seat for seat in record.public_actors() if seat in clock.deadlines]
    hidden = [due for seat, due in clock.deadlines.items() if seat not in public]
    parts = [
        tr("{player} {when}", player=plain(record.name_of(seat)), when=when(clock.deadlines[seat]))
        for seat in public
    ]
    if len(parts) == 1 and not hidden:
        parts = [tr("time runs out {when}", when=when(clock.deadlines[public[0]]))]
    if hidden:
        parts.append(tr("private answers {when}", when=when(min(hidden))))
    return "⏰ " + ", ".join(parts)


def away_line(record: GameRecord, clock: TableClock | None, tr: lang.Texts = ENGLISH) -> str:
    """Who is away (their clocks frozen) and until when."""
    if clock is None or not clock.away:
        return ""
    parts = [
        tr("{player} until {when}", player=plain(record.name_of(seat)), when=when(until))
        for seat, until in sorted(clock.away.items())
    ]
    return "💤 " + tr("Away, clocks stopped: {players}", players=", ".join(parts))


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
    presenter: Presenter[Any],
    *,
    with_image: bool = True,
    moves: Sequence[str] | None = None,
    clock: TableClock | None = None,
    recent: Sequence[str] | None = None,
    live: bool = True,
    language: str = lang.DEFAULT,
) -> discord.Embed:
    """The table in ``language`` (the table's): who decides what and by when, the latest
    moves, what the picture cannot show. At most ``TABLE_TEXT`` characters: the picture
    carries the board and the players.

    ``recent``, when given, are the latest actions' lines from the action log (plain text, each
    with the names of the moment it was played), shown instead of the game's own log, whose
    names are the seats' holders now. ``moves``, when given, replaces them: a person's action
    and every computer move after it (the newest that fit, and how many more the log has)."""
    tr = lang.texts(language)
    if recent is None:
        recent = [plain(said(line, tr)) for line in view.get("log") or []][-RECENT_LINES:]
    waiting = waiting_line(record, view, live=live, tr=tr)
    deadline = deadline_line(record, clock, tr)
    lines = [line for line in (waiting, deadline, away_line(record, clock, tr)) if line]
    embed = discord.Embed(
        title=tr(
            "{game} · game #{number} · {stage}",
            game=presenter.title,
            number=record.id,
            stage=presenter.stage_line(view, tr),
        ),
        description=clip("\n".join(lines), DESCRIPTION_LIMIT),
        colour=presenter.colour,
    )
    for name, value in presenter.extra_fields(view, tr):
        value = lines_block(value.splitlines(), tr=tr)
        embed.add_field(name=clip(name, 256), value=value, inline=False)
    players = presenter.players_lines(view, tr) if presenter.table_players else []
    if players:
        embed.add_field(name=tr("Players"), value=lines_block(players, tr=tr), inline=False)
    banks = bank_line(record, clock)
    if banks:
        embed.add_field(name=tr("Time banks"), value=clip(banks, FIELD_LIMIT), inline=False)
    if with_image:
        embed.set_image(url=BOARD_IMAGE)
    embed.set_footer(
        text=tr(
            "Move {number} · {command}: your secrets",
            number=record.version,
            command=f"/{record.kind} hand",
        )
    )
    lines = list(moves or recent)
    if lines:
        name = tr("What just happened")
        room = FIELD_LIMIT
        if not presenter.table_players:
            room = max(SHORTEST_FIELD * 4, TABLE_TEXT - PING_ROOM - len(embed) - len(name))
        shown = latest_lines(lines, min(room, FIELD_LIMIT), record.kind, tr)
        embed.insert_field_at(0, name=name, value=shown, inline=False)
    return fitted(embed, tr)


RETIRED_TEXT = 700
"""The most characters of what a retired table message says was played."""


def retired_embed(
    record: GameRecord,
    presenter: Presenter[Any],
    stage: str | None,
    lines: Sequence[str],
    after: str,
    language: str = lang.DEFAULT,
) -> discord.Embed:
    """What a table message says once a newer one replaces it (or the game ends): the stage
    it showed ("Turn 11") and what was played then, with no call to act and no controls,
    so a channel scrolled back reads as a history, not as stale questions."""
    tr = lang.texts(language)
    embed = discord.Embed(
        title=tr(
            "{game} · game #{number} · {stage}",
            game=presenter.title,
            number=record.id,
            stage=stage or tr("an earlier table"),
        ),
        description=latest_lines(lines, RETIRED_TEXT, record.kind, tr) if lines else None,
        colour=presenter.colour,
    )
    embed.set_image(url=BOARD_IMAGE)
    embed.set_footer(text=after)
    return fitted(embed, tr)


def final_embed(
    record: GameRecord,
    view: View,
    presenter: Presenter[Any],
    moves: Sequence[str] | None = None,
    language: str = lang.DEFAULT,
) -> discord.Embed:
    """The result; ``moves``: the computer moves that ended the game (see ``table_embed``)."""
    tr = lang.texts(language)
    outcome = presenter.outcome_lines(view, tr)
    winners = [player_name(view, int(seat), tr) for seat in view.get("winners") or []]
    if len(winners) == 1:
        headline = tr("{player} wins!", player=winners[0])
    elif winners:
        headline = tr("{players} win!", players=listed(winners, tr))
    else:
        headline = tr("The game is over.")
    embed = discord.Embed(
        title=tr("{game} · game #{number} · game over", game=presenter.title, number=record.id),
        description=headline,
        colour=presenter.colour,
    )
    for name, value in happened_fields(moves or [], tr=tr):
        embed.add_field(name=name, value=value, inline=False)
    if outcome:
        embed.add_field(name=tr("Final scores"), value=lines_block(outcome, tr=tr), inline=False)
    kept = tr(
        "Game #{number} is finished and kept · {command}",
        number=record.id,
        command=f"/{record.kind} log",
    )
    embed.set_image(url=BOARD_IMAGE)
    embed.set_footer(text=kept)
    return fitted(embed, tr)


def lobby_embed(
    record: GameRecord,
    presenter: Presenter[Any],
    options_text: str,
    link: str | None = None,
    language: str = lang.DEFAULT,
) -> discord.Embed:
    """The lobby message in the table's language: who gathers, who has joined, the options."""
    tr = lang.texts(language)
    most = record.options.get("players")
    seats = "\n".join(
        tr("{number}. {name} (host)", number=index, name=plain(seat.name_in(language)))
        if seat.user_id == record.host_user_id
        else tr("{number}. {name}", number=index, name=plain(seat.name_in(language)))
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
    return fitted(embed, tr)


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
    presenter: Presenter[Any],
    table_url: str | None,
    language: str = lang.DEFAULT,
) -> discord.Embed:
    """A text-only summary: cheap enough for every stale click."""
    tr = lang.texts(language)
    if record.status == "lobby" or view is None:
        description = tr.plural(
            "Game #{number} is a lobby with {n} player.",
            "Game #{number} is a lobby with {n} players.",
            len(record.seats),
            number=record.id,
        )
    elif record.status == "running":
        description = waiting_line(record, view, tr=tr)
    else:
        description = game_state(record, tr)
    title = tr("{game} · game #{number}", game=presenter.title, number=record.id)
    if view is not None:
        title = tr(
            "{game} · game #{number} · {stage}",
            game=presenter.title,
            number=record.id,
            stage=presenter.stage_line(view, tr),
        )
    embed = discord.Embed(
        title=title, description=clip(description, DESCRIPTION_LIMIT), colour=presenter.colour
    )
    if view is not None:
        if record.status == "finished":
            outcome = presenter.outcome_lines(view, tr)
            if outcome:
                value = lines_block(outcome, tr=tr)
                embed.add_field(name=tr("Final scores"), value=value, inline=False)
        players = presenter.players_lines(view, tr)
        if players:
            embed.add_field(name=tr("Players"), value=lines_block(players, tr=tr), inline=False)
    if table_url:
        link = tr("[Jump to the table]({link})", link=table_url)
        embed.add_field(name=tr("Table"), value=link, inline=False)
    embed.set_footer(text=tr("Game #{number} · move {move}", number=record.id, move=record.version))
    return fitted(embed, tr)


def game_state(record: GameRecord, tr: lang.Texts = ENGLISH) -> str:
    """What became of a game, in one sentence ("Game #4 is finished.")."""
    if record.status == "lobby":
        return tr("Game #{number} is a lobby.", number=record.id)
    if record.status == "running":
        return tr("Game #{number} is running.", number=record.id)
    if record.status == "finished":
        return tr("Game #{number} is finished.", number=record.id)
    return tr("Game #{number} is abandoned.", number=record.id)


def secrets_embed(
    record: GameRecord,
    view: View,
    presenter: Presenter[Any],
    news: Sequence[str] = (),
    *,
    with_image: bool = True,
    news_title: str | None = None,
    language: str = lang.DEFAULT,
) -> discord.Embed:
    """What one player alone may see, in their ``language``: new private events (under
    ``news_title``, by default "Just now"), then everything they know."""
    tr = lang.texts(language)
    embed = discord.Embed(
        title=tr("{game} · game #{number} · only for you", game=presenter.title, number=record.id),
        colour=presenter.colour,
    )
    for name, value in happened_fields(news, news_title or tr("Just now"), tr):
        embed.add_field(name=name, value=value, inline=False)
    known = presenter.secret_lines(view, tr)
    embed.add_field(
        name=tr("What you know"),
        value=lines_block(known, tr=tr) if known else tr("Nothing hidden from the others yet."),
        inline=False,
    )
    if with_image:
        embed.set_image(url=BOARD_IMAGE)
    return fitted(embed, tr)


def seat_names(record: GameRecord) -> list[str]:
    return [record.name_of(seat) for seat in range(len(record.seats))]


def event_texts(
    events: Iterable[Event], record: GameRecord, language: str = lang.DEFAULT
) -> list[str]:
    """The events' texts in ``language``, players named as the table knows them."""
    names = seat_names(record)
    texts = [lang.say(event.shown, language, names) for event in events]
    return [plain(text) for text in texts if text]


def add_ratings(
    embed: discord.Embed,
    changes: Sequence[tuple[PlayerLine, float, float]],
    language: str = lang.DEFAULT,
) -> None:
    """The end-of-game message's line per rated player (``host.stats.rating_changes``): their
    rating in this server and how much this game moved it (nothing for a game not rated), in
    the table's ``language``."""
    if not changes:
        return
    tr = lang.texts(language)
    lines = [
        f"{escape_markdown(clip(tr.say(as_msg(x.said)), 60))}: {tr.decimal(shown(after))} "
        f"({tr.decimal(shown(after) - shown(before), signed=True)})"
        + (" · " + tr("left") if x.left else "")
        for x, before, after in changes
    ]
    embed.add_field(name=tr("Ratings"), value=lines_block(lines, tr=tr), inline=False)
