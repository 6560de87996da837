"""D. Resolving the round's buildings in row order: cards, Swords and Flutes, actions, discards.

Within a building everything goes in the order the players entered it (their disc's space).
The premium belongs to whoever played the most population cards and jokers there (the first
to enter wins a tie); with 2 players only one premium is given per round, to whoever played
the most in their building (the first to enter any building wins a tie). In the final round
there are no actions: the premium holder gains one more influence in the building's class.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from ..core import Action, Pick
from ..text import N_, Msg, msg, plural
from . import cards, data, rounds, steps
from .rounds import SEATS, place_name
from .state import Ctx, Frame, State

TARGETS = {
    "sword": N_("{player} gives you half their hand"),
    "flute": N_("{player} gets one of your rats"),
}
"""What choosing a tied player means, by the special card."""

BuildingAction = Callable[[Ctx, int, int, bool], None]
BUILDING_ACTIONS: dict[str, BuildingAction] = {}
"""Building id -> (ctx, seat, row place, premium?) carries out its action for the seat."""


def add_influence(ctx: Ctx, seat: int, cls: str, n: int) -> None:
    """Move the seat's disc ``n`` spaces up a track; it lands on top of any discs there."""
    s = ctx.s
    if n <= 0:
        return
    track = s.mine("influence")[cls]
    track[seat] += n
    s.moves += 1
    s.mine("arrived")[cls][seat] = s.moves
    s.mine("gained")[seat] += n
    if ctx.quiet:  # a look-ahead's apply says nothing: no text is made
        return
    said = _gains(seat, n, cls, track[seat])
    ctx.say("influence", said, seat=seat, cls=cls, n=n)


@cache
def _gains(seat: int, n: int, cls: str, now: int) -> Msg:
    """'Red gains 2 influence in Church (now 5).', made once (a text never changes)."""
    return msg(
        "{player} gains {n} influence in {track} (now {now}).",
        player=SEATS[seat],
        n=n,
        track=_track(cls),
        now=now,
    )


@cache
def _track(cls: str) -> Msg:
    """A class's influence track named (made once)."""
    return msg(data.TYPE_NAMES[cls])


def played(s: State, place: int, seat: int) -> int:
    """Population cards and jokers the seat played in the building at ``place``."""
    entry = next(e for e in s.row[place]["entries"] if e["seat"] == seat)
    return cards.population(s, entry["cards"])


def premiums(s: State) -> dict[str, int]:
    """Row place (as text) -> the seat that takes its premium action."""
    out: dict[str, int] = {}
    for place, b in enumerate(s.row):
        top = -1
        for e in b["entries"]:  # the first to enter wins a tie
            n = cards.population(s, e["cards"])
            if n > top:
                top, out[str(place)] = n, e["seat"]
    if s.players == 2 and len(out) > 1:
        scored = {k: played(s, int(k), seat) for k, seat in out.items()}
        top = max(scored.values())
        keep = min((k for k in out if scored[k] == top), key=lambda k: s.entered.index(out[k]))
        out = {keep: out[keep]}
    return out


def _resolve(ctx: Ctx, f: Frame) -> bool:
    s = ctx.s
    steps.pop(s, f)
    s.status = "resolve"
    s.premium = premiums(s)
    steps.push_all(s, [{"kind": "resolve_building", "place": p} for p in range(len(s.row))])
    return True


def _resolve_building(ctx: Ctx, f: Frame) -> bool:
    s = ctx.s
    steps.pop(s, f)
    place = f["place"]
    if not s.row[place]["entries"]:
        ctx.say("empty", msg("Nobody entered {place}.", place=place_name(s, place)))
        return True
    s.stack += [  # written out, last first (the top of the stack acts first)
        {"kind": "clear", "place": place},
        {"kind": "actions", "place": place},
        {"kind": "flutes", "place": place},
    ]
    # the reveal and the Swords come first and at once: neither ever waits for a seat, so
    # they need no frames of their own (the Swords may push a choice or a gift, which waits)
    _reveal(ctx, place)
    _settle_contest(ctx, place, "sword")
    return True


