"""Phase C: the plague moves, spreads new rats, and ravages its region token by token."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from ..core import Action, Pick, Rng
from ..text import Msg, Seat, msg, plural
from . import board, cards, data, steps
from .hooks import Hooks
from .state import Ctx, Frame, State, without
from .texts import action, group, listed

SpreadExtra = Callable[[State, int], int]
SPREAD_EXTRA: Hooks[SpreadExtra] = Hooks("spread_extra", unordered=True)  # summed
"""(state, active seat) -> extra rats the active seat may place (each optional) after at least
one rat was placed."""

RavageStart = Callable[[Ctx, Frame], bool]
# One question at a time: the Knight's 2 extra people first, then whether the Crusader turns
# the rats face up (he decides knowing how many people count).
RAVAGE_START: Hooks[RavageStart] = Hooks("ravage_start", ("knight", "crusader"))
"""(ctx, ravage frame) -> before the first reveal; True when it pushed a decision to answer first.

A hook may set ``frame["chooser"]`` to a seat: that seat then picks each next token to reveal
(the tokens are face up for everyone meanwhile, listed in ``State.face_up``)."""

TokenReaction = Callable[[Ctx, Frame, dict[str, Any]], bool]
# One question at a time: region cards shield class cards first; then the Deacon may pay to
# be spared by what is left (a shielded player may no longer need to pay).
TOKEN_REACTIONS: Hooks[TokenReaction] = Hooks("token_reactions", ("region_cards", "deacon"))
"""(ctx, ravage frame, pending) -> after a token is turned over and before it acts; True when it
pushed a decision to answer first. ``pending`` holds "token", "people", "outbreak", and lists
the hooks may fill: "exempt" (seats the token does not touch) and "protect" ([seat, card] pairs
not counted as held for its class symbols). ``strikes(s, frame)`` previews who it would hit."""

PlagueMoved = Callable[[Ctx, int, str], None]
PLAGUE_MOVED: Hooks[PlagueMoved] = Hooks("plague_moved", ("raider",))
"""(ctx, seat, region) -> after the seat moved the plague in phase C, before it spreads; a hook
may push a decision, answered first."""

RavageEnd = Callable[[Ctx, Frame], None]
RAVAGE_END: Hooks[RavageEnd] = Hooks("ravage_end", ("region_cards",))
"""(ctx, ravage frame) -> after a region's rats are resolved (the frame has left the stack).

A ravage frame's "shield" list ([seat, card] pairs) protects those class cards for every token
of that ravage: reactions may append to it."""

TokenResolved = Callable[[Ctx, Frame, dict[str, Any]], None]
# The Assassin's coin needs no answer; the Grave Robber's goods and the Serf's cube are
# questions pushed in this order, so the Serf (whose cube counts for the rats still to act) is
# asked first.
TOKEN_RESOLVED: Hooks[TokenResolved] = Hooks("token_resolved", ("assassin", "grave_robber", "serf"))
"""(ctx, ravage frame, revealed entry) -> called after each token has acted."""


def rand_below(s: State, n: int) -> int:
    rng = Rng(s.rng)
    value = rng.below(n)
    s.rng = rng.state
    return value


def add_rat(s: State, region: str) -> bool:
    """A card puts one more rat into ``region``: the top of the supply, or when the supply is
    empty one drawn at random from the rats out of the game. Whether it came from the supply."""
    if s.rat_supply:
        s.rats_at(region).append(s.rat_supply[-1])
        s.rat_supply = s.rat_supply[:-1]  # shared by copies (``State.clone``): a new list
        return True
    gone = s.gone[:]  # shared by copies (``State.clone``): a new list
    s.rats_at(region).append(gone.pop(rand_below(s, len(gone))))
    s.gone = gone
    return False


def card_adds_rat(ctx: Ctx, seat: int, card: str, region: str, told: tuple[str, str]) -> None:
    """A card of ``seat`` puts one more rat into ``region`` (``add_rat``) and tells it: ``told``
    is its text for a rat from the supply and for one drawn from the rats out of the game (each
    marked with ``N_``, with the values ``player`` and ``region``)."""
    from_supply, drawn = told
    text = from_supply if add_rat(ctx.s, region) else drawn
    ctx.did(seat, card, msg(text, region=board.said(region)), region=region)


def move_options(s: State, seat: int) -> list[Action]:
    steps_allowed = cards.plague_steps(s, seat)
    return [_move_action(r) for r in board.reachable(s, s.plague, steps_allowed)]


@cache
def _move_action(region: str) -> Action:
    """Moving the plague piece there (made once: actions never change)."""
    return action(
        f"plague:{region}", msg("Move the plague to {region}", region=board.said(region)), True
    )


def move(ctx: Ctx, seat: int, region: str) -> None:
    """Move the plague piece and queue what follows: spreading, ravaging, the turn's end."""
    s = ctx.s
    board.place_plague(s, region)
    ctx.say("plague", _plague_moved(seat, region), region=region)
    steps.push(s, "end_turn", seat=seat)
    steps.push(s, "ravage", seat=seat, region=region, final=False)
    rats = len(s.rats[region])
    new = 0 if rats == 0 else (1 if rats == 1 else 2)
    extra = sum(f(s, seat) for f in SPREAD_EXTRA.in_game(s.expansions))
    steps.push(s, "spread", seat=seat, region=region, left=new, extra=extra, placed=0)
    for hook in PLAGUE_MOVED.in_game(s.expansions):
        hook(ctx, seat, region)


