"""A round of Rattus Cartus: drawing the buildings, supplies, entering buildings, the end.

Resolving the buildings is in ``resolve``; the final scoring in ``scoring``.
"""

from __future__ import annotations

from functools import cache

from ..core import Action, Pick
from ..text import N_, Msg, Param, Seat, listing, msg, plural
from . import cards, data, scoring, steps
from .state import Ctx, Frame, State

SEATS = tuple(Seat(i) for i in range(len(State.COLOUR_NAMES)))
"""Each seat as a text's value, made once: texts name seats by value (an equal ``Seat`` is
the same value), and a new game makes hundreds of texts, each ``Seat`` made anew costing a
frozen dataclass's ``__init__``."""

PLACES = (
    N_("the {building} (1st building)"),
    N_("the {building} (2nd building)"),
    N_("the {building} (3rd building)"),
    N_("the {building} (4th building)"),
    N_("the {building} (5th building)"),
)


def building_name(s: State, card: str) -> Msg:
    """The name of the building a building card shows."""
    return _building_name(s.building_cards[card]["building"])


def place_name(s: State, place: int) -> Msg:
    """'the Farm (1st building)'."""
    return place_named(place, s.building_cards[s.row[place]["card"]]["building"])


@cache
def _building_name(building: str) -> Msg:
    """A building's name as a text, made once (a text never changes, and the rules name the
    row's buildings in labels and events thousands of times a look-ahead)."""
    return msg(data.buildings()[building].name)


@cache
def place_named(place: int, building: str) -> Msg:
    """``place_name`` of the building at that place of the row, made once."""
    return msg(PLACES[place], building=_building_name(building))


# A. Drawing the round's buildings


def _begin_round(ctx: Ctx, f: Frame) -> bool:
    s = ctx.s
    steps.pop(s, f)
    s.round += 1
    s.status = "supply"
    s.row, s.entered, s.premium = [], [], {}
    s.gained = [0] * s.players
    s.supply_chosen = [None] * s.players
    n = data.table().counts[s.players].buildings_per_round
    deck = s.mine("building_deck")
    drawn = [deck.pop() for _ in range(min(n, len(deck)))]
    _replace_repeats(ctx, drawn)
    s.row = [{"card": c, "entries": [], "revealed": False} for c in drawn]
    if not ctx.quiet:
        _say_round(ctx, drawn)
    order = s.seat_order(s.start_player)
    if s.options["simultaneous_supply"]:
        supply: list[Frame] = [{"kind": "supply_all", "seats": order}]
    else:
        supply = [{"kind": "supply", "seat": seat} for seat in order]
    steps.push_all(
        s,
        [*supply, {"kind": "begin_entering"}, {"kind": "resolve"}, {"kind": "end_round"}],
    )
    return True


def _say_round(ctx: Ctx, drawn: list[str]) -> None:
    s = ctx.s
    names = listing([building_name(s, c) for c in drawn])
    values: dict[str, Param] = {"round": s.round, "rounds": s.rounds, "buildings": names}
    if s.final_round:
        said = msg(
            "Round {round} of {rounds}: {buildings}. {player} starts. This is the final round: "
            "no building actions.",
            player=SEATS[s.start_player],
            **values,
        )
    else:
        said = msg(
            "Round {round} of {rounds}: {buildings}. {player} starts.",
            player=SEATS[s.start_player],
            **values,
        )
    ctx.say("round", said, round=s.round)


def _replace_repeats(ctx: Ctx, drawn: list[str]) -> None:
    """While every drawn card shows one building, the last is swapped for the replacement
    deck's top card (the swapped card goes under that deck)."""
    s = ctx.s

    def building(card: str) -> str:
        return str(s.building_cards[card]["building"])

    while len(drawn) > 1 and len({building(c) for c in drawn}) == 1:
        if all(building(c) == building(drawn[0]) for c in s.replacement):
            ctx.say("replace", msg("The replacement deck holds no other building: the row stays."))
            return
        old = drawn[-1]
        replacement = s.mine("replacement")
        drawn[-1] = replacement.pop(0)
        replacement.append(old)
        ctx.say(
            "replace",
            msg(
                "Every drawn building is a {building}: the last one is replaced from the "
                "replacement deck.",
                building=building_name(s, old),
            ),
        )


