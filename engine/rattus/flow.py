"""The flow of a game: start placement, turns, the end trigger, the final round, scoring."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from .. import kernel
from ..contract import Outcome
from ..core import Action
from ..text import N_, Msg, Seat, by, msg, plural
from . import board, cards, plague, steps
from .hooks import Hooks
from .state import Ctx, Frame, State, without
from .texts import action

CardTaken = Callable[[Ctx, int, str, int | None], None]
# The Baker asks where its cubes go; a goods card sends its token back: independent.
CARD_TAKEN: Hooks[CardTaken] = Hooks("card_taken", unordered=True)
"""(ctx, taker, card, previous holder) -> called after a class card changes hands."""

BEFORE_FINAL_RAVAGE: Hooks[Callable[[Ctx], None]] = Hooks("before_final_ravage", ("baker",))
"""(ctx) -> called once when the final ravage begins (after the final round)."""

PlaceOptions = Callable[[State, int], list[Action]]
PlaceAct = Callable[[Ctx, int, Action], None]
PLACE_ALTERNATIVES: dict[str, tuple[PlaceOptions, PlaceAct]] = {}
"""Other ways to spend phase B, by name: their actions are "place:<name>..." in the turn menu.

The act function runs after the turn has marked phase B as done."""

MAX_CHOICES = 25
"""The most options of one kind a decision offers (a chat menu shows no more)."""

# Missing goods are turned up first, then the caravan is placed (before the first turn).
TURN_START: Hooks[Callable[[Ctx, int], None]] = Hooks("turn_start", ("goods", "caravan"))
"""(ctx, seat) -> called when a regular turn begins; a frame pushed here is answered before the
turn menu."""

TurnOptions = Callable[[State, int], list[Action]]
TurnAct = Callable[[Ctx, int, Action], None]
TURN_ACTIONS: dict[str, tuple[TurnOptions, TurnAct]] = {}
"""Action kind -> more things a player may do in a regular turn before the plague moves."""

AFTER_TURN: Hooks[Callable[[Ctx, int], None]] = Hooks("after_turn", ("sale",))
"""(ctx, seat) -> called after a regular turn's plague phase, before the end is checked."""

# The region card hands are shown first, then the final sale turns goods into coins.
BEFORE_SCORING: Hooks[Callable[[Ctx], None]] = Hooks(
    "before_scoring", ("region_hands", "final_sale")
)
"""(ctx) -> called after the final ravage, before the scores are counted."""

ScoreTerm = Callable[[State, int], int | None]
SCORE_TERMS: Hooks[ScoreTerm] = Hooks("score_terms", unordered=True)  # summed
"""(state, seat) -> points added to the seat's cubes on the board at the end, a scoring line
named by its key; None when that line is not part of this game (its expansion is off)."""
TIE_BREAK = N_(
    "level players rank in turn order from the one who would have played next after the last turn"
)


# Start placement


def _start_options(s: State, f: Frame) -> list[Action]:
    n = min(f["n"], s.supply[f["seat"]])
    return [_start_action(r, n) for r in s.regions]


@cache
def _start_action(region: str, n: int) -> Action:
    """Placing ``n`` starting cubes in ``region`` (made once: actions never change)."""
    return action(
        f"place:{region}",
        plural(
            "Place {n} starting cube in {region}",
            "Place {n} starting cubes in {region}",
            n,
            region=board.said(region),
        ),
        True,
    )


def _start_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    region = a.args[0]
    steps.pop(s, f)
    n = board.add_cubes(s, f["seat"], region, f["n"])
    ctx.did(
        f["seat"],
        "start",
        plural(
            "{player} placed {n} starting cube in {region}.",
            "{player} placed {n} starting cubes in {region}.",
            n,
            region=board.said(region),
        ),
    )


def _start_prompt(s: State, f: Frame) -> Msg:
    return plural(
        "Start of the game: choose a region for {n} of your cubes.",
        "Start of the game: choose a region for {n} of your cubes.",
        f["n"],
    )


