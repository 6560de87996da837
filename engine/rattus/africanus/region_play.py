"""Region cards in play: shields against a rat's class symbols, points at the end, and the two
Islamic cards that draw them (Astronomer, Explorer).

After a token is turned over, each player it would cost a cube through its class symbols who
holds any region card is asked, in turn order from the active player, whether to play one on a
class card. Who is asked depends on public facts alone (the token, the class cards, the cubes
and potions, how many cards each hand holds), never on which cards a hand holds: a player whose
cards match none of the threatened class cards is asked all the same, with "play none" as the
only answer, so that the question, the pause and the clock tell nobody whether anyone holds a
matching card. The card lies face up and that class card does not count for its holder until
the region's rats are all resolved; then the played cards are discarded.
"""

from __future__ import annotations

from typing import Any

from ...core import Action
from ...text import Msg, msg, plural
from .. import board, cards, data, flow, plague, steps
from ..cards import chain_step, push_chain
from ..state import Ctx, Frame, State
from ..texts import action
from .regions import card, describe, described, draw, on, table

MAX_OPTIONS = 24
"""Play options per decision, leaving room for "pass" within the limit of 25."""

DRAWN = 3


# Playing a region card against a rat's class symbols.


def _covers(card_id: str, cls: str) -> bool:
    symbols = card(card_id).symbols
    return symbols == ("any",) or cls in symbols


def _class_loss(s: State, ravage: Frame, seat: int) -> int:
    """Cubes the pending token's class symbols would cost the seat: what it takes from them
    less what it would take with all their class cards protected (potions absorb first)."""
    if seat in ravage["pending"]["exempt"]:
        return 0
    now = plague.forecast(s, ravage).get(seat, 0)
    return now - plague.forecast(s, ravage, shield=seat).get(seat, 0)


def _asked(s: State, ravage: Frame, seat: int) -> bool:
    """Whether the seat is asked about the pending token, from public facts alone: it holds
    a region card (any: how many is public, which is not) and the token's class symbols
    would cost it a cube."""
    return bool(table(s)["hands"][seat]) and _class_loss(s, ravage, seat) > 0


def _plays(s: State, ravage: Frame, seat: int) -> list[tuple[str, str]]:
    """(region card, class card) pairs the seat could play now (none unless it is asked);
    one card per symbol set and class card when the hand is too large to list every card."""
    pending = ravage["pending"]
    classes = set(s.tokens[pending["token"]]["classes"])
    shielded = {c for who, c in pending["protect"] if who == seat}
    infos = data.cards()
    targets = [c for c in s.hands[seat] if infos[c].cls in classes and c not in shielded]
    pairs = [
        (rc, cc) for rc in table(s)["hands"][seat] for cc in targets if _covers(rc, infos[cc].cls)
    ]
    if not pairs or not _asked(s, ravage, seat):
        return []
    if len(pairs) <= MAX_OPTIONS:
        return pairs
    seen: set[tuple[tuple[str, ...], str]] = set()
    out = []
    for rc, cc in pairs:
        key = (card(rc).symbols, cc)
        if key not in seen:
            seen.add(key)
            out.append((rc, cc))
    return out[:MAX_OPTIONS]


def _offer(ctx: Ctx, ravage: Frame, pending: dict[str, Any]) -> bool:
    s = ctx.s
    if not on(s) or not pending["outbreak"] or not s.tokens[pending["token"]]["classes"]:
        return False
    order = [(s.active + i) % s.players for i in range(s.players)]
    steps.push(s, "region_play", seat=order[0], order=order, at=0, region=ravage["region"])
    return True


def _ravage_below(s: State, f: Frame) -> Frame:
    return s.stack[s.stack.index(f) - 1]


def _play_auto(ctx: Ctx, f: Frame) -> bool:
    s = ctx.s
    ravage = _ravage_below(s, f)
    while f["at"] < len(f["order"]):
        seat = f["order"][f["at"]]
        if _asked(s, ravage, seat):
            f["seat"] = seat
            return False
        f["at"] += 1
    steps.pop(s, f)
    return True


