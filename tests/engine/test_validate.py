"""Loading validates: every state a real game reaches passes ``from_dict``'s checks, and an
impossible one (a piece in two places or missing, a count off, a malformed decision, an
unknown id, a wrong type) raises BadState naming the problem, never another exception."""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from engine import cartus, rattus
from engine.rattus import data
from engine.saved import BadState
from tests.engine.cartus.helpers import random_playout as cartus_playout
from tests.engine.helpers import random_playout as rattus_playout

EXPANSIONS = ("africanus", "mercatus", "pied_piper")
COMBOS = [set(c) for n in range(4) for c in itertools.combinations(EXPANSIONS, n)]


def reloads(load: Callable[[dict[str, Any]], Any]) -> Callable[[Any], None]:
    def check(g: Any) -> None:
        saved = json.loads(json.dumps(g.to_dict()))
        assert load(saved).to_dict() == g.to_dict()

    return check


@pytest.mark.parametrize("exps", COMBOS, ids=lambda e: "+".join(sorted(e)) or "base")
def test_every_state_of_random_rattus_games_passes(exps: set[str]) -> None:
    _, most = rattus.player_limits(exps)
    for players in range(2, most + 1):
        if players > 4 and "africanus" not in exps:
            continue
        rattus_playout(players, 31, expansions=exps, check=reloads(rattus.from_dict))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_state_of_random_cartus_games_passes(players: int) -> None:
    for mode, at_once in itertools.product(cartus.BUILDING_MODES, (False, True)):
        dead = cartus.EVERYONE_DEAD[int(at_once)]  # both rules for when the plague kills everyone
        options = {"buildings": mode, "simultaneous_supply": at_once, "everyone_dead": dead}
        cartus_playout(players, 17, check=reloads(cartus.from_dict), **options)


# Corrupted states: each refused with a message naming what is wrong


def rattus_mid(exps: set[str] | None = None, players: int = 4) -> dict[str, Any]:
    """A saved Rattus game some turns in, with cards held and rats on the board."""
    g = rattus.new_game(players, expansions=exps or set(), seed=3)
    rng = random.Random(3)
    while g.state.turn < 6 and not g.is_over:
        seat = g.actors()[0]
        g = g.apply(seat, rng.choice(g.legal_actions(seat)))
    assert any(g.state.hands), "the position must have class cards in hands"
    return g.to_dict()


def cartus_mid(players: int = 3) -> dict[str, Any]:
    g = cartus.new_game(players, seed=3)
    rng = random.Random(3)
    for _ in range(40):
        seat = rng.choice(g.actors())
        g = g.apply(seat, rng.choice(g.legal_actions(seat)))
    return g.to_dict()


def refused(load: Callable[[dict[str, Any]], Any], raw: dict[str, Any], *words: str) -> str:
    with pytest.raises(BadState) as caught:
        load(raw)
    message = str(caught.value)
    for word in words:
        assert word in message, message
    return message


def test_a_rattus_class_card_in_two_hands() -> None:
    raw = rattus_mid()
    holder = next(p for p, h in enumerate(raw["hands"]) if h)
    other = (holder + 1) % raw["players"]
    card = raw["hands"][holder][0]
    raw["hands"][other].append(card)
    refused(rattus.from_dict, raw, repr(card), "two hands")


def test_a_rattus_card_not_in_play_or_unknown() -> None:
    raw = rattus_mid()
    spare = next(c for c in data.cards() if c not in raw["cards_in_play"])
    raw["hands"][0].append(spare)
    refused(rattus.from_dict, raw, repr(spare), "not in play")
    raw = rattus_mid()
    raw["hands"][0].append("dragon")
    refused(rattus.from_dict, raw, "'dragon'")


def test_rattus_cubes_off_by_one() -> None:
    raw = rattus_mid()
    raw["supply"][1] += 1
    refused(rattus.from_dict, raw, "Yellow has 21 cubes in all, not 20")
    raw = rattus_mid()
    region = raw["regions"][0]
    raw["cubes"][region][0] = -1
    refused(rattus.from_dict, raw, f"cubes[{region!r}][0] is -1")


def test_a_rattus_token_duplicated_missing_or_unknown() -> None:
    raw = rattus_mid()
    placed = next(r for r in raw["regions"] if raw["rats"][r])
    tid = raw["rats"][placed][0]
    raw["rat_supply"].append(tid)
    refused(rattus.from_dict, raw, "rat token", repr(tid), "two places")
    raw = rattus_mid()
    gone = raw["rat_supply"].pop()
    refused(rattus.from_dict, raw, "missing", gone)
    raw = rattus_mid()
    raw["rat_supply"].append("X99")
    refused(rattus.from_dict, raw, "unknown rat token 'X99'")


