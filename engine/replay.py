"""A game's history with undos, and replay files that rebuild a finished game anywhere.

``History`` holds a game and every action that made it. An undo takes back the acting
player's own latest action when nothing hidden was shown, no chance was drawn and nobody
else has decided since (``undo_refusal`` says why not, in words that give nothing away);
the game goes back to exactly the moment before that action, under a new version number.

A replay file (``replay_file``) is JSON: the format and its version, the game's kind, seed,
lobby options and players, and every action in order with its seat and notation (an undo is
the notation ``undo``), plus the final version and a digest of the final saved game.
``replay`` rebuilds it to the identical final state; ``engine.replay_format`` checks a file
before anything is played. docs/replays.md describes the format.

Everything here is pure except ``main``, the command line (``python -m engine.replay FILE``),
which reads the file, prints the log and, with ``--turn N --png out.png``, draws a turn's board.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import games, replay_format
from .contract import CHANCE, REVEAL, Game, action_label, irreversible
from .core import IllegalAction, parse_notation
from .replay_format import FORMAT, FORMAT_VERSION, BadReplay
from .text import N_, Msg, as_msg, msg, verbatim

UNDO = "undo"
"""The notation under which an undo is logged and written in a replay file."""

NOT_YOURS = msg("There is nothing of yours to take back: someone else has decided since.")
REFUSALS = {
    "nothing": msg("There is nothing to take back yet."),
    "over": msg("The game is over: its actions stand."),
    "private": msg("A private answer can't be taken back."),
    "turn": msg("That action ended its turn, so it stands."),
    CHANCE: msg("It drew on chance (a face-down token, a card or a shuffle), so it stands."),
    REVEAL: msg("It showed something that was hidden, so it stands."),
}
"""Why an undo is refused, in words that never say what was drawn or seen."""
NAMED_REFUSALS = {
    "turn": N_("{action}: that ended your turn, so it stands."),
    CHANCE: N_(
        "{action}: it drew on chance (a face-down token, a card or a shuffle), so it stands."
    ),
    "not_yours": N_(
        "There is nothing of yours to take back: someone else has decided since your last "
        "action ({action})."
    ),
}
"""The same refusals naming the player's own action they concern ("Move the plague to
Bulgaria: that ended your turn, so it stands"), for a public action that showed nothing
(``Played.nameable``); a private answer or a secret look is never named."""


def start(kind: str, players: int, options: Mapping[str, Any], seed: int | str) -> Game:
    """A new game of this kind, as the bot deals it (its spec's ``start``)."""
    return games.spec(kind).start(players, options, seed)


def turn_marker(game: Game) -> tuple[Any, Any]:
    """The turn and whose it is: an action may be taken back only within the same turn."""
    header = game.view(None)
    return header["turn"], header["active"]


@dataclass(frozen=True)
class Played:
    """One action that stands: who, what, and the game just before and after it."""

    seat: int
    notation: str
    before: Game
    after: Game

    @property
    def nameable(self) -> bool:
        """Whether the action may be named back to its player anywhere: it answered a public
        decision and showed nothing hidden (a secret look's target stays unsaid)."""
        decision = self.before.decision(self.seat)
        if decision is None or decision.private:
            return False
        return irreversible(self.before, self.after) != REVEAL

    @property
    def label(self) -> Msg:
        """The action in words, as it was offered (``engine.contract.action_label``)."""
        label = action_label(self.before, self.seat, self.notation)
        return verbatim(self.notation) if label is None else as_msg(label)


class History:
    """A game and the actions that made it. ``apply`` plays an action or an undo."""

    def __init__(self, first: Game) -> None:
        self.first = first
        self.game = first
        self.played: list[Played] = []
        """The actions that stand, in order (undone ones are gone)."""
        self.entries: list[tuple[int, str]] = []
        """Every action and undo in the order they came: what a log or replay file lists."""

    def apply(self, seat: int, notation: str) -> Game:
        """Play an action (or ``undo``) for a seat; IllegalAction leaves everything as it was."""
        if notation == UNDO:
            return self.undo(seat)
        before = self.game
        after = before.apply(seat, notation)
        wanted = parse_notation(notation)
        self.played.append(Played(seat, wanted, before, after))
        self.entries.append((seat, wanted))
        self.game = after
        return after

    def undo_refusal(self, seat: int, *, named: bool = False) -> Msg | None:
        """Why ``seat`` may not take back its latest action now, or None if it may; ``named``:
        the reason begins with that action in words (``NAMED_REFUSALS``)."""
        if self.game.is_over:
            return REFUSALS["over"]
        if not self.played:
            return REFUSALS["nothing"]
        last = self.played[-1]
        if last.seat != seat:
            own = next((p for p in reversed(self.played) if p.seat == seat), None)
            if named and own is not None and own.nameable:
                return msg(NAMED_REFUSALS["not_yours"], action=own.label)
            return NOT_YOURS
        decision = last.before.decision(seat)
        why: str | None = None
        if decision is None or decision.private:
            why = "private"
        else:
            why = irreversible(last.before, last.after)
        if why is None and turn_marker(last.before) != turn_marker(self.game):
            why = "turn"
        if why is None:
            return None
        if named and last.nameable:
            return msg(NAMED_REFUSALS[why], action=last.label)
        return REFUSALS[why]

    def undo(self, seat: int, *, named: bool = False) -> Game:
        """Take back ``seat``'s latest action: the game as it was just before it, under the
        next version number. IllegalAction (with ``undo_refusal``'s reason, the action named
        when ``named``) if it may not."""
        why = self.undo_refusal(seat, named=named)
        if why is not None:
            raise IllegalAction(why)
        last = self.played.pop()
        self.game = last.before.renumbered(self.game.version + 1)
        self.entries.append((seat, UNDO))
        return self.game

    def turns(self) -> list[int]:
        """The turn numbers this game went through, in order."""
        seen: list[int] = []
        for game in [self.first, *(p.after for p in self.played)]:
            turn = int(game.view(None)["turn"])
            if not seen or seen[-1] != turn:
                seen.append(turn)
        return seen

    def at_turn(self, turn: int) -> Game:
        """The game at the moment turn ``turn`` ended (the next turn's first moment, or the
        end of the game); ValueError naming the turns there were if it had no such turn."""
        seen = None
        for game in [self.first, *(p.after for p in self.played)]:
            current = int(game.view(None)["turn"])
            if current == turn:
                seen = game
            elif seen is not None:
                return game
        if seen is None:
            turns = self.turns()
            raise ValueError(
                f"There is no turn {turn}: this game has turns {turns[0]}-{turns[-1]}."
            )
        return seen


def replay_actions(first: Game, entries: Iterable[tuple[int, str]]) -> History:
    """The history made by these (seat, notation) entries, undos included, from ``first``."""
    history = History(first)
    for seat, notation in entries:
        history.apply(seat, notation)
    return history


def digest(game: Game) -> str:
    """A short fingerprint of a saved game: equal digests, equal ``to_dict``."""
    text = json.dumps(game.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def replay_file(
    *,
    kind: str,
    seed: int | str,
    options: Mapping[str, Any],
    players: Sequence[Mapping[str, Any]],
    entries: Iterable[tuple[int, str]],
    final: Game,
    game_id: int | None = None,
) -> dict[str, Any]:
    """The replay file of a game (see the module's docstring and docs/replays.md)."""
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": kind,
        "game_id": game_id,
        "seed": seed,
        "options": dict(options),
        "players": [dict(p) for p in players],
        "moves": [{"seat": seat, "notation": notation} for seat, notation in entries],
        "final": {"version": final.version, "sha256": digest(final)},
    }


def replay(data: object) -> History:
    """Rebuild a replay file's game (its decoded JSON, or a ``ReplayFile``). ``BadReplay``
    (a ValueError, one line) for a file this version cannot read, or whose actions do not
    replay."""
    parsed = replay_format.parse(data)
    try:
        first = start(parsed.kind, len(parsed.players), parsed.options, parsed.seed)
    except (ValueError, KeyError, TypeError) as error:
        raise BadReplay(
            f"no {parsed.kind} game of {len(parsed.players)} players can be dealt with these "
            f"options: {_one_line(error)}"
        ) from None
    history = History(first)
    for number, (seat, notation) in enumerate(parsed.moves, start=1):
        try:
            history.apply(seat, notation)
        except IllegalAction as error:
            raise BadReplay(
                f"action {number} ({notation!r} by seat {seat}) does not replay: {_one_line(error)}"
            ) from None
    return history


def _one_line(error: Exception) -> str:
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def matches(history: History, data: object) -> bool:
    """Whether the rebuilt game is the one the file says it ended with."""
    parsed = replay_format.parse(data)
    game = history.game
    return parsed.final_version == game.version and parsed.final_sha256 == digest(game)


def names_of(data: object) -> list[str]:
    return replay_format.parse(data).names


def log_lines(data: object) -> list[str]:
    """What everyone saw, action by action: public event texts only (never a private
    answer's notation or label)."""
    parsed = replay_format.parse(data)
    names = parsed.names
    history = History(start(parsed.kind, len(names), parsed.options, parsed.seed))
    lines = [f"{e.text_for(names)}" for e in history.first.events if e.public]
    for seat, notation in parsed.moves:
        game = history.apply(seat, notation)
        if notation == UNDO:
            lines.append(f"{names[seat]} takes back their last action.")
            continue
        lines += [e.text_for(names) for e in game.events if e.public and e.text]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: replay a file, print its log, draw a turn's board. Any file gets
    one line saying what is wrong with it and a non-zero exit: 2 when it is not a replay
    file that replays, 1 when it replays to another game than its ``final`` says."""
    parser = argparse.ArgumentParser(
        prog="python -m engine.replay", description="Replay a game saved by the bot."
    )
    parser.add_argument("file", help="the replay file (JSON)")
    parser.add_argument("--turn", type=int, help="the turn whose board to draw (as it ended)")
    parser.add_argument("--png", help="where to write that board (PNG)")
    parser.add_argument(
        "--language", default="en", help="the language of the board's words (en, de, ...)"
    )
    parser.add_argument("--quiet", action="store_true", help="do not print the log")
    args = parser.parse_args(argv)
    try:
        with open(args.file, "rb") as handle:
            raw = handle.read(replay_format.MOST_BYTES + 1)
    except OSError as error:
        print(f"Cannot read {args.file}: {error.strerror or error}", file=sys.stderr)
        return 2
    try:
        parsed = replay_format.read(raw)
        history = replay(parsed)
    except BadReplay as error:
        print(f"Cannot replay {args.file}: {error}", file=sys.stderr)
        return 2
    moves, version = len(parsed.moves), history.game.version
    if not matches(history, parsed):
        print(
            f"Cannot trust {args.file}: its {moves} actions replay to a game at version "
            f"{version} that is not the final game it records (version {parsed.final_version}).",
            file=sys.stderr,
        )
        return 1
    if not args.quiet:
        for line in log_lines(parsed):
            print(line)
    print(f"{moves} actions replayed to version {version}: the same final game as recorded.")
    if args.turn is not None:
        try:
            game = history.at_turn(args.turn)
        except ValueError as error:
            print(error, file=sys.stderr)
            return 2
        picture = games.spec(parsed.kind).renderer
        if args.png and not picture:
            print(f"Games of the kind {parsed.kind!r} have no board picture.", file=sys.stderr)
            return 2
        if args.png:
            import render

            names = parsed.names
            view = game.view(None, names=names)
            for player in view["players"]:
                player["name"] = names[int(player["seat"])]
            draw = render.renderer(picture)
            try:
                with open(args.png, "wb") as out:
                    out.write(draw(view, args.language))
            except OSError as error:
                print(f"Cannot write {args.png}: {error.strerror or error}", file=sys.stderr)
                return 2
            print(f"The board as turn {args.turn} ended is in {args.png}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
