"""Every text Rattus Cartus and the shared engine give a person passes through the catalogs:
seeded games played in the pseudo-language (tests/pseudo.py), where each translated text comes
out bracketed piece by piece around its values, find no word outside the brackets in any
event (public or private), prompt, action label, pick entry, view log line or refusal, other
than the values themselves: the players' names and, in a refusal, what was typed."""

from __future__ import annotations

import random
import re

import pytest

import lang
from engine import cartus
from engine.contract import Game, action_label
from engine.core import IllegalAction, Pick
from engine.text import Text, from_json
from tests.pseudo import CLOSE, OPEN, installed

NAMES = ["Aoife", "Bruno", "Chidi", "Dagny", "Emeka"]
INNERMOST = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
WORD = re.compile(r"[^\W\d_]{2,}")


def unmarked(shown: str, data: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """The words of a shown text outside every pseudo-language bracket, other than the
    players' names and ``data`` (what a person typed, shown back as it is)."""
    rest = INNERMOST.sub(" ", shown)
    allowed = {*NAMES, *data}
    return [word for word in WORD.findall(rest) if word not in allowed]


class Reader:
    """Shows texts in the pseudo-language and keeps each that has words left unmarked."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.found: dict[str, str] = {}
        self.read = 0

    def check(self, where: str, text: Text, data: set[str] = frozenset()) -> None:  # type: ignore[assignment]
        shown = lang.say(text, self.code, NAMES)
        self.read += 1
        if unmarked(shown, data):
            self.found.setdefault(shown, where)

    def moment(self, game: Game, players: int) -> None:
        for line in game.view(None, NAMES[:players])["log"]:
            self.check("view log", from_json(line))
        for seat in game.actors():
            decision = game.decision(seat)
            assert decision is not None
            self.check(f"prompt {decision.kind}", decision.prompt)
            view = game.view(seat, NAMES[:players])["decision"]
            assert view is not None
            self.check(f"view prompt {decision.kind}", from_json(view["prompt"]))
            for action in game.legal_actions(seat):
                self.check(f"label {action.notation}", action.label)
            if decision.pick is not None:
                self.pick(decision.pick)
            self.refusals(game, seat)

    def pick(self, pick: Pick) -> None:
        for value, entry in pick.options():
            self.check(f"pick entry {value}", entry)
        counts = {g.code: g.available for g in pick.groups}
        self.check("pick in words", pick.describe(counts))
        self.check("pick in words", pick.describe({}))
        codes = {pick.kind, *(g.code for g in pick.groups)}
        wrongs = [f"{pick.kind}:zz1", "x:"] + [f"{pick.kind}:{g.code}99" for g in pick.groups[:1]]
        for wrong in wrongs:
            try:
                pick.parse(wrong)
            except IllegalAction as refusal:
                self.check(f"refusal pick {wrong}", refusal.text, {*codes, *WORD.findall(wrong)})

    def refusals(self, game: Game, seat: int) -> None:
        """What is said to a person typing something the game does not allow."""
        kinds = {w for a in game.legal_actions(seat) for w in WORD.findall(a.notation)}
        typed = ("", "  ", "place:nowhere", "enter:9", "commit:zz1", "x" * 90, "ä!")
        tries = [(seat, notation) for notation in typed]
        tries += [*[(p, "pass") for p in range(5) if p not in game.actors()][:1], (99, "pass")]
        for who, notation in tries:
            try:
                game.apply(who, notation)
            except IllegalAction as refusal:
                data = {*kinds, *WORD.findall(notation), "place", "gallia"}  # the example
                self.check(f"refusal {notation!r}", refusal.text, data)


def play(reader: Reader, players: int, seed: int) -> Game:
    game: Game = cartus.new_game(players, seed=seed)
    rng = random.Random(seed)
    for event in game.events:
        reader.check(f"event {event.kind}", event.shown)
    while not game.is_over:
        reader.moment(game, players)
        seat = game.actors()[0]
        action = rng.choice(game.legal_actions(seat))
        label = action_label(game, seat, action.notation)
        assert label is not None
        reader.check("action in words", label)
        game = game.apply(seat, action.notation)
        for event in game.events:
            reader.check(f"event {event.kind}", event.shown)
    reader.moment(game, players)
    return game


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_cartus_text_passes_through_the_catalogs(players: int) -> None:
    with installed() as code:
        reader = Reader(code)
        for seed in range(2):
            play(reader, players, seed)
    assert reader.read > 500
    found = "\n".join(f"{where}: {shown}" for shown, where in reader.found.items())
    assert not reader.found, f"texts a person reads that no catalog made:\n{found}"


def test_the_scan_finds_a_text_made_outside_the_catalogs() -> None:
    with installed() as code:
        reader = Reader(code)
        reader.check("made by hand", "Red takes 2 rats.")
        reader.check("marked", lang.msg("Choose exactly {n}.", n=2))
    assert list(reader.found.values()) == ["made by hand"]
    assert unmarked("Aoife⟦ tákés ⟧2⟦ ráts⟧") == []
    assert unmarked("Aoife takes ⟦2 ráts⟧") == ["takes"]
