"""What the rest of the bot needs to know of one game, in one place: its ``GameSpec``.

A game is declared once, by registering its spec (``engine.games.register``): how to deal one
from lobby options, how to load a saved one, the type of its views, the lobby options that
change its deal, where its rules help lives, its computer players and the name of the picture
that draws it. The host, the Discord side, replays, computer seats, statistics and the tests
all read the registry; none of them keeps a list of games of its own.

Every game has a computer player: by default ``random_choice``, a legal action drawn from the
seeded generator the caller derives from the seat's view (so the same view, legal actions and
seed always give the same answer). A game with rules of thumb of its own gives them as
``easy``; one with a search gives ``strong`` as well.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from .contract import Game, StartOption
from .core import Rng

if TYPE_CHECKING:
    from .ai.search import Rules

Start = Callable[[int, Mapping[str, Any], int | str], Game]
"""``start(players, options, seed)``: a new game dealt from lobby options."""
Load = Callable[[dict[str, Any]], Game]
"""``load(saved)``: the game ``to_dict`` saved."""
Choose = Callable[[dict[str, Any], Sequence[str], Rng], str]
"""``choose(view, legal notations, rng)``: one of the notations (a computer player)."""
Redeal = Callable[[Game, Rng], Game]
"""``redeal(game, rng)``: the same moment with everything hidden dealt again at random (each
face-down pile, hand and secret keeping its size) and the generator's future draws changed;
whatever anybody has seen stays as it was."""
RedealFor = Callable[[Game, Rng, int], Game]
"""``redeal_for(game, rng, seat)``: the same moment with everything that seat does not see
dealt again (other hands, face-down piles, others' secrets, the draws to come); what the seat
has seen stays as it was."""


class RulesHelp(Protocol):
    """A game's rules help (``engine.<game>.rules_help``): its topics, each told in our own
    words by the module's ``explain``; the game's command group shows them."""

    def topics(self) -> list[tuple[str, str]]:
        """(name, id) of every topic, for a menu."""
        ...


def random_choice(view: dict[str, Any], legal: Sequence[str], rng: Rng) -> str:
    """Every game's computer player unless it has better: any legal action, drawn from ``rng``
    (which the caller seeds from the view, the legal actions and the player's seed)."""
    return rng.choice(list(legal))


@dataclass(frozen=True)
class Strong:
    """A game's searching computer player (``engine.ai.search``) and its budget per decision."""

    rules: Rules
    simulations: int


@dataclass(frozen=True)
class GameSpec:
    """One game as the engine declares it to everything else."""

    name: str  # the kind, as views ("game"), saved games and replay files name it
    title: str  # in words, for people
    min_players: int
    max_players: int
    start: Start
    load: Load
    view_type: Any  # the TypedDict of its views (``engine.conformance`` checks them against it)
    start_options: Mapping[str, StartOption] = field(default_factory=dict)
    """The lobby options that change the deal; a replay file's are checked against them."""
    sample_options: Sequence[Mapping[str, Any]] = ({},)
    """Lobby options the contract tests deal games with (the first is the plain game)."""
    rules_help: RulesHelp | None = None
    renderer: str = ""
    """The name of the function of the ``render`` package that draws its board from a view
    ("" for a game without a picture): the engine names it, the render package resolves it."""
    easy: Choose = random_choice
    strong: Strong | None = None
    redeal: Redeal | None = None
    redeal_for: RedealFor | None = None
    """``redeal`` and ``redeal_for`` are for the tests: the contract suite requires both of a
    registered game, to check that the spectator and each seat see nothing hidden from them."""

    @property
    def levels(self) -> tuple[str, ...]:
        """The levels of computer player it has: "easy" always, "strong" with a search."""
        return ("easy", "strong") if self.strong is not None else ("easy",)