def _reveal(ctx: Ctx, place: int) -> None:
    """Every entrant shows their cards; influence for each population card and joker, a rat
    for each population card of another class than the building's."""
    s = ctx.s
    building = s.building(place)
    card = s.building_cards[building["card"]]
    cls = card["class"]
    building["revealed"] = True
    for e in building["entries"]:
        shown = cards.counts(s, e["cards"])
        e["shown"] = shown
        seat = e["seat"]
        if not ctx.quiet:
            said = _reveals(seat, shown, place, card["building"])
            # the dealt cards themselves as the event's data: they never change
            shows = list(map(s.cards.__getitem__, e["cards"]))
            ctx.say("reveal", said, seat=seat, place=place, cards=shows)
        population = off = 0
        for t, n in shown.items():
            if t in cards.POPULATION:
                population += n
                if t != cls and t != "joker":  # a population card of another class
                    off += n
        add_influence(ctx, seat, cls, population)
        cards.gain_rats(ctx, seat, off)


def _reveals(seat: int, shown: dict[str, int], place: int, building: str) -> Msg:
    """'Red reveals 2 Church cards in the Farm (1st building).' (made anew: its parts are
    made once, and a reveal of one seat's cards in one place seldom comes back in a game)."""
    return msg(
        "{player} reveals {cards} in {place}.",
        player=SEATS[seat],
        cards=cards.summary(shown),
        place=rounds.place_named(place, building),
    )


def contest(s: State, place: int, card_type: str) -> tuple[int, list[int]] | None:
    """Who played the most of a special card here (first to enter wins a tie) and who
    played the fewest; None when everyone played the same number."""
    entries = s.row[place]["entries"]
    n: list[int] = [  # a seat enters a building once; its counts by type, once revealed
        shown.get(card_type, 0) if (shown := e.get("shown")) is not None else _held(s, e, card_type)
        for e in entries
    ]
    if not n:
        return None
    top, low = max(n), min(n)
    if top == low:
        return None
    winner = entries[n.index(top)]["seat"]
    return winner, [e["seat"] for e, played in zip(entries, n, strict=True) if played == low]


def _held(s: State, entry: dict[str, Any], card_type: str) -> int:
    """How many cards of a type the entry played face down (not yet revealed)."""
    return sum(1 for c in entry["cards"] if s.type_of(c) == card_type)


def sword_gives(ctx: Ctx, giver: int, taker: int) -> None:
    s = ctx.s
    n = len(s.hands[giver]) // 2
    ctx.did(
        giver,
        "sword",
        plural(
            "{player} played the fewest Swords and must give {n} card to {taker}.",
            "{player} played the fewest Swords and must give {n} cards to {taker}.",
            n,
            taker=SEATS[taker],
        ),
        seat=giver,
        to=taker,
        n=n,
    )
    if n > 0:
        steps.push(s, "give", seat=giver, to=taker, n=n)


def pass_rat(ctx: Ctx, giver: int, taker: int) -> None:
    """The Flute: the most Flutes passes one rat to the fewest (none if they have none)."""
    s = ctx.s
    if s.rats[giver] == 0:
        ctx.did(giver, "flute", msg("{player} has no rat to pass to {taker}.", taker=SEATS[taker]))
        return
    rats = s.mine("rats")
    rats[giver] -= 1
    rats[taker] += 1
    ctx.did(
        giver,
        "flute",
        msg("{player} played the most Flutes and passes a rat to {taker}.", taker=SEATS[taker]),
        seat=giver,
        to=taker,
    )


def _settle(ctx: Ctx, special: str, winner: int, loser: int) -> None:
    """What a contest does between its winner and the one of the fewest it hits: the Sword's
    loser gives half their hand, the Flute's winner passes a rat."""
    if special == "sword":
        sword_gives(ctx, loser, winner)
    else:
        pass_rat(ctx, winner, loser)


def _settle_contest(ctx: Ctx, place: int, special: str) -> None:
    """A building's Sword or Flute contest: settled at once, or the winner chooses among
    several tied for the fewest."""
    result = contest(ctx.s, place, special)
    if result is not None:
        winner, fewest = result
        if len(fewest) == 1:
            _settle(ctx, special, winner, fewest[0])
        else:
            steps.push(ctx.s, "target", seat=winner, among=fewest, special=special)


def _flutes(ctx: Ctx, f: Frame) -> bool:
    steps.pop(ctx.s, f)
    _settle_contest(ctx, f["place"], "flute")
    return True


def _target_options(s: State, f: Frame, seat: int) -> list[Action]:
    verb = TARGETS[f["special"]]
    return [
        Action(f"target:{s.colour_name(p).lower()}", msg(verb, player=SEATS[p])) for p in f["among"]
    ]