def test_malformed_rattus_stack_frames() -> None:
    raw = rattus_mid()
    del raw["stack"][-1]["seat"]
    refused(rattus.from_dict, raw, "names no seat")
    raw = rattus_mid()
    raw["stack"][-1]["seat"] = 7
    refused(rattus.from_dict, raw, "stack[", ".seat is 7")
    raw = rattus_mid()
    raw["stack"][-1]["kind"] = "juggle"
    refused(rattus.from_dict, raw, "unknown kind 'juggle'")
    raw = rattus_mid()
    raw["stack"] = ["turn"]
    refused(rattus.from_dict, raw, "stack[0] should be a table")
    raw = rattus_mid()
    raw["stack"] = []
    refused(rattus.from_dict, raw, "nobody has a decision")


def test_wrong_types_and_unknown_ids_in_rattus() -> None:
    for change, words in [
        (lambda r: r.update(players="4"), ["players should be a whole number"]),
        (lambda r: r.update(turn=True), ["turn should be a whole number"]),
        (lambda r: r.update(hands={}), ["hands should be a list"]),
        (lambda r: r.update(plague="atlantis"), ["unknown region 'atlantis'"]),
        (lambda r: r.update(expansions=["dragons"]), ["unknown 'dragons'"]),
        (lambda r: r.update(status="paused"), ["status 'paused'"]),
        (lambda r: r["cubes"].update(atlantis=[0, 0, 0, 0]), ["cubes lists regions"]),
    ]:
        raw = rattus_mid()
        change(raw)
        refused(rattus.from_dict, raw, *words)


def test_rattus_expansion_pieces_are_checked() -> None:
    raw = rattus_mid({"mercatus", "pied_piper"})
    raw["ext"]["mercatus"]["held"][0]["fish"] += 1
    refused(rattus.from_dict, raw, "mercatus counts 8 fish tokens, not 7")
    raw = rattus_mid({"mercatus", "pied_piper"})
    raw["ext"]["pied_piper"]["nuns"][0] = "atlantis"
    refused(rattus.from_dict, raw, "pied_piper.nuns[0] stands in unknown region 'atlantis'")
    raw = rattus_mid({"africanus"}, players=5)
    hands = raw["ext"]["africanus"]["hands"]
    hands[1].append(hands[0][0])
    refused(rattus.from_dict, raw, "region card", "two places")
    raw = rattus_mid({"mercatus"})
    raw["ext"] = {}
    refused(rattus.from_dict, raw, "not the expansions")


def test_a_cartus_card_in_two_hands_or_missing() -> None:
    raw = cartus_mid()
    card = raw["hands"][0][0]
    raw["hands"][1].append(card)
    refused(cartus.from_dict, raw, f"card {card!r} is in two places: hands[0] and hands[1]")
    raw = cartus_mid()
    lost = raw["deck"].pop()
    refused(cartus.from_dict, raw, "missing", lost)
    raw = cartus_mid()
    raw["hands"][2].append("zz99")
    refused(cartus.from_dict, raw, "unknown card 'zz99'")


def test_cartus_counts_and_types() -> None:
    raw = cartus_mid()
    raw["vp_pile"].append(3)
    refused(cartus.from_dict, raw, "victory point tokens")
    raw = cartus_mid()
    raw["rats"][1] = -2
    refused(cartus.from_dict, raw, "rats[1] is -2")
    raw = cartus_mid()
    raw["building_deck"].append(raw["building_deck"][0] if raw["building_deck"] else "x")
    refused(cartus.from_dict, raw, "building card")
    raw = cartus_mid()
    raw["players"] = 9
    refused(cartus.from_dict, raw, "players is 9")
    raw = cartus_mid()
    raw["influence"]["church"] = "lots"
    refused(cartus.from_dict, raw, "influence['church'] should be a list")


def test_malformed_cartus_stack_frames() -> None:
    raw = cartus_mid()
    top = raw["stack"][-1]
    top.pop("seat", None)
    top.pop("seats", None)
    refused(cartus.from_dict, raw, "names no seat")
    raw = cartus_mid()
    raw["stack"][-1]["kind"] = "juggle"
    refused(cartus.from_dict, raw, "unknown kind 'juggle'")
    raw = cartus_mid()
    raw["stack"].append({"kind": "resolve_building", "place": 12})
    refused(cartus.from_dict, raw, "place is 12")


# Fuzz: random mutations of real saved states load cleanly or raise BadState, nothing else


