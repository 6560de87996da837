"""Interactions: the payload the gateway delivers, and what the bot answered."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .models import (
    BOT_PERMISSIONS,
    FLAG_EPHEMERAL,
    JSON,
    Channel,
    FakeDiscordError,
    StoredMessage,
    User,
)

if TYPE_CHECKING:
    from .state import FakeState

APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

BUTTON = 2
TEXT_INPUT = 4
LABEL = 18

DEFAULT_TIMEOUT = 10.0


class InteractionResult:
    """One interaction a fake user made, and everything the bot answered to it.

    Message-valued properties return the current state of the message (after later edits).
    """

    def __init__(
        self,
        state: FakeState,
        *,
        interaction_id: int,
        token: str,
        kind: int,
        user: User,
        channel: Channel,
        data: JSON,
        source: StoredMessage | None = None,
    ) -> None:
        self._state = state
        self.id = interaction_id
        self.token = token
        self.kind = kind
        self.user = user
        self.channel = channel
        self.data = data
        self.source = source
        self.response_type: int | None = None
        self.original: StoredMessage | None = None
        self.original_edited = False
        self.followup_messages: list[StoredMessage] = []
        self.choices: list[JSON] | None = None
        self.modal: JSON | None = None
        self.dispatched_at = 0.0
        self.responded_at: float | None = None

    def __repr__(self) -> str:
        return f"<InteractionResult kind={self.kind} response_type={self.response_type}>"

    @property
    def responded(self) -> bool:
        return self.response_type is not None

    @property
    def deferred(self) -> bool:
        return self.response_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE)

    @property
    def response(self) -> JSON | None:
        """The message the response created or updated (for a component: the clicked one)."""
        if self.original is None or self.original.deleted:
            return None
        return self.original.data

    @property
    def ephemeral(self) -> bool:
        """Whether the answer the user sees (see ``wait_reply``) is private."""
        reply = self._visible_reply()
        if reply is not None:
            return bool(int(reply.get("flags") or 0) & FLAG_EPHEMERAL)
        return self.original is not None and self.original.ephemeral

    @property
    def content(self) -> str:
        content: str = self._reply()["content"]
        return content

    @property
    def embeds(self) -> list[JSON]:
        embeds: list[JSON] = self._reply()["embeds"]
        return embeds

    @property
    def components(self) -> list[JSON]:
        components: list[JSON] = self._reply()["components"]
        return components

    @property
    def files(self) -> list[bytes]:
        return self._state.messages.attachment_bytes(self._reply())

    @property
    def followups(self) -> list[JSON]:
        return [m.data for m in self.followup_messages if not m.deleted]

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the bot's first callback."""
        return None if self.responded_at is None else self.responded_at - self.dispatched_at

    async def wait_response(self, timeout: float = DEFAULT_TIMEOUT) -> InteractionResult:
        """Wait for the interaction callback (any type)."""
        await self._state.pulse.wait_until(
            lambda: self.responded, timeout=timeout, what=f"a response to {self._describe()}"
        )
        return self

    async def wait_reply(self, timeout: float = DEFAULT_TIMEOUT) -> JSON:
        """Wait until the user sees an answer, and return that message: the response itself,
        or after a deferral the edited original or the first followup."""
        return await self._state.pulse.wait_until(
            self._visible_reply, timeout=timeout, what=f"a reply to {self._describe()}"
        )

    async def wait_followups(self, count: int, timeout: float = DEFAULT_TIMEOUT) -> list[JSON]:
        await self._state.pulse.wait_until(
            lambda: len(self.followups) >= count,
            timeout=timeout,
            what=f"{count} followups to {self._describe()}",
        )
        return self.followups

    def _visible_reply(self) -> JSON | None:
        if self.response_type in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            return self.response
        deferred = self.response_type == DEFERRED_CHANNEL_MESSAGE
        if deferred and self.original is not None and not self.original.loading:
            return self.response
        if self.response_type == DEFERRED_UPDATE_MESSAGE:
            if self.followups:
                return self.followups[0]
            # an edit of a public message through the interaction is the table moving on,
            # seen by everyone; the clicker's own answer is a follow-up
            if self.original_edited and self.original is not None and self.original.ephemeral:
                return self.response
        return None

    def _reply(self) -> JSON:
        reply = self._visible_reply()
        if reply is None:
            raise FakeDiscordError(f"no reply yet to {self._describe()}")
        return reply

    def _describe(self) -> str:
        if self.kind in (APPLICATION_COMMAND, AUTOCOMPLETE):
            return f"/{_command_line(self.data)} by {self.user.name}"
        return f"{self.data.get('custom_id')!r} by {self.user.name}"


