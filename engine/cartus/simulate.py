"""The fast path a Cartus look-ahead plays with (``engine.kernel.simulate``): ``actor``,
``options(s, seat)`` and ``play(s, seat, action)`` in place on a private state (a sampled one,
``sampling.sample_state(...)``, or a clone), keeping no events and no log."""

from __future__ import annotations

from functools import partial

from ..kernel import Simulation
from . import steps
from .state import Ctx, State

SIMULATION: Simulation[State, Ctx] = Simulation(steps.STEPS, partial(Ctx, quiet=True))

actor = SIMULATION.actor
options = SIMULATION.options
play = SIMULATION.play