def _play_options(s: State, f: Frame) -> list[Action]:
    ravage = _ravage_below(s, f)
    if not _asked(s, ravage, f["seat"]):
        return []
    out = [
        action(
            f"play:{rc}:{cc}",
            msg("Play {region_card} on your {card}", region_card=describe(rc), card=cards.said(cc)),
        )
        for rc, cc in _plays(s, ravage, f["seat"])
    ]
    return [*out, action("pass", msg("Play no region card on this rat"))]


def _play_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    seat = int(f["seat"])
    if a.kind == "pass":
        f["at"] += 1
        return
    region_card, class_card = a.args[0], a.args[1]
    ravage = _ravage_below(s, f)
    t = table(s)
    t["hands"][seat].remove(region_card)
    t["played"].append([seat, region_card, class_card])
    ravage.setdefault("shield", []).append([seat, class_card])
    ravage["pending"]["protect"].append([seat, class_card])
    ctx.did(
        seat,
        "region_card",
        msg(
            "{player} played the region card {region_card} on the {card}: it does not count in "
            "{region} for the rest of this ravage.",
            region_card=describe(region_card),
            card=cards.said(class_card),
            region=board.said(f["region"]),
        ),
        seat=seat,
        card=region_card,
        protects=class_card,
    )
    hand = t["hands"][seat]
    left = described(hand) if hand else msg("none")
    ctx.tell((seat,), "hand", msg("Your region cards now: {cards}.", cards=left), hand=list(hand))


def _play_prompt(s: State, f: Frame) -> Msg:
    ravage = _ravage_below(s, f)
    front = plague.describe_front(s.tokens[ravage["pending"]["token"]])
    threat = plural(
        "The rat turned over in {region} ({front}) would cost you a cube through its class "
        "symbols.",
        "The rat turned over in {region} ({front}) would cost you {n} cubes through its class "
        "symbols.",
        _class_loss(s, ravage, f["seat"]),
        region=board.said(f["region"]),
        front=front,
    )
    if not _plays(s, ravage, f["seat"]):
        return msg(
            "{threat} None of your region cards shows the class of a card it strikes, so you "
            "can only play none. Everyone it strikes who holds region cards is asked, so the "
            "question tells nobody who holds a matching one.",
            threat=threat,
        )
    return msg("{threat} Play a region card on one of your class cards?", threat=threat)


def _discard_played(ctx: Ctx, ravage: Frame) -> None:
    s = ctx.s
    if not on(s):
        return
    t = table(s)
    t["discard"].extend(cid for _, cid, _ in t["played"])
    t["played"] = []


# Private: the choices show the hand. Who is asked is public (see ``_asked``), and the host
# hides it anyway, as it does for every private question.
steps.register(
    steps.step("region_play", _play_options, _play_act, _play_prompt, _play_auto, private=True)
)
plague.TOKEN_REACTIONS.add("region_cards", _offer)
plague.RAVAGE_END.add("region_cards", _discard_played)


# Scoring: a point per region of a card in hand where its owner has a majority (ties count).


def region_points(s: State, seat: int) -> int | None:
    if not on(s):
        return None
    regions = {card(c).region for c in table(s)["hands"][seat]}
    return sum(1 for r in regions if seat in board.majority_seats(s, r))


def _reveal_hands(ctx: Ctx) -> None:
    s = ctx.s
    if not on(s):
        return
    for seat in range(s.players):
        hand = table(s)["hands"][seat]
        shown = described(hand) if hand else msg("no region cards")
        points = region_points(s, seat) or 0
        ctx.did(
            seat,
            "region_score",
            plural(
                "{player} shows {cards}: {n} point.",
                "{player} shows {cards}: {n} points.",
                points,
                cards=shown,
            ),
            seat=seat,
            cards=list(hand),
            points=points,
        )


