"""The Pied Piper expansion: twelve more class cards, walls, nuns, bishops and potions."""

from __future__ import annotations

from ...text import N_
from .. import game, state, validate
from . import growth as _growth  # noqa: F401
from . import movers as _movers  # noqa: F401
from . import pieces
from . import plague_cards as _plague_cards  # noqa: F401

pieces.register_hooks()
game.EXPANSION_SETUP[pieces.KEY] = pieces.setup
game.EXPANSIONS[pieces.KEY] = N_("Pied Piper")
validate.EXT_CHECKS[pieces.KEY] = pieces.check
state.EXT_COPY[pieces.KEY] = pieces.copy
