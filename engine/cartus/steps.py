"""Pending steps: every decision of a Cartus game is a frame on the state's stack, run by the
kernel's step machine (``engine.kernel.steps``).

A frame names its step kind and who decides (``seat``, or ``seats`` when several answer at
once). Automatic steps (drawing buildings, resolving one, ending a round) run inside
``advance`` until some seat has to decide. A step whose answer chooses several cards has a
``pick``: any answer the pick allows is legal, its ``options`` list ready-made ones.
"""

from __future__ import annotations

from ..kernel.steps import Step, Steps, deciders, pop, push, push_all
from .state import Ctx, State

STEPS: Steps[State, Ctx] = Steps()
"""Every step kind of the game, registered by the modules that play them."""

register = STEPS.register
advance = STEPS.advance

__all__ = ["STEPS", "Step", "advance", "deciders", "pop", "push", "push_all", "register"]