steps.register(steps.step("start_place", _start_options, _start_act, _start_prompt))


def placement_order(players: int) -> list[int]:
    """Clockwise from the start player, then back counter-clockwise; a third pass for 5-6."""
    order = list(range(players)) + list(reversed(range(players)))
    if players >= 5:
        order += list(range(players))
    return order


# A regular turn


def _begin_turn(ctx: Ctx, f: Frame) -> bool:
    s = ctx.s
    steps.pop(s, f)
    s.status = "playing"
    s.turn += 1
    s.active = f["seat"]
    s.used = []
    s.took = False
    s.placed = False
    ctx.say("turn", _turn_begins(s.turn, s.active), seat=s.active, turn=s.turn)
    steps.push(s, "turn", seat=f["seat"])
    for hook in TURN_START.in_game(s.expansions):
        hook(ctx, s.active)
    return True


steps.auto_only("begin_turn", _begin_turn)


@cache
def _turn_begins(turn: int, seat: int) -> Msg:
    """The event of a turn begun (made once: a text never changes)."""
    return msg("Turn {turn}: {player} to play.", turn=turn, player=Seat(seat))


def place_counts(s: State, seat: int, region: str, bonus: int | None = None) -> list[int]:
    """How many cubes the seat may place in the region: the rat count, or up to its card
    bonuses more (each optional), never more than its supply; none when that is zero.
    ``bonus``: the seat's card bonus, when the caller has already counted it."""
    rats = len(s.rats[region])
    low = min(rats, s.supply[seat])
    extra = cards.place_bonus(s, seat) if bonus is None else bonus
    high = min(rats + extra, s.supply[seat])
    return [n for n in range(low, high + 1) if n > 0]


@cache
def _place_action(region: str, n: int, most: bool) -> Action:
    """Placing n cubes in a region: the most the seat may (``place:gallia``) or fewer
    (``place:gallia:2``). Actions never change, so each is made once."""
    if most:
        label = plural(
            "Place {n} cube in {region}",
            "Place {n} cubes in {region}",
            n,
            region=board.said(region),
        )
        return action(f"place:{region}", label)
    return action(
        f"place:{region}:{n}",
        plural(
            "Place {n} cube in {region} (fewer than you may)",
            "Place {n} cubes in {region} (fewer than you may)",
            n,
            region=board.said(region),
        ),
    )


@cache
def _region_places(region: str, rats: int, high: int) -> tuple[Action, tuple[Action, ...]]:
    """Placing the most (``high``) cubes in a region with ``rats`` rats, and the fewer counts
    a card bonus allows (made once: actions never change)."""
    fewer = tuple(_place_action(region, n, False) for n in range(max(1, rats), high))
    return _place_action(region, high, True), fewer


def _place_options(s: State, seat: int) -> list[Action]:
    """Phase B choices. When card bonuses make them too many for one list, the smaller counts
    move behind "place:fewer" (then a region, then a number)."""
    out: list[Action] = []
    fewer: list[Action] = []
    bonus = cards.place_bonus(s, seat)
    supply = s.supply[seat]
    for r in s.regions:  # ``place_counts`` written out: every turn lists every region
        rats = len(s.rats[r])
        high = min(rats + bonus, supply)
        if high > 0:
            most, less = _region_places(r, rats, high)
            out.append(most)
            if less:
                fewer += less
    for options, _ in PLACE_ALTERNATIVES.values():
        out += options(s, seat)
    if len(out) + len(fewer) <= MAX_CHOICES:
        return out + fewer
    fewer_first = msg("Place fewer cubes than you may (choose where first)")
    return [*out, action("place:fewer", fewer_first)]


