"""The gateway: HELLO, IDENTIFY, heartbeats and their ACKs, READY then GUILD_CREATE, RESUME
(with the events missed while away), RECONNECT, and zlib-stream transport compression when
the client asks for it (`?compress=zlib-stream`: one zlib context per connection, every
message ends with a Z_SYNC_FLUSH, as discord.py decodes it).

Dispatches respect the intents given at IDENTIFY: MESSAGE_CREATE needs GUILD_MESSAGES in a
guild and DIRECT_MESSAGES in a DM, thread and guild events need GUILDS; INTERACTION_CREATE
needs no intent.

Shards: an IDENTIFY may name its shard `[id, count]` (none is `[0, 1]`). A guild's events go
to the sessions of its shard, `(guild_id >> 22) % count`, and direct messages to shard 0's;
READY names the session's shard and its guilds, then a GUILD_CREATE comes for each. As on
Discord, every session identified for a shard receives its events: two processes started for
the same shard both get every click (and only one may acknowledge it), and a session whose
connection dropped keeps its events for a RESUME, until a new IDENTIFY for its shard
replaces it (a killed bot never resumes: its events would pile up for nobody).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from bot.tools.fakediscord.world import TOKEN, World, bot_user, shard_of

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    0, 1, 2, 6, 7, 9, 10, 11)
GUILDS, GUILD_MEMBERS, GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 0, 1 << 1, 1 << 9, 1 << 12
AUTHENTICATION_FAILED, INVALID_INTENTS, UNKNOWN_OPCODE, INVALID_SHARD = 4004, 4013, 4001, 4010
REPLAY_LIMIT = 2000  # dispatches kept for a RESUME


class Connection:
    """One websocket; sends are serialised so the zlib stream stays in order."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self.zlib = zlib.compressobj() if compress else None
        self.lock = asyncio.Lock()

    async def send(self, payload: dict[str, Any]) -> None:
        """Sent, or lost with a connection that is closing (a bot killed this instant): as on
        Discord, the event is then not delivered, and an interaction in it fails."""
        text = json.dumps(payload, separators=(",", ":"))
        async with self.lock:
            if self.ws.closed:
                return
            with contextlib.suppress(ConnectionResetError):  # aiohttp's closing transport
                if self.zlib is None:
                    await self.ws.send_str(text)
                else:
                    data = (self.zlib.compress(text.encode())
                            + self.zlib.flush(zlib.Z_SYNC_FLUSH))
                    await self.ws.send_bytes(data)


@dataclass
class Session:
    id: str
    intents: int
    shard: tuple[int, int] = (0, 1)  # (id, count)
    seq: int = 0
    sent: list[dict[str, Any]] = field(default_factory=list)
    connection: Connection | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        payload = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.sent.append(payload)
        del self.sent[:-REPLAY_LIMIT]
        if self.connection is not None:
            await self.connection.send(payload)

    def covers(self, guild_id: int | None) -> bool:
        """Whether this session receives the events of `guild_id` (None: a DM)."""
        shard, count = self.shard
        return shard == (0 if guild_id is None else shard_of(guild_id, count))


