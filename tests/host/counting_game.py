"""A tiny counting game with the engine's public face, registered as the kind "count".

Seats take turns. On your turn you may add 1, 2 or 3 to the shared total (at most once) and
then say "done". Each add deals you a secret number from the seeded Rng (a private event and a
secret in your view). The game ends when the total reaches the target; the seat that reached
it wins. Small, but it has everything the host handles: turns with several steps, private
events, seeded chance, a saved form and an outcome.

It joins the engine as every game does, through one ``GameSpec`` (``SPEC``, registered with
``engine.games.register`` by tests/conftest.py): no computer player of its own, so it is played
by the default one (a random legal action), and the contract suite
(tests/engine/test_game_contract.py) runs it like every registered game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.contract import (
    DecisionView,
    Disclosure,
    Game,
    Outcome,
    StartOption,
    pick_view,
)
from engine.core import Action, Decision, Event, IllegalAction, Rng, find_action, parse_notation
from engine.spec import GameSpec
from host.errors import UserError
from host.kinds import GameKind
from tests.host.counting_view import CountView

LOG = 5
"""How many public event texts a view's log keeps."""


def logged(log: tuple[str, ...], texts: list[str]) -> tuple[str, ...]:
    return (*log, *texts)[-LOG:]


@dataclass(frozen=True)
class CountingGame:
    players: int
    target: int
    total: int = 0
    turn: int = 1
    active: int = 0
    added: bool = False
    adds: tuple[int, ...] = ()
    secrets: tuple[int | None, ...] = ()
    rng_state: int = 0
    version: int = 0
    winner: int | None = None
    log: tuple[str, ...] = ()  # the latest public event texts
    events: list[Event] = field(default_factory=list, compare=False)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        ranking = [self.winner] + [s for s in range(self.players) if s != self.winner]
        scores = list(self.adds)
        return {
            "scores": scores,
            "ranking": ranking,
            "winners": [self.winner],
            "lines": [{"added": score} for score in scores],
            "ties": [],
            "tie_break": "",
        }

    def actors(self) -> list[int]:
        return [] if self.is_over else [self.active]

    def decision(self, seat: int) -> Decision | None:
        if seat not in self.actors():
            return None
        return Decision(seat, "turn", "Add to the total, then say done.")

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.actors():
            return []
        if self.added:
            return [Action("done", "End your turn")]
        return [Action(f"add:{n}", f"Add {n}") for n in (1, 2, 3)] + [
            Action("done", "End your turn")
        ]

    def apply(self, seat: int, action: str | Action) -> CountingGame:
        notation = parse_notation(action if isinstance(action, str) else action.notation)
        if seat not in self.actors():
            raise IllegalAction("It is not that seat's turn.")
        chosen = find_action(self.legal_actions(seat), notation)
        if chosen.kind == "done":
            return replace(
                self,
                turn=self.turn + 1,
                active=(self.active + 1) % self.players,
                added=False,
                version=self.version + 1,
                log=logged(self.log, [f"Seat {seat + 1} ends the turn."]),
                events=[Event("done", f"Seat {seat + 1} ends the turn.")],
            )
        amount = int(chosen.args[0])
        rng = Rng(self.rng_state)
        secret = rng.below(100)
        total = self.total + amount
        adds = tuple(a + (amount if s == seat else 0) for s, a in enumerate(self.adds))
        secrets = tuple(secret if s == seat else v for s, v in enumerate(self.secrets))
        events = [
            Event("add", f"Seat {seat + 1} adds {amount}: {total}.", None, {"amount": amount}),
            Event("secret", f"Your secret number is {secret}.", (seat,), {"secret": secret}),
        ]
        winner = seat if total >= self.target else None
        if winner is not None:
            events.append(Event("over", f"Seat {seat + 1} reaches {self.target} and wins."))
        return replace(
            self,
            total=total,
            added=True,
            adds=adds,
            secrets=secrets,
            rng_state=rng.state,
            version=self.version + 1,
            winner=winner,
            log=logged(self.log, [e.text for e in events if e.public]),
            events=events,
        )

    def disclosure(self) -> Disclosure:
        """Each add draws a secret number: chance; nothing else is hidden."""
        return Disclosure(self.rng_state, ())

    def renumbered(self, version: int) -> CountingGame:
        return replace(self, version=version, events=[])

    def view(self, seat: int | None = None, names: list[str] | None = None) -> CountView:
        decision = self.decision(self.active)
        shown: DecisionView | None = None
        if decision is not None:
            shown = {
                "seat": decision.seat,
                "kind": decision.kind,
                "prompt": decision.prompt,
                "private": decision.private,
            }
            if seat == decision.seat:
                shown["pick"] = None if decision.pick is None else pick_view(decision.pick)
        view: CountView = {
            "game": "count",
            "seat": seat,
            "status": "over" if self.is_over else "playing",
            "turn": self.turn,
            "active": None if self.is_over else self.active,
            "actors": self.actors(),
            "decision": shown,
            "log": list(self.log),
            "total": self.total,
            "target": self.target,
            "players": [{"seat": s, "adds": self.adds[s]} for s in range(self.players)],
        }
        if seat is not None:
            view["secret"] = self.secrets[seat]
        outcome = self.outcome
        if outcome is not None:
            view["scores"] = {str(s): v for s, v in enumerate(outcome["scores"])}
            view["ranking"] = outcome["ranking"]
            view["winners"] = outcome["winners"]
            view["breakdown"] = {
                "lines": outcome["lines"],
                "ties": outcome["ties"],
                "tie_break": outcome["tie_break"],
            }
        return view

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "target": self.target,
            "total": self.total,
            "turn": self.turn,
            "active": self.active,
            "added": self.added,
            "adds": list(self.adds),
            "secrets": list(self.secrets),
            "rng": self.rng_state,
            "version": self.version,
            "winner": self.winner,
            "log": list(self.log),
        }