@cache
def _plague_moved(seat: int, region: str) -> Msg:
    """The event of the plague moved (made once: a text never changes)."""
    return msg(
        "{player} moved the plague to {region}.", player=Seat(seat), region=board.said(region)
    )


@cache
def _rat_arrived(region: str) -> Msg:
    """The event of a new rat placed (made once: a text never changes)."""
    return msg("A new rat arrived in {region}.", region=board.said(region))


@cache
def _ravages(region: str) -> Msg:
    """The event of a ravage beginning (made once: a text never changes)."""
    return msg("The plague ravages {region}.", region=board.said(region))


def _place_rat(ctx: Ctx, f: Frame, target: str) -> None:
    s = ctx.s
    token = s.rat_supply[-1]
    s.rat_supply = s.rat_supply[:-1]  # shared by copies (``State.clone``): a new list
    s.rats_at(target).append(token)
    f["left"] -= 1
    f["placed"] += 1
    ctx.say("rat", _rat_arrived(target), region=target)
    if not s.rat_supply:
        ctx.say("supply", msg("The rat supply is empty: the game ends after this turn."))


def _spread_auto(ctx: Ctx, f: Frame) -> bool:
    s = ctx.s
    if f["left"] <= 0 and f["placed"] > 0 and f["extra"] > 0:
        f["left"], f["extra"], f["optional"] = f["extra"], 0, True
    targets = board.rat_targets(s, f["region"])
    if f["left"] <= 0 or not targets or not s.rat_supply:
        steps.pop(s, f)
        return True
    if len(targets) == 1 and not f.get("optional"):
        _place_rat(ctx, f, targets[0])
        return True
    return False


def _spread_options(s: State, f: Frame) -> list[Action]:
    out = [_rat_action(r, len(s.rats[r])) for r in board.rat_targets(s, f["region"])]
    return [*out, _NO_RAT] if f.get("optional") else out


@cache
def _rat_action(region: str, there: int) -> Action:
    """A new rat put in ``region``, where ``there`` rats are now (made once: actions never
    change)."""
    return action(
        f"rat:{region}",
        msg("Put a new rat in {region} ({n} there now)", region=board.said(region), n=there),
    )


_NO_RAT = action("norat", msg("Place no extra rat"))


def _spread_pick(s: State, f: Frame) -> Pick | None:
    """Two or more new rats to place: where they all go, chosen at once (``rat:gallia1-
    italia1``; a region may take as many as it has room for). Extra rats stay one at a time."""
    if f.get("optional"):
        return None
    wanted = min(f["left"], len(s.rat_supply))
    targets = board.rat_targets(s, f["region"])
    if wanted < 2 or len(targets) < 2:
        return None
    groups = tuple(
        group(
            r,
            msg("{region} ({n} there now)", region=board.said(r), n=len(s.rats[r])),
            room,
            item=msg("new rat"),
            place=board.said(r),
        )
        for r in targets
        if (room := min(wanted, board.MAX_RATS - len(s.rats[r]))) > 0
    )
    most = min(wanted, sum(g.available for g in groups))
    return Pick("rat", most, most, groups)


