"""Every game the engine plays, declared once: the registry of ``GameSpec`` (``engine.spec``).

Adding a game is its own package plus one line here (``engine.<game>.spec.SPEC`` in
``BUILT_IN``); a game defined elsewhere (the tests' own) joins with ``register``. The host, the
Discord side, replays, computer players, statistics and tests read ``spec`` and ``names``.
"""

from __future__ import annotations

from .cartus.spec import SPEC as CARTUS
from .rattus.spec import SPEC as RATTUS
from .spec import GameSpec

BUILT_IN = (RATTUS, CARTUS)

_REGISTRY: dict[str, GameSpec] = {spec.name: spec for spec in BUILT_IN}


def register(spec: GameSpec) -> None:
    """Add a game. Registering the same spec again does nothing; another under a taken
    name is refused."""
    known = _REGISTRY.get(spec.name)
    if known is not None and known is not spec:
        raise ValueError(f"a game named {spec.name!r} is registered already")
    _REGISTRY[spec.name] = spec


def names() -> tuple[str, ...]:
    """Every registered game's name, in the order they were registered."""
    return tuple(_REGISTRY)


def specs() -> tuple[GameSpec, ...]:
    """Every registered game."""
    return tuple(_REGISTRY.values())


def spec(name: str) -> GameSpec:
    """The game of this name; ValueError when there is none."""
    try:
        return _REGISTRY[name]
    except KeyError:
        raise ValueError(f"this engine does not play games of the kind {name!r}") from None


def is_game(name: object) -> bool:
    """Whether ``name`` names a registered game."""
    return isinstance(name, str) and name in _REGISTRY
