"""The gateway websocket: HELLO, IDENTIFY/READY, RESUME, heartbeats and dispatched events."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets

from aiohttp import WSMsgType, web

from .models import JSON
from .state import FakeState

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, REQUEST_MEMBERS = 0, 1, 2, 6, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11
AUTHENTICATION_FAILED = 4004
DISALLOWED_INTENTS = 4014
HEARTBEAT_INTERVAL_MS = 41250

Outbox = asyncio.Queue[JSON | None]


class GatewaySession:
    """A gateway session: survives a dropped connection until the client resumes it."""

    def __init__(self, session_id: str, intents: int, shard: list[int] | None) -> None:
        self.id = session_id
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.sent: list[JSON] = []
        self.outbox: Outbox | None = None
        self.socket: web.WebSocketResponse | None = None
        self.ready = False

    @property
    def connected(self) -> bool:
        return self.ready and self.outbox is not None

    def dispatch(self, event: str, data: JSON) -> None:
        self.seq += 1
        frame: JSON = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.sent.append(frame)
        if self.outbox is not None:
            self.outbox.put_nowait(frame)


class Gateway:
    def __init__(self, state: FakeState) -> None:
        self.state = state
        self.url = ""
        self.sessions: dict[str, GatewaySession] = {}
        self.current: GatewaySession | None = None
        self.identify_count = 0
        self.resume_count = 0
        self._sockets: set[web.WebSocketResponse] = set()
        state.announce = self.announce

    @property
    def connected(self) -> bool:
        return self.current is not None and self.current.connected

    def announce(self, event: str, data: JSON, intent: int) -> None:
        if self.current is not None and self.current.intents & intent:
            self.current.dispatch(event, data)

    def dispatch(self, event: str, data: JSON) -> None:
        if self.current is None:
            raise RuntimeError("no gateway session to dispatch to")
        self.current.dispatch(event, data)

    async def drop(self, code: int) -> None:
        """Close the current connection (the session stays resumable for codes 4000-4003)."""
        if self.current is not None and self.current.socket is not None:
            await self.current.socket.close(code=code)

    async def close_all(self) -> None:
        for socket in list(self._sockets):
            await socket.close(code=1001)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse(max_msg_size=0, compress=False)
        await socket.prepare(request)
        self._sockets.add(socket)
        outbox: Outbox = asyncio.Queue()
        writer = asyncio.create_task(_write(socket, outbox))
        outbox.put_nowait({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        session: GatewaySession | None = None
        try:
            async for message in socket:
                if message.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(message.data)
                op, data = frame.get("op"), frame.get("d")
                if op == HEARTBEAT:
                    outbox.put_nowait({"op": HEARTBEAT_ACK})
                elif op == IDENTIFY:
                    if data.get("token") != self.state.token:
                        await socket.close(code=AUTHENTICATION_FAILED)
                        break
                    allowed = self.state.allowed_intents
                    if allowed is not None and int(data.get("intents", 0)) & ~allowed:
                        await socket.close(code=DISALLOWED_INTENTS)
                        break
                    session = self._identify(data, outbox, socket)
                elif op == RESUME:
                    session = self._resume(data, outbox, socket)
                elif op == REQUEST_MEMBERS:
                    self._members_chunk(data, outbox)
        finally:
            if session is not None and session.outbox is outbox:
                session.outbox = None
                session.socket = None
            outbox.put_nowait(None)
            await writer
            self._sockets.discard(socket)
            self.state.pulse.notify()
        return socket

    def _identify(
        self, data: JSON, outbox: Outbox, socket: web.WebSocketResponse
    ) -> GatewaySession:
        session = GatewaySession(
            secrets.token_hex(16), int(data.get("intents", 0)), data.get("shard")
        )
        self.sessions[session.id] = session
        self.identify_count += 1
        session.outbox, session.socket = outbox, socket
        self.current = session
        state = self.state
        guilds = list(state.guilds.values())
        ready: JSON = {
            "v": 10,
            "user": dict(state.bot.payload(), verified=True, mfa_enabled=False, email=None),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.url,
            "application": {"id": str(state.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "guild_join_requests": [],
            "user_settings": {},
            "_trace": ["fake-discord"],
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        session.dispatch("READY", ready)
        for guild in guilds:
            session.dispatch("GUILD_CREATE", guild.payload(state.bot))
        session.ready = True
        state.pulse.notify()
        return session

    def _resume(
        self, data: JSON, outbox: Outbox, socket: web.WebSocketResponse
    ) -> GatewaySession | None:
        session = self.sessions.get(data.get("session_id", ""))
        if session is None or data.get("token") != self.state.token:
            outbox.put_nowait({"op": INVALID_SESSION, "d": False})
            return None
        self.resume_count += 1
        seen = int(data.get("seq") or 0)
        for frame in session.sent:
            if frame["s"] > seen:
                outbox.put_nowait(frame)
        session.outbox, session.socket = outbox, socket
        self.current = session
        session.dispatch("RESUMED", {"_trace": ["fake-discord"]})
        self.state.pulse.notify()
        return session

    def _members_chunk(self, data: JSON, outbox: Outbox) -> None:
        chunk: JSON = {
            "guild_id": data.get("guild_id"),
            "members": [],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
            "presences": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        if self.current is not None and self.current.outbox is outbox:
            self.current.dispatch("GUILD_MEMBERS_CHUNK", chunk)


async def _write(socket: web.WebSocketResponse, outbox: Outbox) -> None:
    while (frame := await outbox.get()) is not None:
        if socket.closed:
            continue
        with contextlib.suppress(ConnectionResetError):
            await socket.send_str(json.dumps(frame))