def _spread_act(ctx: Ctx, f: Frame, a: Action) -> None:
    if a.kind == "norat":
        steps.pop(ctx.s, f)
        return
    target = a.args[0]
    if target in ctx.s.rats:
        _place_rat(ctx, f, target)
        return
    pick = _spread_pick(ctx.s, f)
    assert pick is not None, "a rat answer that is no region comes from the pick"
    for region, n in pick.parse(a.notation).items():
        for _ in range(n):
            _place_rat(ctx, f, region)


def _spread_prompt(s: State, f: Frame) -> Msg:
    region = board.said(f["region"])
    if f.get("optional"):
        return plural(
            "The plague spreads from {region}: you may put an extra rat next to it. "
            "Where, or none?",
            "The plague spreads from {region}: you may put {n} extra rats next to it. "
            "Where, or none?",
            f["left"],
            region=region,
        )
    if _spread_pick(s, f) is not None:
        return plural(
            "The plague spreads from {region}: choose where the {n} new rat goes.",
            "The plague spreads from {region}: choose where the {n} new rats go.",
            min(f["left"], len(s.rat_supply)),
            region=region,
        )
    return msg(
        "The plague spreads from {region}: choose where the next new rat goes ({n} to place).",
        region=region,
        n=f["left"],
    )


steps.register(
    steps.step(
        "spread", _spread_options, _spread_act, _spread_prompt, _spread_auto, pick=_spread_pick
    )
)


def _ravage_auto(ctx: Ctx, f: Frame) -> bool:
    s = ctx.s
    region = f["region"]
    if not f.get("started"):
        f["started"] = True
        f.setdefault("bonus", 0)
        f["hook"] = 0
        if s.cubes_in(region) == 0 or not s.rats[region]:
            steps.pop(s, f)
            return True
        ctx.say("ravage", _ravages(region), region=region)
        f["first"] = len(s.revealed)
        return True
    starts = RAVAGE_START.slots(s.expansions)  # the frame counts places in the whole list
    while f["hook"] < len(starts):
        hook = starts[f["hook"]]
        f["hook"] += 1
        if hook is not None and hook(ctx, f):
            return True
    pending = f.get("pending")
    if pending is not None:
        reactions = TOKEN_REACTIONS.slots(s.expansions)
        while pending["react"] < len(reactions):
            reaction = reactions[pending["react"]]
            pending["react"] += 1
            if reaction is not None and reaction(ctx, f, pending):
                return True
        del f["pending"]
        resolve_token(ctx, f, pending)
        return True
    rats = s.rats[region]
    if s.cubes_in(region) == 0 or not rats:
        steps.pop(s, f)
        _remove_face_up(ctx, region)
        remember(s, f)
        for ending in RAVAGE_END.in_game(s.expansions):
            ending(ctx, f)
        return True
    if f.get("chooser") is not None and len(rats) > 1 and "next" not in f:
        s.face_up = sorted(set(s.face_up) | set(rats))
        steps.push(s, "reveal_choice", seat=f["chooser"], region=region)
        return True
    token = f.pop("next") if "next" in f else rats[rand_below(s, len(rats))]
    s.rats_at(region).remove(token)
    turn_over(s, f, token)
    return True


def remember(s: State, f: Frame) -> None:
    """Keep the ravage that just ended among the round's (``State.ravages``), with the tokens
    it turned over; forget those older than a round (one turn of each player), so each
    player's view reaches back to their own latest ravage."""
    # a token revealed is never changed once kept (``resolve_token``; the copies of a state
    # share them too, ``State.clone``): the round's ravages share them with ``revealed``
    tokens = s.revealed[int(f.get("first", 0)) :]
    ravages = s.ravages  # shared by copies (``State.clone``): a new list below
    if tokens:
        ravages = [
            *ravages,
            {"turn": s.turn, "seat": f["seat"], "region": f["region"], "tokens": tokens},
        ]
    s.ravages = [r for r in ravages if int(r["turn"]) > s.turn - s.players]


def _remove_face_up(ctx: Ctx, region: str) -> None:
    """Tokens a chooser (the Crusader) turned face up leave the game when the ravage ends,
    also those that never acted because the region ran out of cubes."""
    s = ctx.s
    left = [t for t in s.rats[region] if t in s.face_up]
    for token in left:
        s.rats_at(region).remove(token)
        s.face_up = without(s.face_up, token)
        s.known.pop(token, None)
        s.gone = [*s.gone, token]
        entry = {"region": region, **s.tokens[token], "outbreak": False, "losses": {}}
        s.revealed = [*s.revealed, entry]
    if left:
        fronts = [describe_front(s.tokens[t]) for t in left]
        ctx.say(
            "face_up_gone",
            msg(
                "The rats turned face up in {region} that did not act leave the game ({fronts}).",
                region=board.said(region),
                fronts=listed(fronts),
            ),
            region=region,
        )