def _fewer_options(s: State, f: Frame) -> list[Action]:
    back = (
        [action("back", msg("Back to your turn"))]
        if cards.backs_left(s, s.stack[-2], "fewer")
        else []
    )
    if f["region"] is None:
        regions = [r for r in s.regions if len(place_counts(s, f["seat"], r)) > 1]
        fewer = [
            action(f"region:{r}", msg("Fewer cubes in {region}", region=board.said(r)))
            for r in regions
        ]
        return fewer + back
    counts = place_counts(s, f["seat"], f["region"])[:-1]
    out = [action(f"count:{n}", plural("Place {n} cube", "Place {n} cubes", n)) for n in counts]
    return [*out, *back]


def _fewer_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    if a.kind == "region":
        f["region"] = a.args[0]
        return
    steps.pop(s, f)
    if a.kind == "back":
        cards.count_back(s.stack[-1], "fewer")
    if a.kind == "count":
        n = board.add_cubes(s, f["seat"], f["region"], int(a.args[0]))
        s.placed = True
        ctx.say("place", placed_cubes(f["seat"], n, f["region"]))


@cache
def placed_cubes(seat: int, n: int, region: str) -> Msg:
    """The event of a seat's cubes placed in phase B (made once: a text never changes)."""
    return plural(
        "{player} placed {n} cube in {region}.",
        "{player} placed {n} cubes in {region}.",
        n,
        player=Seat(seat),
        region=board.said(region),
    )


def _fewer_prompt(s: State, f: Frame) -> Msg:
    if f["region"] is None:
        return msg("Place fewer cubes than you may: in which region?")
    return msg("How many cubes do you place in {region}?", region=board.said(f["region"]))


steps.register(steps.step("place_fewer", _fewer_options, _fewer_act, _fewer_prompt))


@cache
def _take_action(card: str, holder: int | None) -> Action:
    if holder is None:
        label = msg("Take the {card} from beside the board", card=cards.said(card))
    else:
        label = msg("Take the {card} from {player}", card=cards.said(card), player=Seat(holder))
    return action(f"take:{card}", label)


def _turn_options(s: State, f: Frame) -> list[Action]:
    seat = f["seat"]
    out: list[Action] = []
    if not s.took:
        holders: dict[str, int] = {}  # ``State.holder`` of every card held, found at once
        for held, hand in enumerate(s.hands):
            for card in hand:
                holders.setdefault(card, held)
        for card in s.cards_in_play:
            holder = holders.get(card)
            if holder != seat:
                out.append(_take_action(card, holder))
    if not s.placed:
        out += _place_options(s, seat)
    for card in cards.usable_now(s, seat, final=False):
        out.append(cards.use_action(card))
    for options, _ in TURN_ACTIONS.values():
        out += options(s, seat)
    moves = plague.move_options(s, seat)
    out += moves or [_WALLED_IN]
    return out


_WALLED_IN = action("end", msg("End the turn: the plague is walled in and cannot move"), True)
"""Made once: actions never change."""


def _turn_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    seat = f["seat"]
    if a.kind == "take":
        card = a.args[0]
        before = s.holder(card)
        if before is not None:
            s.hand_at(before).remove(card)
        s.hand_at(seat).append(card)
        s.took = True
        ctx.say("take", _took(seat, card, before), card=card)
        for hook in CARD_TAKEN.in_game(s.expansions):
            hook(ctx, seat, card, before)
    elif a.notation == "place:fewer":
        steps.push(s, "place_fewer", seat=seat, region=None)
    elif a.kind == "place" and a.args[0] in PLACE_ALTERNATIVES:
        s.placed = True
        PLACE_ALTERNATIVES[a.args[0]][1](ctx, seat, a)
    elif a.kind == "place":
        region = a.args[0]
        wanted = int(a.args[1]) if len(a.args) > 1 else place_counts(s, seat, region)[-1]
        n = board.add_cubes(s, seat, region, wanted)
        s.placed = True
        ctx.say("place", placed_cubes(seat, n, region), n=n)
    elif a.kind == "use":
        cards.start(ctx, seat, a.args[0], final=False)
    elif a.kind in TURN_ACTIONS:
        TURN_ACTIONS[a.kind][1](ctx, seat, a)
    elif a.kind == "plague":
        steps.pop(s, f)
        plague.move(ctx, seat, a.args[0])
    elif a.kind == "end":
        steps.pop(s, f)
        ctx.say("walled", msg("The plague is walled in and stays where it is."))
        steps.push(s, "end_turn", seat=seat)