def _mutants(raw: dict[str, Any], rng: random.Random, n: int) -> list[dict[str, Any]]:
    values: list[Any] = [
        None,
        -1,
        0,
        1,
        7,
        999,
        "",
        "x",
        "gallia",
        True,
        [],
        {},
        [0],
        {"kind": "x"},
    ]
    out = []
    for _ in range(n):
        m = copy.deepcopy(raw)
        for _ in range(rng.randint(1, 3)):
            path: list[tuple[Any, Any]] = []
            node: Any = m
            while isinstance(node, dict | list) and node and (not path or rng.random() < 0.7):
                key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
                path.append((node, key))
                node = node[key]
            if not path:
                continue
            parent, key = path[-1]
            roll = rng.random()
            if roll < 0.15 and isinstance(parent, dict):
                del parent[key]
            elif roll < 0.25 and isinstance(parent, list):
                parent.append(copy.deepcopy(parent[key]))
            elif roll < 0.35 and isinstance(parent, list):
                del parent[key]
            elif roll < 0.5 and isinstance(node, int) and not isinstance(node, bool):
                parent[key] = node + rng.choice([-1, 1])
            else:
                parent[key] = copy.deepcopy(rng.choice(values))
        out.append(m)
    return out


def _fuzz(load: Callable[[dict[str, Any]], Any], raw: dict[str, Any], seed: int) -> int:
    refused = 0
    for mutant in _mutants(raw, random.Random(seed), 400):
        try:
            g = load(mutant)
        except BadState:
            refused += 1
            continue
        # loaded cleanly: it can be shown and asked
        g.view(None)
        for seat in g.actors():
            g.legal_actions(seat)
    return refused


def test_fuzzed_rattus_states_load_or_raise_bad_state() -> None:
    for i, exps in enumerate([set(), {"mercatus", "pied_piper"}, {"africanus"}]):
        raw = rattus_mid(exps, players=5 if "africanus" in exps else 4)
        assert _fuzz(rattus.from_dict, raw, i) > 200


def test_fuzzed_cartus_states_load_or_raise_bad_state() -> None:
    for seed, players in enumerate([2, 5]):
        assert _fuzz(cartus.from_dict, cartus_mid(players), seed) > 200


# The builders of exact positions: checked like a loaded game


def test_rattus_position_builds_exactly_the_pieces_asked_for_and_loads_back() -> None:
    g = rattus.position(
        4,
        {"pied_piper"},
        cubes={"gallia": {0: 3, 2: 1}},
        palace={1: 2},
        rats={"gallia": [rattus.token(2, "magic", majority=1)]},
        supply_rats=5,
        hands={0: ["king"], 3: ["witch"]},
        plague="anglia",
        active=2,
        turn=5,
    )
    s = g.state
    assert s.cubes["gallia"] == [3, 0, 1, 0] and s.palace == [0, 2, 0, 0]
    assert s.supply == [17, 18, 19, 20]
    assert s.rats["gallia"] == ["T1"] and s.tokens["T1"]["classes"] == ["magic"]
    assert len(s.rat_supply) == 5 and all(s.rats[r] == [] for r in s.regions if r != "gallia")
    assert g.actors() == [2] and s.turn == 5
    assert "king" in s.cards_in_play and "witch" in s.cards_in_play
    assert rattus.from_dict(json.loads(json.dumps(g.to_dict()))).to_dict() == g.to_dict()


def test_rattus_position_refuses_an_impossible_position() -> None:
    with pytest.raises(BadState, match="Red has 21 cubes in all, not 20"):
        rattus.position(3, cubes={"gallia": {0: 15}}, palace={0: 6})
    with pytest.raises(BadState, match="'king' is in two hands: 0 and 1"):
        rattus.position(3, hands={0: ["king"], 1: ["king"]})
    with pytest.raises(BadState, match="more than 3"):
        rattus.position(3, rats={"gallia": [rattus.token(1)] * 4})
    with pytest.raises(BadState, match="unknown region 'atlantis'"):
        rattus.position(3, plague="atlantis")


def test_cartus_position_builds_the_row_hands_and_rats_and_loads_back() -> None:
    g = cartus.position(
        3, ["monastery", "farm"], hands={0: ["church", "joker"]}, rats={1: 4}, round=2, start=1
    )
    s = g.state
    assert [b["card"] for b in s.row] == ["monastery-1", "farm-2"]
    assert sorted(s.type_of(c) for c in s.hands[0]) == ["church", "joker"]
    assert s.rats[1] == 4 and s.round == 2 and g.actors() == [1]
    assert cartus.from_dict(json.loads(json.dumps(g.to_dict()))).to_dict() == g.to_dict()


def test_cartus_position_refuses_an_impossible_position() -> None:
    with pytest.raises(BadState, match="no building 'moat'"):
        cartus.position(3, ["moat"])
    with pytest.raises(BadState, match="no card type 'dragon'"):
        cartus.position(3, hands={0: ["dragon"]})
    with pytest.raises(BadState, match="rats\\[1\\] is -3"):
        cartus.position(3, rats={1: -3})
    with pytest.raises(BadState, match="round is 12"):
        cartus.position(3, round=12)
