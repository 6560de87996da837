"""A round of Rattus Cartus: drawing the buildings, supplies, entering buildings, the end.

Resolving the buildings is in ``resolve``; the final scoring in ``scoring``.
"""

from __future__ import annotations

from ..core import Action, Pick
from . import cards, data, scoring, steps
from .state import Ctx, Frame, State

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")


def place_name(s: State, place: int) -> str:
    """'the Farm (1st building)'."""
    return f"the {data.buildings()[s.building_of(place)].name} ({ORDINALS[place]} building)"


# A. Drawing the round's buildings


def _begin_round(ctx: Ctx, f: Frame) -> None:
    s = ctx.s
    steps.pop(s, f)
    s.round += 1
    s.status = "supply"
    s.row, s.entered, s.premium = [], [], {}
    s.gained = [0] * s.players
    s.supply_chosen = [None] * s.players
    n = data.table().counts[s.players].buildings_per_round
    drawn = [s.building_deck.pop() for _ in range(min(n, len(s.building_deck)))]
    _replace_repeats(ctx, drawn)
    s.row = [{"card": c, "entries": [], "revealed": False} for c in drawn]
    names = ", ".join(data.buildings()[s.building_cards[c]["building"]].name for c in drawn)
    final = " This is the final round: no building actions." if s.final_round else ""
    ctx.say(
        "round",
        f"Round {s.round} of {s.rounds}: {names}. {s.colour(s.start_player)} starts.{final}",
        round=s.round,
    )
    order = s.seat_order(s.start_player)
    if s.options["simultaneous_supply"]:
        supply: list[Frame] = [{"kind": "supply_all", "seats": order}]
    else:
        supply = [{"kind": "supply", "seat": seat} for seat in order]
    steps.push_all(
        s,
        [*supply, {"kind": "begin_entering"}, {"kind": "resolve"}, {"kind": "end_round"}],
    )


def _replace_repeats(ctx: Ctx, drawn: list[str]) -> None:
    """While every drawn card shows one building, the last is swapped for the replacement
    deck's top card (the swapped card goes under that deck)."""
    s = ctx.s

    def building(card: str) -> str:
        return str(s.building_cards[card]["building"])

    while len(drawn) > 1 and len({building(c) for c in drawn}) == 1:
        if all(building(c) == building(drawn[0]) for c in s.replacement):
            ctx.say("replace", "The replacement deck holds no other building: the row stays.")
            return
        old = drawn[-1]
        drawn[-1] = s.replacement.pop(0)
        s.replacement.append(old)
        ctx.say(
            "replace",
            f"Every drawn building is a {data.buildings()[building(old)].name}: the last one is "
            "replaced from the replacement deck.",
        )


steps.register(steps.Step("begin_round", auto=_begin_round))


# B. Supplies


def _supply_options(s: State, f: Frame, seat: int) -> list[Action]:
    out = []
    for place, entry in enumerate(s.row):
        supply = s.building_cards[entry["card"]]["supply"]
        text = data.supply_text(supply)
        last = not supply.get("peek_nun_row") or not unseen(s, seat)  # else looks follow
        out.append(Action(f"supply:{place + 1}", f"{place_name(s, place)}: {text}", last))
    return out


def _supply_prompt(s: State, f: Frame, seat: int) -> str:
    return "Supplies: choose the building whose supply action you take."


def perform_supply(ctx: Ctx, seat: int, place: int) -> None:
    s = ctx.s
    supply = s.building_cards[s.row[place]["card"]]["supply"]
    ctx.say(
        "supply",
        f"{s.colour(seat)} takes the supply of {place_name(s, place)}: {data.supply_text(supply)}.",
        seat=seat,
        place=place,
    )
    if supply.get("draw"):
        cards.draw(ctx, seat, supply["draw"])
    if supply.get("discard_rats"):
        cards.discard_rats(ctx, seat, supply["discard_rats"])
    if supply.get("peek_nun_row"):
        push_peeks(s, seat, supply["peek_nun_row"])


