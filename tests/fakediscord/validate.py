"""Discord's limits on what a bot sends: application commands and messages.

Each check returns a list of ``(path, message)`` problems; an empty list means Discord would
accept the payload. ``form_error`` turns problems into Discord's "Invalid Form Body" reply.
"""

from __future__ import annotations

import re
from typing import Any

from .models import FLAG_COMPONENTS_V2, JSON

Problem = tuple[tuple[str, ...], str]

NAME_PATTERN = re.compile(r"^[-_'\w]{1,32}$")
SUBCOMMAND = 1
SUBCOMMAND_GROUP = 2
BUTTON = 2
SELECT_TYPES = {3, 5, 6, 7, 8}
LINK_STYLE = 5
PREMIUM_STYLE = 6
NONCE_LENGTH = 25


def form_error(problems: list[Problem]) -> JSON:
    errors: JSON = {}
    for path, message in problems:
        node = errors
        for key in path:
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": "BASE_TYPE_INVALID", "message": message})
    return {"code": 50035, "message": "Invalid Form Body", "errors": errors}


def _length(value: Any, low: int, high: int) -> bool:
    return isinstance(value, str) and low <= len(value) <= high


def command_problems(commands: list[JSON]) -> list[Problem]:
    problems: list[Problem] = []
    names: set[tuple[Any, Any]] = set()
    chat_input = 0
    for index, command in enumerate(commands):
        path = (str(index),)
        kind = command.get("type", 1)
        name = command.get("name")
        if (kind, name) in names:
            problems.append(((*path, "name"), f"duplicate command name {name!r}"))
        names.add((kind, name))
        if kind != 1:
            if not _length(name, 1, 32):
                problems.append(((*path, "name"), "must be 1-32 characters"))
            continue
        chat_input += 1
        problems += _named(command, path)
        problems += _options(command.get("options") or [], path, depth=0)
        if _command_chars(command) > 4000:
            problems.append((path, "name, descriptions and choices exceed 4000 characters"))
    if chat_input > 100:
        problems.append(((), f"{chat_input} slash commands: at most 100"))
    return problems


def _named(item: JSON, path: tuple[str, ...]) -> list[Problem]:
    problems: list[Problem] = []
    name = item.get("name")
    if not isinstance(name, str) or not NAME_PATTERN.match(name) or name != name.lower():
        problems.append(((*path, "name"), f"invalid name {name!r}: 1-32 lowercase characters"))
    if not _length(item.get("description"), 1, 100):
        problems.append(((*path, "description"), "description must be 1-100 characters"))
    return problems


def _options(options: list[JSON], path: tuple[str, ...], depth: int) -> list[Problem]:
    problems: list[Problem] = []
    if len(options) > 25:
        problems.append(((*path, "options"), f"{len(options)} options: at most 25"))
    kinds = {option.get("type") for option in options}
    if kinds & {SUBCOMMAND, SUBCOMMAND_GROUP} and kinds - {SUBCOMMAND, SUBCOMMAND_GROUP}:
        problems.append(((*path, "options"), "subcommands cannot sit beside plain options"))
    seen_optional = False
    seen_names: set[str] = set()
    for index, option in enumerate(options):
        where = (*path, "options", str(index))
        problems += _named(option, where)
        if option.get("name") in seen_names:
            problems.append(((*where, "name"), f"duplicate option name {option.get('name')!r}"))
        seen_names.add(option.get("name", ""))
        kind = option.get("type")
        if kind == SUBCOMMAND_GROUP:
            if depth != 0:
                problems.append((where, "a subcommand group must be at the top level"))
            children = option.get("options") or []
            if any(child.get("type") != SUBCOMMAND for child in children):
                problems.append((where, "a subcommand group holds only subcommands"))
            problems += _options(children, where, depth + 1)
        elif kind == SUBCOMMAND:
            problems += _options(option.get("options") or [], where, depth + 1)
        else:
            if option.get("required"):
                if seen_optional:
                    problems.append((where, "required options must come before optional ones"))
            else:
                seen_optional = True
            problems += _choices(option, where)
    return problems


def _choices(option: JSON, where: tuple[str, ...]) -> list[Problem]:
    problems: list[Problem] = []
    choices = option.get("choices") or []
    if choices and option.get("autocomplete"):
        problems.append((where, "an option cannot have both choices and autocomplete"))
    if len(choices) > 25:
        problems.append(((*where, "choices"), f"{len(choices)} choices: at most 25"))
    for index, choice in enumerate(choices):
        if not _length(choice.get("name"), 1, 100):
            problems.append(((*where, "choices", str(index)), "choice name must be 1-100 chars"))
        value = choice.get("value")
        if isinstance(value, str) and not _length(value, 1, 100):
            problems.append(((*where, "choices", str(index)), "choice value must be 1-100 chars"))
    return problems


def _command_chars(item: JSON) -> int:
    total = len(item.get("name", "")) + len(item.get("description", ""))
    for choice in item.get("choices") or []:
        total += len(choice.get("name", "")) + len(str(choice.get("value", "")))
    return total + sum(_command_chars(option) for option in item.get("options") or [])


