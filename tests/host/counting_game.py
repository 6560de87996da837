"""A tiny counting game with the engine's public face, registered as the kind "count".

Seats take turns. On your turn you may add 1, 2 or 3 to the shared total (at most once) and
then say "done". Each add deals you a secret number from the seeded Rng (a private event and a
secret in your view). The game ends when the total reaches the target; the seat that reached
it wins. Small, but it has everything the host handles: turns with several steps, private
events, seeded chance, a saved form and an outcome.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.contract import Disclosure, Outcome
from engine.core import Action, Decision, Event, IllegalAction, Rng, find_action, parse_notation
from host.errors import UserError
from host.kinds import GameKind


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
    events: list[Event] = field(default_factory=list, compare=False)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        ranking = [self.winner] + [s for s in range(self.players) if s != self.winner]
        return {"scores": list(self.adds), "ranking": ranking, "winners": [self.winner]}

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
            events=events,
        )

    def disclosure(self) -> Disclosure:
        """Each add draws a secret number: chance; nothing else is hidden."""
        return Disclosure(self.rng_state, ())

    def renumbered(self, version: int) -> CountingGame:
        return replace(self, version=version, events=[])

    def view(self, seat: int | None = None, names: list[str] | None = None) -> dict[str, Any]:
        decision = self.decision(self.active)
        view: dict[str, Any] = {
            "game": "count",
            "seat": seat,
            "status": "over" if self.is_over else "playing",
            "turn": self.turn,
            "active": None if self.is_over else self.active,
            "actors": self.actors(),
            "decision": None if decision is None else decision.to_dict(),
            "log": [],
            "total": self.total,
            "players": [{"seat": s, "adds": self.adds[s]} for s in range(self.players)],
        }
        if seat is not None:
            view["secret"] = self.secrets[seat]
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
        }


def new_counting_game(players: int, target: int, seed: int) -> CountingGame:
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
    )


class CountingKind(GameKind):
    name = "count"
    title = "Counting game"
    min_players = 2
    max_players = 3

    def new_game(self, players: int, options: Mapping[str, Any], seed: int) -> CountingGame:
        return new_counting_game(players, int(options["target"]), seed)

    def from_dict(self, data: Mapping[str, Any]) -> CountingGame:
        return counting_game_from_dict(data)

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
