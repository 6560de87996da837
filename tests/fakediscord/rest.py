"""The REST API: users, application commands, channels and messages, attachments."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

from aiohttp import web

from . import webhooks
from .gateway import Gateway
from .messages import UnknownAttachment
from .models import JSON, Channel, StoredMessage
from .state import FakeState, Rejection, Request
from .validate import command_problems, form_error
from .wire import (
    FILE_BYTES,
    ApiError,
    UnknownRoute,
    check_can_send,
    check_message,
    read_body,
    reply,
)

API_PREFIX = re.compile(r"^/api/v(9|10)")
OPEN_PATHS = re.compile(r"^/api/v\d+/(webhooks|interactions)/")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def build_app(state: FakeState, gateway: Gateway) -> web.Application:
    app = web.Application(middlewares=[_middleware(state)], client_max_size=64 * 1024 * 1024)
    routes = Routes(state, gateway)
    app.router.add_get("/gateway", gateway.handle)
    app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", routes.attachment)
    for version in ("9", "10"):
        api = f"/api/v{version}"
        table: list[tuple[str, str, Handler]] = [
            ("GET", "/gateway", routes.gateway_info),
            ("GET", "/gateway/bot", routes.gateway_info),
            ("GET", "/users/@me", routes.me),
            ("POST", "/users/@me/channels", routes.open_dm),
            ("GET", "/users/{user_id}", routes.user),
            ("GET", "/applications/@me", routes.application),
            ("GET", "/oauth2/applications/@me", routes.application),
            ("GET", "/applications/{app_id}/commands", routes.commands),
            ("PUT", "/applications/{app_id}/commands", routes.sync),
            ("GET", "/applications/{app_id}/guilds/{guild_id}/commands", routes.commands),
            ("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", routes.sync),
            ("GET", "/channels/{channel_id}", routes.channel),
            ("GET", "/channels/{channel_id}/messages", routes.history),
            ("POST", "/channels/{channel_id}/messages", routes.send),
            ("GET", "/channels/{channel_id}/messages/{message_id}", routes.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", routes.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", routes.delete_message),
            ("POST", "/channels/{channel_id}/typing", routes.typing),
            ("GET", "/guilds/{guild_id}", routes.guild),
            ("GET", "/guilds/{guild_id}/channels", routes.guild_channels),
            ("GET", "/guilds/{guild_id}/members/{user_id}", routes.member),
        ]
        table += webhooks.routes(state)
        for method, path, handler in table:
            app.router.add_route(method, api + path, handler)
    app.router.add_route("*", "/{tail:.*}", routes.unknown)
    return app


def _middleware(state: FakeState) -> Callable[..., Awaitable[web.StreamResponse]]:
    def refuse(request: web.Request, error: ApiError) -> web.Response:
        path = API_PREFIX.sub("", request.path)
        state.rejected.append(Rejection(request.method, path, error.status, error.body))
        state.pulse.notify()
        return reply(error.body, status=error.status)

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        response = await answer(request, handler)
        if request.path.startswith("/api/"):
            path = API_PREFIX.sub("", request.path)
            size, files = request.content_length or 0, int(request.get(FILE_BYTES, 0))
            state.requests.append(Request(request.method, path, response.status, size, files))
        return response

    async def answer(request: web.Request, handler: Handler) -> web.StreamResponse:
        needs_auth = request.path.startswith("/api/") and not OPEN_PATHS.match(request.path)
        path = API_PREFIX.sub("", request.path)
        try:
            if needs_auth and request.headers.get("Authorization") != f"Bot {state.token}":
                raise ApiError(401, 0, "401: Unauthorized")
            for hook in list(state.request_hooks):
                if await hook(request.method, path, "before"):
                    return web.Response(status=503)
            response = await handler(request)
            for hook in list(state.request_hooks):
                await hook(request.method, path, "after")
            return response
        except UnknownRoute:
            return record_unknown(state, request)
        except UnknownAttachment as error:
            return refuse(request, ApiError.form(form_error([(("attachments",), str(error))])))
        except ApiError as error:
            return refuse(request, error)
        except web.HTTPException:
            raise
        except Exception as error:
            # A 5xx would make discord.py retry for half a minute: fail fast and visibly.
            return refuse(request, ApiError(400, 0, f"the fake Discord failed: {error!r}"))

    return middleware


def record_unknown(state: FakeState, request: web.Request) -> web.Response:
    body: JSON = {"message": "404: Not Found", "code": 0}
    state.unhandled.append(Rejection(request.method, API_PREFIX.sub("", request.path), 404, body))
    state.pulse.notify()
    return reply(body, status=404)


class Routes:
    def __init__(self, state: FakeState, gateway: Gateway) -> None:
        self.state = state
        self.gateway = gateway

    async def unknown(self, request: web.Request) -> web.Response:
        return record_unknown(self.state, request)

    async def gateway_info(self, request: web.Request) -> web.Response:
        url = self.gateway.url
        limit = {"total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1}
        return reply({"url": url, "shards": 1, "session_start_limit": limit})

    async def me(self, request: web.Request) -> web.Response:
        bot = self.state.bot.payload()
        return reply(dict(bot, verified=True, mfa_enabled=False, locale="en-US", email=None))

    async def user(self, request: web.Request) -> web.Response:
        user = self.state.users.get(_id(request, "user_id"))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return reply(user.payload())

    async def open_dm(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        user = self.state.users.get(int(body.get("recipient_id") or 0))
        if user is None or user.bot:
            raise ApiError(400, 50035, "Invalid Form Body")
        return reply(self.state.dm_channel(user).payload())

    async def application(self, request: web.Request) -> web.Response:
        state = self.state
        return reply(
            {
                "id": str(state.application_id),
                "name": state.bot.name,
                "icon": None,
                "description": "",
                "summary": "",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "owner": state.owner.payload(),
                "team": None,
                "flags": 0,
                "bot": state.bot.payload(),
                "interactions_endpoint_url": None,
                "tags": [],
            }
        )

    def _commands_of(self, request: web.Request) -> tuple[int | None, list[JSON]]:
        if _id(request, "app_id") != self.state.application_id:
            raise ApiError(403, 50001, "Missing Access")
        if "guild_id" not in request.match_info:
            return None, self.state.global_commands
        guild_id = _id(request, "guild_id")
        if guild_id not in self.state.guilds:
            raise ApiError(403, 50001, "Missing Access")
        return guild_id, self.state.guild_commands.get(guild_id, [])

    async def commands(self, request: web.Request) -> web.Response:
        return reply(self._commands_of(request)[1])

    async def sync(self, request: web.Request) -> web.Response:
        guild_id, _ = self._commands_of(request)
        payload = await request.json()
        problems = command_problems(payload)
        if problems:
            raise ApiError.form(form_error(problems))
        return reply(self.state.sync_commands(guild_id, payload))

    def _channel(self, request: web.Request) -> Channel:
        channel = self.state.channels.get(_id(request, "channel_id"))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    def _message(self, request: web.Request, channel: Channel) -> StoredMessage:
        message = self.state.messages.get(_id(request, "message_id"))
        if message is None or message.channel is not channel or message.visible_to is not None:
            raise ApiError(404, 10008, "Unknown Message")
        return message

    async def channel(self, request: web.Request) -> web.Response:
        return reply(self._channel(request).payload())

    async def guild(self, request: web.Request) -> web.Response:
        guild = self.state.guilds.get(_id(request, "guild_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        data = guild.payload(self.state.bot)
        for key in ("channels", "threads", "members", "voice_states", "presences"):
            data.pop(key)
        return reply(data)

    async def guild_channels(self, request: web.Request) -> web.Response:
        guild = self.state.guilds.get(_id(request, "guild_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return reply([c.payload() for c in guild.channels if c.type != 11])

    async def member(self, request: web.Request) -> web.Response:
        guild = self.state.guilds.get(_id(request, "guild_id"))
        user = self.state.users.get(_id(request, "user_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        if user is None:
            raise ApiError(404, 10007, "Unknown Member")
        return reply(user.member_payload(guild))

    async def history(self, request: web.Request) -> web.Response:
        messages = [m.data for m in self.state.messages.in_channel(self._channel(request))]
        query = request.query
        limit = min(int(query.get("limit", 50)), 100)
        if "before" in query:
            messages = [m for m in messages if int(m["id"]) < int(query["before"])]
        if "after" in query:
            after = [m for m in messages if int(m["id"]) > int(query["after"])]
            return reply(list(reversed(after[:limit])))
        if "around" in query:
            around = int(query["around"])
            older = [m for m in messages if int(m["id"]) <= around]
            newer = [m for m in messages if int(m["id"]) > around]
            messages = older[-(limit - limit // 2) :] + newer[: limit // 2]
            return reply(list(reversed(messages)))
        return reply(list(reversed(messages[-limit:])))

    async def send(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        check_can_send(channel)
        body, uploads = await read_body(request)
        check_message(self.state, body, uploads, new=True)
        earlier = self.state.nonce_repeat(channel, body)
        if earlier is not None:
            return reply(earlier.data)
        message = self.state.messages.create(channel, body, uploads)
        self.state.nonce_sent(body, message)
        self.state.message_created(message)
        return reply(message.data)

    async def get_message(self, request: web.Request) -> web.Response:
        return reply(self._message(request, self._channel(request)).data)

    async def edit_message(self, request: web.Request) -> web.Response:
        message = self._message(request, self._channel(request))
        body, uploads = await read_body(request)
        check_message(self.state, body, uploads, new=False)
        self.state.messages.edit(message, body, uploads)
        self.state.message_updated(message)
        return reply(message.data)

    async def delete_message(self, request: web.Request) -> web.Response:
        message = self._message(request, self._channel(request))
        self.state.messages.delete(message)
        self.state.message_deleted(message)
        return web.Response(status=204)

    async def typing(self, request: web.Request) -> web.Response:
        check_can_send(self._channel(request))
        return web.Response(status=204)

    async def attachment(self, request: web.Request) -> web.Response:
        data = self.state.messages.files.get(_id(request, "attachment_id"))
        if data is None:
            return web.Response(status=404, text="Not Found")
        return web.Response(body=data, content_type="application/octet-stream")


def _id(request: web.Request, key: str) -> int:
    try:
        return int(request.match_info[key])
    except ValueError:
        raise UnknownRoute(request.path) from None
