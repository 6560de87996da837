"""Dealing hidden things again, for the tests that prove nobody sees them (``GameSpec.redeal``).

A game's ``redeal`` gives the same moment with every hidden thing dealt again at random;
whatever anybody may see must come out the same. ``shuffle_places`` is the shared step: the
items of several places (a deck and the hands, say) dealt again, each place keeping its size.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .core import Rng


def shuffle_places(places: Sequence[list[Any]], rng: Rng) -> None:
    """Deal the items of ``places`` again at random, each place keeping how many it holds."""
    pool = rng.shuffled(item for place in places for item in place)
    for place in places:
        place[:], pool = pool[: len(place)], pool[len(place) :]
