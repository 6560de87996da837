"""A tiny counting game made on the engine kernel, registered as the kind "count".

Seats take turns. On your turn you may add 1, 2 or 3 to the shared total (at most once) and
then say "done". Each add deals you a secret number from the seeded Rng (a private event and a
secret in your view). The game ends when the total reaches the target; the seat that reached
it wins. Small, but it has everything the host handles: turns with several steps, private
events, seeded chance, a saved form and an outcome.

It is made as every game is (docs/engine.md, "Adding a game"): a state dataclass, one step
kind on the kernel's step machine, a view, an outcome and a disclosure gathered in ``RULES``,
and one ``GameSpec`` (``SPEC``, registered with ``engine.games.register`` by
tests/conftest.py). It has no computer player of its own, so the default one (a random legal
action) plays it, and the contract suite (tests/engine/test_game_contract.py) runs it like
every registered game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from engine import kernel
from engine.contract import Disclosure, Game, Outcome, StartOption
from engine.core import Action, Event, IllegalAction, Rng, text_json
from engine.spec import GameSpec
from engine.text import Seat, msg, with_names
from host.errors import UserError
from host.kinds import GameKind
from tests.host.counting_view import CountView


@dataclass
class CountState:
    players: int
    target: int
    adds: list[int]  # how much each seat has added in all
    secrets: list[int | None]  # each seat's latest secret number
    rng: int
    total: int = 0
    turn: int = 1
    active: int = 0
    added: bool = False
    version: int = 0
    winner: int | None = None
    log: list[kernel.LogLine] = field(default_factory=list)  # the latest public event texts
    stack: list[kernel.Frame] = field(default_factory=list)  # not saved: the turn to play

    @property
    def status(self) -> str:
        return "over" if self.winner is not None else "playing"

    def colour(self, seat: int) -> str:
        return f"Seat {seat + 1}"

    def seat_names(self) -> tuple[str, ...]:
        return tuple(self.colour(seat) for seat in range(self.players))

    def colour_names(self) -> list[str]:
        return list(self.seat_names())

    def clone(self) -> CountState:
        stack = [dict(f) for f in self.stack]
        return replace(
            self, adds=[*self.adds], secrets=[*self.secrets], log=[*self.log], stack=stack
        )

    def to_dict(self) -> dict[str, Any]:
        saved = {k: v for k, v in vars(self).items() if k != "stack"}
        out = {**saved, "adds": list(self.adds), "secrets": list(self.secrets)}
        return {**out, "log": kernel.logged(self.log)}


class CountCtx(kernel.Ctx[CountState]):
    LOG_KEEP: ClassVar[int] = 5


STEPS: kernel.Steps[CountState, CountCtx] = kernel.Steps()
DONE = Action("done", msg("End your turn"), ends_turn=True)


def _turn_options(s: CountState, f: kernel.Frame, seat: int) -> list[Action]:
    adds = [] if s.added else [Action(f"add:{n}", msg("Add {n}", n=n)) for n in (1, 2, 3)]
    return [*adds, DONE]


def _turn_act(ctx: CountCtx, f: kernel.Frame, seat: int, a: Action) -> None:
    s = ctx.s
    kernel.pop(s, f)
    if a.kind == "done":
        s.turn, s.active, s.added = s.turn + 1, (seat + 1) % s.players, False
        ctx.say("done", msg("{player} ends the turn.", player=Seat(seat)))
        kernel.push(s, "turn", seat=s.active)
        return
    amount = int(a.args[0])
    rng = Rng(s.rng)
    secret = rng.below(100)
    s.rng, s.total, s.added = rng.state, s.total + amount, True
    s.adds[seat] += amount
    s.secrets[seat] = secret
    said = msg("{player} adds {n}: {total}.", player=Seat(seat), n=amount, total=s.total)
    ctx.say("add", said, amount=amount)
    ctx.tell((seat,), "secret", msg("Your secret number is {n}.", n=secret), secret=secret)
    if s.total >= s.target:
        s.winner = seat
        ctx.say("over", msg("{player} reaches {n} and wins.", player=Seat(seat), n=s.target))
    else:
        kernel.push(s, "turn", seat=seat)


STEPS.register(
    kernel.Step(
        "turn", _turn_options, _turn_act, lambda s, f, seat: msg("Add to the total, then say done.")
    )
)


def view(s: CountState, seat: int | None, names: list[str] | None = None) -> CountView:
    acting = kernel.actors(s)
    out: CountView = {
        "game": "count",
        "seat": seat,
        "status": s.status,
        "turn": s.turn,
        "active": None if s.winner is not None else s.active,
        "actors": acting,
        "decision": kernel.decision_view(STEPS, s, seat, acting, names or s.colour_names()),
        "log": [
            text_json(with_names(kernel.log_line(line), names or s.colour_names()))
            for line in s.log
        ],
        "total": s.total,
        "target": s.target,
        "players": [{"seat": p, "adds": s.adds[p]} for p in range(s.players)],
    }
    if seat is not None:
        out["secret"] = s.secrets[seat]
    kernel.add_ending(out, outcome(s))
    return out


def outcome(s: CountState) -> Outcome | None:
    if s.winner is None:
        return None
    ranking = [s.winner] + [p for p in range(s.players) if p != s.winner]
    lines = [{"added": points} for points in s.adds]
    return {**kernel.outcome_of(s.adds, ranking, [s.winner], lines, ""), "ties": []}


RULES: kernel.Rules[CountState, CountCtx, CountView, Outcome] = kernel.Rules(
    steps=STEPS,
    context=CountCtx,
    view=view,
    outcome=outcome,
    disclosure=lambda s: Disclosure(s.rng, ()),  # each add draws a secret number: chance
)


class CountingGame(kernel.Game[CountState, CountCtx, CountView, Outcome]):
    __slots__ = ()
    rules = RULES


def new_counting_game(players: int, target: int, seed: int | str) -> CountingGame:
    if not 2 <= players <= 3:
        raise IllegalAction(msg("The counting game needs 2 or 3 players."))
    s = CountState(players, target, [0] * players, [None] * players, Rng.from_seed(seed).state)
    kernel.push(s, "turn", seat=0)
    ctx = CountCtx(s, [Event.named("setup", msg("Counting to {n}.", n=target), s.seat_names())])
    return CountingGame.begin(s, ctx)


def start(players: int, options: Mapping[str, Any], seed: int | str) -> CountingGame:
    """A game from lobby options (``target``, 10 unless given)."""
    return new_counting_game(players, int(options.get("target", 10)), seed)


def counting_game_from_dict(data: Mapping[str, Any]) -> CountingGame:
    s = CountState(**{k: data[k] for k in ("players", "target", "adds", "secrets", "rng")})
    for key in ("total", "turn", "active", "added", "version", "winner", "log"):
        setattr(s, key, data[key] if key != "log" else list(data.get("log", ())))
    if s.winner is None:
        kernel.push(s, "turn", seat=s.active)
    return CountingGame(s)


def redeal(game: Game, rng: Rng) -> Game:
    """Everything hidden dealt again: each secret number drawn so far, and every draw to come."""
    return _dealt_again(game, rng, None)


def redeal_for(game: Game, rng: Rng, seat: int) -> Game:
    """Everything ``seat`` does not see dealt again: the others' secret numbers and every draw
    to come (its own secret stays)."""
    return _dealt_again(game, rng, seat)


def _dealt_again(game: Game, rng: Rng, seat: int | None) -> Game:
    assert isinstance(game, CountingGame)
    s = game.state.clone()
    s.secrets = [v if p == seat or v is None else rng.below(100) for p, v in enumerate(s.secrets)]
    s.rng = rng.next64()
    return CountingGame(s)


SPEC = GameSpec(
    name="count",
    title="Counting game",
    min_players=2,
    max_players=3,
    start=start,
    load=counting_game_from_dict,
    view_type=CountView,
    start_options={"target": StartOption("a whole number from 1 to 100", (int,))},
    sample_options=({"target": 10}, {"target": 30}),
    redeal=redeal,
    redeal_for=redeal_for,
)
"""The whole declaration: the default computer player (a random legal action) plays it."""


class CountingKind(GameKind):
    """Its own lobby option (the target); the options every game shares (seat order, seats
    offered) are checked by ``GameKind`` itself; title, player counts, dealing and loading
    come from ``SPEC``."""

    name = "count"
    own_options = frozenset({"target"})
    default_seat_order = "joined"

    def validate_own(self, options: Mapping[str, Any]) -> dict[str, Any]:
        target = options.get("target", 10)
        if not isinstance(target, int) or not 1 <= target <= 100:
            raise UserError(msg("The target must be a whole number from 1 to 100."))
        return {"target": target}

    def describe_options(self, options: Mapping[str, Any]) -> str:
        return f"Count to {options['target']}; seats {options['seat_order']}."