@cache
def _took(seat: int, card: str, before: int | None) -> Msg:
    """The event of a card taken (``Ctx.did``'s text; made once: a text never changes)."""
    if before is None:
        took = msg("{player} took the {card} from beside the board.", card=cards.said(card))
    else:
        took = msg(
            "{player} took the {card} from {other}.", card=cards.said(card), other=Seat(before)
        )
    return by(seat, took)


TURN_PROMPTS: dict[tuple[bool, bool, bool], str] = {
    (False, False, False): N_("Your turn: move the plague."),
    (True, False, False): N_("Your turn: you may take a class card, then move the plague."),
    (False, True, False): N_("Your turn: you may place cubes, then move the plague."),
    (False, False, True): N_("Your turn: you may use your cards, then move the plague."),
    (True, True, False): N_(
        "Your turn: you may take a class card and place cubes in any order, then move the plague."
    ),
    (True, False, True): N_(
        "Your turn: you may take a class card and use your cards in any order, then move the "
        "plague."
    ),
    (False, True, True): N_(
        "Your turn: you may place cubes and use your cards in any order, then move the plague."
    ),
    (True, True, True): N_(
        "Your turn: you may take a class card, place cubes and use your cards in any order, "
        "then move the plague."
    ),
}
"""The turn's prompt by what is still open: (take a card, place cubes, use a card)."""


def _turn_prompt(s: State, f: Frame) -> Msg:
    usable = bool(cards.usable_now(s, f["seat"], final=False))
    return msg(TURN_PROMPTS[(not s.took, not s.placed, usable)])


steps.register(steps.step("turn", _turn_options, _turn_act, _turn_prompt))


def _end_turn(ctx: Ctx, f: Frame) -> bool:
    s = ctx.s
    seat = f["seat"]
    steps.pop(s, f)
    for hook in AFTER_TURN.in_game(s.expansions):
        hook(ctx, seat)
    if not s.rat_supply or s.supply[seat] == 0:
        if not s.rat_supply:
            ending = msg("The game is ending: the rat supply is empty. The final round begins.")
        else:
            ending = msg(
                "The game is ending: {player} has no cubes left. The final round begins.",
                player=Seat(seat),
            )
        ctx.say("end", ending)
        start_final_round(s, seat)
    else:
        steps.push(s, "begin_turn", seat=s.next_seat(seat))
    return True


steps.auto_only("end_turn", _end_turn)


# The end


def start_final_round(s: State, last: int) -> None:
    s.status = "final_round"
    s.last_seat = last
    order = [(last - i) % s.players for i in range(1, s.players)]
    s.final_order = list(order)
    steps.push(s, "final_ravage", seat=last)
    for seat in reversed(order):
        steps.push(s, "final_turn", seat=seat)


def _final_turn_auto(ctx: Ctx, f: Frame) -> bool:
    s = ctx.s
    if not f.get("started"):
        f["started"] = True
        s.active = f["seat"]
        s.used = []
        if f["seat"] in s.final_order:
            s.final_order = without(s.final_order, f["seat"])
        if not cards.usable_now(s, f["seat"], final=True):
            steps.pop(s, f)
            ctx.did(f["seat"], "final", msg("{player} has no card to use in the final round."))
        return True
    return False


def _final_turn_options(s: State, f: Frame) -> list[Action]:
    out = [cards.use_action(c) for c in cards.usable_now(s, f["seat"], final=True)]
    return [*out, action("done", msg("Done: end my final turn"), True)]


