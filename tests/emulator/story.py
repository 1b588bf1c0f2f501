"""The test-facing API: guilds, members and channels that act and are read like a story.

    guild = emu.make_guild(members=["alice", {"name": "boris", "locale": "ru", "roles": ["Host"]}])
    alice = guild.member("alice")
    h = await alice.run("/mafia join", locale="ru")
    reply = await h.reply()
    assert reply.ephemeral and "joined" in reply.text

Why a separate layer: end-to-end tests should say what users do ("boris runs /mafia vote",
"alice clicks the button") and what they see (their DMs, ephemerals, a channel's messages),
not build gateway payloads.  Every action goes through the same gateway/REST path as on Discord,
so what the bot answers here is what it would answer there.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from . import interactions as I
from . import permissions as P
from .commands import build_command_data, message_menu_data, resolve_ids
from .rules import stored_channel_name
from .state import (
    DM,
    GUILD_CATEGORY,
    GUILD_TEXT,
    GUILD_VOICE,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    User,
)
from .views import InteractionHandle, MessageView, ModalView, Refused, wait_until

if TYPE_CHECKING:
    from .server import Emulator

__all__ = [
    "ChannelHandle", "GuildHandle", "InteractionHandle", "MemberHandle", "MessageView", "ModalView",
    "Refused", "make_guild", "wait_until",
]

#: What a bot may do in its DM with a user (interaction ``app_permissions`` there).
DM_APP_PERMISSIONS = P.VIEW_CHANNEL | P.SEND_MESSAGES | P.EMBED_LINKS | P.ATTACH_FILES | P.READ_MESSAGE_HISTORY | P.ADD_REACTIONS

CHANNEL_TYPES = {"text": GUILD_TEXT, "voice": GUILD_VOICE, "category": GUILD_CATEGORY}

#: What the bot's managed role gets unless ``make_guild(bot_permissions=...)`` says otherwise:
#: what a game + moderation bot asks for in its invite, deliberately NOT Administrator so that
#: permission mistakes show up in tests.
DEFAULT_BOT_PERMISSIONS = (
    P.VIEW_CHANNEL | P.SEND_MESSAGES | P.EMBED_LINKS | P.ATTACH_FILES | P.READ_MESSAGE_HISTORY
    | P.ADD_REACTIONS | P.MANAGE_MESSAGES | P.MANAGE_CHANNELS | P.MANAGE_ROLES | P.MANAGE_WEBHOOKS
    | P.MANAGE_THREADS | P.CREATE_PUBLIC_THREADS | P.CREATE_PRIVATE_THREADS
    | P.SEND_MESSAGES_IN_THREADS | P.MODERATE_MEMBERS | P.KICK_MEMBERS | P.BAN_MEMBERS
    | P.MANAGE_NICKNAMES | P.CHANGE_NICKNAME | P.USE_APPLICATION_COMMANDS
)


# -- actors -------------------------------------------------------------------------------------


class ChannelHandle:
    def __init__(self, emu: Emulator, channel: Channel) -> None:
        self._emu, self.raw = emu, channel

    id = property(lambda self: self.raw.id)
    name = property(lambda self: self.raw.name)
    type = property(lambda self: self.raw.type)
    topic = property(lambda self: self.raw.topic)

    @property
    def exists(self) -> bool:
        return self.raw.id in self._emu.world.channels

    @property
    def category(self) -> str | None:
        parent = self._emu.world.channels.get(self.raw.parent_id) if self.raw.parent_id else None
        return parent.name if parent else None

    @property
    def messages(self) -> list[MessageView]:
        """Messages everyone with access sees (not ephemeral, not deleted), oldest first."""
        return [MessageView(self._emu, m) for m in self.raw.messages if not m.deleted and m.visible_to is None]

    @property
    def last_message(self) -> MessageView | None:
        msgs = self.messages
        return msgs[-1] if msgs else None

    async def wait_for_message(self, pred: Callable[[MessageView], bool] = lambda m: True, within: float = 2.0) -> MessageView:
        def find() -> MessageView | None:
            return next((m for m in self.messages if pred(m)), None)
        return await wait_until(find, within, f"a message in #{self.name}")

    def overwrite(self, target: MemberHandle | Role | int) -> P.Overwrite | None:
        oid = target if isinstance(target, int) else target.id
        return self.raw.overwrites.get(oid)

    def __repr__(self) -> str:
        return f"<Channel #{self.name} {self.id}>"


class MemberHandle:
    """A simulated user in a guild (or the bot itself, read-only)."""

    def __init__(self, emu: Emulator, guild: Guild, user: User) -> None:
        self._emu, self.guild, self.user = emu, guild, user

    id = property(lambda self: self.user.id)
    name = property(lambda self: self.user.username)

    @property
    def member(self) -> Member:
        m = self.guild.members.get(self.user.id)
        if m is None:
            raise LookupError(f"{self.name} is not a member of {self.guild.name}")
        return m

    @property
    def present(self) -> bool:
        return self.user.id in self.guild.members

    @property
    def locale(self) -> str:
        return self.user.locale

    @property
    def nick(self) -> str | None:
        return self.member.nick

    @property
    def roles(self) -> list[str]:
        return [self.guild.roles[r].name for r in self.member.roles if r in self.guild.roles]

    def has_role(self, name: str) -> bool:
        return name in self.roles

    @property
    def timed_out(self) -> bool:
        return self.member.timed_out()

    @property
    def timeout_until(self):
        return self.member.timeout_until if self.member.timed_out() else None

    @property
    def banned(self) -> bool:
        return self.user.id in self.guild.bans

    @property
    def dms(self) -> list[MessageView]:
        """What the bot sent this user in DMs, oldest first."""
        cid = self._emu.world.dm_channels.get(self.user.id)
        if cid is None:
            return []
        bot_id = self._emu.world.bot.id
        return [MessageView(self._emu, m) for m in self._emu.world.channels[cid].messages
                if not m.deleted and m.author_id == bot_id and m.visible_to is None]

    async def wait_for_dm(self, pred: Callable[[MessageView], bool] = lambda m: True, within: float = 2.0) -> MessageView:
        """The first DM from the bot matching ``pred`` (waits for it)."""
        def find() -> MessageView | None:
            return next((m for m in self.dms if pred(m)), None)
        return await wait_until(find, within, f"a DM to {self.name}")

    @property
    def ephemerals(self) -> list[MessageView]:
        """Every ephemeral message only this user saw, oldest first."""
        out = []
        for ch in self._emu.world.channels.values():
            out += [m for m in ch.messages if m.visible_to == self.user.id and not m.deleted]
        return [MessageView(self._emu, m) for m in sorted(out, key=lambda m: m.id)]

    def permissions(self, channel: ChannelHandle | None = None) -> int:
        return self._emu.world.permissions(self.guild, self.user.id, channel.raw if channel else None)

    def can(self, perm: int, channel: ChannelHandle | None = None) -> bool:
        return self.permissions(channel) & perm == perm

    # -- interactions -----------------------------------------------------------------------
    def _channel(self, channel: ChannelHandle | None, in_dm: bool = False) -> Channel:
        if in_dm:
            return self._emu.world.dm_channel(self.user)
        if channel is not None:
            return channel.raw
        for ch in self.guild.channels.values():
            if ch.type == GUILD_TEXT:
                return ch
        raise LookupError("the guild has no text channel to run commands in")

    def _start(self, kind: int, data: dict[str, Any], channel: Channel, locale: str | None,
               label: str, message: Message | None = None) -> InteractionHandle:
        emu, world = self._emu, self._emu.world
        iid, token = world.ids.next(), f"itoken-{world.new_token()}"
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(world.bot.id),
            "type": kind,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel.to_json(),
            "token": token,
            "version": 1,
            "locale": locale or self.user.locale,
            "entitlements": [],
            "attachment_size_limit": 26214400,
        }
        if channel.type == DM:  # a command used in the bot's DM: no guild, ``user`` not ``member``
            payload.update(user=self.user.to_json(), context=1, app_permissions=str(DM_APP_PERMISSIONS),
                           authorizing_integration_owners={"0": str(self.guild.id)})
        else:
            perms = world.permissions(self.guild, self.user.id, channel)
            if not perms & P.VIEW_CHANNEL:
                raise Refused(403, 50001, f"{self.name} cannot see #{channel.name}")
            if not perms & P.USE_APPLICATION_COMMANDS:
                raise Refused(403, 50013, f"{self.name} may not use application commands in #{channel.name}")
            payload.update(
                guild_id=str(self.guild.id),
                member=self.member.to_json() | {"permissions": str(perms)},
                guild_locale=self.guild.locale,
                app_permissions=str(world.permissions(self.guild, world.bot.id, channel)),
                authorizing_integration_owners={"0": str(self.guild.id)},
                context=0,
            )
        if message is not None:
            payload["message"] = message.to_json()
        record = I.InteractionRecord(
            id=iid, token=token, type=kind, user_id=self.user.id,
            guild_id=None if channel.type == DM else self.guild.id,
            channel_id=channel.id, label=f"{self.name}: {label}", payload=payload,
            source_message_id=message.id if message is not None else None,
            created=emu.clock.monotonic(),
        )
        emu.interactions[token] = record
        record.timer = asyncio.get_running_loop().call_later(emu.interaction_deadline, self._late, record)
        emu.dispatch("INTERACTION_CREATE", payload)
        return InteractionHandle(emu, record)

    def _late(self, record: I.InteractionRecord) -> None:
        if not record.acked and not record.reported:
            record.reported = True
            self._emu.problem(f"interaction {record.label!r} not acknowledged within {self._emu.interaction_deadline}s")

    async def run(self, command: str, options: dict[str, Any] | None = None, *, locale: str | None = None,
                  in_channel: ChannelHandle | None = None, in_dm: bool = False, **kw: Any) -> InteractionHandle:
        """Run a slash command as this member: ``await alice.run("/mafia vote", target=boris)``.

        Options are keyword arguments (or ``options={...}`` for names that are not identifiers);
        ``in_channel`` defaults to the guild's first text channel, ``in_dm=True`` runs it in the
        user's DM with the bot; ``locale`` defaults to the user's."""
        values = dict(options or {}, **kw)
        channel = self._channel(in_channel, in_dm)
        data = build_command_data(self._emu, self, command, values, channel, focused=None)
        handle = self._start(I.APPLICATION_COMMAND, data, channel, locale, command)
        await asyncio.sleep(0)
        return handle

    async def autocomplete(self, command: str, option: str, typed: str = "", options: dict[str, Any] | None = None,
                           *, locale: str | None = None, in_channel: ChannelHandle | None = None,
                           in_dm: bool = False, within: float = 2.0, **kw: Any) -> list[dict[str, Any]]:
        """Type ``typed`` into ``option`` of ``command``; returns the bot's choices."""
        values = dict(options or {}, **kw)
        values[option] = typed
        channel = self._channel(in_channel, in_dm)
        data = build_command_data(self._emu, self, command, values, channel, focused=option)
        handle = self._start(I.AUTOCOMPLETE, data, channel, locale, f"{command} (autocomplete {option})")
        return await handle.choices(within)

    async def use_message_menu(self, name: str, message: MessageView, *, locale: str | None = None) -> InteractionHandle:
        """Right-click ``message`` → Apps → ``name`` (a message context menu command)."""
        self._visible(message)
        channel = self._message_channel(message)
        data = message_menu_data(self._emu, self, name, message.raw, channel)
        handle = self._start(I.APPLICATION_COMMAND, data, channel, locale, f"menu {name}")
        await asyncio.sleep(0)
        return handle

    def _message_channel(self, message: MessageView) -> Channel:
        return self._emu.world.channels[message.raw.channel_id]

    async def click(self, message: MessageView, custom_id: str, *, locale: str | None = None) -> InteractionHandle:
        """Click a button of ``message`` (refused if it does not exist or is disabled)."""
        comp = message.component(custom_id)
        if comp.get("type") != 2:
            raise LookupError(f"{custom_id!r} is not a button")
        if comp.get("disabled"):
            raise Refused(400, 0, f"button {custom_id!r} is disabled")
        self._visible(message)
        data = {"custom_id": custom_id, "component_type": 2}
        handle = self._start(I.MESSAGE_COMPONENT, data, self._message_channel(message), locale, f"click {custom_id}", message.raw)
        await asyncio.sleep(0)
        return handle

    async def select(self, message: MessageView, custom_id: str, values: list[Any], *, locale: str | None = None) -> InteractionHandle:
        """Choose ``values`` in a select menu of ``message``."""
        comp = message.component(custom_id)
        kind = comp.get("type")
        if kind not in (3, 5, 6, 7, 8):
            raise LookupError(f"{custom_id!r} is not a select menu")
        if comp.get("disabled"):
            raise Refused(400, 0, f"select {custom_id!r} is disabled")
        self._visible(message)
        if kind == 3:
            allowed = {o["value"] for o in comp.get("options", [])}
            bad = [v for v in values if v not in allowed]
            if bad:
                raise ValueError(f"{bad} are not options of {custom_id!r} ({sorted(allowed)})")
        n_min, n_max = comp.get("min_values", 1), comp.get("max_values", 1)
        if not n_min <= len(values) <= n_max:
            raise ValueError(f"{custom_id!r} takes {n_min}..{n_max} values, got {len(values)}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind, "values": [str(getattr(v, "id", v)) for v in values]}
        if kind != 3:
            data["resolved"] = resolve_ids(self._emu, self.guild, [getattr(v, "id", v) for v in values])
        handle = self._start(I.MESSAGE_COMPONENT, data, self._message_channel(message), locale, f"select {custom_id}", message.raw)
        await asyncio.sleep(0)
        return handle

    async def forge(self, message: MessageView, custom_id: str, values: list[Any] | None = None, *,
                    component_type: int | None = None, locale: str | None = None) -> InteractionHandle:
        """Send a component interaction from ``message`` with any ``custom_id`` (a modified
        client's, or a component of an older version of the message): unlike :meth:`click` and
        :meth:`select`, nothing is checked against the message's components. ``values`` makes
        it a string select's (type 3), else a button press (type 2)."""
        self._visible(message)
        kind = component_type or (3 if values is not None else 2)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if values is not None:
            data["values"] = [str(v) for v in values]
        channel = self._message_channel(message)
        handle = self._start(I.MESSAGE_COMPONENT, data, channel, locale, f"forged {custom_id}", message.raw)
        await asyncio.sleep(0)
        return handle

    async def submit_modal(self, opened: InteractionHandle | ModalView, values: dict[str, str], *,
                           locale: str | None = None) -> InteractionHandle:
        """Fill and submit the modal the bot opened: ``values`` maps text input custom_id → text."""
        modal = opened if isinstance(opened, ModalView) else await opened.modal()
        known = {f["custom_id"]: f for f in modal.fields}
        unknown = set(values) - set(known)
        if unknown:
            raise LookupError(f"modal {modal.custom_id!r} has no inputs {sorted(unknown)}; it has {sorted(known)}")
        rows = []
        for row in modal.data.get("components", []):
            if row.get("type") == 18 and row.get("component", {}).get("type") == 4:  # label
                c = row["component"]
                rows.append({"type": 18, "component": {"type": 4, "custom_id": c["custom_id"], "value": values.get(c["custom_id"], c.get("value") or "")}})
                continue
            comps = [{"type": 4, "custom_id": c["custom_id"], "value": values.get(c["custom_id"], c.get("value") or "")}
                     for c in row.get("components", []) if c.get("type") == 4]
            rows.append({"type": 1, "components": comps})
        for cid, f in known.items():
            if f.get("required", True) and not (values.get(cid) or f.get("value")):
                raise ValueError(f"modal input {cid!r} is required")
        source = None
        channel = self._channel(None)
        if isinstance(opened, InteractionHandle):
            channel = self._emu.world.channels[opened.record.channel_id]
            if opened.record.source_message_id:
                source = next((m for m in channel.messages if m.id == opened.record.source_message_id), None)
        data = {"custom_id": modal.custom_id, "components": rows}
        handle = self._start(I.MODAL_SUBMIT, data, channel, locale, f"submit {modal.custom_id}", source)
        await asyncio.sleep(0)
        return handle

    def _visible(self, message: MessageView) -> None:
        if message.raw.visible_to not in (None, self.user.id):
            raise Refused(404, 10008, f"{self.name} cannot see that ephemeral message")

    # -- plain user actions -----------------------------------------------------------------
    async def post(
        self, channel: ChannelHandle, content: str, *, reply_to: MessageView | None = None, ping: bool = True
    ) -> MessageView:
        """Post a message as this member; raises Refused(403, 50013) where he may not.

        ``<@id>`` in ``content`` mentions that user, as Discord parses it (his user object in
        ``mentions``, with his member in a guild). ``reply_to``: a reply (type 19) to a message of
        the same channel; Discord sends the replied message along (``referenced_message``) and,
        with ``ping`` (the client's default), mentions its author too."""
        emu, world = self._emu, self._emu.world
        ch = channel.raw
        need = P.VIEW_CHANNEL | (P.SEND_MESSAGES_IN_THREADS if ch.is_thread else P.SEND_MESSAGES)
        perms = world.permissions(self.guild, self.user.id, ch)
        if perms & need != need:
            raise Refused(403, 50013, f"Missing Permissions: {self.name} cannot post in #{ch.name}")
        if ch.is_thread and ch.locked and not perms & P.MANAGE_THREADS:
            raise Refused(403, 50013, f"Missing Permissions: #{ch.name} is locked (needs MANAGE_THREADS)")
        if reply_to is not None and (reply_to.raw.channel_id != ch.id or reply_to.raw.deleted):
            raise Refused(400, 50035, "Invalid Form Body: message_reference: Unknown message")
        ch.archived = False  # Discord: a post in an archived, unlocked thread unarchives it
        if len(content) > 2000:
            raise Refused(400, 50035, "content longer than 2000 characters")
        msg = Message(id=world.ids.next(), channel_id=ch.id, author=self.user.to_json(), content=content, guild_id=self.guild.id)
        mentioned = [int(i) for i in re.findall(r"<@!?(\d+)>", content)]
        if reply_to is not None:
            msg.replied_to = reply_to.raw
            msg.message_reference = {"type": 0, "message_id": str(reply_to.raw.id), "channel_id": str(ch.id), "guild_id": str(self.guild.id)}
            if ping:
                mentioned.append(reply_to.raw.author_id)
        msg.mentions = [self._mention(i) for i in dict.fromkeys(mentioned) if i in world.users]
        ch.messages.append(msg)
        data = msg.to_json() | {"guild_id": str(self.guild.id), "member": self.member.to_json(with_user=False)}
        emu.dispatch("MESSAGE_CREATE", data)
        await asyncio.sleep(0)
        return MessageView(emu, msg)

    def _mention(self, user_id: int) -> dict[str, Any]:
        """A mentioned user as Discord sends it in a guild message: his user, his member."""
        user = self._emu.world.users[user_id].to_json()
        member = self.guild.members.get(user_id)
        return user | ({"member": member.to_json(with_user=False)} if member is not None else {})

    async def forward(self, message: MessageView, channel: ChannelHandle) -> MessageView:
        """Forward ``message`` (a DM from the bot, a channel's post) into ``channel``."""
        from .forwards import forward

        return await forward(self._emu, self.guild, self.user, message.raw, channel.raw)

    async def dm_bot(self, content: str) -> MessageView:
        """Write to the bot in DMs (MESSAGE_CREATE without guild_id)."""
        emu, world = self._emu, self._emu.world
        ch = world.dm_channel(self.user)
        msg = Message(id=world.ids.next(), channel_id=ch.id, author=self.user.to_json(), content=content)
        ch.messages.append(msg)
        emu.dispatch("MESSAGE_CREATE", msg.to_json())
        await asyncio.sleep(0)
        return MessageView(emu, msg)

    async def change_nick(self, nick: str | None) -> None:
        if not self.can(P.CHANGE_NICKNAME):
            raise Refused(403, 50013, f"{self.name} may not change his nickname")
        self.member.nick = nick
        self._emu.dispatch("GUILD_MEMBER_UPDATE", self.member.to_json() | {"guild_id": str(self.guild.id)})
        await asyncio.sleep(0)

    async def leave(self) -> None:
        self.guild.part(self.user.id)
        self._emu.dispatch("GUILD_MEMBER_REMOVE", {"guild_id": str(self.guild.id), "user": self.user.to_json()})
        await asyncio.sleep(0)

    def __repr__(self) -> str:
        return f"<Member {self.name} {self.id}>"


# -- building a guild ---------------------------------------------------------------------------


class GuildHandle:
    def __init__(self, emu: Emulator, guild: Guild) -> None:
        self._emu, self.raw = emu, guild

    id = property(lambda self: self.raw.id)
    name = property(lambda self: self.raw.name)

    def member(self, name: str) -> MemberHandle:
        for m in self.raw.members.values():
            if m.user.username == name:
                return MemberHandle(self._emu, self.raw, m.user)
        for u in self._emu.world.users.values():  # former members (left, kicked, banned)
            if u.username == name:
                return MemberHandle(self._emu, self.raw, u)
        raise LookupError(f"no member {name!r}")

    @property
    def members(self) -> list[MemberHandle]:
        return [MemberHandle(self._emu, self.raw, m.user) for m in self.raw.members.values() if not m.user.bot]

    @property
    def bot(self) -> MemberHandle:
        return MemberHandle(self._emu, self.raw, self._emu.world.bot)

    @property
    def owner(self) -> MemberHandle:
        return MemberHandle(self._emu, self.raw, self._emu.world.users[self.raw.owner_id])

    def channel(self, name: str) -> ChannelHandle:
        found = [c for c in self.raw.channels.values() if c.name == name]
        if not found:
            raise LookupError(f"no channel {name!r}; channels: {[c.name for c in self.raw.channels.values()]}")
        return ChannelHandle(self._emu, found[-1])

    def has_channel(self, name: str) -> bool:
        return any(c.name == name for c in self.raw.channels.values())

    @property
    def channels(self) -> list[ChannelHandle]:
        return [ChannelHandle(self._emu, c) for c in self.raw.channels.values()]

    def role(self, name: str) -> Role:
        for r in self.raw.roles.values():
            if r.name == name:
                return r
        raise LookupError(f"no role {name!r}; roles: {[r.name for r in self.raw.roles.values()]}")

    def has_role(self, name: str) -> bool:
        return any(r.name == name for r in self.raw.roles.values())

    # -- what a game left behind ----------------------------------------------------------------
    def snapshot(self) -> frozenset[int]:
        """The ids of the roles and channels (threads included) that exist now."""
        return frozenset(self.raw.roles) | frozenset(self.raw.channels)

    def left_behind(self, before: frozenset[int]) -> dict[str, list[str]]:
        """Roles and channels made since ``snapshot()`` that still exist: after a finished game
        that cleaned up, ``{"roles": [], "channels": []}``."""
        return {
            "roles": sorted(r.name for r in self.raw.roles.values() if r.id not in before),
            "channels": sorted(str(c.name) for c in self.raw.channels.values() if c.id not in before),
        }

    # -- changes made "by a server admin" (not by the bot), announced on the gateway -----------
    def add_role(self, name: str, permissions: int = 0, *, above_bot: bool = False, **kw: Any) -> Role:
        world, guild = self._emu.world, self.raw
        bot_role = next((r for r in guild.roles.values() if r.bot_id == world.bot.id), None)
        if above_bot or bot_role is None:
            position = max(r.position for r in guild.roles.values()) + 1
        else:
            position = bot_role.position
            bot_role.position += 1
            for r in guild.roles.values():
                if r.position > position and r is not bot_role:
                    r.position += 1
        role = Role(id=world.ids.next(), guild_id=guild.id, name=name, permissions=permissions, position=position, **kw)
        guild.roles[role.id] = role
        self._emu.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.to_json()})
        return role

    def add_member(self, name: str, *, locale: str = "en-US", roles: Iterable[str] = (), nick: str | None = None,
                   dms_closed: bool = False, bot: bool = False) -> MemberHandle:
        world, guild = self._emu.world, self.raw
        user = world.add_user(name, locale=locale, dms_closed=dms_closed, bot=bot)
        role_ids = [(self.role(r) if self.has_role(r) else self.add_role(r)).id for r in roles]
        guild.members[user.id] = Member(user=user, guild_id=guild.id, roles=role_ids, nick=nick)
        self._emu.dispatch("GUILD_MEMBER_ADD", guild.members[user.id].to_json() | {"guild_id": str(guild.id)})
        return MemberHandle(self._emu, guild, user)

    def join(self, member: MemberHandle) -> MemberHandle:
        """A user who is already on another server joins this one (one account, two servers)."""
        guild, user = self.raw, member.user
        if user.id not in guild.members:
            kept = guild.kept_timeouts.pop(user.id, None)
            guild.members[user.id] = Member(user=user, guild_id=guild.id, roles=[], timeout_until=kept)
            self._emu.dispatch("GUILD_MEMBER_ADD", guild.members[user.id].to_json() | {"guild_id": str(guild.id)})
        return MemberHandle(self._emu, guild, user)

    def allow_command(self, command: str, role: str, allowed: bool = True) -> None:
        """An admin opens (or closes) a slash command to a role in Server Settings →
        Integrations: Discord's client then offers it to the role's members whatever the
        command's default_member_permissions."""
        self.raw.command_overrides.setdefault(command, {})[self.role(role).id] = allowed

    def give_role(self, member: MemberHandle, role: str) -> None:
        """A server admin gives ``member`` the role (GUILD_MEMBER_UPDATE reaches the bot)."""
        rid = self.role(role).id
        if rid not in member.member.roles:
            member.member.roles.append(rid)
            self._emu.dispatch("GUILD_MEMBER_UPDATE", member.member.to_json() | {"guild_id": str(self.id)})

    def take_role(self, member: MemberHandle, role: str) -> None:
        """A server admin takes the role from ``member``."""
        rid = self.role(role).id
        if rid in member.member.roles:
            member.member.roles.remove(rid)
            self._emu.dispatch("GUILD_MEMBER_UPDATE", member.member.to_json() | {"guild_id": str(self.id)})

    def add_channel(self, name: str, *, type: str | int = "text", category: str | None = None,
                    overwrites: dict[Any, tuple[int, int]] | None = None, topic: str | None = None) -> ChannelHandle:
        """``overwrites`` maps "@everyone", a role name, a Role, a MemberHandle → (allow, deny)."""
        world, guild = self._emu.world, self.raw
        kind = CHANNEL_TYPES[type] if isinstance(type, str) else type
        parent = self.channel(category).raw if category else None
        ows: dict[int, P.Overwrite] = {}
        for target, (allow, deny) in (overwrites or {}).items():
            if target == "@everyone":
                oid, otype = guild.id, 0
            elif isinstance(target, str):
                oid, otype = self.role(target).id, 0
            elif isinstance(target, MemberHandle):
                oid, otype = target.id, 1
            else:
                oid, otype = target.id, 0
            ows[oid] = P.Overwrite(oid, otype, allow, deny)
        if not ows and parent is not None:
            ows = dict(parent.overwrites)
        channel = Channel(id=world.ids.next(), type=kind, name=stored_channel_name(name, kind), guild_id=guild.id, position=len(guild.channels),
                          parent_id=parent.id if parent else None, overwrites=ows, topic=topic)
        guild.channels[channel.id] = channel
        world.channels[channel.id] = channel
        self._emu.dispatch("CHANNEL_CREATE", channel.to_json())
        return ChannelHandle(self._emu, channel)

    def __repr__(self) -> str:
        return f"<Guild {self.name} {self.id}>"


