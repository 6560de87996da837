"""The parts of a view every kernel game builds the same way: the decision waited for, and the
end-of-game keys (``scores``, ``ranking``, ``winners``, ``breakdown``) from its outcome."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..contract import DecisionView, Outcome, View, tie_groups
from ..core import text_json
from ..text import with_names
from .steps import Frame, Steps


def decision_view(
    steps: Steps[Any, Any], s: Any, seat: int | None, acting: list[int], names: list[str]
) -> DecisionView | None:
    """The decision waited for, as ``seat`` (None: a spectator) may see it: the viewer's own
    when it is among the deciders, else the first decider's. Its prompt is hidden from others
    when private; its pick is shown only to the seat deciding."""
    if not acting:
        return None
    frame: Frame = s.stack[-1]
    step = steps[frame["kind"]]
    who = seat if seat in acting else acting[0]
    mine = seat is not None and seat == who
    assert step.prompt is not None
    decision: DecisionView = {
        "seat": who,
        "kind": frame["kind"],
        "prompt": text_json(with_names(step.prompt(s, frame, who), names))
        if (mine or not step.private)
        else "",
        "private": step.private,
    }
    if mine:
        pick = step.pick(s, frame, who) if step.pick is not None else None
        decision["pick"] = None if pick is None else pick.to_dict()
    return decision


def outcome_of(
    scores: Sequence[int],
    ranking: Sequence[int],
    winners: Sequence[int],
    lines: Sequence[Mapping[str, int]],
    tie_break: str,
) -> Outcome:
    """How a finished game ended: the seats level on points found from the scores and the
    ranking, the tie-break in words only when somebody was level."""
    ties = tie_groups(list(scores), list(ranking))
    return {
        "scores": list(scores),
        "ranking": list(ranking),
        "winners": list(winners),
        "lines": [dict(line) for line in lines],
        "ties": ties,
        "tie_break": tie_break if ties else "",
    }


def add_ending(view: View, result: Outcome | None) -> None:
    """A finished game's end-of-game keys, added to its view (nothing before the end)."""
    if result is None:
        return
    view["scores"] = {str(seat): points for seat, points in enumerate(result["scores"])}
    view["ranking"] = list(result["ranking"])
    view["winners"] = list(result["winners"])
    view["breakdown"] = {
        "lines": [dict(line) for line in result["lines"]],
        "ties": [list(group) for group in result["ties"]],
        "tie_break": result["tie_break"],
    }
