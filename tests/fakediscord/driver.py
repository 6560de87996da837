"""``FakeDiscord``: a local Discord for end-to-end tests, and the calls tests make on it."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any, TypeVar

import discord
import yarl
from aiohttp import web
from discord.gateway import DiscordWebSocket
from discord.http import Route

from . import interactions as ix
from .commands import command_data, visible_command
from .gateway import Gateway
from .interactions import DEFAULT_TIMEOUT, InteractionResult
from .models import (
    CHANNEL_PUBLIC_THREAD,
    JSON,
    MEMBER_PERMISSIONS,
    Channel,
    FakeDiscordError,
    Guild,
    Role,
    StoredMessage,
    User,
)
from .rest import build_app
from .state import FakeState, Rejection, Repeat, Request, RequestHook

T = TypeVar("T")
ClientT = TypeVar("ClientT", bound=discord.Client)
BUTTON = 2
SELECT_TYPES = (3, 5, 6, 7, 8)


class FakeDiscord:
    """Start with ``await FakeDiscord.start()``; stop with ``await fake.stop()``."""

    def __init__(self, bot_name: str = "Rattus") -> None:
        self.state = FakeState(bot_name)
        self.gateway = Gateway(self.state)
        self._runner: web.AppRunner | None = None
        self.base_url = ""

    @classmethod
    async def start(cls, *, bot_name: str = "Rattus") -> FakeDiscord:
        fake = cls(bot_name)
        await fake._serve()
        return fake

    async def _serve(self) -> None:
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("127.0.0.1", 0))
        port = listener.getsockname()[1]
        self.base_url = f"http://127.0.0.1:{port}"
        self.gateway.url = f"ws://127.0.0.1:{port}/gateway"
        self.state.messages.base_url = self.base_url
        app = build_app(self.state, self.gateway)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        await web.SockSite(self._runner, listener).start()

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        if self._runner is None:
            await self._serve()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    # -- identity and addresses -------------------------------------------------------------

    @property
    def token(self) -> str:
        return self.state.token

    @property
    def bot(self) -> User:
        return self.state.bot

    @property
    def application_id(self) -> int:
        return self.state.application_id

    @property
    def http_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return self.gateway.url

    @contextlib.contextmanager
    def patched(self) -> Iterator[FakeDiscord]:
        """Point discord.py's REST base and default gateway at the fake, for the block."""
        base, default_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
        Route.BASE = self.http_base
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield self
        finally:
            Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = base, default_gateway

    @contextlib.asynccontextmanager
    async def running(
        self, client: ClientT, timeout: float = DEFAULT_TIMEOUT
    ) -> AsyncIterator[ClientT]:
        """Run ``client`` against the fake until the block ends, then close it. Entering
        returns once the client has identified; errors from its start-up are raised here.
        Leaving returns once the fake has seen the client's websocket close."""
        with self.patched():
            identified = self.gateway.identify_count
            task = asyncio.create_task(client.start(self.token))
            try:
                await self.wait_for(
                    lambda: task.done() or self.gateway.identify_count > identified,
                    timeout=timeout,
                    what="the client to connect",
                )
                if task.done():
                    task.result()
                    raise FakeDiscordError("the client stopped before connecting")
                yield client
            finally:
                await client.close()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
                with contextlib.suppress(TimeoutError):
                    await self.wait_for(lambda: not self.gateway.connected, timeout=timeout)

    # -- the world ----------------------------------------------------------------------------

    def add_guild(self, name: str = "Test Guild") -> Guild:
        return self.state.add_guild(name)

    def add_role(self, guild: Guild, name: str) -> Role:
        return self.state.add_role(guild, name)

    def give_role(self, user: User, role: Role) -> None:
        user.role_ids.add(role.id)

    def remove_bot(self, guild: Guild) -> None:
        self.state.remove_bot(guild)

    def invite_bot(self, guild: Guild) -> None:
        self.state.invite_bot(guild)

    def add_text_channel(self, guild: Guild, name: str = "general") -> Channel:
        return self.state.add_channel(guild, name)

    def add_thread(self, channel: Channel, name: str = "game") -> Channel:
        assert channel.guild is not None
        return self.state.add_channel(
            channel.guild, name, kind=CHANNEL_PUBLIC_THREAD, parent=channel
        )

    def add_user(self, name: str, *, permissions: int = MEMBER_PERMISSIONS) -> User:
        return self.state.add_user(name, permissions)

    def dm_channel(self, user: User) -> Channel:
        return self.state.dm_channel(user)

    def close_dms(self, user: User) -> None:
        user.dms_open = False

    def open_dms(self, user: User) -> None:
        user.dms_open = True

    def forbid_bot(self, channel: Channel) -> None:
        """The bot may no longer post in the channel (403, code 50013)."""
        channel.bot_can_send = False

    # -- the gateway --------------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        return self.gateway.connected

    async def wait_until_connected(self, timeout: float = DEFAULT_TIMEOUT) -> None:
        await self.wait_for(lambda: self.gateway.connected, timeout=timeout, what="a session")

    async def drop_connection(self, code: int = 4000) -> None:
        """Close the bot's websocket; with 4000 discord.py resumes the session."""
        await self.gateway.drop(code)

    # -- application commands -----------------------------------------------------------------

    def commands(self, guild: Guild | None = None) -> list[JSON]:
        """The commands the bot last synced, globally or for ``guild``."""
        if guild is None:
            return self.state.global_commands
        return self.state.guild_commands.get(guild.id, [])

    async def wait_for_commands(self, timeout: float = DEFAULT_TIMEOUT) -> None:
        await self.wait_for(lambda: self.state.sync_count > 0, timeout=timeout, what="a sync")

    async def slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        *path: str,
        options: dict[str, Any] | None = None,
    ) -> InteractionResult:
        """Run ``/command path... options`` as ``user``; path is subcommand group/subcommand."""
        definition, _ = await self._command(user, channel, command)
        data = command_data(definition, path, options or {}, guild=channel.guild)
        return await self._interact(user, channel, ix.APPLICATION_COMMAND, data)

    async def autocomplete(
        self,
        user: User,
        channel: Channel,
        command: str,
        *path: str,
        focused: str,
        value: str = "",
        options: dict[str, Any] | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> list[JSON]:
        """The choices the bot offers while ``user`` types ``value`` into ``focused``."""
        definition, _ = await self._command(user, channel, command)
        values = dict(options or {}, **{focused: value})
        data = command_data(definition, path, values, guild=channel.guild, focused=focused)
        result = await self._interact(user, channel, ix.AUTOCOMPLETE, data)
        await result.wait_response(timeout)
        return result.choices or []

    async def click(
        self, user: User, message: JSON, custom_id: str | None = None, *, label: str | None = None
    ) -> InteractionResult:
        """Press a button, found by ``custom_id`` or by its ``label``."""
        stored = self._visible(user, message)
        if custom_id is None:
            custom_id = self.button(stored.data, label)["custom_id"]
        data = ix.component_data(ix.find_component(stored.data, custom_id), None)
        return await self._interact(user, stored.channel, ix.MESSAGE_COMPONENT, data, stored)

    async def select(
        self, user: User, message: JSON, custom_id: str, values: list[str]
    ) -> InteractionResult:
        stored = self._visible(user, message)
        data = ix.component_data(ix.find_component(stored.data, custom_id), values)
        return await self._interact(user, stored.channel, ix.MESSAGE_COMPONENT, data, stored)

    async def submit_modal(
        self, user: User, opened_by: InteractionResult, values: dict[str, str]
    ) -> InteractionResult:
        """Fill in and submit the modal the bot answered ``opened_by`` with."""
        if opened_by.modal is None:
            raise FakeDiscordError("that interaction did not open a modal")
        data = ix.modal_data(opened_by.modal, values)
        source = opened_by.source
        return await self._interact(user, opened_by.channel, ix.MODAL_SUBMIT, data, source)

    async def _command(self, user: User, channel: Channel, name: str) -> tuple[JSON, bool]:
        if channel.recipient is not None and channel.recipient is not user:
            raise FakeDiscordError(f"{user.name} cannot use another user's DM channel")

        def find() -> tuple[JSON, bool] | None:
            for definition, guild_command in self.state.commands_for(channel):
                found = visible_command(
                    [definition],
                    name,
                    user=user,
                    in_dm=channel.is_dm,
                    guild_command=guild_command,
                )
                if found is not None:
                    return found, guild_command
            return None

        return await self.wait_for(find, what=f"the command /{name} to be synced")

    def _visible(self, user: User, message: JSON) -> StoredMessage:
        stored = self.state.messages.get(int(message["id"]))
        if stored is None:
            raise FakeDiscordError("the message was deleted")
        if stored.visible_to is not None and stored.visible_to is not user:
            raise FakeDiscordError(f"{user.name} cannot see another user's ephemeral message")
        recipient = stored.channel.recipient
        if recipient is not None and recipient is not user:
            raise FakeDiscordError(f"{user.name} cannot see another user's DMs")
        return stored

    async def _interact(
        self,
        user: User,
        channel: Channel,
        kind: int,
        data: JSON,
        source: StoredMessage | None = None,
    ) -> InteractionResult:
        await self.wait_until_connected()
        result = InteractionResult(
            self.state,
            interaction_id=self.state.ids.next(),
            token=ix.new_token(),
            kind=kind,
            user=user,
            channel=channel,
            data=data,
            source=source,
        )
        self.state.interactions[result.id] = result
        result.dispatched_at = asyncio.get_running_loop().time()
        self.gateway.dispatch("INTERACTION_CREATE", ix.interaction_payload(self.state, result))
        return result

    # -- reading what the bot did -------------------------------------------------------------

    def messages(self, channel: Channel) -> list[JSON]:
        """The channel's messages, oldest first, as they are now (ephemerals excluded)."""
        return [m.data for m in self.state.messages.in_channel(channel)]

    def last_message(self, channel: Channel) -> JSON | None:
        found = self.messages(channel)
        return found[-1] if found else None

    def message(self, message: JSON | int) -> JSON:
        """The current state of a message (after edits)."""
        message_id = message if isinstance(message, int) else int(message["id"])
        stored = self.state.messages.get(message_id)
        if stored is None:
            raise FakeDiscordError(f"message {message_id} does not exist or was deleted")
        return stored.data

    def dms(self, user: User) -> list[JSON]:
        channel = self.state.dm_channels.get(user.id)
        return [] if channel is None else self.messages(channel)

    def ephemerals(self, user: User) -> list[JSON]:
        """Every ephemeral message shown to ``user``, oldest first."""
        return [m.data for m in self.state.messages.ephemeral_for(user)]

    def attachments(self, message: JSON | int) -> list[bytes]:
        return self.state.messages.attachment_bytes(self.message(message))

    def components(self, message: JSON) -> list[JSON]:
        return list(ix.walk_components(self.message(message).get("components") or []))

    def buttons(self, message: JSON) -> list[JSON]:
        return [c for c in self.components(message) if c.get("type") == BUTTON]

    def selects(self, message: JSON) -> list[JSON]:
        return [c for c in self.components(message) if c.get("type") in SELECT_TYPES]

    def button(self, message: JSON, label: str | None) -> JSON:
        matches = [b for b in self.buttons(message) if b.get("label") == label]
        if len(matches) != 1:
            labels = [b.get("label") for b in self.buttons(message)]
            raise FakeDiscordError(f"{len(matches)} buttons labelled {label!r}; have {labels}")
        return matches[0]

    @property
    def unhandled(self) -> list[Rejection]:
        """Requests to endpoints the fake does not implement (answered 404)."""
        return self.state.unhandled

    def on_request(self, hook: RequestHook) -> Callable[[], None]:
        """Call ``hook(method, path, phase)`` on every REST request, before it is carried out
        (True drops it) and after (before the answer goes back): e.g. to kill a bot process at
        a chosen moment. Returns a function that removes the hook."""
        self.state.request_hooks.append(hook)
        return lambda: self.state.request_hooks.remove(hook)

    @property
    def repeats(self) -> list[Repeat]:
        """Sends answered with an earlier message of the same nonce (nothing was created)."""
        return self.state.repeats

    @property
    def rejected(self) -> list[Rejection]:
        """Requests the fake refused with a Discord error (4xx), e.g. invalid message bodies."""
        return self.state.rejected

    @property
    def requests(self) -> list[Request]:
        """Every REST request the bot made, in order (method, path, status, body and file
        bytes): for tests that count uploads and channel writes."""
        return self.state.requests

    async def wait_for(
        self,
        check: Callable[[], T | None],
        timeout: float = DEFAULT_TIMEOUT,
        *,
        what: str = "the condition",
        poll: float = 0.01,
    ) -> T:
        """Return the first truthy ``check()``: re-checked on every change in the fake and every
        ``poll`` seconds (for conditions on the bot's own state)."""
        return await self.state.pulse.wait_until(check, timeout=timeout, what=what, poll=poll)

    async def wait_for_message(
        self,
        channel: Channel,
        check: Callable[[JSON], bool] = lambda message: True,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> JSON:
        """The newest message in ``channel`` for which ``check`` holds, once there is one."""

        def newest() -> JSON | None:
            return next((m for m in reversed(self.messages(channel)) if check(m)), None)

        return await self.wait_for(newest, timeout, what=f"a message in #{channel.name}")

    async def wait_for_dm(
        self,
        user: User,
        check: Callable[[JSON], bool] = lambda message: True,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> JSON:
        def newest() -> JSON | None:
            return next((m for m in reversed(self.dms(user)) if check(m)), None)

        return await self.wait_for(newest, timeout, what=f"a DM to {user.name}")
