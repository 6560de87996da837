"""Board rendering speed and size, and the sample pictures in docs/images.

python bench/render.py              # median ms to render + encode a mid-game board
python bench/render.py --samples    # also write docs/images/rattus-*.png (base and each
                                    # expansion) and each at phone width (rattus-*-phone.png)
python bench/render.py --levels     # also every board of a seeded game at each PNG level

The median is over fresh renders (the cache of finished pictures is bypassed); wall-clock
and CPU time are both printed, since other work on the machine slows the wall clock.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from cogs.table.pictures import moment
from engine import rattus
from engine.core import Rng
from render import cartus_table, rattus_board
from render.cartus.table import table_image
from render.common import canvas
from render.common.canvas import encode_png
from render.common.palette import shared_palette
from render.rattus.board import board_image

NAMES = ["Anna", "Björn", "Χλόη", "Дмитрий"]
SAMPLES = Path(__file__).resolve().parent.parent / "docs" / "images"


def _named(view: dict[str, Any]) -> dict[str, Any]:
    for player in view["players"]:
        player["name"] = NAMES[player["seat"]]
    return view


def seeded_views(players: int = 4, seed: int = 7) -> dict[str, dict[str, Any]]:
    """Views of one seeded random game: during setup, mid-game right after rats were revealed,
    and at the end."""
    game = rattus.new_game(players=players, expansions=set(), class_cards=None, seed=seed)
    rng = Rng.from_seed(seed)
    views = {"setup": _named(game.view(None, names=NAMES[:players]))}
    while not game.is_over:
        seat = game.actors()[0]
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
        view = game.view(None, names=NAMES[:players])
        if (
            "midgame" not in views
            and game.version >= 40
            and view["revealed"]
            and view["status"] == "playing"
        ):
            views["midgame"] = _named(view)
    views["over"] = _named(game.view(None, names=NAMES[:players]))
    return views


PIED_PIPER_CARDS = ["emperor", "nun", "bishop", "wizard", "baker", "crusader"]


def pied_piper_view(players: int = 4, seed: int = 11) -> dict[str, Any]:
    """A seeded Pied Piper game, favouring the cards' abilities, once walls and nuns are out."""
    game = rattus.new_game(
        players=players, expansions={"pied_piper"}, class_cards=PIED_PIPER_CARDS, seed=seed
    )
    rng = Rng.from_seed(seed)
    while not game.is_over:
        seat = game.actors()[0]
        actions = game.legal_actions(seat)
        uses = [a for a in actions if a.kind == "use"]
        game = game.apply(seat, rng.choice(uses if uses and rng.below(10) < 7 else actions))
        view = game.view(None, names=NAMES[:players])
        if (
            view["status"] == "playing"
            and view["turn"] > 12
            and len(view.get("walls", [])) >= 2
            and any(r.get("nuns") for r in view["regions"].values())
        ):
            return _named(view)
    return _named(game.view(None, names=NAMES[:players]))


def mercatus_view(players: int = 4, seed: int = 5) -> dict[str, Any]:
    """A seeded Mercatus game at turn 20, favouring taking goods and using cards."""
    game = rattus.new_game(
        players=players, expansions={"mercatus"}, class_cards="violent_times", seed=seed
    )
    rng = Rng.from_seed(seed)
    while not game.is_over and game.view()["turn"] < 20:
        seat = game.actors()[0]
        actions = game.legal_actions(seat)
        wanted = [a for a in actions if a.kind in ("goods", "use")]
        game = game.apply(seat, rng.choice(wanted if wanted and rng.below(10) < 6 else actions))
    return _named(game.view(None, names=NAMES[:players]))


AFRICANUS_CARDS = [
    "sultan",
    "caravaner",
    "astronomer",
    "explorer",
    "knight",
    "king",
    "witch",
    "peasant",
]


def africanus_view(seed: int = 4) -> dict[str, Any]:
    """A seeded 6-player Africanus game at turn 24, favouring the cards' abilities."""
    names = [*NAMES, "Eve", "Farid"]
    game = rattus.new_game(
        players=6, expansions={"africanus"}, class_cards=AFRICANUS_CARDS, seed=seed
    )
    rng = Rng.from_seed(seed)
    while not game.is_over and game.view()["turn"] < 24:
        seat = game.actors()[0]
        actions = game.legal_actions(seat)
        uses = [a for a in actions if a.kind == "use"]
        game = game.apply(seat, rng.choice(uses if uses and rng.below(10) < 7 else actions))
    view = game.view(None, names=names)
    for player in view["players"]:
        player["name"] = names[player["seat"]]
    return view


SCRIPTS = ["Aoife", "Bruno", "Χλόη", "Дмитрий", "Émeka", "明美"]
"""Six names in five scripts, as a real group's might be."""