def _reveal_options(s: State, f: Frame) -> list[Action]:
    region = f["region"]
    return [
        action(
            f"reveal:{i}",
            msg(
                "Rat {number} in {region}: {front}",
                number=i,
                region=board.said(region),
                front=describe_front(s.tokens[t]),
            ),
        )
        for i, t in enumerate(s.rats[region], start=1)
    ]


def _reveal_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    s.stack[-1]["next"] = s.rats[f["region"]][int(a.args[0]) - 1]


steps.register(
    steps.step(
        "reveal_choice",
        _reveal_options,
        _reveal_act,
        lambda s, f: msg(
            "The rats of {region} lie face up: which one acts next?",
            region=board.said(f["region"]),
        ),
    )
)


steps.auto_only("ravage", _ravage_auto)


def _kill(ctx: Ctx, entry: dict[str, Any], seat: int, region: str) -> None:
    lost = board.lose_cube(ctx, seat, region)
    key = "losses" if lost == "cube" else "saved"
    bucket = entry.setdefault(key, {})
    bucket[str(seat)] = bucket.get(str(seat), 0) + 1


def turn_over(s: State, f: Frame, token: str) -> None:
    """Turn one token of the ravaged region face up; it acts once every reaction is answered."""
    front = s.tokens[token]
    s.known.pop(token, None)
    if token in s.face_up:  # these lists are shared by copies (``State.clone``): new ones
        s.face_up = without(s.face_up, token)
    s.gone = [*s.gone, token]
    people = board.population(s, f["region"], int(f.get("bonus", 0)))
    f["pending"] = {
        "token": token,
        "people": people,
        "outbreak": people >= front["limit"],
        "react": 0,
        "exempt": [],
        "protect": [list(pair) for pair in f.get("shield", [])],
    }


def _class_cards(s: State, seat: int, cls: str, protect: list[list[Any]]) -> int:
    cards = data.cards()
    held = [c for c in s.hands[seat] if cards[c].cls == cls]
    if not held or not protect:
        return len(held)
    shielded = {card for who, card in protect if who == seat}
    return sum(1 for c in held if c not in shielded)


def forecast(
    s: State, f: Frame, *, potions: bool = True, exempt: bool = True, shield: int | None = None
) -> dict[int, int]:
    """How many cubes the pending token would take from each seat, acting as it will: M first
    (recounting the majority each time), then class symbols, then A. ``potions``: losses a
    seat can absorb (``board.LOSS_SPARES``) go first; ``exempt``: spared seats lose nothing;
    ``shield``: every class card of that seat counts as protected."""
    pending = f["pending"]
    if not pending["outbreak"]:
        return {}
    front = s.tokens[pending["token"]]
    region = f["region"]
    counts = list(s.cubes[region])
    spare = [
        sum(h(s, p, region) for h in board.LOSS_SPARES.in_game(s.expansions)) if potions else 0
        for p in range(s.players)
    ]
    spared = set(pending["exempt"]) if exempt else set()
    protect = list(pending["protect"])
    if shield is not None:
        protect += [[shield, c] for c in s.hands[shield]]
    lost: dict[int, int] = {}

    def take(seat: int) -> None:
        if counts[seat] <= 0 or seat in spared:
            return
        if spare[seat] > 0:
            spare[seat] -= 1
            return
        counts[seat] -= 1
        lost[seat] = lost.get(seat, 0) + 1

    for _ in range(front["majority"]):
        top = max(counts)
        for seat in [p for p, c in enumerate(counts) if c == top and top > 0]:
            take(seat)
    for cls in front["classes"]:
        for seat in range(s.players):
            for _ in range(_class_cards(s, seat, cls, protect)):
                take(seat)
    for _ in range(front["all"]):
        for seat in range(s.players):
            take(seat)
    return lost


def strikes(s: State, f: Frame) -> dict[int, int]:
    """How many cubes the pending token would take from each seat, before potions and
    exemptions (the same order as when it acts: M, then class symbols, then A)."""
    return forecast(s, f, potions=False, exempt=False)