def _supply_act(ctx: Ctx, f: Frame, seat: int, a: Action) -> None:
    steps.pop(ctx.s, f)
    perform_supply(ctx, seat, int(a.args[0]) - 1)


def _supply_all_act(ctx: Ctx, f: Frame, seat: int, a: Action) -> None:
    """Everyone chooses at once: a choice stays secret until the last player has chosen;
    then all are carried out in turn order."""
    s = ctx.s
    place = int(a.args[0]) - 1
    s.supply_chosen[seat] = place
    f["seats"].remove(seat)
    ctx.say("chosen", f"{s.colour(seat)} has chosen a supply action.", seat=seat)
    ctx.tell((seat,), "chose", f"You chose the supply of {place_name(s, place)}.")
    if f["seats"]:
        return
    steps.pop(s, f)
    steps.push_all(
        s,
        [
            {"kind": "do_supply", "seat": p, "place": s.supply_chosen[p]}
            for p in s.seat_order(s.start_player)
        ],
    )


def _do_supply(ctx: Ctx, f: Frame) -> None:
    steps.pop(ctx.s, f)
    perform_supply(ctx, f["seat"], f["place"])


steps.register(
    steps.Step("supply", options=_supply_options, act=_supply_act, prompt=_supply_prompt)
)
steps.register(
    steps.Step(
        "supply_all",
        options=_supply_options,
        act=_supply_all_act,
        prompt=_supply_prompt,
        private=True,
    )
)
steps.register(steps.Step("do_supply", auto=_do_supply))


# Looking at the Nun-row


def unseen(s: State, seat: int) -> list[int]:
    return [i for i in range(len(s.nun_row)) if seat not in s.seen[i]]


def push_peeks(s: State, seat: int, n: int) -> None:
    """Ask the seat for ``n`` looks at Nun-row cards it has not seen (fewer if fewer remain)."""
    n = min(n, len(unseen(s, seat)))
    if n > 0:
        steps.push(s, "peek", seat=seat, n=n)


def _peek_options(s: State, f: Frame, seat: int) -> list[Action]:
    last = f["n"] == 1 or len(unseen(s, seat)) == 1
    return [Action(f"peek:{i + 1}", f"Look at Nun-row card {i + 1}", last) for i in unseen(s, seat)]


def _peek_act(ctx: Ctx, f: Frame, seat: int, a: Action) -> None:
    s = ctx.s
    place = int(a.args[0]) - 1
    s.seen[place].append(seat)
    card = s.cards[s.nun_row[place]]
    ctx.say("peek", f"{s.colour(seat)} looks at a card of the Nun-row.", seat=seat)
    ctx.tell(
        (seat,),
        "peeked",
        f"Nun-row card {place + 1}: {cards.label(card['type'])} with {card['nuns']} "
        f"nun{'s' if card['nuns'] != 1 else ''}.",
        place=place,
        card=dict(card),
    )
    f["n"] -= 1
    if f["n"] == 0 or not unseen(s, seat):
        steps.pop(s, f)


def _peek_prompt(s: State, f: Frame, seat: int) -> str:
    more = f" ({f['n']} looks left)" if f["n"] > 1 else ""
    return f"Choose a Nun-row card to look at{more}."


steps.register(
    steps.Step("peek", options=_peek_options, act=_peek_act, prompt=_peek_prompt, private=True)
)


# C. Entering buildings


def _begin_entering(ctx: Ctx, f: Frame) -> None:
    s = ctx.s
    steps.pop(s, f)
    s.status = "enter"
    order = s.seat_order(s.start_player)
    steps.push(s, "enter", seat=order[0], queue=order)


def _enter_options(s: State, f: Frame, seat: int) -> list[Action]:
    out = [
        Action(f"enter:{place + 1}", f"Enter {place_name(s, place)}") for place in range(len(s.row))
    ]
    if len(f["queue"]) > 1 and any(s.type_of(c) == "pass" for c in s.hands[seat]):
        out.append(Action("pass", "Play a Pass card: choose after the others", True))
    return out