flow.SCORE_TERMS.add("region_cards", region_points)
flow.BEFORE_SCORING.add("region_hands", _reveal_hands)


# Astronomer: draw 3, keep one in secret, discard the others.


def _can_draw(s: State) -> bool:
    if not on(s):
        return False
    t = table(s)
    return bool(t["deck"] or t["discard"])


def _drawn_for(ctx: Ctx, seat: int, card: str) -> list[str]:
    """The card draws its region cards and asks the seat about them (its step is named after
    it), with no way back: the cards have been seen. The cards drawn."""
    drawn = draw(ctx, DRAWN)
    push_chain(ctx.s, card, seat, card, drawn=drawn)["back"] = False
    return drawn


def _astronomer_start(ctx: Ctx, seat: int) -> None:
    drawn = _drawn_for(ctx, seat, "astronomer")
    ctx.did(
        seat,
        "astronomer",
        plural(
            "{player} (Astronomer) drew {n} region card to keep one.",
            "{player} (Astronomer) drew {n} region cards to keep one.",
            len(drawn),
        ),
        seat=seat,
    )
    ctx.tell(
        (seat,),
        "astronomer_drew",
        msg("You drew {cards}.", cards=described(drawn)),
        cards=list(drawn),
    )


cards.anytime("astronomer", lambda s, seat: _can_draw(s), _astronomer_start)


def _astronomer_options(s: State, f: Frame) -> list[Action]:
    return [
        action(f"keep:{c}", msg("Keep {region_card}", region_card=describe(c))) for c in f["drawn"]
    ]


def _astronomer_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    seat = int(f["seat"])
    kept = a.args[0]
    t = table(s)
    t["hands"][seat].append(kept)
    t["discard"].extend(c for c in f["drawn"] if c != kept)
    ctx.did(
        seat,
        "astronomer",
        msg("{player} (Astronomer) kept one region card and discarded the rest."),
        seat=seat,
    )
    ctx.tell(
        (seat,),
        "astronomer_kept",
        msg("You kept {region_card}.", region_card=describe(kept)),
        card=kept,
    )


chain_step(
    "astronomer",
    _astronomer_options,
    _astronomer_act,
    lambda s, f: msg("Astronomer: which region card do you keep? The others are discarded."),
    private=True,
)


# Explorer: draw 3 and show them, a cube in one of their regions, discard all three.


def _explorer_usable(s: State, seat: int) -> bool:
    return _can_draw(s) and s.supply[seat] > 0


def _explorer_start(ctx: Ctx, seat: int) -> None:
    drawn = _drawn_for(ctx, seat, "explorer")
    ctx.did(
        seat,
        "explorer",
        msg("{player} (Explorer) drew and showed {cards}.", cards=described(drawn)),
        seat=seat,
        cards=list(drawn),
    )


cards.anytime("explorer", _explorer_usable, _explorer_start)


def _explorer_regions(s: State, f: Frame) -> list[str]:
    found = {card(c).region for c in f["drawn"]}
    return [r for r in s.regions if r in found]


def _explorer_options(s: State, f: Frame) -> list[Action]:
    return [
        action(f"cube:{r}", msg("Place one of your cubes in {region}", region=board.said(r)))
        for r in _explorer_regions(s, f)
    ]


def _explorer_act(ctx: Ctx, f: Frame, a: Action) -> None:
    s = ctx.s
    steps.pop(s, f)
    seat = int(f["seat"])
    region = a.args[0]
    board.add_cubes(s, seat, region, 1)
    table(s)["discard"].extend(f["drawn"])
    ctx.did(
        seat,
        "explorer",
        msg(
            "{player} (Explorer) placed a cube in {region} and discarded the region cards drawn.",
            region=board.said(region),
        ),
        seat=seat,
        region=region,
    )


chain_step(
    "explorer",
    _explorer_options,
    _explorer_act,
    lambda s, f: msg("Explorer: in which of the regions shown do you place one of your cubes?"),
)
