"""A decision that chooses several cards is one multi-select, and a button when none is fine."""

from __future__ import annotations

from typing import Any

from cogs.table.components import ChoiceButton, PickSelect, pick_view
from engine.core import Pick, PickGroup

PICK = Pick(
    "commit",
    0,
    4,
    (PickGroup("ch", "Church card", 2), PickGroup("sw", "Sword card", 3)),
)


def _parts(view: Any) -> tuple[list[Any], list[Any]]:
    items = list(view.children)
    return [i for i in items if isinstance(i, PickSelect)], [
        i for i in items if isinstance(i, ChoiceButton)
    ]


def test_a_pick_is_one_multi_select_with_its_limits_and_a_none_button() -> None:
    selects, buttons = _parts(pick_view("cartus", 3, 17, PICK, placeholder="Play cards"))
    [select] = selects
    assert select.item.custom_id == "cartus:g:3:v:17:commit:m"
    assert [o.value for o in select.item.options] == ["ch.1", "ch.2", "sw.1", "sw.2", "sw.3"]
    assert (select.item.min_values, select.item.max_values) == (1, 4)
    assert select.item.placeholder == "Play cards (choose 0 to 4)"
    [nothing] = buttons
    assert nothing.item.custom_id == "cartus:g:3:v:17:commit:cnone"
    assert PICK.notation(["ch.1", "sw.1", "sw.3"]) == "commit:ch1-sw2"


def test_an_exact_pick_has_no_none_button() -> None:
    give = Pick("give", 3, 3, (PickGroup("ro", "Royalty card", 3), PickGroup("jo", "Joker", 1)))
    selects, buttons = _parts(pick_view("cartus", 3, 17, give, placeholder="Give cards"))
    assert buttons == []
    assert (selects[0].item.min_values, selects[0].item.max_values) == (3, 3)
    assert selects[0].item.placeholder == "Give cards (choose 3)"
