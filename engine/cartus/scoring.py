"""The end of the game: victory points, then the Nun-row against each player's rats.

Lines: each class 10/5/2 by influence (10/5 with 2 players; ties go to the lower disc, the
one that reached the space first; no influence scores nothing); most population cards and
jokers in hand 2 (a tie: 1 each); most of each of Sword, Flute and Pass 2 (a tie: 1 each);
Gold, when the Treasury was in the game, 6 and 3 (a tie for the most shares 9 and ends it,
a tie for second shares 3; no second place with 2 players); victory point tokens. A player
with more rats than the Nun-row shows nuns dies of the plague. The winner is the survivor
with the most points, then the fewest rats; still tied, they share the win. If everyone
dies, by default all have lost (the printed rule); the option ``everyone_dead``
"spare_fewest_rats" spares the players with the fewest rats and finds the winner among them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import kernel
from ..text import N_, Msg, Param, Seat, msg, plural
from . import cards, data
from .state import Ctx, State
from .view_types import CartusOutcome

TIE_BREAK = N_("level players rank by fewer rats; still level, they share the win")
"""The tie-break in words, as the view's ``breakdown`` says it (a marked text)."""


def class_ranking(s: State, cls: str) -> list[int]:
    """Seats with influence in the class, best first; a lower disc beats a higher one."""
    track = s.influence[cls]
    ranked = [p for p in range(s.players) if track[p] > 0]
    return sorted(ranked, key=lambda p: (-track[p], s.arrived[cls][p]))


def _most(held: list[int], points: int = 2, tied: int = 1) -> list[int]:
    top = max(held)
    winners = [p for p, n in enumerate(held) if n == top]
    if top == 0:
        return [0] * len(held)
    share = points if len(winners) == 1 else tied
    return [share if p in winners else 0 for p in range(len(held))]


def _gold(s: State, held: list[int]) -> list[int]:
    out = [0] * s.players
    top = max(held)
    if top == 0:
        return out
    first = [p for p, n in enumerate(held) if n == top]
    if len(first) > 1:
        for p in first:
            out[p] = 9 // len(first)
        return out
    out[first[0]] = 6
    rest = [n for p, n in enumerate(held) if p not in first and n > 0]
    if s.players == 2 or not rest:
        return out
    second = [p for p, n in enumerate(held) if p not in first and n == max(rest)]
    for p in second:
        out[p] = 3 // len(second)
    return out


def lines(s: State) -> list[dict[str, int]]:
    """Each seat's points per scoring line."""
    out: list[dict[str, int]] = [{} for _ in range(s.players)]
    awards = (10, 5) if s.players == 2 else (10, 5, 2)
    for cls in data.CLASSES:
        for p in range(s.players):
            out[p][cls] = 0
        for p, points in zip(class_ranking(s, cls), awards, strict=False):
            out[p][cls] = points
    held = [cards.counts(s, hand) for hand in s.hands]
    population = [cards.population_of(h) for h in held]
    for p, v in enumerate(_most(population)):
        out[p]["cards"] = v
    for special in ("sword", "flute", "pass"):
        for p, v in enumerate(_most([h.get(special, 0) for h in held])):
            out[p][special] = v
    gold = (
        _gold(s, [h.get("gold", 0) for h in held]) if "treasury" in s.in_play else [0] * s.players
    )
    for p in range(s.players):
        out[p]["gold"] = gold[p]
        out[p]["tokens"] = sum(s.vp[p])
    return out


def nuns(s: State) -> int:
    return sum(int(s.cards[c]["nuns"]) for c in s.nun_row)


def outcome(s: State) -> dict[str, Any]:
    points = lines(s)
    scores = [sum(line.values()) for line in points]
    total = nuns(s)
    dead = [p for p in range(s.players) if s.rats[p] > total]
    alive = [p for p in range(s.players) if p not in dead]
    spared: list[int] = []
    if not alive and s.options["everyone_dead"] == "spare_fewest_rats":
        fewest = min(s.rats)
        spared = [p for p in range(s.players) if s.rats[p] == fewest]
    contenders = alive or spared

    def key(p: int) -> tuple[int, int, int]:
        return (-scores[p], s.rats[p], p)

    winners: list[int] = []
    if contenders:
        best = min(key(p)[:2] for p in contenders)
        winners = [p for p in contenders if key(p)[:2] == best]
    ranking = sorted(contenders, key=key) + sorted(
        (p for p in range(s.players) if p not in contenders), key=key
    )
    return {
        "scores": scores,
        "lines": points,
        "ranking": ranking,
        "winners": winners,
        "rats": list(s.rats),
        "nuns": total,
        "dead": dead,
        "spared": spared,
    }


def result(o: Mapping[str, Any]) -> CartusOutcome:
    """A finished game's saved ``outcome`` as ``game.outcome`` gives it: with the seats level
    on points and the tie-break."""
    return {
        **kernel.outcome_of(o["scores"], o["ranking"], o["winners"], o["lines"], TIE_BREAK),
        "rats": list(o["rats"]),
        "nuns": int(o["nuns"]),
        "dead": list(o["dead"]),
        "spared": list(o["spared"]),
    }


def finish(ctx: Ctx) -> None:
    s = ctx.s
    s.status = "over"
    s.stack = []
    result = outcome(s)
    s.outcome = result
    ctx.say(
        "nun_row",
        plural(
            "The Nun-row is turned over: {n} nun.",
            "The Nun-row is turned over: {n} nuns.",
            result["nuns"],
        ),
        nuns=result["nuns"],
    )
    for p in range(s.players):
        values: dict[str, Param] = {
            "player": Seat(p),
            "points": plural("{n} point", "{n} points", result["scores"][p]),
            "rats": plural("{n} rat", "{n} rats", s.rats[p]),
        }
        if p in result["dead"]:
            said = msg("{player}: {points}, {rats}, dies of the plague.", **values)
        else:
            said = msg("{player}: {points}, {rats}, survives.", **values)
        ctx.say("score", said, seat=p)
    if result["spared"]:
        ctx.say("spared", msg("Everyone died; the players with the fewest rats are spared."))
    if result["winners"]:
        ctx.say("winner", _crowned([Seat(p) for p in result["winners"]]))
    else:
        ctx.say("winner", msg("The plague killed everyone: nobody wins."))


def _crowned(winners: list[Seat]) -> Msg:
    """ "Red inherits the crown.", "Red and Blue inherit the crown."."""
    if len(winners) == 1:
        return msg("{player} inherits the crown.", player=winners[0])
    names: Msg | Seat = winners[0]
    for seat in winners[1:-1]:
        names = msg("{first}, {next}", first=names, next=seat)
    return msg("{players} and {last} inherit the crown.", players=names, last=winners[-1])
