"""Rules help for Rattus in our own words: how a turn goes, the plague, the end, and each
expansion's own pieces and mechanics. ``/rattus rules`` shows these next to the class cards;
nothing here is a rulebook's text."""

from __future__ import annotations

from dataclasses import dataclass

from ..text import N_


@dataclass(frozen=True)
class Topic:
    """One topic; its name, part and text are marked (``N_``): show them with
    ``lang.say``."""

    id: str
    name: str
    part: str  # "Rattus" or the expansion that brings it
    text: str


TOPICS = (
    Topic(
        "turn",
        N_("A turn"),
        N_("Rattus"),
        N_(
            "In any order before the plague moves: take at most one class card (one lying beside "
            "the board, or one from another player), place cubes once (in one region: as many as "
            "it has rats, at least one) and use the powers of the class cards you hold, each "
            "once. Then move the plague piece to a neighbouring region; that ends the turn."
        ),
    ),
    Topic(
        "plague",
        N_("The plague"),
        N_("Rattus"),
        N_(
            "Where the plague piece arrives, new rats appear: face-down tokens in that region and "
            "its neighbours, as its token says, never more than three in a region. If the region "
            "has both people and rats, its tokens are turned over one at a time. A token acts when "
            "the cubes there reach its limit: a majority symbol costs the players with the most "
            "cubes one each, a class symbol costs everyone holding a card of that class one cube "
            "per card, and an 'all' symbol costs everyone there one. A turned token leaves the game."
        ),
    ),
    Topic(
        "end",
        N_("The end and the scores"),
        N_("Rattus"),
        N_(
            "The game ends after a turn that used up the rat supply, or at whose end the player "
            "has no cubes left to place. Everyone but that player then has one last turn, going "
            "the other way round, with cards only; then the plague strikes every region with "
            "people and rats. Each cube on the map and in the palace scores a point (plus coins, "
            "region cards and diplomats with the expansions). On a tie, the player who would "
            "have played next comes first."
        ),
    ),
    Topic(
        "walls",
        N_("Walls"),
        N_("Pied Piper"),
        N_(
            "Three walls, placed and moved by the Emperor. A wall stands on one border or sea "
            "crossing and nothing crosses it: no rat spreads over it, no cube is moved over it, "
            "the plague piece cannot pass and neither can the caravan. Two walls never share a "
            "border, and once built a wall only moves, it never goes back to the box."
        ),
    ),
    Topic(
        "nuns",
        N_("Nuns"),
        N_("Pied Piper"),
        N_(
            "Three nuns, placed and moved by the Nun card. A nun counts as one person less in her "
            "region when a rat token checks whether its limit is reached, so a region with a nun "
            "is harder for the plague to break into."
        ),
    ),
    Topic(
        "bishops",
        N_("Bishops"),
        N_("Pied Piper"),
        N_(
            "Two bishops, placed by the Bishop card (a bishop on the board moves only once both "
            "are out). No rat may enter a bishop's region by any means: not by spreading, not by "
            "a card that adds or moves rats, not by the Witch's swap. Rats already there stay."
        ),
    ),
    Topic(
        "potions",
        N_("Potions"),
        N_("Pied Piper"),
        N_(
            "Ten potions, handed out by the Wizard onto your cubes in a region. When one of your "
            "cubes there would die, a potion is used up instead. Potions travel with your last "
            "cube in a region; a cube sent to the palace leaves its potions behind."
        ),
    ),
    Topic(
        "region_cards",
        N_("Region cards"),
        N_("Africanus"),
        N_(
            "Each player holds region cards in secret (three to start); each names a region and "
            "shows two class symbols or a question mark. When a turned-over token would cost you "
            "a cube through one of your class cards and you hold a card showing that class (a "
            "question mark stands for any class), you may play it face up on that class card: it "
            "does not count against you until the region's rats are done. Majority and 'all' "
            "symbols are not stopped. Everyone such a token strikes who holds any region card is "
            "asked, so a question gives nothing away: with no matching card, your only answer is "
            "to play none. At the end each card still in hand scores a point when you "
            "hold the majority (alone or shared) in the region it names, at most one per region."
        ),
    ),
    Topic(
        "diplomats",
        N_("Diplomats"),
        N_("Africanus"),
        N_(
            "With the Sultan in play, his holder places diplomats, at most one of theirs in a "
            "region, each under one of their cubes. A diplomat's cube dies only after the plain "
            "cubes of its owner there, and may be taken along when cubes are moved away, even "
            "into the palace. At the end the most diplomats score 4 and the second most 2 (a tie "
            "for the most shares 6 and leaves no second place)."
        ),
    ),
    Topic(
        "caravan",
        N_("The caravan"),
        N_("Africanus"),
        N_(
            "With the Caravaner in play, the caravan starts on the board before the first turn. "
            "Its holder moves it exactly two steps (not back where it started, never through a "
            "wall), and in the regions it passes through, the players with the most cubes may "
            "each add a cube."
        ),
    ),
    Topic(
        "africa",
        N_("Five and six players"),
        N_("Africanus"),
        N_(
            "With five or six players, Northern Africa joins the map (five players leave out "
            "Russia and Tartaria), eight class cards are in play, everyone makes a third starting "
            "placement, and every card that moves the plague more than one step moves it one step "
            "further. The Africanus rat tokens replace the base ones whenever it is on."
        ),
    ),
    Topic(
        "goods",
        N_("Goods"),
        N_("Mercatus"),
        N_(
            "Each region in use shows a type of goods, and the supply holds goods tokens face up "
            "(one of each type at a time) and face down. Once a turn you may take one face-up "
            "token; a type whose face-up token is gone turns a new one up at the start of the "
            "next turn. Goods held are public. Some cards keep a goods token on themselves and "
            "work with the regions of that type."
        ),
    ),
    Topic(
        "sales",
        N_("Sales and coins"),
        N_("Mercatus"),
        N_(
            "After a turn's plague, every type of goods with no token left in the supply is sold: "
            "each player sells one token of it to each region of that type where they hold the "
            "majority (a shared majority counts), for 3 coins each; unsold tokens go back face "
            "down. After the final plague there is one last sale. Coins are public and pay for "
            "some cards; at the end every 5 coins score a point."
        ),
    ),
)


def topics() -> list[tuple[str, str]]:
    """(name shown, id) of every topic, for a help menu."""
    return [(f"{t.name} ({t.part})", t.id) for t in TOPICS]


def explain(topic: str) -> Topic | None:
    """A topic by id or name (any case); None if there is none."""
    wanted = topic.strip().lower().replace(" ", "_")
    for t in TOPICS:
        if wanted in (t.id, t.name.lower().replace(" ", "_")):
            return t
    return None