def _command_line(data: JSON) -> str:
    words = [data.get("name", "?")]
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):
        words.append(options[0]["name"])
        options = options[0].get("options") or []
    return " ".join(words)


def interaction_payload(state: FakeState, result: InteractionResult) -> JSON:
    channel, user = result.channel, result.user
    guild = channel.guild
    payload: JSON = {
        "id": str(result.id),
        "application_id": str(state.application_id),
        "type": result.kind,
        "data": result.data,
        "token": result.token,
        "version": 1,
        "channel": channel.interaction_payload(user.permissions),
        "channel_id": str(channel.id),
        "app_permissions": str(BOT_PERMISSIONS if channel.bot_can_send else 0),
        "locale": user.locale,
        "entitlements": [],
        "attachment_size_limit": state.attachment_size_limit,
    }
    if guild is not None:
        payload["guild_id"] = str(guild.id)
        payload["guild_locale"] = "en-US"
        payload["guild"] = {"id": str(guild.id), "locale": "en-US", "features": []}
        payload["member"] = user.member_payload(guild)
        payload["authorizing_integration_owners"] = {"0": str(guild.id)}
        payload["context"] = 0
    else:
        payload["user"] = user.payload()
        payload["authorizing_integration_owners"] = {"0": "0"}
        payload["context"] = 1
    if result.source is not None:
        payload["message"] = result.source.data
    return payload


def walk_components(components: list[JSON]) -> Iterator[JSON]:
    """Every component, depth first, through rows, containers, sections and labels."""
    for component in components:
        yield component
        yield from walk_components(component.get("components") or [])
        for key in ("accessory", "component"):
            if isinstance(component.get(key), dict):
                yield from walk_components([component[key]])


def find_component(message: JSON, custom_id: str) -> JSON:
    for component in walk_components(message.get("components") or []):
        if component.get("custom_id") == custom_id:
            return component
    present = [
        c["custom_id"] for c in walk_components(message.get("components") or []) if "custom_id" in c
    ]
    raise FakeDiscordError(f"no component {custom_id!r} on the message; it has {present}")


def component_data(component: JSON, values: list[str] | None) -> JSON:
    if component.get("disabled"):
        raise FakeDiscordError(f"component {component['custom_id']!r} is disabled")
    data: JSON = {"custom_id": component["custom_id"], "component_type": component["type"]}
    if component["type"] == BUTTON:
        if values is not None:
            raise FakeDiscordError("a button takes no values")
        return data
    chosen = list(values or [])
    low, high = component.get("min_values", 1), component.get("max_values", 1)
    if not low <= len(chosen) <= high:
        raise FakeDiscordError(f"select {component['custom_id']!r} takes {low}-{high} values")
    offered = [o["value"] for o in component.get("options") or []]
    if component["type"] == 3 and not set(chosen) <= set(offered):
        raise FakeDiscordError(f"values {chosen} not among the options {offered}")
    data["values"] = chosen
    return data


def modal_data(modal: JSON, values: dict[str, str]) -> JSON:
    rows: list[JSON] = []
    remaining = dict(values)
    for row in modal.get("components") or []:
        inputs = [c for c in walk_components([row]) if c.get("type") == TEXT_INPUT]
        answered = [_answer(field, remaining) for field in inputs]
        if row.get("type") == LABEL and answered:
            rows.append({"type": LABEL, "component": answered[0]})
        elif answered:
            rows.append({"type": 1, "components": answered})
    if remaining:
        raise FakeDiscordError(f"the modal has no fields {sorted(remaining)}")
    return {"custom_id": modal["custom_id"], "components": rows}


def _answer(field: JSON, remaining: dict[str, Any]) -> JSON:
    value = str(remaining.pop(field["custom_id"], ""))
    if field.get("required", True) and not value:
        raise FakeDiscordError(f"modal field {field['custom_id']!r} is required")
    return {"type": TEXT_INPUT, "custom_id": field["custom_id"], "value": value}


def new_token() -> str:
    return secrets.token_urlsafe(32)