class Gateway:
    def __init__(self, world: World, url: Callable[[], str]) -> None:
        self.world = world
        self.url = url
        self.heartbeat_interval_ms = 41_250
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0
        self.compressed: list[bool] = []  # per connection: zlib-stream or not
        self.ready_count = 0
        self.recommended_shards = 1  # what GET /gateway/bot advises
        self.max_concurrency = 1  # shards that may identify in each 5 s (session start limit)
        self._ready = asyncio.Event()

    # -- the websocket ---------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        compress = request.query.get("compress") == "zlib-stream"
        self.compressed.append(compress)
        connection = Connection(ws, compress)
        await connection.send({"op": HELLO, "d": {"heartbeat_interval":
                                                  self.heartbeat_interval_ms}})
        session: Session | None = None
        try:
            async for message in ws:
                if message.type is not WSMsgType.TEXT:
                    break
                payload = json.loads(message.data)
                session = await self._receive(connection, session, payload)
        finally:
            if session is not None and session.connection is connection:
                session.connection = None
        return ws

    async def _receive(self, connection: Connection, session: Session | None,
                       payload: dict[str, Any]) -> Session | None:
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            self.heartbeats += 1
            await connection.send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            session = await self._identify(connection, data or {})
        elif op == RESUME:
            session = await self._resume(connection, data or {})
        elif op in (3, 4, 8):  # presence, voice state, request members: accepted, unused
            pass
        else:
            await connection.ws.close(code=UNKNOWN_OPCODE, message=b"Unknown opcode")
        return session

    async def _identify(self, connection: Connection, data: dict[str, Any]) -> Session | None:
        if data.get("token") != TOKEN:
            await connection.ws.close(code=AUTHENTICATION_FAILED,
                                      message=b"Authentication failed.")
            return None
        if not isinstance(data.get("intents"), int):
            await connection.ws.close(code=INVALID_INTENTS, message=b"Invalid intent(s).")
            return None
        shard = _shard(data.get("shard"))
        if shard is None:
            await connection.ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
            return None
        self.identifies += 1
        for old in [s for s in self.sessions.values() if s.shard == shard and not s.connection]:
            del self.sessions[old.id]
        session = Session(secrets.token_hex(16), data["intents"], shard, connection=connection)
        self.sessions[session.id] = session
        self.current = session
        guilds = [g for g in self.world.guilds if session.covers(g)]
        await session.dispatch("READY", {
            "v": 10, "user": bot_user(),
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "session_id": session.id, "resume_gateway_url": self.url(), "shard": list(shard),
            "application": {"id": str(bot_user()["id"]), "flags": 0},
            "private_channels": [], "relationships": [], "presences": [],
            "geo_ordered_rtc_regions": [], "guild_join_requests": [], "user_settings": {},
        })
        for guild_id in guilds:
            await session.dispatch("GUILD_CREATE", self.world.guild_payload(
                guild_id, with_members=bool(session.intents & GUILD_MEMBERS)))
        self._mark_ready(session)
        return session

    async def _resume(self, connection: Connection, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or data.get("token") != TOKEN:
            await connection.send({"op": INVALID_SESSION, "d": False})
            return None
        self.resumes += 1
        session.connection = connection
        self.current = session
        seq = data.get("seq") or 0
        for payload in [p for p in session.sent if p["s"] > seq]:
            await connection.send(payload)
        await session.dispatch("RESUMED", {})
        self._mark_ready(session)
        return session

    def _mark_ready(self, session: Session) -> None:
        self.ready_count += 1
        session.ready.set()
        self._ready.set()
        self._ready = asyncio.Event()

    async def wait_ready(self, count: int, timeout: float) -> None:
        """Until `count` sessions were made ready (IDENTIFY or RESUME) since the start."""
        async with asyncio.timeout(timeout):
            while self.ready_count < count:
                await self._ready.wait()

    @property
    def connected(self) -> bool:
        return self.current is not None and self.current.connection is not None

    # -- events ----------------------------------------------------------------------------
    async def dispatch(self, event: str, data: dict[str, Any], intent: int | None = None, *,
                       guild_id: int | None = None) -> bool:
        """Send to every session of the shard of `guild_id` (None: a DM, shard 0) whose
        intents allow; whether a connected session was sent it."""
        sent = False
        for session in list(self.sessions.values()):
            if session.covers(guild_id) and (intent is None or session.intents & intent):
                await session.dispatch(event, data)
                sent = sent or session.connection is not None
        return sent

    async def reconnect(self) -> None:
        """Ask the client to reconnect (op 7); it comes back with RESUME."""
        if self.current is not None and self.current.connection is not None:
            await self.current.connection.send({"op": RECONNECT, "d": None})

    async def request_heartbeat(self) -> None:
        if self.current is not None and self.current.connection is not None:
            await self.current.connection.send({"op": HEARTBEAT, "d": self.current.seq})

    async def close(self) -> None:
        for session in self.sessions.values():
            if session.connection is not None:
                await session.connection.ws.close(code=1001)


def _shard(given: Any) -> tuple[int, int] | None:
    """IDENTIFY's `shard` as (id, count); none given is (0, 1); None when it is not a pair
    of whole numbers with 0 <= id < count."""
    if given is None:
        return (0, 1)
    if (isinstance(given, list) and len(given) == 2 and all(isinstance(n, int) for n in given)
            and 0 <= given[0] < given[1]):
        return (given[0], given[1])
    return None