steps.register(steps.Step("begin_round", auto=_begin_round))


# B. Supplies


def _supply_options(s: State, f: Frame, seat: int) -> list[Action]:
    by_card = s.building_cards
    looks: bool | None = None  # whether the seat has a Nun-row card left to see, once asked
    out = []
    for place, entry in enumerate(s.row):
        card = by_card[entry["card"]]
        supply = card["supply"]
        last = True
        if supply.get("peek_nun_row"):  # looks follow, unless the seat has seen every card
            if looks is None:
                looks = _looks_left(s, seat)
            last = not looks
        out.append(_supply_option(place, card["building"], tuple(supply.items()), last))
    return out


@cache
def _supply_option(
    place: int, building: str, supply: tuple[tuple[str, int], ...], last: bool
) -> Action:
    """Taking the supply of the building at ``place`` (made once per place, building, supply
    and ``ends_turn``: an action never changes, and the same few dozen come back all game)."""
    label = msg("{place}: {supply}", place=place_named(place, building), supply=_words(supply))
    return Action(f"supply:{place + 1}", label, last)


@cache
def _words(supply: tuple[tuple[str, int], ...]) -> Msg:
    """``data.supply_words``, made once per supply."""
    return data.supply_words(dict(supply))


def _supply_prompt(s: State, f: Frame, seat: int) -> Msg:
    return msg("Supplies: choose the building whose supply action you take.")


def perform_supply(ctx: Ctx, seat: int, place: int) -> None:
    s = ctx.s
    card = s.building_cards[s.row[place]["card"]]
    supply = card["supply"]
    if not ctx.quiet:
        said = _takes_supply(seat, place, card["building"], tuple(supply.items()))
        ctx.say("supply", said, seat=seat, place=place)
    if supply.get("draw"):
        cards.draw(ctx, seat, supply["draw"])
    if supply.get("discard_rats"):
        cards.discard_rats(ctx, seat, supply["discard_rats"])
    if supply.get("peek_nun_row"):
        push_peeks(s, seat, supply["peek_nun_row"])


@cache
def _takes_supply(seat: int, place: int, building: str, supply: tuple[tuple[str, int], ...]) -> Msg:
    """'Red takes the supply of the Farm (1st building): ...', made once (a text never
    changes, and the same few come back all game)."""
    return msg(
        "{player} takes the supply of {place}: {supply}.",
        player=SEATS[seat],
        place=place_named(place, building),
        supply=_words(supply),
    )


def _supply_act(ctx: Ctx, f: Frame, seat: int, a: Action) -> None:
    steps.pop(ctx.s, f)
    perform_supply(ctx, seat, int(a.args[0]) - 1)


def _supply_all_act(ctx: Ctx, f: Frame, seat: int, a: Action) -> None:
    """Everyone chooses at once: a choice stays secret until the last player has chosen;
    then all are carried out in turn order."""
    s = ctx.s
    place = int(a.args[0]) - 1
    s.mine("supply_chosen")[seat] = place
    f = s.top(f)
    f["seats"].remove(seat)
    ctx.did(seat, "chosen", msg("{player} has chosen a supply action."), seat=seat)
    ctx.tell((seat,), "chose", msg("You chose the supply of {place}.", place=place_name(s, place)))
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


def _do_supply(ctx: Ctx, f: Frame) -> bool:
    steps.pop(ctx.s, f)
    perform_supply(ctx, f["seat"], f["place"])
    return True


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
    """The Nun-row places the seat has not looked at (``seen`` holds one list per place)."""
    return [i for i, looked in enumerate(s.seen) if seat not in looked]