def _enter_act(ctx: Ctx, f: Frame, seat: int, a: Action) -> None:
    s = ctx.s
    queue: list[int] = f["queue"]
    queue.pop(0)
    if a.kind == "pass":
        card = next(c for c in s.hands[seat] if s.type_of(c) == "pass")
        s.hands[seat].remove(card)
        cards.give_back(s, [card])
        queue.append(seat)
        f["seat"] = queue[0]
        ctx.say("pass", f"{s.colour(seat)} plays a Pass card.", seat=seat)
        return
    place = int(a.args[0]) - 1
    entries = s.row[place]["entries"]
    entries.append({"seat": seat, "cards": [], "count": 0, "shown": None})
    s.entered.append(seat)
    ctx.say(
        "enter",
        f"{s.colour(seat)} enters {place_name(s, place)} on space {len(entries)}.",
        seat=seat,
        place=place,
    )
    if queue:
        f["seat"] = queue[0]
    else:
        steps.pop(s, f)
    steps.push(s, "commit", seat=seat, place=place)


def _enter_prompt(s: State, f: Frame, seat: int) -> str:
    return "Enter a building (then choose the cards you play there face down)."


def _enter_secret_kinds(s: State, f: Frame, seat: int) -> tuple[str, ...]:
    """A Pass card may be played whenever someone else is still to enter; whether the seat
    holds one is its secret (cards change hands unseen: a Sword, a Guard Tower)."""
    return ("pass",) if len(f["queue"]) > 1 else ()


steps.register(steps.Step("begin_entering", auto=_begin_entering))
steps.register(
    steps.Step(
        "enter",
        options=_enter_options,
        act=_enter_act,
        prompt=_enter_prompt,
        secret_kinds=_enter_secret_kinds,
    )
)


def _commit_pick(s: State, f: Frame, seat: int) -> Pick:
    held = cards.counts(s, s.hands[seat])
    playable = sum(n for t, n in held.items() if t in cards.PLAYABLE)
    return cards.pick_of_counts(held, "commit", cards.PLAYABLE, 0, playable, ends_turn=True)


def _commit_options(s: State, f: Frame, seat: int) -> list[Action]:
    pick = _commit_pick(s, f, seat)
    return cards.ready_answers(pick, "Play", first=[s.class_of(f["place"]), "joker"])


def _commit_act(ctx: Ctx, f: Frame, seat: int, a: Action) -> None:
    s = ctx.s
    chosen = cards.by_type(_commit_pick(s, f, seat), a.notation)
    played = cards.take_from_hand(s, seat, chosen)
    entry = next(e for e in s.row[f["place"]]["entries"] if e["seat"] == seat)
    entry["cards"], entry["count"] = played, len(played)
    steps.pop(s, f)
    n = len(played)
    ctx.say(
        "commit",
        f"{s.colour(seat)} plays {n} card{'s' if n != 1 else ''} face down.",
        seat=seat,
        n=n,
    )
    ctx.tell((seat,), "committed", f"You play {cards.summary(chosen)} face down.")


def _commit_prompt(s: State, f: Frame, seat: int) -> str:
    return (
        f"Choose the cards you play face down in {place_name(s, f['place'])} "
        "(population cards, jokers, Swords, Flutes; none is fine)."
    )


steps.register(
    steps.Step(
        "commit",
        options=_commit_options,
        act=_commit_act,
        prompt=_commit_prompt,
        private=True,
        pick=_commit_pick,
    )
)


# E. End of the round


def _end_round(ctx: Ctx, f: Frame) -> None:
    s = ctx.s
    steps.pop(s, f)
    s.building_discard += [b["card"] for b in s.row]
    if s.final_round:
        s.row = []
        scoring.finish(ctx)
        return
    s.row = []
    s.start_player = (s.start_player + 1) % s.players
    steps.push(s, "begin_round")


steps.register(steps.Step("end_round", auto=_end_round))
