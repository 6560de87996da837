"""The engine kernel: what every game is made of, written once.

- ``steps``: the step machine. Decisions are frames on the state's stack; a game registers its
  step kinds in its own ``Steps`` registry; ``advance`` runs automatic steps until a seat must
  decide.
- ``context``: ``Ctx``, one apply in progress (the state it changes, the events it says).
- ``game``: ``Game``, the public face (``engine.contract.Game``) over a game's ``Rules``:
  actors, decisions, legal actions, apply (chains and picks), views, saving, disclosure.
- ``views``: the decision a view shows and the end-of-game keys every view has.
- ``simulate``: the quiet in-place apply a search plays its look-ahead with.

A game keeps only its rules: its steps, its state's fields, its views and its scoring
(docs/engine.md, "Adding a game").
"""

from .checks import Check, validate
from .context import Coloured, Ctx, LogLine, log_line, logged
from .game import Game, GameState, Rules, actors
from .simulate import Simulation
from .steps import Frame, Step, Steps, deciders, pop, push, push_all, top
from .views import add_ending, decision_view, outcome_of

__all__ = [
    "Check",
    "Coloured",
    "Ctx",
    "Frame",
    "Game",
    "GameState",
    "LogLine",
    "Rules",
    "Simulation",
    "Step",
    "Steps",
    "actors",
    "add_ending",
    "deciders",
    "decision_view",
    "log_line",
    "logged",
    "outcome_of",
    "pop",
    "push",
    "push_all",
    "top",
    "validate",
]