def _final_turn_act(ctx: Ctx, f: Frame, a: Action) -> None:
    if a.kind == "use":
        cards.start(ctx, f["seat"], a.args[0], final=True)
    else:
        steps.pop(ctx.s, f)
        ctx.did(f["seat"], "final", msg("{player} ended their final turn."))


def _final_turn_prompt(s: State, f: Frame) -> Msg:
    return msg("Final round: use your class cards one last time, then say you are done.")


steps.register(
    steps.step(
        "final_turn", _final_turn_options, _final_turn_act, _final_turn_prompt, _final_turn_auto
    )
)


def ravage_candidates(s: State) -> list[str]:
    return [r for r in s.regions if s.cubes_in(r) > 0 and s.rats[r]]


def _final_ravage_auto(ctx: Ctx, f: Frame) -> bool:
    s = ctx.s
    if not f.get("started"):
        f["started"] = True
        s.status = "final_ravage"
        s.active = f["seat"]
        s.revealed = []
        ctx.say("final", msg("The plague ravages every region with people and rats."))
        for hook in BEFORE_FINAL_RAVAGE.in_game(s.expansions):
            hook(ctx)
        return True
    left = ravage_candidates(s)
    if not left:
        steps.pop(s, f)
        score(ctx)
        return True
    if len(left) == 1:
        steps.push(s, "ravage", seat=f["seat"], region=left[0], final=True)
        return True
    return False


def _final_ravage_options(s: State, f: Frame) -> list[Action]:
    out = [action("ravage:board", msg("All of them, in board order"))]
    return out + [
        action(f"ravage:{r}", msg("{region} next", region=board.said(r)))
        for r in ravage_candidates(s)
    ]


def _final_ravage_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    choice = a.args[0]
    regions = ravage_candidates(s) if choice == "board" else [choice]
    for r in reversed(regions):
        steps.push(s, "ravage", seat=f["seat"], region=r, final=True)


def _final_ravage_prompt(s: State, f: Frame) -> Msg:
    return msg("The final plague: choose which region is ravaged next, or all in board order.")


steps.register(
    steps.step(
        "final_ravage",
        _final_ravage_options,
        _final_ravage_act,
        _final_ravage_prompt,
        _final_ravage_auto,
    )
)


def score(ctx: Ctx) -> None:
    s = ctx.s
    for hook in BEFORE_SCORING.in_game(s.expansions):
        hook(ctx)
    totals = [sum(line.values()) for line in score_lines(s)]
    last = s.last_seat if s.last_seat is not None else s.active
    first_next = (last + 1) % s.players
    s.ranking = sorted(range(s.players), key=lambda p: (-totals[p], (p - first_next) % s.players))
    s.scores = totals
    s.status = "over"
    s.final_order = []
    winner = s.ranking[0]
    ctx.did(
        winner,
        "over",
        plural(
            "Game over. {player} wins with {n} point.",
            "Game over. {player} wins with {n} points.",
            totals[winner],
        ),
        scores=totals,
        ranking=s.ranking,
    )


def result(s: State) -> Outcome | None:
    """How the game ended (``game.outcome``); None before its end."""
    if s.scores is None or s.ranking is None:
        return None
    return kernel.outcome_of(s.scores, s.ranking, [s.ranking[0]], score_lines(s), TIE_BREAK)


def score_lines(s: State) -> list[dict[str, int]]:
    """Each seat's points by scoring line: cubes on the map ("map"), in the palace ("palace"),
    then every line an expansion in play scores (``SCORE_TERMS``, by key)."""
    out = []
    for seat in range(s.players):
        line = {"map": sum(s.cubes[r][seat] for r in s.regions), "palace": s.palace[seat]}
        for key, term in SCORE_TERMS.items():
            points = term(s, seat)
            if points is not None:
                line[key] = points
        out.append(line)
    return out