def new_counting_game(players: int, target: int, seed: int | str) -> CountingGame:
    if not 2 <= players <= 3:
        raise IllegalAction("The counting game needs 2 or 3 players.")
    return CountingGame(
        players=players,
        target=target,
        adds=(0,) * players,
        secrets=(None,) * players,
        rng_state=Rng.from_seed(seed).state,
        events=[Event("setup", f"Counting to {target}.")],
    )


def start(players: int, options: Mapping[str, Any], seed: int | str) -> CountingGame:
    """A game from lobby options (``target``, 10 unless given)."""
    return new_counting_game(players, int(options.get("target", 10)), seed)


def counting_game_from_dict(data: Mapping[str, Any]) -> CountingGame:
    return CountingGame(
        players=data["players"],
        target=data["target"],
        total=data["total"],
        turn=data["turn"],
        active=data["active"],
        added=data["added"],
        adds=tuple(data["adds"]),
        secrets=tuple(data["secrets"]),
        rng_state=data["rng"],
        version=data["version"],
        winner=data["winner"],
        log=tuple(data.get("log", ())),
    )


def redeal(game: Game, rng: Rng) -> Game:
    """Everything hidden dealt again: each secret number drawn so far, and every draw to come."""
    assert isinstance(game, CountingGame)
    secrets = tuple(None if v is None else rng.below(100) for v in game.secrets)
    return replace(game, secrets=secrets, rng_state=rng.next64())


def redeal_for(game: Game, rng: Rng, seat: int) -> Game:
    """Everything ``seat`` does not see dealt again: the others' secret numbers and every draw
    to come (its own secret stays)."""
    assert isinstance(game, CountingGame)
    secrets = tuple(
        v if s == seat or v is None else rng.below(100) for s, v in enumerate(game.secrets)
    )
    return replace(game, secrets=secrets, rng_state=rng.next64())


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
    """Its lobby options; title, player counts, dealing and loading come from ``SPEC``."""

    name = "count"

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        target = options.get("target", 10)
        if not isinstance(target, int) or not 1 <= target <= 100:
            raise UserError("The target must be a whole number from 1 to 100.")
        seat_order = options.get("seat_order", "joined")
        if seat_order not in ("joined", "random"):
            raise UserError("Seat order is either 'joined' or 'random'.")
        normalised: dict[str, Any] = {"target": target, "seat_order": seat_order}
        if "players" in options:
            normalised["players"] = int(options["players"])
        return normalised

    def describe_options(self, options: Mapping[str, Any]) -> str:
        return f"Count to {options['target']}; seats {options['seat_order']}."
