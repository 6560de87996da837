"""Interaction callbacks and the interaction webhook (followups, @original)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from aiohttp import web

from . import interactions as ix
from .messages import Upload
from .models import FLAG_EPHEMERAL, FLAG_LOADING, JSON, StoredMessage
from .state import FakeState
from .wire import ApiError, check_message, read_body, reply

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
CHAT_INPUT_COMMAND_MESSAGE = 20


def routes(state: FakeState) -> list[tuple[str, str, Handler]]:
    hooks = Webhooks(state)
    message = "/webhooks/{app_id}/{token}/messages/{message_id}"
    return [
        ("POST", "/interactions/{interaction_id}/{token}/callback", hooks.callback),
        ("POST", "/webhooks/{app_id}/{token}", hooks.followup),
        ("GET", message, hooks.get_message),
        ("PATCH", message, hooks.edit_message),
        ("DELETE", message, hooks.delete_message),
    ]


class Webhooks:
    def __init__(self, state: FakeState) -> None:
        self.state = state

    async def callback(self, request: web.Request) -> web.Response:
        result = self.state.interactions.get(int(request.match_info["interaction_id"]))
        if result is None or result.token != request.match_info["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        body, uploads = await read_body(request)
        if result.responded:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        kind = body.get("type")
        data: JSON = body.get("data") or {}
        if kind in (ix.CHANNEL_MESSAGE, ix.UPDATE_MESSAGE):
            check_message(self.state, data, uploads, new=kind == ix.CHANNEL_MESSAGE)
        if kind == ix.CHANNEL_MESSAGE:
            result.original = self._create(result, data, uploads)
        elif kind == ix.DEFERRED_CHANNEL_MESSAGE:
            flags = FLAG_LOADING | (int(data.get("flags") or 0) & FLAG_EPHEMERAL)
            result.original = self._create(result, {"flags": flags}, [])
        elif kind in (ix.DEFERRED_UPDATE_MESSAGE, ix.UPDATE_MESSAGE):
            if result.source is None:
                raise ApiError(400, 40004, "This interaction has no message to update")
            if kind == ix.UPDATE_MESSAGE:
                self.state.messages.edit(result.source, data, uploads)
                self.state.message_updated(result.source)
            result.original = result.source
        elif kind == ix.AUTOCOMPLETE_RESULT and result.kind == ix.AUTOCOMPLETE:
            result.choices = _checked_choices(data.get("choices") or [])
        elif kind == ix.MODAL and result.kind not in (ix.AUTOCOMPLETE, ix.MODAL_SUBMIT):
            result.modal = _checked_modal(data)
        else:
            raise ApiError(400, 50035, f"Invalid interaction response type {kind}")
        result.response_type = kind
        result.responded_at = asyncio.get_running_loop().time()
        self.state.pulse.notify()
        summary: JSON = {"id": str(result.id), "type": result.kind}
        answer: JSON = {"interaction": summary}
        if result.original is not None:
            summary["response_message_id"] = str(result.original.id)
            summary["response_message_loading"] = kind == ix.DEFERRED_CHANNEL_MESSAGE
            summary["response_message_ephemeral"] = result.original.ephemeral
            if kind != ix.DEFERRED_UPDATE_MESSAGE:
                answer["resource"] = {"type": kind, "message": result.original.data}
        return reply(answer)

    def _create(
        self,
        result: ix.InteractionResult,
        body: JSON,
        uploads: list[Upload],
        *,
        followup: bool = False,
    ) -> StoredMessage:
        ephemeral = bool(int(body.get("flags") or 0) & FLAG_EPHEMERAL)
        metadata: JSON = {
            "id": str(result.id),
            "type": result.kind,
            "user": result.user.payload(),
            "authorizing_integration_owners": {"0": "0"},
        }
        if result.source is not None:
            metadata["interacted_message_id"] = str(result.source.id)
        if followup and result.original is not None:
            metadata["original_response_message_id"] = str(result.original.id)
        is_command = result.kind == ix.APPLICATION_COMMAND
        message = self.state.messages.create(
            result.channel,
            body,
            uploads,
            visible_to=result.user if ephemeral else None,
            message_type=CHAT_INPUT_COMMAND_MESSAGE if is_command else 0,
            extra={
                "webhook_id": str(self.state.application_id),
                "application_id": str(self.state.application_id),
                "interaction_metadata": metadata,
            },
        )
        self.state.message_created(message)
        return message

    def _interaction(self, request: web.Request) -> ix.InteractionResult:
        token = request.match_info["token"]
        if request.match_info["app_id"] == str(self.state.application_id):
            for result in reversed(self.state.interactions.values()):
                if result.token == token and result.responded:
                    return result
        raise ApiError(404, 10015, "Unknown Webhook")

    def _message(self, request: web.Request) -> tuple[ix.InteractionResult, StoredMessage]:
        result = self._interaction(request)
        wanted = request.match_info["message_id"]
        candidates = [result.original, *result.followup_messages]
        for message in candidates:
            if message is None or message.deleted:
                continue
            if (wanted == "@original" and message is result.original) or wanted == str(message.id):
                return result, message
        raise ApiError(404, 10008, "Unknown Message")

    async def followup(self, request: web.Request) -> web.Response:
        result = self._interaction(request)
        body, uploads = await read_body(request)
        check_message(self.state, body, uploads, new=True)
        original = result.original
        first_after_defer = (
            result.response_type == ix.DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
            and not result.followup_messages
        )
        if first_after_defer:
            assert original is not None
            self.state.messages.edit(original, body, uploads)
            self.state.message_updated(original)
            result.original_edited = True
            message = original
        else:
            message = self._create(result, body, uploads, followup=True)
        result.followup_messages.append(message)
        self.state.pulse.notify()
        if request.query.get("wait", "false").lower() not in ("true", "1"):
            return web.Response(status=204)
        return reply(message.data)

    async def get_message(self, request: web.Request) -> web.Response:
        return reply(self._message(request)[1].data)

    async def edit_message(self, request: web.Request) -> web.Response:
        result, message = self._message(request)
        body, uploads = await read_body(request)
        check_message(self.state, body, uploads, new=False)
        self.state.messages.edit(message, body, uploads)
        self.state.message_updated(message)
        if message is result.original:
            result.original_edited = True
        self.state.pulse.notify()
        return reply(message.data)

    async def delete_message(self, request: web.Request) -> web.Response:
        _, message = self._message(request)
        self.state.messages.delete(message)
        self.state.message_deleted(message)
        return web.Response(status=204)


def _checked_choices(choices: list[JSON]) -> list[JSON]:
    if len(choices) > 25:
        raise ApiError(400, 50035, f"Invalid Form Body: {len(choices)} choices, at most 25")
    for choice in choices:
        name = choice.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise ApiError(400, 50035, f"Invalid Form Body: choice name {name!r}")
        value = choice.get("value")
        if isinstance(value, str) and len(value) > 100:
            raise ApiError(400, 50035, f"Invalid Form Body: choice value {value!r} too long")
    return choices


def _checked_modal(data: JSON) -> JSON:
    title, custom_id = data.get("title") or "", data.get("custom_id") or ""
    rows = data.get("components") or []
    if not 1 <= len(title) <= 45 or not 1 <= len(custom_id) <= 100 or not 1 <= len(rows) <= 5:
        raise ApiError(400, 50035, "Invalid Form Body: modal title 1-45, 1-5 components")
    return data
