"""Slash commands declared as data: every game's ``new``, ``settings`` and ``rules`` are the
same commands with options of the game's own, so the shared code makes each of them from the
game's list of options (``Option``) instead of every game writing out its signature.

A declared command is a subcommand of the game's group (a method of its cog, to discord.py):
its options come in the order given, each described in English (the command translator
translates the descriptions, ``cogs.runtime.command_texts`` lists them for the catalogs).
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast

import discord
from discord import app_commands

import lang
from cogs.commands.clocks import TIMER_HELP, suggest_timers
from cogs.table.languages import reader_language
from cogs.table.presenters import said

Suggest = Callable[
    [discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[str]]]
]
"""An option's suggestions as the user types (``current``)."""
Values = dict[str, Any]
"""A declared command's options as the user gave them, by name (None or the default if not)."""
Run = Callable[[Any, discord.Interaction[Any], Values], Awaitable[None]]
"""What a declared command does: ``run(cog, interaction, values)``."""
Command = app_commands.Command[Any, ..., None]


@dataclass(frozen=True)
class Option:
    """One option of a declared command: its ``type`` is the parameter's annotation as
    discord.py reads it (``str | None``, ``bool``, a ``Literal``, a ``Range``), its
    ``description`` the English one the user sees."""

    name: str
    type: Any
    description: str
    default: Any = None
    suggest: Suggest | None = None
    choices: Sequence[app_commands.Choice[str]] = ()


def declared(name: str, description: str, options: Sequence[Option], run: Run) -> Command:
    """The subcommand ``name`` of a game's command group, with ``options`` in this order; using
    it calls ``run`` with the game's cog, the interaction and every option's value by name."""

    async def callback(cog: Any, interaction: discord.Interaction[Any], **values: Any) -> None:
        await run(cog, interaction, values)

    given = inspect.Parameter.POSITIONAL_OR_KEYWORD
    signature = inspect.Signature(
        [
            inspect.Parameter("cog", given),
            inspect.Parameter("interaction", given, annotation=discord.Interaction),
            *(
                inspect.Parameter(o.name, given, default=o.default, annotation=o.type)
                for o in options
            ),
        ]
    )
    function = cast(Any, callback)
    function.__signature__ = signature  # the options discord.py reads
    function.__qualname__ = f"GameCommands.{name}"  # a method: discord.py passes the cog first
    app_commands.describe(**{o.name: o.description for o in options})(callback)
    choices = {o.name: list(o.choices) for o in options if o.choices}
    if choices:
        app_commands.choices(**choices)(callback)
    suggests = {o.name: o.suggest for o in options if o.suggest is not None}
    if suggests:
        app_commands.autocomplete(**suggests)(callback)
    return app_commands.command(name=name, description=description)(callback)


def filtered(
    pairs: Sequence[tuple[Any, str]], current: str, tr: lang.Texts
) -> list[app_commands.Choice[str]]:
    """The (name, value) pairs whose name (shown in ``tr``'s language) or value holds what is
    typed, as autocomplete choices."""
    typed = current.strip().lower()
    named = [(said(name, tr), value) for name, value in pairs]
    return [
        app_commands.Choice(name=name[:100], value=value)
        for name, value in named
        if typed in name.lower() or typed in value
    ][:25]


def suggesting(pairs: Callable[[lang.Texts], Sequence[tuple[Any, str]]]) -> Suggest:
    """Suggestions among the (name, value) ``pairs`` (named in the reader's language) whose
    name or value holds what is typed."""

    async def suggest(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        tr = lang.texts(await reader_language(interaction))
        return filtered(pairs(tr), current, tr)

    return suggest


def seat_order(description: str) -> Option:
    """A lobby's ``seat_order``: seats at random (the default) or as joined."""
    return Option("seat_order", Literal["random", "joined"], description, "random")


def most_players(least: int, most: int, description: str) -> Option:
    """A lobby's ``players``: the most it seats, from ``least`` to ``most`` (none: the game's
    own default)."""
    return Option("players", cast(Any, app_commands.Range)[int, least, most] | None, description)


TIMER = Option("timer", str | None, TIMER_HELP, suggest=suggest_timers)
"""A lobby's timer, or a server's default one."""