def resolve_token(ctx: Ctx, f: Frame, pending: dict[str, Any]) -> dict[str, Any]:
    """The turned-over token acts on the ravaged region; it has left the game."""
    s = ctx.s
    region = f["region"]
    front = s.tokens[pending["token"]]
    exempt = set(pending["exempt"])
    entry: dict[str, Any] = {
        "region": region,
        **front,
        "outbreak": pending["outbreak"],
        "losses": {},
    }
    if exempt:
        entry["exempt"] = sorted(exempt)
    if pending["outbreak"]:
        for _ in range(front["majority"]):
            for seat in board.majority_seats(s, region):
                if seat not in exempt:
                    _kill(ctx, entry, seat, region)
        for cls in front["classes"]:
            for seat in range(s.players):
                if seat in exempt or not s.cubes[region][seat]:  # none there to lose
                    continue
                for _ in range(_class_cards(s, seat, cls, pending["protect"])):
                    if s.cubes[region][seat] > 0:
                        _kill(ctx, entry, seat, region)
        for _ in range(front["all"]):
            for seat in range(s.players):
                if s.cubes[region][seat] > 0 and seat not in exempt:
                    _kill(ctx, entry, seat, region)
    s.revealed = [*s.revealed, entry]  # shared by copies (``State.clone``): a new list
    if not ctx.quiet:  # a look-ahead says nothing: its token is not described in words
        ctx.say("reveal", describe(s, entry, pending["people"]), region=region, token=entry)
    for hook in TOKEN_RESOLVED.in_game(s.expansions):
        hook(ctx, f, entry)
    return entry


def describe_front(front: Mapping[str, Any]) -> Msg:
    """A rat token's front in words: its limit, the class cards it strikes, then what its
    majority and "all" symbols cost ("limit 3, Church, the majority loses 1, everyone loses
    1"). Made once per front (a text never changes)."""
    return _front_words(
        front.get("limit", "?"),
        tuple(front.get("classes", [])),
        front.get("majority", 0),
        front.get("all", 0),
    )


@cache
def _front_words(limit: Any, classes: tuple[Any, ...], majority: Any, everyone: Any) -> Msg:
    parts = [msg("limit {n}", n=limit)]
    names = data.cards_classes()
    for cls in classes:
        shown = names.get(str(cls), str(cls).title())  # a data-file text (a class's name)
        parts.append(msg(shown))
    if int(majority):
        parts.append(msg("the majority loses {n}", n=int(majority)))
    if int(everyone):
        parts.append(msg("everyone loses {n}", n=int(everyone)))
    return listed(parts)


def describe(s: State, entry: dict[str, Any], people: int) -> Msg:
    region, front = board.said(entry["region"]), describe_front(entry)
    if not entry["outbreak"]:
        return plural(
            "Rat revealed in {region} ({front}): only {n} person there, below the limit: "
            "no effect.",
            "Rat revealed in {region} ({front}): only {n} people there, below the limit: "
            "no effect.",
            people,
            region=region,
            front=front,
        )
    losses = entry.get("losses", {})
    hit = [msg("{player} loses {n}", player=Seat(int(k)), n=v) for k, v in sorted(losses.items())]
    saved = entry.get("saved", {})
    hit += [
        msg("{player} saved {n} by potion", player=Seat(int(k)), n=v)
        for k, v in sorted(saved.items())
    ]
    hit += [msg("{player} is spared", player=Seat(int(k))) for k in entry.get("exempt", [])]
    return msg(
        "Rat revealed in {region} ({front}): outbreak! {who}.",
        region=region,
        front=front,
        who=listed(hit) if hit else msg("nobody there is hit"),
    )


def _bonus_options(s: State, f: Frame) -> list[Action]:
    return list(_BONUS_OPTIONS)


_BONUS_OPTIONS = (
    action("bonus:yes", msg("Yes: the plague piece counts as 2 people")),
    action("bonus:no", msg("No: count only the cubes")),
)
"""Made once: actions never change."""


def _bonus_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    if a.args[0] == "yes":
        s.stack[-1]["bonus"] = int(s.stack[-1].get("bonus", 0)) + 2
        ctx.did(f["seat"], "bonus", msg("{player} lets the plague piece count as 2 people."))


def _bonus_prompt(s: State, f: Frame) -> Msg:
    return msg(
        "Before the rats in {region} are revealed: should the plague piece count as 2 extra "
        "people there?",
        region=board.said(f["region"]),
    )


steps.register(steps.step("plague_bonus", _bonus_options, _bonus_act, _bonus_prompt))
