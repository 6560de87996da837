"""The Africanus expansion: 5-6 players, Northern Africa, region cards, the Islamic class."""

from __future__ import annotations

from ...text import N_
from .. import game, validate
from . import envoys as _envoys  # noqa: F401
from . import region_play as _region_play  # noqa: F401
from . import regions

regions.register_hooks()
game.EXPANSION_SETUP[regions.KEY] = regions.setup
game.EXPANSIONS[regions.KEY] = N_("Africanus")
game.MORE_PLAYERS[regions.KEY] = 6
game.TOKEN_SETS[regions.KEY] = "africanus"
validate.EXT_CHECKS[regions.KEY] = regions.check