def make_guild(
    emu: Emulator,
    *,
    name: str = "Test Server",
    members: Iterable[str | dict[str, Any]] = (),
    roles: Iterable[str | dict[str, Any]] = (),
    channels: Iterable[str | dict[str, Any]] = ("general",),
    owner: str | None = None,
    locale: str = "en-US",
    everyone_permissions: int = P.DEFAULT_EVERYONE,
    bot_permissions: int = DEFAULT_BOT_PERMISSIONS,
) -> GuildHandle:
    """A guild with the bot in it.

    ``members``: names or dicts ``{"name", "locale", "roles": [names], "nick", "dms_closed"}``.
    ``roles``: names or dicts ``{"name", "permissions", "above_bot": bool, "color", ...}``, lowest
    first; unknown role names used by members are created without permissions.  The bot's own
    managed role sits above them unless a role says ``above_bot``.  ``owner``: the name of a
    member who owns the guild; by default a separate member "owner" is created.
    ``channels``: names or dicts ``{"name", "type": "text"|"category"|"voice", "category",
    "overwrites": {"@everyone" | role name | MemberHandle: (allow, deny)}, "topic"}``.
    """
    world = emu.world
    guild = Guild(id=world.ids.next(), name=name, owner_id=0, locale=locale)
    guild.roles[guild.id] = Role(id=guild.id, guild_id=guild.id, name="@everyone", permissions=everyone_permissions)
    world.guilds[guild.id] = guild
    handle = GuildHandle(emu, guild)
    # Not announced one by one: the whole guild goes out in GUILD_CREATE below.
    live = emu.gateway.current
    emu.gateway.current = None
    try:
        bot_role = Role(id=world.ids.next(), guild_id=guild.id, name=world.bot.username, permissions=bot_permissions,
                        position=1, managed=True, bot_id=world.bot.id)
        guild.roles[bot_role.id] = bot_role
        guild.members[world.bot.id] = Member(user=world.bot, guild_id=guild.id, roles=[bot_role.id])
        for spec in roles:
            spec = {"name": spec} if isinstance(spec, str) else dict(spec)
            handle.add_role(spec.pop("name"), spec.pop("permissions", 0), above_bot=spec.pop("above_bot", False), **spec)
        if owner is None:
            guild.owner_id = handle.add_member("owner").id
        for spec in members:
            spec = {"name": spec} if isinstance(spec, str) else dict(spec)
            m = handle.add_member(spec.pop("name"), **spec)
            if owner == m.name:
                guild.owner_id = m.id
        if not guild.owner_id:
            raise LookupError(f"owner {owner!r} is not among the members")
        for spec in channels:
            spec = {"name": spec} if isinstance(spec, str) else dict(spec)
            handle.add_channel(spec.pop("name"), **spec)
    finally:
        emu.gateway.current = live
    emu.dispatch("GUILD_CREATE", guild.to_json())
    return handle
