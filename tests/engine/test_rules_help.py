"""Rules help for Rattus: every expansion's own mechanics have a topic, found by id or name."""

from __future__ import annotations

import pytest

from engine import rattus
from engine.rattus import rules_help

MECHANICS = {
    "region_cards": "Africanus",
    "diplomats": "Africanus",
    "caravan": "Africanus",
    "goods": "Mercatus",
    "sales": "Mercatus",
    "walls": "Pied Piper",
    "nuns": "Pied Piper",
    "bishops": "Pied Piper",
    "potions": "Pied Piper",
}


@pytest.mark.parametrize(("topic", "part"), sorted(MECHANICS.items()))
def test_each_expansion_mechanic_has_its_own_topic(topic: str, part: str) -> None:
    found = rules_help.explain(topic)
    assert found is not None and found.part == part
    assert len(found.text) > 150
    assert rules_help.explain(found.name.upper()) == found  # by name, in any case


def test_topics_belong_to_the_game_or_an_expansion_it_plays() -> None:
    parts = {"Rattus", *rattus.EXPANSIONS.values()}
    assert {t.part for t in rules_help.TOPICS} == parts
    assert len({t.id for t in rules_help.TOPICS}) == len(rules_help.TOPICS)
    assert rules_help.explain("no such rule") is None
