"""Who must decide what now: the one reading of a game's moment that the service applies
before an action and the Discord side shows on buttons, panels and mentions.

Everything here works on a loaded ``GameRecord`` and asks the engine game only through its
contract (``actors``, ``decision``, ``legal_actions``); ``GameService`` offers it to callers,
so the seat check that guards ``act`` is the same one that decides who sees which buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine import contract
from engine.contract import Game
from engine.core import Action, Decision
from engine.text import Msg, Param, Text, msg, with_names
from host import computers
from host.errors import NotSeated, NotYourTurn, UserError
from host.models import GameRecord


@dataclass(frozen=True)
class Turn:
    """A game's moment as one user sees it."""

    running: bool  # the game is dealt and not over or abandoned
    actors: tuple[int, ...]  # every seat that must decide now
    waiting: Msg  # whom the game waits for, in words the user may read ("Anna and Ben")
    seat: int | None  # the user's seat; None when not seated
    decision: Decision | None  # what the user decides now, when it is their move
    actions: tuple[Action, ...]  # the user's legal actions now
    stood_in: bool = False  # a computer plays the user's seat for now

    @property
    def is_theirs(self) -> bool:
        """The user is among the seats that must decide now (and plays their seat)."""
        return self.seat is not None and self.seat in self.actors and not self.stood_in


def running_game(record: GameRecord) -> Game:
    """The engine game of a running record; UserError saying why there is none."""
    if record.status == "lobby":
        raise UserError(msg("Game #{number} has not started yet.", number=record.id))
    if record.status != "running" or record.game is None:
        if record.status == "finished":
            raise UserError(msg("Game #{number} is over.", number=record.id))
        raise UserError(msg("Game #{number} is abandoned.", number=record.id))
    return record.game


def actors(record: GameRecord) -> tuple[int, ...]:
    """The seats that must decide now (none unless the game is running)."""
    if record.status != "running" or record.game is None:
        return ()
    return tuple(record.game.actors())


def named_action(action: Action, names: Sequence[Param]) -> Action:
    """The action with players named in its label, still a text in no language
    (``engine.text.with_names``): shown in the reader's language where it is shown."""
    return replace(action, label=with_names(action.label, names))


def named_decision(decision: Decision | None, names: Sequence[Param]) -> Decision | None:
    """The decision with players named in its prompt and in its pick's items (texts in no
    language, as ``named_action``)."""
    if decision is None:
        return None
    pick = decision.pick
    if pick is not None:
        groups = tuple(
            replace(
                g,
                label=with_names(g.label, names),
                item=None if g.item is None else with_names(g.item, names),
                place=None if g.place is None else with_names(g.place, names),
            )
            for g in pick.groups
        )
        pick = replace(pick, groups=groups)
    return replace(decision, prompt=with_names(decision.prompt, names), pick=pick)


def legal_actions(game: Game, seat: int, names: Sequence[Param]) -> list[Action]:
    """The seat's legal actions, players named in their labels: what people read."""
    return [named_action(action, names) for action in game.legal_actions(seat)]


def decision_of(game: Game, seat: int, names: Sequence[Param]) -> Decision | None:
    """The seat's decision, players named in its prompt: what people read."""
    return named_decision(game.decision(seat), names)


def action_label(game: Game, seat: int, notation: str, names: Sequence[Param]) -> Text | None:
    """How a chosen action reads, players named, in no language yet
    (``engine.contract.action_label``: a chain's parts as the panel offers them, a pick's
    items in words); None if it is not allowed."""
    label = contract.action_label(game, seat, notation)
    return None if label is None else with_names(label, names)


def turn_of(record: GameRecord, user_id: int) -> Turn:
    """Where the game stands for this user: never raises."""
    game = record.game if record.status == "running" else None
    seat = record.seat_of(user_id)
    deciding = actors(record)
    stood_in = seat is not None and record.player_of(seat) is None
    decision: Decision | None = None
    actions: tuple[Action, ...] = ()
    if game is not None and seat is not None and seat in deciding and not stood_in:
        decision = decision_of(game, seat, record.seat_names())
        actions = tuple(legal_actions(game, seat, record.seat_names()))
    return Turn(
        running=game is not None,
        actors=deciding,
        waiting=record.waiting_for(seat),
        seat=seat,
        decision=decision,
        actions=actions,
        stood_in=stood_in,
    )


def seat_to_act(record: GameRecord, user_id: int) -> int:
    """The user's seat when they must decide now, or the UserError that says why not."""
    running_game(record)
    seat = record.seat_of(user_id)
    if seat is None:
        raise NotSeated(msg("You are not in this game."))
    if record.player_of(seat) is None:
        raise UserError(
            msg(
                "A computer player is playing your seat in game #{number} for now: take it back "
                "with {command}.",
                number=record.id,
                command=f"`/{record.kind} seat back`",
            )
        )
    deciding = actors(record)
    if seat not in deciding:
        thinking = computers.thinking_line(record, still=True)
        if thinking is not None:
            raise NotYourTurn(msg("{thinking}: it's not your turn yet.", thinking=thinking))
        raise NotYourTurn(
            msg("It's not your turn: waiting for {players}.", players=record.waiting_for())
        )
    return seat


def require_turn(record: GameRecord, user_id: int) -> Turn:
    """The user's turn, or the UserError that says why they cannot act now."""
    seat_to_act(record, user_id)
    return turn_of(record, user_id)


def people_to_move(record: GameRecord) -> list[int]:
    """The user ids of the people (not computer players) who must decide now."""
    users = [record.player_of(seat) for seat in actors(record)]
    return [user for user in users if user is not None]


def actions_of(record: GameRecord, seats: Sequence[int] | None = None) -> dict[int, list[Action]]:
    """The legal actions of the given seats (default: every actor played by a person)."""
    game = record.game
    if record.status != "running" or game is None:
        return {}
    chosen = actors(record) if seats is None else tuple(seats)
    return {
        seat: legal_actions(game, seat, record.seat_names())
        for seat in chosen
        if record.player_of(seat) is not None and seat in actors(record)
    }


def decider_marks(record: GameRecord) -> dict[int, str]:
    """Each seat a person decides for now, marked with whether its decision is private: a
    seat is told again when the kind of its decision changes (see ``new_deciders``)."""
    private = set(record.private_actors())
    deciding = [] if record.game is None or record.status != "running" else record.game.actors()
    return {
        seat: f"{seat}:{'private' if seat in private else 'public'}"
        for seat in deciding
        if record.player_of(seat) is not None
    }
