"""Rules help: every building and special card has a text in our own words."""

from engine.cartus import data, rules_help


def test_every_building_and_special_card_is_explained() -> None:
    topics = rules_help.topics()
    assert len(topics) == len(data.buildings()) + 5
    for name, key in topics:
        by_id, by_name = rules_help.explain(key), rules_help.explain(name)
        assert by_id is not None and by_id == by_name
        title, text = by_id
        assert name in title.english() and len(text.english()) > 20


def test_an_unknown_topic_is_none() -> None:
    assert rules_help.explain("dragon") is None


def test_a_building_help_names_its_actions_and_class() -> None:
    explained = rules_help.explain("hospital")
    assert explained is not None
    title, text = explained
    assert title.english() == "Hospital (Church)"
    assert text.english().startswith("Premium: ") and "\nStandard: " in text.english()
