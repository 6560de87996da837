"""A game's clock as the host chose it: the timer, the stand-in, and when a game is given up.

Timers (the ``timer`` option of ``new`` and ``timer``, as a player types it):

- ``none``: no deadlines; the game waits as long as it takes.
- ``5m`` (live): minutes per decision, 1 to 120.
- ``24h`` (asynchronous): hours per decision, 1 to 168.
- ``2/day`` (asynchronous, a time bank): each decision adds a day divided by that many moves
  to the player's bank, which holds at most ``cap_days``; the deadline is the bank's end.

A reaction (a question asked outside one's own turn, such as whether to play a region card)
has a short clock of its own whatever the timer: a minute in a live game, an hour otherwise.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

import lang
from engine.text import Msg, msg, plural
from host.errors import UserError
from host.models import level_name

MODES = ("none", "live", "turn", "daily")
LEVELS = ("easy", "strong")
MINUTE, HOUR, DAY = 60.0, 3600.0, 86400.0
START_BANK = DAY
"""What a seat's bank holds before its first decision (a daily timer)."""

LIMITS = {"live": (1, 120), "turn": (1, 168), "daily": (1, 24)}
TIMER_EXAMPLES = ("none", "2m", "5m", "15m", "12h", "24h", "48h", "1/day", "2/day", "4/day")
"""Suggestions for the ``timer`` option (offered in words, ``timer_words``)."""

_TIMER = re.compile(
    r"^(?P<n>\d{1,4})\s*(?:(?P<m>m|min|mins|minutes?)|(?P<h>h|hrs?|hours?)"
    r"|(?P<d>/\s*d(?:ay)?|(?:a|per)\s+day|moves?\s+(?:a|per)\s+day))$"
)


@dataclass(frozen=True)
class ClockSettings:
    """What the host chose; stored with the game (``store.clocks``)."""

    mode: str = "none"
    minutes: int = 5  # live: per decision
    hours: int = 24  # turn: per decision
    per_day: int = 2  # daily: moves a day, each adding a day / per_day to the bank
    cap_days: int = 3  # daily: the most the bank holds
    missed: int = 3  # deadlines missed in a row before the seat plays on its own
    idle_days: int = 14  # nobody acting this long ends the game as abandoned
    stand_in: str = "easy"  # the computer player who decides when time runs out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ClockSettings:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def timed(self) -> bool:
        return self.mode != "none"

    @property
    def number(self) -> int | None:
        """The timer's own number: minutes (live), hours (turn) or moves a day (daily)."""
        return {"live": self.minutes, "turn": self.hours, "daily": self.per_day}.get(self.mode)

    def with_timer(self, text: str) -> ClockSettings:
        """These settings with the timer a player typed (UserError saying how to write it)."""
        return replace(self, **parse_timer(text))

    def changed(
        self,
        *,
        timer: str | None = None,
        stand_in: str | None = None,
        missed: int | None = None,
        idle_days: int | None = None,
    ) -> ClockSettings:
        """These settings with the given changes, each checked."""
        settings = self if timer is None else self.with_timer(timer)
        if stand_in is not None:
            if stand_in not in LEVELS:
                raise UserError(msg("The stand-in is an easy or a strong computer player."))
            settings = replace(settings, stand_in=stand_in)
        if missed is not None:
            if not 1 <= missed <= 20:
                raise UserError(
                    msg("Missed deadlines in a row: choose {low} to {high}.", low=1, high=20)
                )
            settings = replace(settings, missed=missed)
        if idle_days is not None:
            if not 1 <= idle_days <= 365:
                raise UserError(
                    msg("Days without anyone playing: choose {low} to {high}.", low=1, high=365)
                )
            settings = replace(settings, idle_days=idle_days)
        return settings

    # -- durations, in seconds of game time -----------------------------------------------

    def decision_seconds(self, *, reaction: bool, bank: float | None = None) -> float | None:
        """How long a decision may take (None: no timer). For a daily timer, the bank after
        this decision's share is added (``bank``: what the seat has left)."""
        if self.mode == "none":
            return None
        if reaction:
            return MINUTE if self.mode == "live" else HOUR
        if self.mode == "live":
            return self.minutes * MINUTE
        if self.mode == "turn":
            return self.hours * HOUR
        held = START_BANK if bank is None else bank
        return min(self.cap_days * DAY, held + DAY / self.per_day)

    @property
    def idle_seconds(self) -> float:
        return self.idle_days * DAY

    # -- in words -------------------------------------------------------------------------

    def timer_text(self) -> Msg:
        """The timer in a few words, in no language yet (shown with ``lang.say``)."""
        if self.mode == "live":
            return plural(
                "live, {n} minute per decision", "live, {n} minutes per decision", self.minutes
            )
        if self.mode == "turn":
            return plural("{n} hour per decision", "{n} hours per decision", self.hours)
        if self.mode == "daily":
            return plural(
                "{n} move a day: each decision adds {time} to your time bank, which holds at "
                "most {most}",
                "{n} moves a day: each decision adds {time} to your time bank, which holds at "
                "most {most}",
                self.per_day,
                time=_duration(DAY / self.per_day),
                most=plural("{n} day", "{n} days", self.cap_days),
            )
        return msg("no timer")

    def describe(self, command: str) -> Msg:
        """The settings in a player's words (``command``: the game's command, "/rattus"), in
        no language yet (shown with ``lang.say``)."""
        idle = plural("{n} day", "{n} days", self.idle_days)
        if not self.timed:
            return msg(
                "No timer: the game waits for every decision as long as it takes. "
                "A game nobody plays for {idle} is ended.",
                idle=idle,
            )
        return msg(
            "Timer: {timer}. Questions outside your turn get {short}; you are reminded when a "
            "quarter of your time is left. When time runs out, a computer player ({level}) makes "
            'that one decision for you (a question outside your turn is answered "don\'t play" '
            "where it can be). After {missed} in a row, it plays your seat until you come back "
            "with {command}. A game nobody plays for {idle} is ended.",
            timer=self.timer_text(),
            short=msg("a minute") if self.mode == "live" else msg("an hour"),
            level=level_name(self.stand_in),
            missed=plural("{n} missed deadline", "{n} missed deadlines", self.missed),
            command=f"`{command} seat back`",
            idle=idle,
        )


