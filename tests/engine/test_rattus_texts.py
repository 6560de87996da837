"""Rattus speaks in texts with keys and values (``engine.text``), never in sentences of its own.

Two scans of the code of ``engine/rattus`` (base game and every expansion):

- the shared types that carry a readable text (``Action``, ``PickGroup``, ``IllegalAction``,
  ``Event``, ``Decision``) are made only in ``engine/rattus/texts.py`` and ``state.py``, from a
  ``Msg``: everywhere else an action is ``texts.action(notation, msg(...))``, a refusal
  ``texts.refusal(msg(...))`` (mypy checks that what they are given is a ``Msg``);
- no sentence is written into the code outside a marker: an f-string or a string with words
  is an argument of ``msg``/``plural``/``N_``, or of an error a developer reads (a damaged
  saved game, a broken data file, a rule the code itself breaks).

And a play-through: seeded games with every expansion, each event, prompt and label a person
reads is the English of a marked text (its key is in the catalog the extraction writes).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine import rattus
from engine.core import IllegalAction
from engine.text import Msg, from_json
from lang.extract import KEYWORDS, extracted

ROOT = Path(__file__).resolve().parents[2]
RATTUS = ROOT / "engine" / "rattus"

SHARED_TEXT_TYPES = {"Action", "PickGroup", "IllegalAction", "Event", "Decision"}
"""The shared types whose texts a person reads."""

MADE_WHERE = {
    "texts.py": {"Action", "PickGroup", "IllegalAction"},
    "state.py": {"Event"},
    "game.py": {"Decision", "Action"},
}
"""Where each may be made: texts.py turns Msgs into them; state.py makes the events of
``Ctx.say``/``tell``; game.py hands the prompt to the Decision and turns a pick's
answer into its Action (its label is the pick's own, ``Pick.describe``)."""

MARKERS = set(KEYWORDS)
"""The markers the catalogs are extracted by (``lang.extract``): a text inside one is a key."""

DEVELOPER_ERRORS = {
    "ValueError",
    "RuntimeError",
    "KeyError",
    "TypeError",
    "AssertionError",
    "BadState",
    "DataError",
}
"""Errors whose message a developer reads, not a player."""

CHECKS = {"that", "bad", "is_int", "is_type", "strs", "_need", "in_stages", "once_each", "ints"}
"""``engine.saved.Checker``'s checks and the data file's: their messages name what is damaged
in a saved game or a data file, for whoever looks after the bot."""


def _sources() -> list[Path]:
    return sorted(p for p in RATTUS.rglob("*.py") if "__pycache__" not in p.parts)


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def shared_types_made(source: str, filename: str) -> list[str]:
    """Each call making a shared text type outside the places allowed to."""
    allowed = MADE_WHERE.get(filename, set())
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = _name(node.func)
            if name in SHARED_TEXT_TYPES and name not in allowed:
                found.append(f"{filename}:{node.lineno}: {ast.unparse(node)[:80]}")
    return found


def _words(node: ast.expr) -> bool:
    """Whether a string or f-string holds words (a sentence or a label, not an id)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
    else:
        return False
    if text.startswith("/"):
        return False  # a command's name, shown as it is
    return any(word.isalpha() and len(word) > 1 for word in text.split(" ")[1:]) and " " in text


def unmarked_sentences(source: str, filename: str) -> list[str]:
    """Each string with words that is neither a marked text, a docstring, a comment-like
    constant, nor an argument of a developer's error or a check."""
    tree = ast.parse(source)
    parents: dict[ast.AST, ast.AST] = {}
    for parent in ast.walk(tree):
        for child in ast.iter_child_nodes(parent):
            parents[child] = parent
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Constant, ast.JoinedStr)) or not _words(node):
            continue
        if isinstance(parents.get(node), ast.JoinedStr):
            continue  # a part of an f-string: the f-string is judged
        if _excused(node, parents):
            continue
        found.append(f"{filename}:{node.lineno}: {ast.unparse(node)[:80]}")
    return found


