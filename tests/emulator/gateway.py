"""The gateway: HELLO, IDENTIFY/READY, heartbeats, member chunks, RESUME with replay.

Why a session object outlives the websocket: Discord numbers every dispatch and, when a
connection drops, replays what the client missed after RESUME.  The emulator does the same so a
test can drop the connection at any moment and prove no event is lost.  Events are queued and
written by one writer task per connection, so their order always equals their sequence.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import Emulator

log = logging.getLogger(__name__)

# Opcodes
DISPATCH, HEARTBEAT, IDENTIFY, RESUME, REQUEST_MEMBERS = 0, 1, 2, 6, 8
RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 7, 9, 10, 11

# Intents that gate events the emulator sends
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_MODERATION = 1 << 2
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15
GUILD_PRESENCES = 1 << 8
#: The intents an application must switch on in the Developer Portal (else IDENTIFY is closed
#: with 4014 "Disallowed intent(s)"), and the application flag each sets on an unverified bot.
PRIVILEGED = {GUILD_MEMBERS: 1 << 15, GUILD_PRESENCES: 1 << 13, MESSAGE_CONTENT: 1 << 19}

EVENT_INTENTS = {
    "GUILD_MEMBER_ADD": GUILD_MEMBERS,
    "GUILD_MEMBER_UPDATE": GUILD_MEMBERS,
    "GUILD_MEMBER_REMOVE": GUILD_MEMBERS,
    "GUILD_BAN_ADD": GUILD_MODERATION,
    "GUILD_BAN_REMOVE": GUILD_MODERATION,
    "CHANNEL_CREATE": GUILDS,
    "CHANNEL_UPDATE": GUILDS,
    "CHANNEL_DELETE": GUILDS,
    "THREAD_CREATE": GUILDS,
    "THREAD_UPDATE": GUILDS,
    "THREAD_DELETE": GUILDS,
    "GUILD_ROLE_CREATE": GUILDS,
    "GUILD_ROLE_UPDATE": GUILDS,
    "GUILD_ROLE_DELETE": GUILDS,
}


def shard_of(guild_id: int | None, count: int) -> int:
    """Discord's shard of a guild (``(guild_id >> 22) % count``); DMs are shard 0's."""
    return 0 if guild_id is None else (guild_id >> 22) % count


class Session:
    """One gateway session: its sequence, its log of dispatches, and its live socket."""

    def __init__(self, session_id: str, intents: int, shard: tuple[int, int] = (0, 1)) -> None:
        self.id = session_id
        self.intents = intents
        self.shard = shard  # (shard id, shard count), as IDENTIFY gave it
        self.seq = 0
        self.sent: list[dict[str, Any]] = []  # every dispatch, for replay after RESUME
        self.ws: web.WebSocketResponse | None = None
        self.queue: asyncio.Queue[dict[str, Any] | None] | None = None

    def wants(self, event: str, data: dict[str, Any]) -> bool:
        if event in {"MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE"}:
            need = DIRECT_MESSAGES if data.get("guild_id") is None else GUILD_MESSAGES
            return bool(self.intents & need)
        need = EVENT_INTENTS.get(event)
        return need is None or bool(self.intents & need)

    def push(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
        self.sent.append(frame)
        if self.queue is not None:
            self.queue.put_nowait(frame)


class Gateway:
    """Serves ``ws://host:port/`` and dispatches events to the bot's session(s)."""

    heartbeat_interval_ms = 41250

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None
        self.connections = 0
        self.resumes = 0
        self.identified = asyncio.Event()
        #: Each shard's latest session ((id, count) as identified); one without shards: (0, 1).
        self.by_shard: dict[tuple[int, int], Session] = {}
        #: The shard count ``GET /gateway/bot`` recommends.
        self.recommended_shards = 1
        self._sockets: set[web.WebSocketResponse] = set()

    # -- dispatch from REST handlers and the story API ----------------------------------------
    def dispatch(self, event: str, data: dict[str, Any]) -> None:
        for session in self._targets(event, data):
            self._dispatch_to(session, event, data)

    def _dispatch_to(self, session: Session, event: str, data: dict[str, Any]) -> None:
        if event == "MESSAGE_CREATE" and not self._content_visible(session, data):
            data = dict(data, content="", embeds=[], components=[])
            if data.get("referenced_message"):  # the replied message's content is content too
                data["referenced_message"] = dict(data["referenced_message"], content="", embeds=[], components=[])
            if data.get("message_snapshots"):  # a forward's copy is content too
                data["message_snapshots"] = [
                    {"message": dict(s["message"], content="", embeds=[], components=[], attachments=[])}
                    for s in data["message_snapshots"]
                ]
        if event == "GUILD_CREATE":
            data = self._members_for(session, data, self.emu.members_in_guild_create)
        if session.wants(event, data):
            session.push(event, data)

    def _targets(self, event: str, data: dict[str, Any]) -> list[Session]:
        """The sessions an event goes to: Discord's sharding, a guild's events to the shard
        ``(guild_id >> 22) % count``, the rest (DMs) to shard 0 — each shard's latest session."""
        if not self.by_shard:
            return [] if self.current is None else [self.current]
        guild = data.get("id") if event.startswith("GUILD_") and "guild_id" not in data else data.get("guild_id")
        gid = int(guild) if guild is not None else None
        return [s for s in self.by_shard.values() if shard_of(gid, s.shard[1]) == s.shard[0]]

    def _members_for(self, session: Session, data: dict[str, Any], all_members: bool) -> dict[str, Any]:
        """GUILD_CREATE carries every member only with the GUILD_MEMBERS intent (and for small
        guilds: ``members_in_guild_create=False`` imitates a large one); the bot's own member
        is always there."""
        if all_members and session.intents & GUILD_MEMBERS:
            return data
        bot_id = str(self.emu.world.bot.id)
        return dict(data, members=[m for m in data.get("members", []) if m["user"]["id"] == bot_id])

    def _content_visible(self, session: Session, data: dict[str, Any]) -> bool:
        if session.intents & MESSAGE_CONTENT or data.get("guild_id") is None:
            return True
        bot_id = str(self.emu.world.bot.id)
        if data.get("author", {}).get("id") == bot_id:
            return True
        return any(u.get("id") == bot_id for u in data.get("mentions", []))

    async def drop(self) -> None:
        """Cut the live connection (close code 4000: resumable), keeping the session."""
        session = self.current
        if session is None or session.ws is None:
            return
        ws, session.ws = session.ws, None
        if session.queue is not None:
            session.queue.put_nowait(None)
            session.queue = None
        await ws.close(code=4000, message=b"emulator dropped the connection")

    async def close(self) -> None:
        for ws in list(self._sockets):
            await ws.close(code=1001)

    # -- the websocket handler ----------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        self.connections += 1
        self._sockets.add(ws)
        writer: asyncio.Task[None] | None = None
        session: Session | None = None
        try:
            await ws.send_str(json.dumps({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}}))
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                payload = json.loads(msg.data)
                op, d = payload.get("op"), payload.get("d")
                if op == HEARTBEAT:
                    await ws.send_str(json.dumps({"op": HEARTBEAT_ACK}))
                elif op == IDENTIFY:
                    asked = int(d.get("intents", 0))
                    refused = [i for i in PRIVILEGED if asked & i and i not in self.emu.privileged_intents]
                    if refused:  # Discord: the portal's switch is off for one of them
                        await ws.close(code=4014, message=b"Disallowed intent(s).")
                        break
                    shard = d.get("shard") or [0, 1]
                    session = Session(self.emu.world.new_token(), asked, (int(shard[0]), int(shard[1])))
                    self.sessions[session.id] = session
                    self.by_shard[session.shard] = session
                    writer = self._attach(session, ws)
                    self._ready(session)
                elif op == RESUME:
                    session = self.sessions.get(d.get("session_id"))
                    if session is None:
                        await ws.send_str(json.dumps({"op": INVALID_SESSION, "d": False}))
                        continue
                    self.resumes += 1
                    missed = [f for f in session.sent if f["s"] > (d.get("seq") or 0)]
                    writer = self._attach(session, ws)
                    for frame in missed:
                        session.queue.put_nowait(frame)  # type: ignore[union-attr]
                    session.push("RESUMED", {"_trace": ["emulator"]})
                elif op == REQUEST_MEMBERS:
                    self._chunk(d, session)
                elif op == 3 or op == 4:  # presence / voice state updates: accepted, ignored
                    pass
                else:
                    self.emu.problem(f"gateway: unexpected opcode {op} from the client")
        finally:
            self._sockets.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
                if session.queue is not None:
                    session.queue.put_nowait(None)
                    session.queue = None
            if writer is not None:
                await asyncio.gather(writer, return_exceptions=True)
        return ws

    def _attach(self, session: Session, ws: web.WebSocketResponse) -> asyncio.Task[None]:
        session.ws = ws
        session.queue = queue = asyncio.Queue()
        self.current = session
        return asyncio.create_task(self._write(ws, queue))

    async def _write(self, ws: web.WebSocketResponse, queue: asyncio.Queue) -> None:
        while True:
            frame = await queue.get()
            if frame is None or ws.closed:
                return
            try:
                await ws.send_str(json.dumps(frame))
            except (ConnectionError, RuntimeError):
                return

    def _ready(self, session: Session) -> None:
        world = self.emu.world
        self.identified.set()
        shard_id, count = session.shard
        guilds = [g for g in world.guilds if shard_of(g, count) == shard_id]
        session.push(
            "READY",
            {
                "v": 10,
                "user": world.bot.to_json() | {"verified": True, "mfa_enabled": False},
                "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
                "session_id": session.id,
                "session_type": "normal",
                "resume_gateway_url": self.emu.gateway_url,
                "application": {"id": str(world.bot.id), "flags": 0},
                "shard": [shard_id, count],
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "guild_join_requests": [],
                "user_settings": {},
                "geo_ordered_rtc_regions": [],
                "_trace": ["emulator"],
            },
        )
        for guild in (world.guilds[g] for g in guilds):
            data = self._members_for(session, guild.to_json(), self.emu.members_in_guild_create)
            session.push("GUILD_CREATE", data)

    def _chunk(self, d: dict[str, Any], asking: Session | None = None) -> None:
        guild = self.emu.world.guilds.get(int(d["guild_id"]))
        if guild is None:
            return
        members = list(guild.members.values())
        not_found: list[str] = []
        if d.get("user_ids"):
            wanted = [int(u) for u in d["user_ids"]]
            members = [guild.members[u] for u in wanted if u in guild.members]
            not_found = [str(u) for u in wanted if u not in guild.members]
        elif d.get("query"):
            q = d["query"].lower()
            members = [m for m in members if m.user.username.lower().startswith(q)]
        limit = d.get("limit") or 0
        if limit:
            members = members[:limit]
        data = {
            "guild_id": str(guild.id),
            "members": [m.to_json() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": not_found,
        }
        if d.get("nonce") is not None:
            data["nonce"] = d["nonce"]
        target = asking or self.current  # the session that asked (its shard has the guild)
        if target is not None:
            target.push("GUILD_MEMBERS_CHUNK", data)