def message_problems(body: JSON, *, attachment_count: int) -> list[Problem]:
    problems: list[Problem] = []
    content = body.get("content") or ""
    if len(content) > 2000:
        problems.append((("content",), f"content is {len(content)} characters: at most 2000"))
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        problems.append((("embeds",), f"{len(embeds)} embeds: at most 10"))
    total = 0
    for index, embed in enumerate(embeds):
        embed_problems, chars = _embed(embed, ("embeds", str(index)))
        problems += embed_problems
        total += chars
    if total > 6000:
        problems.append((("embeds",), f"embeds hold {total} characters: at most 6000"))
    components = body.get("components") or []
    if body.get("flags", 0) & FLAG_COMPONENTS_V2:
        if content or embeds:
            problems.append((("content",), "components v2 messages cannot have content or embeds"))
    else:
        problems += _rows(components)
    if not (content or embeds or components or attachment_count or body.get("poll")):
        problems.append(((), "Cannot send an empty message"))
    nonce = body.get("nonce")
    if nonce is not None and not (
        isinstance(nonce, int) or (isinstance(nonce, str) and len(nonce) <= NONCE_LENGTH)
    ):
        problems.append(
            (("nonce",), f"nonce must be an integer or at most {NONCE_LENGTH} characters")
        )
    return problems


def _embed(embed: JSON, where: tuple[str, ...]) -> tuple[list[Problem], int]:
    problems: list[Problem] = []
    limits = {"title": 256, "description": 4096}
    chars = 0
    for key, limit in limits.items():
        text = embed.get(key) or ""
        chars += len(text)
        if len(text) > limit:
            problems.append(((*where, key), f"{key} is {len(text)} characters: at most {limit}"))
    for key, inner, limit in (("footer", "text", 2048), ("author", "name", 256)):
        text = (embed.get(key) or {}).get(inner) or ""
        chars += len(text)
        if len(text) > limit:
            problems.append(((*where, key), f"{key} is {len(text)} characters: at most {limit}"))
    fields = embed.get("fields") or []
    if len(fields) > 25:
        problems.append(((*where, "fields"), f"{len(fields)} fields: at most 25"))
    for index, item in enumerate(fields):
        name, value = item.get("name") or "", item.get("value") or ""
        chars += len(name) + len(value)
        if not 1 <= len(name) <= 256 or not 1 <= len(value) <= 1024:
            problems.append(((*where, "fields", str(index)), "field name 1-256, value 1-1024"))
    return problems, chars


def _rows(rows: list[JSON]) -> list[Problem]:
    problems: list[Problem] = []
    if len(rows) > 5:
        problems.append((("components",), f"{len(rows)} action rows: at most 5"))
    custom_ids: set[str] = set()
    for index, row in enumerate(rows):
        where = ("components", str(index))
        if row.get("type") != 1:
            problems.append((where, "top-level components must be action rows"))
            continue
        children = row.get("components") or []
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        if not children or len(children) > 5 or (selects and len(children) > 1):
            problems.append((where, "a row holds 1-5 buttons or exactly one select menu"))
        for position, child in enumerate(children):
            spot = (*where, "components", str(position))
            custom_id = child.get("custom_id")
            if custom_id is not None:
                if not _length(custom_id, 1, 100):
                    problems.append(((*spot, "custom_id"), "custom_id must be 1-100 characters"))
                if custom_id in custom_ids:
                    problems.append(((*spot, "custom_id"), f"duplicate custom_id {custom_id!r}"))
                custom_ids.add(custom_id)
            if child.get("type") == BUTTON:
                problems += _button(child, spot)
            elif child.get("type") in SELECT_TYPES:
                problems += _select(child, spot)
    return problems


def _button(button: JSON, where: tuple[str, ...]) -> list[Problem]:
    problems: list[Problem] = []
    style = button.get("style")
    if style == LINK_STYLE:
        if not button.get("url") or button.get("custom_id"):
            problems.append((where, "a link button has a url and no custom_id"))
    elif style != PREMIUM_STYLE and not button.get("custom_id"):
        problems.append((where, "a button needs a custom_id"))
    if len(button.get("label") or "") > 80:
        problems.append(((*where, "label"), "button label is at most 80 characters"))
    if not button.get("label") and not button.get("emoji") and style != PREMIUM_STYLE:
        problems.append((where, "a button needs a label or an emoji"))
    return problems


def _select(select: JSON, where: tuple[str, ...]) -> list[Problem]:
    problems: list[Problem] = []
    if len(select.get("placeholder") or "") > 150:
        problems.append(((*where, "placeholder"), "placeholder is at most 150 characters"))
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not 0 <= low <= high <= 25:
        problems.append((where, f"min_values {low} / max_values {high} out of range"))
    if select.get("type") != 3:
        return problems
    options = select.get("options") or []
    if not 1 <= len(options) <= 25:
        problems.append(((*where, "options"), f"{len(options)} select options: 1-25"))
    if high > len(options):
        problems.append((where, "max_values exceeds the number of options"))
    values: set[str] = set()
    for index, option in enumerate(options):
        spot = (*where, "options", str(index))
        if not _length(option.get("label"), 1, 100):
            problems.append(((*spot, "label"), "option label must be 1-100 characters"))
        if not _length(option.get("value"), 1, 100):
            problems.append(((*spot, "value"), "option value must be 1-100 characters"))
        if len(option.get("description") or "") > 100:
            problems.append(((*spot, "description"), "option description is at most 100"))
        if option.get("value") in values:
            problems.append(((*spot, "value"), f"duplicate option value {option.get('value')!r}"))
        values.add(option.get("value"))
    return problems