def _looks_left(s: State, seat: int) -> bool:
    """Whether ``unseen`` has any card for the seat (without listing them)."""
    for looked in s.seen:  # noqa: SIM110 (no generator per call)
        if seat not in looked:
            return True
    return False


def push_peeks(s: State, seat: int, n: int) -> None:
    """Ask the seat for ``n`` looks at Nun-row cards it has not seen (fewer if fewer remain)."""
    left = len(unseen(s, seat))
    if n > 0 and left:
        s.stack.append({"kind": "peek", "seat": seat, "n": min(n, left)})


def _peek_options(s: State, f: Frame, seat: int) -> list[Action]:
    looks = unseen(s, seat)
    last = f["n"] == 1 or len(looks) == 1
    return [_peek_option(i, last) for i in looks]


@cache
def _peek_option(i: int, last: bool) -> Action:
    """A look at Nun-row card ``i`` (made once: an action never changes)."""
    return Action(f"peek:{i + 1}", msg("Look at Nun-row card {n}", n=i + 1), last)


def _peek_act(ctx: Ctx, f: Frame, seat: int, a: Action) -> None:
    s = ctx.s
    place = int(a.args[0]) - 1
    s.mine("seen")[place].append(seat)
    card = s.cards[s.nun_row[place]]
    if not ctx.quiet:
        ctx.say("peek", _looks(seat), seat=seat)
        said = _peeked(place, card["type"], card["nuns"])
        # the card itself as the event's data: dealt cards never change (copies share them)
        ctx.tell((seat,), "peeked", said, place=place, card=card)
    steps.pop(s, f)
    n = f["n"] - 1
    if n > 0 and _looks_left(s, seat):
        s.stack.append({**f, "n": n})  # the frame with one look fewer, a copy (``State.top``)


@cache
def _looks(seat: int) -> Msg:
    """'Red looks at a card of the Nun-row.', made once."""
    return msg("{player} looks at a card of the Nun-row.", player=SEATS[seat])


@cache
def _peeked(place: int, card_type: str, nuns: int) -> Msg:
    return plural(
        "Nun-row card {place}: {card} with {n} nun.",
        "Nun-row card {place}: {card} with {n} nuns.",
        nuns,
        place=place + 1,
        card=cards.label(card_type),
    )


def _peek_prompt(s: State, f: Frame, seat: int) -> Msg:
    if f["n"] > 1:
        return msg("Choose a Nun-row card to look at ({n} looks left).", n=f["n"])
    return msg("Choose a Nun-row card to look at.")


steps.register(
    steps.Step("peek", options=_peek_options, act=_peek_act, prompt=_peek_prompt, private=True)
)


# C. Entering buildings


def _begin_entering(ctx: Ctx, f: Frame) -> bool:
    s = ctx.s
    steps.pop(s, f)
    s.status = "enter"
    order = s.seat_order(s.start_player)
    s.stack.append({"kind": "enter", "seat": order[0], "queue": order})
    return True


def _enter_options(s: State, f: Frame, seat: int) -> list[Action]:
    by_card = s.building_cards
    out = [_enter_option(place, by_card[b["card"]]["building"]) for place, b in enumerate(s.row)]
    if len(f["queue"]) > 1:
        dealt = s.cards
        for c in s.hands[seat]:
            if dealt[c]["type"] == "pass":
                out.append(_pass_option())
                break
    return out


@cache
def _enter_option(place: int, building: str) -> Action:
    """Entering the building at ``place`` (made once: an action never changes)."""
    return Action(f"enter:{place + 1}", msg("Enter {place}", place=place_named(place, building)))


@cache
def _pass_option() -> Action:
    return Action("pass", msg("Play a Pass card: choose after the others"), True)