def _target_act(ctx: Ctx, f: Frame, seat: int, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    target = next(p for p in f["among"] if s.colour_name(p).lower() == a.args[0])
    _settle(ctx, f["special"], seat, target)


def _target_prompt(s: State, f: Frame, seat: int) -> Msg:
    if f["special"] == "sword":
        return msg(
            "Several players tied for the fewest Swords: choose who gives you half their hand."
        )
    return msg("Several players tied for the fewest Flutes: choose who gets one of your rats.")


steps.register(steps.Step("resolve", auto=_resolve))
steps.register(steps.Step("resolve_building", auto=_resolve_building))
steps.register(steps.Step("flutes", auto=_flutes))
steps.register(
    steps.Step("target", options=_target_options, act=_target_act, prompt=_target_prompt)
)


# Giving cards (after a Sword or to a Guard Tower premium): the giver chooses, privately


def _give_pick(s: State, f: Frame, seat: int) -> Pick:
    return cards.hand_pick(s, seat, "give", f["n"], f["n"])


def _give_act(ctx: Ctx, f: Frame, seat: int, chosen: dict[str, int], given: list[str]) -> None:
    ctx.s.mine("hands")[f["to"]] += given
    n = len(given)
    ctx.did(
        seat,
        "give",
        plural(
            "{player} gives {n} card to {taker}.",
            "{player} gives {n} cards to {taker}.",
            n,
            taker=SEATS[f["to"]],
        ),
        seat=seat,
        to=f["to"],
        n=n,
    )
    what = cards.summary(chosen)
    ctx.tell((seat,), "gave", msg("You gave {cards} to {taker}.", cards=what, taker=SEATS[f["to"]]))
    ctx.tell((f["to"],), "got", msg("{player} gave you {cards}.", player=SEATS[seat], cards=what))


def _give_prompt(s: State, f: Frame, seat: int) -> Msg:
    return plural(
        "Choose {n} card to give to {taker}.",
        "Choose {n} cards to give to {taker}.",
        f["n"],
        taker=SEATS[f["to"]],
    )


cards.hand_step("give", _give_pick, N_("Give {cards}"), _give_act, _give_prompt)


# Actions, then the played cards leave


def _actions(ctx: Ctx, f: Frame) -> bool:
    s = ctx.s
    steps.pop(s, f)
    place = f["place"]
    premium = s.premium.get(str(place))
    if s.final_round:
        if premium is not None:
            ctx.did(
                premium,
                "final_premium",
                msg("Final round: {player} would have had the premium action."),
            )
            add_influence(ctx, premium, s.class_of(place), 1)
        return True
    frames = [
        {"kind": "building_action", "seat": p, "place": place, "premium": False}
        for p in (e["seat"] for e in s.row[place]["entries"])
        if p != premium
    ]
    if premium is not None:  # the premium action comes first
        frames.insert(
            0, {"kind": "building_action", "seat": premium, "place": place, "premium": True}
        )
    steps.push_all(s, frames)
    return True


def _building_action(ctx: Ctx, f: Frame) -> bool:
    s = ctx.s
    steps.pop(s, f)
    seat, place, premium = f["seat"], f["place"], f["premium"]
    building = s.building_of(place)
    if not ctx.quiet:
        said = _takes_action(seat, premium, place, building)
        ctx.say("action", said, seat=seat, premium=premium)
    BUILDING_ACTIONS[building](ctx, seat, place, premium)
    return True


@cache
def _takes_action(seat: int, premium: bool, place: int, building: str) -> Msg:
    """'Red takes the premium action of the Farm (1st building).', made once."""
    kind = (
        N_("{player} takes the premium action of {place}.")
        if premium
        else N_("{player} takes the standard action of {place}.")
    )
    return msg(kind, player=SEATS[seat], place=rounds.place_named(place, building))


def _clear(ctx: Ctx, f: Frame) -> bool:
    s = ctx.s
    steps.pop(s, f)
    gone: list[str] = []
    for e in s.building(f["place"])["entries"]:
        gone += e["cards"]
        e["cards"] = []
    cards.give_back(s, gone)  # in the order they were played, entry by entry
    return True


steps.register(steps.Step("actions", auto=_actions))
steps.register(steps.Step("building_action", auto=_building_action))
steps.register(steps.Step("clear", auto=_clear))
