"""The Mercatus expansion: goods, money and twelve more class cards."""

from __future__ import annotations

from .. import game
from . import goods

goods.register_hooks()
game.EXPANSION_SETUP[goods.KEY] = goods.setup
game.EXPANSIONS[goods.KEY] = "Mercatus"
