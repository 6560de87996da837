"""The hand-made views the render tests draw keep the engine's view contract (docs/views.md),
so a renderer is never tested against a key the engine does not emit."""

import pytest

from engine.conformance import problems
from engine.rattus.view_types import RattusView
from tests.render.helpers import board, changed_box
from tests.render.views import base_view, expansion_view, over_view


@pytest.mark.parametrize(
    "view",
    [base_view(2), base_view(3), base_view(4), expansion_view(5), expansion_view(6), over_view()],
    ids=["base2", "base3", "base4", "every-key-5", "every-key-6", "over"],
)
def test_render_fixtures_conform_to_the_view_types(view: dict[str, object]) -> None:
    assert problems(view, RattusView) == []


def test_the_diplomats_left_in_the_supply_are_drawn_from_the_engine_key() -> None:
    view = expansion_view(6)
    fewer = {**view, "diplomats_left": 2}
    none = {key: value for key, value in view.items() if key != "diplomats_left"}
    assert changed_box(board(view), board(fewer)) is not None
    assert changed_box(board(view), board(none)) is not None