def every_expansion_game(seed: int = 5) -> Any:
    """A seeded 6-player game with every expansion, just after a plague turned rats over."""
    game = rattus.new_game(players=6, expansions=set(rattus.EXPANSIONS), seed=seed)
    rng = Rng.from_seed(seed)
    while not game.is_over:
        seat = game.actors()[0]
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
        view = game.view(None)
        if view["turn"] >= 14 and view["revealed"] and view["status"] == "playing":
            break
    return game


def every_expansion_view(seed: int = 5) -> dict[str, Any]:
    """The picture's view of ``every_expansion_game``, players named in five scripts."""
    view = every_expansion_game(seed).view(None)
    for player in view["players"]:
        player["name"] = SCRIPTS[player["seat"]]
    return view


def write_table_text(seed: int = 5) -> Path:
    """The text of the table message that goes with the 6-player picture, as Discord shows
    it (the call to act, title, description, fields, footer), with a 12-hour timer."""
    from cogs.rattus.presenter import RATTUS
    from cogs.table.embeds import table_embed
    from host.clocks import TableClock
    from host.models import GameRecord, Seat

    game = every_expansion_game(seed)
    seats = [Seat(n, 1000 + n, SCRIPTS[n]) for n in range(6)]
    record = GameRecord(
        id=7,
        kind="rattus",
        guild_id=1,
        channel_id=2,
        status="running",
        version=game.version,
        host_user_id=1000,
        options={},
        seats=seats,
        game=game,
        created_at=0.0,
        updated_at=0.0,
    )
    clock = TableClock({seat: 1_900_000_000.0 for seat in game.actors()}, {})
    embed = table_embed(record, record.view(None), RATTUS, clock=clock)
    ping = f"@{SCRIPTS[game.actors()[0]]}, your move."
    parts = [ping, f"**{embed.title}**", embed.description or ""]
    parts += [f"**{field.name}**\n{field.value}" for field in embed.fields]
    parts.append(embed.footer.text or "")
    text = "\n".join(parts)
    path = SAMPLES / "rattus-6p-every-expansion-table.txt"
    path.write_text(
        f"{text}\n\n[{len(embed) + len(ping)} characters; the picture below it is "
        "rattus-6p-every-expansion.png]\n",
        encoding="utf-8",
    )
    return path


def bench(view: dict[str, Any], runs: int) -> tuple[float, float, float, float, int]:
    """(first render ms, median wall ms, median CPU ms, cached ms, PNG bytes) over ``runs``
    fresh renders and encodes."""
    start = time.perf_counter()
    png = encode_png(board_image(view), shared_palette())
    first = (time.perf_counter() - start) * 1000
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        png = encode_png(board_image(view), shared_palette())
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    rattus_board(view)
    start = time.perf_counter()
    rattus_board(view)
    cached = (time.perf_counter() - start) * 1000
    return first, statistics.median(wall), statistics.median(cpu), cached, len(png)


PHONE_WIDTH = 380


def write_sample(
    name: str,
    view: dict[str, Any],
    png: Any = rattus_board,
    picture: Any = board_image,
) -> list[Path]:
    """The picture for ``view`` at full size and scaled to a phone's 380 pixels."""
    prefix = "" if name.startswith("cartus") else "rattus-"
    full = SAMPLES / f"{prefix}{name}.png"
    full.write_bytes(png(view))
    image = picture(view)
    height = round(image.height * PHONE_WIDTH / image.width)
    phone = SAMPLES / f"{prefix}{name}-phone.png"
    image.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS).quantize(
        palette=shared_palette(), dither=Image.Dither.NONE
    ).save(phone, optimize=True)
    return [full, phone]


def cartus_view(players: int = 4, seed: int = 2, actions: int = 70) -> dict[str, Any]:
    """A seeded Rattus Cartus game after ``actions`` random actions, as seat 0 sees it."""
    from engine import cartus

    game = cartus.new_game(players, seed=seed)
    rng = Rng.from_seed(seed)
    for _ in range(actions):
        if game.is_over:
            break
        seat = game.actors()[0]
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
    view = dict(game.view(0))
    view["players"] = [
        {**player, "name": NAMES[player["seat"] % len(NAMES)]} for player in view["players"]
    ]
    return view


def cartus_end_view(players: int = 3) -> dict[str, Any]:
    """The public view of a finished seeded Rattus Cartus game in which the plague killed
    someone and the winner sits in a later seat than the top scorer (the first such seed)."""
    from engine import cartus

    for seed in range(1, 200):
        game = cartus.new_game(players, seed=seed)
        rng = Rng.from_seed(seed)
        while not game.is_over:
            seat = game.actors()[0]
            game = game.apply(seat, rng.choice(game.legal_actions(seat)))
        view = dict(game.view(None))
        outcome = view["outcome"]
        dead = set(outcome["dead"]) - set(outcome["spared"])
        top = max(view["scores"].values())
        if dead and view["winners"] and view["scores"][str(view["winners"][0])] < top:
            view["players"] = [
                {**player, "name": NAMES[player["seat"] % len(NAMES)]} for player in view["players"]
            ]
            return view
    raise RuntimeError("no seeded game ends with a dead top scorer")