def parse_timer(text: str) -> dict[str, Any]:
    """The settings a typed timer stands for: ``none``, ``5m``, ``24h`` or ``2/day``."""
    cleaned = " ".join(text.strip().lower().split())
    if cleaned in {"none", "off", "no", "no timer", "0"}:
        return {"mode": "none"}
    found = _TIMER.match(cleaned)
    if found is None:
        raise UserError(
            msg(
                "I can't read the timer '{timer}'. Write `none`, minutes per decision (`5m`), "
                "hours per decision (`24h`) or moves a day for a time bank (`2/day`).",
                timer=text.strip()[:40],
            )
        )
    number = int(found["n"])
    mode, key = (
        ("live", "minutes")
        if found["m"]
        else ("turn", "hours")
        if found["h"]
        else ("daily", "per_day")
    )
    low, high = LIMITS[mode]
    if not low <= number <= high:
        raise UserError(_out_of_range(mode, number, low, high))
    return {"mode": mode, key: number}


def _out_of_range(mode: str, number: int, low: int, high: int) -> Msg:
    if mode == "live":
        return plural(
            "A timer of {n} minute is out of range: choose {low} to {high}.",
            "A timer of {n} minutes is out of range: choose {low} to {high}.",
            number,
            low=low,
            high=high,
        )
    if mode == "turn":
        return plural(
            "A timer of {n} hour is out of range: choose {low} to {high}.",
            "A timer of {n} hours is out of range: choose {low} to {high}.",
            number,
            low=low,
            high=high,
        )
    return plural(
        "A timer of {n} move a day is out of range: choose {low} to {high}.",
        "A timer of {n} moves a day is out of range: choose {low} to {high}.",
        number,
        low=low,
        high=high,
    )


UNREADABLE = msg("Not a timer: write none, minutes (5m), hours (24h) or moves a day (2/day)")


def timer_words(text: str) -> Msg:
    """A typed timer in the words the suggestions use ("Live: 10 minutes a decision"), in
    no language yet; UserError as ``parse_timer`` raises it."""
    settings = ClockSettings().with_timer(text)
    if settings.mode == "live":
        return plural(
            "Live: {n} minute a decision", "Live: {n} minutes a decision", settings.minutes
        )
    if settings.mode == "turn":
        return plural(
            "Asynchronous: {n} hour a decision",
            "Asynchronous: {n} hours a decision",
            settings.hours,
        )
    if settings.mode == "daily":
        return plural("Time bank: {n} move a day", "Time bank: {n} moves a day", settings.per_day)
    return msg("No timer")


def timer_suggestions(typed: str, language: str = lang.DEFAULT) -> list[tuple[str, str]]:
    """(words in ``language``, value) to offer while someone types a timer: what they typed,
    in words, if it reads as one ("10m", "36 hours"); for a bare number each unit it fits
    ("10" gives 10m, 10h, 10/day); then the examples whose words or value match. Nothing
    readable: one entry saying why, valued with the text itself so that sending it explains
    again."""
    cleaned = " ".join(typed.strip().lower().split())
    candidates = [f"{cleaned}m", f"{cleaned}h", f"{cleaned}/day"] if cleaned.isdigit() else []
    candidates += [cleaned] if cleaned else []
    found: list[tuple[str, str]] = []
    why = None
    for text in candidates:
        try:
            words = lang.say(timer_words(text), language)
        except UserError as error:
            short = lang.say(error.text, language)
            why = why or (short if len(short) <= 100 else lang.say(UNREADABLE, language))
            continue
        value = ClockSettings().with_timer(text)
        found.append((words, _typed_value(value)))
    for example in TIMER_EXAMPLES:
        words = lang.say(timer_words(example), language)
        if cleaned in words.lower() or cleaned in example:
            found.append((words, example))
    unique = list(dict.fromkeys(found))
    if not unique and why is not None:
        return [(why[:100], typed.strip()[:100] or "none")]
    return unique[:25]


def _typed_value(settings: ClockSettings) -> str:
    """The short text a timer is typed as: "10m", "24h", "2/day" or "none"."""
    if settings.number is None:
        return "none"
    return f"{settings.number}{TYPED_UNITS[settings.mode]}"


TYPED_UNITS = {"live": "m", "turn": "h", "daily": "/day"}
"""How each timed mode's number is typed."""


def _duration(seconds: float) -> Msg:
    if seconds >= HOUR and seconds % HOUR == 0:
        return plural("{n} hour", "{n} hours", int(seconds // HOUR))
    return plural("{n} minute", "{n} minutes", round(seconds / MINUTE))


def duration_text(seconds: float) -> str:
    """A stretch of time in short words, to the minute: "2 d 5 h", "3 h 20 min", "12 min"."""
    minutes = max(0, round(seconds / MINUTE))
    days, minutes = divmod(minutes, round(DAY / MINUTE))
    hours, minutes = divmod(minutes, round(HOUR / MINUTE))
    if days:
        return f"{days} d {hours} h" if hours else f"{days} d"
    if hours:
        return f"{hours} h {minutes} min" if minutes else f"{hours} h"
    return f"{minutes} min"