def _excused(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    parent = parents.get(node)
    if isinstance(parent, ast.Expr):
        return True  # a docstring (or a string standing alone)
    at: ast.AST | None = parent
    while at is not None:
        if isinstance(at, ast.Call):
            name = _name(at.func)
            if name in MARKERS or name in DEVELOPER_ERRORS or name in CHECKS:
                return True
        if isinstance(at, (ast.Assert, ast.Raise)) and not _raises_refusal(at):
            return isinstance(at, ast.Assert) or _developer_raise(at)
        at = parents.get(at)
    return False


def _raises_refusal(node: ast.AST) -> bool:
    return isinstance(node, ast.Raise) and "refusal" in ast.unparse(node)


def _developer_raise(node: ast.AST) -> bool:
    return isinstance(node, ast.Raise) and any(e in ast.unparse(node) for e in DEVELOPER_ERRORS)


def test_the_scans_find_sentences_and_shared_texts_made_outside_the_markers() -> None:
    """The scans themselves: the forms the code had before its texts were keys are found,
    the marked forms are not."""
    before = (
        'Action(f"place:{r}", f"Place {n} cubes in {board.name(r)}")\n'
        'ctx.say("walled", "The plague is walled in and stays where it is.")\n'
        'raise IllegalAction(f"It is not {s.colour(seat)}\'s decision now.")\n'
        'lambda s, f: "Merchant: how many cubes?"\n'
    )
    assert len(shared_types_made(before, "flow.py")) == 2
    assert len(unmarked_sentences(before, "flow.py")) == 4
    after = (
        'action(f"place:{r}", plural("Place {n} cube in {region}", "Place {n} cubes in '
        '{region}", n, region=board.said(r)))\n'
        'ctx.say("walled", msg("The plague is walled in and stays where it is."))\n'
        'raise refusal(msg("It is not {player}\'s decision now.", player=Seat(seat)))\n'
        'lambda s, f: msg("Merchant: how many cubes?")\n'
        'raise ValueError(f"step kind {kind!r} registered twice")\n'
        'c.that(ok, f"{spot} names an unknown region")\n'
    )
    assert shared_types_made(after, "flow.py") == []
    assert unmarked_sentences(after, "flow.py") == []


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(RATTUS)))
def test_no_rattus_module_writes_a_readable_text_without_the_markers(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    found = shared_types_made(source, path.name) + unmarked_sentences(source, path.name)
    assert found == [], "texts to write with msg/plural/N_ (docs/i18n.md):\n" + "\n".join(found)


def _keys() -> set[str]:
    out: set[str] = set()
    for message in extracted("engine"):
        if isinstance(message.id, tuple):
            out.update(message.id)
        elif message.id:
            out.add(message.id)
    return out


def _templates(text: Msg) -> list[Msg]:
    """The text and every text nested in it."""
    out = [text]
    for _, value in text.params:
        if isinstance(value, Msg):
            out += _templates(value)
    return out


def test_every_text_of_seeded_games_with_every_expansion_is_a_marked_text() -> None:
    """Whole games with all expansions at 3, 4 and 6 players, answers chosen by a fixed rule:
    every text the game hands out (events, prompts, labels, pick groups and their entries,
    refusals, the view's ruleset) is a ``Msg`` built from keys the extraction finds, each
    value a number, a seat or another such text."""
    seen: list[Msg] = []
    expansions = ["pied_piper", "africanus", "mercatus"]
    for players, seed in ((4, 1), (6, 2), (3, 3)):
        game = rattus.new_game(players, expansions, seed=seed)
        seen += [_said(e.template) for e in game.events]
        seen.append(from_json(game.view(None)["ruleset"]))
        moves = 0
        while not game.is_over and moves < 400:
            seat = game.actors()[0]
            decision = game.decision(seat)
            assert decision is not None
            seen.append(_said(decision.prompt))
            if decision.pick is not None:
                seen += [_said(label) for _, label in decision.pick.options()]
                for group in decision.pick.groups:
                    seen += [_said(t) for t in (group.label, group.item, group.place) if t]
            actions = game.legal_actions(seat)
            seen += [_said(action.label) for action in actions]
            game = game.apply(seat, actions[(moves * 7 + seed) % len(actions)])
            seen += [_said(e.template) for e in game.events]
            moves += 1
        idle = next((p for p in range(players) if p not in game.actors()), 0)
        with pytest.raises(IllegalAction) as refused:
            game.apply(idle, "end")  # not this seat's decision, or the game is over
        seen.append(_said(refused.value.text))
    assert len(seen) > 1000
    keys = _keys()
    unmarked = {
        form
        for text in seen
        for t in _templates(text)
        for form in (t.key, t.plural)
        if form is not None and form not in keys
    }
    assert unmarked == set()


def _said(text: object) -> Msg:
    assert isinstance(text, Msg), f"not a text with a key: {text!r}"
    return text
