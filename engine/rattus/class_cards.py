"""Which class cards are in play: the ways to choose them, checked against the expansions, and
the one deal that turns a choice into a game's cards.

A choice is a mode ("random-per-class", "random"), the id of a named set from the card data,
or a list of card ids. ``check_choice`` refuses a choice the expansions cannot play as soon as
it is made; ``deal`` draws the cards for the seated players from the game's seed, so a game
replayed from its seed is dealt the same cards.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core import Rng
from ..text import N_, Msg, Param, msg, plural
from . import data

EXPANSION_NAMES = {
    "pied_piper": N_("Pied Piper"),
    "africanus": N_("Africanus"),
    "mercatus": N_("Mercatus"),
}
"""The expansions a card may need, in words."""

MODES: dict[str, str] = {
    "random-per-class": N_("One random card of each class"),
    "random": N_("Any class cards at random"),
}
"""The random ways to choose, in words."""

KEEP_CHIVALRY_BELOW = 4
"""With fewer players a random deal keeps a Chivalry card (unless the host turns that off)."""


def count(players: int) -> int:
    """6 class cards in play; 8 with 5 or 6 players."""
    return 8 if players >= 5 else 6


def playable(expansions: Iterable[str]) -> list[data.Card]:
    """The cards of the base game and of these expansions, in data order."""
    exps = set(expansions)
    return [c for c in data.cards().values() if c.expansion == "base" or c.expansion in exps]


def set_name(set_id: str) -> str:
    """A named set in words: "prosperous_times" -> "Prosperous Times"."""
    words = set_id.split("_")
    return " ".join(w if i and w in ("and", "of") else w.capitalize() for i, w in enumerate(words))


def _needs(cards: Iterable[str], expansions: Iterable[str]) -> Msg | None:
    """Why these cards cannot be played with these expansions, or None."""
    known = data.cards()
    ok = {c.id for c in playable(expansions)}
    for card in cards:
        if card not in ok:
            name, expansion = known[card].name, EXPANSION_NAMES[known[card].expansion]
            return msg(
                "the {card} needs the {expansion} expansion",
                card=msg(name),
                expansion=msg(expansion),
            )
    return None


def choices(expansions: Iterable[str]) -> list[tuple[str, str]]:
    """(words, value) for every mode and named set these expansions can play."""
    exps = list(expansions)
    out = [(words, mode) for mode, words in MODES.items()]
    for set_id, cards in data.card_sets().items():
        if _needs(cards, exps) is None:
            names = ", ".join(data.cards()[c].name for c in cards)
            out.append((f"{set_name(set_id)}: {names}", set_id))
    return out


def _counts(sizes: list[int]) -> Param:
    """The card counts a list may have, in words ("6 or 8")."""
    if len(sizes) == 1:
        return sizes[0]
    return msg("{first} or {second}", first=sizes[0], second=sizes[1])


def _quoted(raw: object, limit: int = 40) -> str:
    text = str(raw).strip()
    return f"'{text if len(text) <= limit else text[: limit - 1] + '…'}'"


def check_choice(
    choice: str | list[str], expansions: Iterable[str], counts: Iterable[int] = (6, 8)
) -> str | list[str]:
    """The choice normalised (lower case ids), or ValueError with a message for the player when
    it is not a choice, names unknown cards, or needs an expansion that is not chosen.
    ``counts``: how many cards the games it may be used for play (a list must name one)."""
    exps = list(expansions)
    sets = data.card_sets()
    sizes = sorted(set(counts))
    if isinstance(choice, str):
        mode = choice.strip().lower().replace(" ", "_")
        mode = mode.replace("_", "-") if mode.replace("_", "-") in MODES else mode
        if mode in MODES:
            return mode
        if mode in sets:
            why = _needs(sets[mode], exps)
            if why is not None:
                raise ValueError(
                    msg(
                        "the '{set}' set cannot be played here: {why}",
                        set=set_name(mode),
                        why=why,
                    )
                )
            return mode
        ways = ", ".join([*MODES, *(s for s in sets if _needs(sets[s], exps) is None)])
        raise ValueError(
            msg(
                "{choice} is not a way to choose class cards. Choose one of: {ways}, or list "
                "{counts} cards",
                choice=_quoted(choice),
                ways=ways,
                counts=_counts(sizes),
            )
        )
    cards = [str(c).strip().lower() for c in choice]
    known = data.cards()
    unknown = next((c for c in cards if c not in known), None)
    if unknown is not None:
        raise ValueError(
            msg(
                "Unknown class card {card}. Known cards: {known}",
                card=_quoted(unknown),
                known=", ".join(known),
            )
        )
    why = _needs(cards, exps)
    if why is not None:
        raise ValueError(why)
    if len(set(cards)) != len(cards) or len(cards) not in sizes:
        raise ValueError(msg("choose {counts} different class cards", counts=_counts(sizes)))
    return cards


def deal(
    players: int,
    expansions: Iterable[str],
    choice: str | list[str] | None,
    seed: int | str,
    *,
    ensure_chivalry: bool = True,
) -> list[str]:
    """The class cards of a game of ``players``: 6, or 8 with 5 or 6 players.

    None chooses one card per class when the expansions offer more cards than are played, or
    the base set. "random-per-class": one random card of each class; with more classes than
    cards, classes are dropped at random (never the Chivalry card below 4 players, if kept);
    with fewer, random cards are added. "random": any cards; below 4 players a deal without a
    Chivalry card has one card replaced by a random Chivalry card, if kept. A named set gets
    random cards added with 5 or 6 players. A list is played as it is and must fit the count.
    """
    exps = list(expansions)
    wanted = count(players)
    cards = playable(exps)
    if choice is None:
        choice = "random-per-class" if len(cards) > wanted else "base"
    choice = check_choice(choice, exps, {count(n) for n in range(2, 7)})
    if isinstance(choice, list):
        if len(choice) != wanted:
            raise ValueError(
                plural(
                    "A game of {players} players plays {wanted} class cards, but {n} is listed: "
                    "choose {wanted} cards or another way to choose them",
                    "A game of {players} players plays {wanted} class cards, but {n} are listed: "
                    "choose {wanted} cards or another way to choose them",
                    len(choice),
                    players=players,
                    wanted=wanted,
                )
            )
        return choice
    classes = {c.id: c.cls for c in cards}
    keep = ensure_chivalry and players < KEEP_CHIVALRY_BELOW
    rng = Rng.from_seed(f"class-cards:{seed}")
    if choice == "random-per-class":
        by_class: dict[str, list[str]] = {}
        for card in cards:
            by_class.setdefault(card.cls, []).append(card.id)
        chosen = [rng.choice(sorted(ids)) for _, ids in sorted(by_class.items())]
        while len(chosen) > wanted:
            spare = [c for c in chosen if not (keep and classes[c] == "chivalry")]
            chosen.remove(rng.choice(spare))
    elif choice == "random":
        chosen = rng.shuffled(sorted(classes))[:wanted]
    else:
        chosen = list(data.card_sets()[choice])
    if len(chosen) < wanted:
        rest = sorted(set(classes) - set(chosen))
        chosen += rng.shuffled(rest)[: wanted - len(chosen)]
    if choice == "random" and keep and all(classes[c] != "chivalry" for c in chosen):
        knights = sorted(c for c, cls in classes.items() if cls == "chivalry")
        if knights:
            chosen[rng.below(len(chosen))] = rng.choice(knights)
    return chosen