def bench_cartus(view: dict[str, Any], runs: int) -> tuple[float, float, int]:
    """(median wall ms, median CPU ms, PNG bytes) to draw and encode a Cartus table."""
    wall, cpu = [], []
    png = b""
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        png = encode_png(table_image(view), shared_palette())
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return statistics.median(wall), statistics.median(cpu), len(png)


def game_views(players: int = 4, seed: int = 7, every: int = 3) -> list[dict[str, Any]]:
    """Every ``every``-th public view of a seeded random game: boards that change from one
    to the next, as a game's pictures do (the kept pieces are reused, the rows are not)."""
    game = rattus.new_game(players=players, expansions=set(), class_cards=None, seed=seed)
    rng = Rng.from_seed(seed)
    views = []
    while not game.is_over and len(views) < 100:
        seat = game.actors()[0]
        game = game.apply(seat, rng.choice(game.legal_actions(seat)))
        views.append(_named(game.view(None, names=NAMES[:players])))
    return views[1::every]


def bench_levels(levels: tuple[int, ...] = (1, 2, 3, 4, 6, 9)) -> None:
    """Median CPU ms and mean KiB to draw and encode a game's boards at each PNG level."""
    views = game_views()
    encode_png(board_image(views[0]), shared_palette())  # the background and pieces
    kept = canvas.PNG_COMPRESS_LEVEL
    try:
        for level in levels:
            canvas.PNG_COMPRESS_LEVEL = level
            cpu, sizes = [], []
            for view in views:
                start = time.process_time()
                sizes.append(len(encode_png(board_image(view), shared_palette())))
                cpu.append((time.process_time() - start) * 1000)
            mark = " (the one used)" if level == kept else ""
            print(
                f"render: PNG level {level}{mark}: median {statistics.median(cpu):.1f} ms CPU, "
                f"mean {statistics.mean(sizes) / 1024:.1f} KiB over {len(views)} boards of a game"
            )
    finally:
        canvas.PNG_COMPRESS_LEVEL = kept


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--samples", action="store_true", help="write sample boards to docs/images")
    parser.add_argument("--levels", action="store_true", help="compare the PNG levels")
    args = parser.parse_args()
    views = seeded_views()
    first, median, cpu, cached, size = bench(views["midgame"], args.runs)
    print(f"render: first board {first:.0f} ms (draws the cached background and pieces)")
    print(
        f"render: median {median:.1f} ms wall, {cpu:.1f} ms CPU to render and encode one "
        f"mid-game board ({args.runs} runs)"
    )
    print(f"render: the same view again {cached:.2f} ms (kept per moment: cogs.table.pictures)")
    six = every_expansion_view()
    fingerprints = []
    for _ in range(args.runs):
        start = time.process_time()
        moment(six)
        fingerprints.append((time.process_time() - start) * 1000)
    print(
        f"render: the fingerprint a picture is kept under, 6 players with every expansion: "
        f"median {statistics.median(fingerprints):.2f} ms CPU ({args.runs} runs)"
    )
    print(f"render: PNG {size / 1024:.0f} KiB")
    table = cartus_view()
    c_wall, c_cpu, c_size = bench_cartus(table, args.runs)
    print(
        f"render: Cartus table median {c_wall:.1f} ms wall, {c_cpu:.1f} ms CPU, "
        f"PNG {c_size / 1024:.0f} KiB"
    )
    if args.levels:
        bench_levels()
    if args.samples:
        views["pied-piper"] = pied_piper_view()
        views["mercatus"] = mercatus_view()
        views["africanus"] = africanus_view()
        views["6p-every-expansion"] = every_expansion_view()
        views["2p"] = seeded_views(players=2, seed=3)["midgame"]
        views["3p"] = seeded_views(players=3, seed=3)["midgame"]
        SAMPLES.mkdir(parents=True, exist_ok=True)
        for name, view in views.items():
            for path in write_sample(name, view):
                print(f"wrote {path.relative_to(SAMPLES.parent.parent)}")
        table_text = write_table_text()
        print(f"wrote {table_text.relative_to(SAMPLES.parent.parent)}")
        for path in write_sample("cartus", table, cartus_table, table_image):
            print(f"wrote {path.relative_to(SAMPLES.parent.parent)}")
        for path in write_sample("cartus-end", cartus_end_view(), cartus_table, table_image):
            print(f"wrote {path.relative_to(SAMPLES.parent.parent)}")


if __name__ == "__main__":
    main()