def _enter_act(ctx: Ctx, f: Frame, seat: int, a: Action) -> None:
    s = ctx.s
    # the frame is replaced, never changed (a copy of the state shares it): the queue without
    # the seat, and the seat that enters next
    steps.pop(s, f)
    queue: list[int] = f["queue"][1:]
    if a.kind == "pass":
        card = next(c for c in s.hands[seat] if s.type_of(c) == "pass")
        s.mine("hands")[seat].remove(card)
        cards.give_back(s, [card])
        queue.append(seat)
        s.stack.append({**f, "seat": queue[0], "queue": queue})
        ctx.did(seat, "pass", msg("{player} plays a Pass card."), seat=seat)
        return
    place = int(a.args[0]) - 1
    entries = s.building(place)["entries"]
    entries.append({"seat": seat, "cards": [], "count": 0, "shown": None})
    s.mine("entered").append(seat)
    if not ctx.quiet:
        building = s.building_cards[s.row[place]["card"]]["building"]
        ctx.say("enter", _enters(seat, place, building, len(entries)), seat=seat, place=place)
    if queue:
        s.stack.append({**f, "seat": queue[0], "queue": queue})
    s.stack.append({"kind": "commit", "seat": seat, "place": place})


@cache
def _enters(seat: int, place: int, building: str, space: int) -> Msg:
    """'Red enters the Farm (1st building) on space 2.', made once."""
    return msg(
        "{player} enters {place} on space {space}.",
        player=SEATS[seat],
        place=place_named(place, building),
        space=space,
    )


def _enter_prompt(s: State, f: Frame, seat: int) -> Msg:
    return msg("Enter a building (then choose the cards you play there face down).")


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


_UNPLAYABLE = tuple(t for t in data.TYPES if t not in cards.PLAYABLE)
"""The card types a hand holds that may not be committed (Pass, Gold)."""


def _commit_pick(s: State, f: Frame, seat: int) -> Pick:
    hand = s.hands[seat]
    held = cards.counts(s, hand)
    playable = len(hand)  # but its Pass and Gold cards: two lookups, not one per type held
    for t in _UNPLAYABLE:
        if t in held:
            playable -= held[t]
    return cards.pick_of_counts(held, "commit", cards.PLAYABLE, 0, playable, ends_turn=True)


def _commit_act(ctx: Ctx, f: Frame, seat: int, chosen: dict[str, int], played: list[str]) -> None:
    for entry in ctx.s.building(f["place"])["entries"]:
        if entry["seat"] == seat:
            entry["cards"], entry["count"] = played, len(played)
            break
    if ctx.quiet:  # a look-ahead's apply says nothing: no text is made
        return
    n = len(played)
    ctx.say("commit", _plays(seat, n), seat=seat, n=n)
    ctx.tell((seat,), "committed", msg("You play {cards} face down.", cards=cards.summary(chosen)))


@cache
def _plays(seat: int, n: int) -> Msg:
    """'Red plays 2 cards face down.', made once."""
    return plural(
        "{player} plays {n} card face down.",
        "{player} plays {n} cards face down.",
        n,
        player=SEATS[seat],
    )


def _commit_prompt(s: State, f: Frame, seat: int) -> Msg:
    return msg(
        "Choose the cards you play face down in {place} "
        "(population cards, jokers, Swords, Flutes; none is fine).",
        place=place_name(s, f["place"]),
    )


cards.hand_step(
    "commit",
    _commit_pick,
    N_("Play {cards}"),
    _commit_act,
    _commit_prompt,
    first=lambda s, f: (s.class_of(f["place"]), "joker"),
)


# E. End of the round


def _end_round(ctx: Ctx, f: Frame) -> bool:
    s = ctx.s
    steps.pop(s, f)
    s.mine("building_discard").extend(b["card"] for b in s.row)
    if s.final_round:
        s.row = []
        scoring.finish(ctx)
        return True
    s.row = []
    s.start_player = (s.start_player + 1) % s.players
    steps.push(s, "begin_round")
    return True


steps.register(steps.Step("end_round", auto=_end_round))
