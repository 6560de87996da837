"""The Mercatus expansion: goods, money and twelve more class cards."""

from __future__ import annotations

from ...text import N_
from .. import game, state, validate
from . import goods
from . import money as _money  # noqa: F401
from . import on_card as _on_card  # noqa: F401
from . import plague_cards as _plague_cards  # noqa: F401

goods.register_hooks()
game.EXPANSION_SETUP[goods.KEY] = goods.setup
game.EXPANSIONS[goods.KEY] = N_("Mercatus")
validate.EXT_CHECKS[goods.KEY] = goods.check
state.EXT_COPY[goods.KEY] = goods.copy
