"""Build the ``data`` of an application-command interaction from the commands the bot synced,
as Discord's client would: typed option values, subcommand nesting, resolved objects."""

from __future__ import annotations

from typing import Any

from .models import (
    JSON,
    PERMISSION_ADMINISTRATOR,
    Channel,
    FakeDiscordError,
    Guild,
    Role,
    User,
)

SUBCOMMAND = 1
SUBCOMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


def visible_command(
    commands: list[JSON], name: str, *, user: User, in_dm: bool, guild_command: bool
) -> JSON | None:
    for command in commands:
        if command.get("type", 1) != 1 or command["name"] != name:
            continue
        needed = command.get("default_member_permissions")
        if needed is not None and not _has_permissions(user, int(needed)):
            raise FakeDiscordError(f"/{name} is hidden from {user.name} (permissions)")
        if in_dm and not guild_command and not _allowed_in_dm(command):
            raise FakeDiscordError(f"/{name} is not available in DMs")
        return command
    return None


def _has_permissions(user: User, needed: int) -> bool:
    administrator = bool(user.permissions & PERMISSION_ADMINISTRATOR)
    return administrator or user.permissions & needed == needed


def _allowed_in_dm(command: JSON) -> bool:
    contexts = command.get("contexts")
    if contexts is not None:
        return 1 in contexts
    return bool(command.get("dm_permission", True))


def command_data(
    command: JSON,
    path: tuple[str, ...],
    values: dict[str, Any],
    *,
    guild: Guild | None,
    focused: str | None = None,
) -> JSON:
    """``path`` is the subcommand group and/or subcommand under the command."""
    resolved: dict[str, dict[str, JSON]] = {}
    leaf = command
    chain: list[JSON] = []
    for name in path:
        children = [
            o
            for o in leaf.get("options") or []
            if o["type"] in (SUBCOMMAND, SUBCOMMAND_GROUP) and o["name"] == name
        ]
        if not children:
            raise FakeDiscordError(f"/{command['name']} has no subcommand {name!r}")
        leaf = children[0]
        chain.append(leaf)
    leaf_options = leaf.get("options") or []
    if any(o["type"] in (SUBCOMMAND, SUBCOMMAND_GROUP) for o in leaf_options):
        names = [o["name"] for o in leaf_options]
        raise FakeDiscordError(f"/{' '.join((command['name'], *path))} needs one of {names}")
    options = _leaf_options(leaf_options, values, guild, resolved, focused)
    for link in reversed(chain):
        options = [{"name": link["name"], "type": link["type"], "options": options}]
    data: JSON = {
        "id": command["id"],
        "name": command["name"],
        "type": 1,
        "options": options,
    }
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    if resolved:
        data["resolved"] = resolved
    return data


def _leaf_options(
    declared: list[JSON],
    values: dict[str, Any],
    guild: Guild | None,
    resolved: dict[str, dict[str, JSON]],
    focused: str | None,
) -> list[JSON]:
    by_name = {o["name"]: o for o in declared}
    unknown = set(values) - set(by_name)
    if focused is not None:
        unknown.discard(focused)
    if unknown:
        raise FakeDiscordError(f"unknown options {sorted(unknown)}; declared {sorted(by_name)}")
    result: list[JSON] = []
    for option in declared:
        name = option["name"]
        if name == focused:
            if not option.get("autocomplete"):
                raise FakeDiscordError(f"option {name!r} has no autocomplete")
            value = values.get(name, "")
            result.append(
                {"name": name, "type": option["type"], "value": str(value), "focused": True}
            )
            continue
        if name not in values:
            if option.get("required") and focused is None:
                raise FakeDiscordError(f"option {name!r} is required")
            continue
        value = _typed(option, values[name], guild, resolved)
        result.append({"name": name, "type": option["type"], "value": value})
    return result


def _typed(
    option: JSON, value: Any, guild: Guild | None, resolved: dict[str, dict[str, JSON]]
) -> Any:
    kind, name = option["type"], option["name"]
    if kind == STRING:
        if not isinstance(value, str):
            raise FakeDiscordError(f"option {name!r} takes text, not {value!r}")
        low, high = option.get("min_length", 0), option.get("max_length", 6000)
        if not low <= len(value) <= high:
            raise FakeDiscordError(f"option {name!r} takes {low}-{high} characters")
    elif kind in (INTEGER, NUMBER):
        wrong = isinstance(value, bool) or not isinstance(value, int | float)
        if wrong or (kind == INTEGER and not isinstance(value, int)):
            raise FakeDiscordError(f"option {name!r} takes a number, not {value!r}")
        if "min_value" in option and value < option["min_value"]:
            raise FakeDiscordError(f"option {name!r} is at least {option['min_value']}")
        if "max_value" in option and value > option["max_value"]:
            raise FakeDiscordError(f"option {name!r} is at most {option['max_value']}")
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise FakeDiscordError(f"option {name!r} takes True or False")
    elif kind in (USER, MENTIONABLE) and isinstance(value, User):
        resolved.setdefault("users", {})[str(value.id)] = value.payload()
        if guild is not None:
            member = value.member_payload(guild, with_user=False)
            resolved.setdefault("members", {})[str(value.id)] = member
        return str(value.id)
    elif kind in (ROLE, MENTIONABLE) and isinstance(value, Role):
        resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        return str(value.id)
    elif kind == CHANNEL and isinstance(value, Channel):
        resolved.setdefault("channels", {})[str(value.id)] = _resolved_channel(value)
        return str(value.id)
    else:
        raise FakeDiscordError(f"option {name!r} of type {kind} cannot take {value!r}")
    choices = option.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise FakeDiscordError(f"option {name!r} must be one of {[c['value'] for c in choices]}")
    return value


def _resolved_channel(channel: Channel) -> JSON:
    data = channel.payload()
    keep = ("id", "name", "type", "parent_id", "thread_metadata", "guild_id")
    resolved = {key: data[key] for key in keep if key in data}
    resolved["permissions"] = str((1 << 53) - 1)
    return resolved
