"""The emulator's in-memory Discord: users, guilds, roles, members, channels, messages.

Plain dataclasses plus the JSON shapes Discord sends for them.  REST handlers mutate this state
and then announce the change on the gateway, as Discord does; the story API reads it back so
tests can assert on what the bot really did (who sees which channel, which DMs were sent, ...).
"""

from __future__ import annotations

import datetime as dt
import itertools
import secrets
from dataclasses import dataclass, field
from typing import Any

from . import permissions as P
from .clock import EmuClock

DISCORD_EPOCH_MS = 1420070400000

# Channel types
GUILD_TEXT, DM, GUILD_VOICE, GUILD_CATEGORY, GUILD_ANNOUNCEMENT = 0, 1, 2, 4, 5
PUBLIC_THREAD, PRIVATE_THREAD, GUILD_FORUM = 11, 12, 15
THREAD_TYPES = {10, PUBLIC_THREAD, PRIVATE_THREAD}

EPHEMERAL = 1 << 6
LOADING = 1 << 7


def iso(moment: dt.datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


#: The clock of the emulator whose world was made last.  Why module-level: timestamps and
#: timeouts are read deep inside the JSON shapes below (``Member.to_json``), which have no world
#: at hand, and a test runs one emulator at a time.
_clock = EmuClock()


def now() -> dt.datetime:
    """The current instant on the emulator's clock (``tests/emulator/clock.py``)."""
    return _clock.now()


def snowflake_time(snowflake: int) -> dt.datetime:
    """When a snowflake was made (Discord's epoch + its top 42 bits in milliseconds)."""
    return dt.datetime.fromtimestamp(((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000, dt.UTC)


class Snowflakes:
    """Real-looking snowflakes made from the emulator's clock, so discord.py's ``created_at``
    (of an interaction: when the user acted) follows the time a test sets."""

    def __init__(self, clock: EmuClock) -> None:
        self._clock = clock
        self._counter = itertools.count()
        self._last = 0

    def next(self) -> int:
        ms = int(self._clock.time() * 1000) - DISCORD_EPOCH_MS
        flake = (ms << 22) | (next(self._counter) & 0x3FFFFF)
        self._last = flake = max(flake, self._last + 1)  # strictly increasing, as Discord's
        return flake


@dataclass
class User:
    id: int
    username: str
    bot: bool = False
    locale: str = "en-US"
    dms_closed: bool = False
    global_name: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "flags": 0,
            "public_flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "collectibles": None,
            "primary_guild": None,
        }


@dataclass
class Role:
    id: int
    guild_id: int
    name: str
    permissions: int = 0
    position: int = 0
    color: int = 0
    hoist: bool = False
    mentionable: bool = False
    managed: bool = False
    bot_id: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "color": self.color,
            "colors": {"primary_color": self.color, "secondary_color": None, "tertiary_color": None},
            "hoist": self.hoist,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": self.mentionable,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass
class Member:
    user: User
    guild_id: int
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: dt.datetime = field(default_factory=now)
    timeout_until: dt.datetime | None = None

    def timed_out(self) -> bool:
        return self.timeout_until is not None and self.timeout_until > now()

    def to_json(self, *, with_user: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": iso(self.timeout_until) if self.timed_out() else None,
        }
        if with_user:
            data["user"] = self.user.to_json()
        return data


@dataclass
class Channel:
    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    position: int = 0
    parent_id: int | None = None
    topic: str | None = None
    nsfw: bool = False
    rate_limit_per_user: int = 0
    overwrites: dict[int, P.Overwrite] = field(default_factory=dict)
    recipients: list[User] = field(default_factory=list)
    # threads
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    thread_members: set[int] = field(default_factory=set)
    messages: list[Message] = field(default_factory=list)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": str(self.id), "type": self.type, "flags": 0}
        last = next((m for m in reversed(self.messages) if not m.deleted), None)
        data["last_message_id"] = str(last.id) if last else None
        if self.type == DM:
            data["recipients"] = [u.to_json() for u in self.recipients]
            return data
        data.update(
            guild_id=str(self.guild_id),
            name=self.name,
            position=self.position,
            parent_id=str(self.parent_id) if self.parent_id else None,
            nsfw=self.nsfw,
            rate_limit_per_user=self.rate_limit_per_user,
        )
        if self.is_thread:
            data.update(
                owner_id=str(self.owner_id),
                member_count=len(self.thread_members),
                message_count=len(self.messages),
                total_message_sent=len(self.messages),
                thread_metadata={
                    "archived": self.archived,
                    "locked": self.locked,
                    "invitable": self.invitable,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": iso(now()),
                    "create_timestamp": iso(now()),
                },
            )
        else:
            data["permission_overwrites"] = [
                {"id": str(o.id), "type": o.type, "allow": str(o.allow), "deny": str(o.deny)}
                for o in self.overwrites.values()
            ]
            if self.type in (GUILD_VOICE, 13):  # voice and stage channels
                data.update(bitrate=64000, user_limit=0, rtc_region=None)
            elif self.type != GUILD_CATEGORY:
                data["topic"] = self.topic
        return data


@dataclass
class Attachment:
    """A file uploaded with a message (or given as a command's attachment option), kept so the
    bot can download it from ``url`` as from Discord's CDN and a test can read it."""

    id: int
    filename: str
    content: bytes
    url: str
    content_type: str = "application/octet-stream"
    description: str | None = None  # the alt text (up to 1024 characters)

    def to_json(self) -> dict[str, Any]:
        data = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.content),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        return data


@dataclass
class Message:
    id: int
    channel_id: int
    author: dict[str, Any]
    content: str = ""
    guild_id: int | None = None
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    webhook_id: int | None = None
    interaction: dict[str, Any] | None = None
    visible_to: int | None = None  # ephemeral: only this user sees it
    timestamp: dt.datetime = field(default_factory=now)
    edited: dt.datetime | None = None
    deleted: bool = False
    pinned: bool = False
    message_reference: dict[str, Any] | None = None
    message_snapshots: list[dict[str, Any]] | None = None  # a forward's copy (tests/emulator/forwards.py)
    mentions: list[dict[str, Any]] = field(default_factory=list)  # users, as Discord sends them
    replied_to: Message | None = None  # a reply (type 19): Discord sends the replied message too
    nonce: int | str | None = None
    has_attachments: bool = False  # for the empty-message rule
    files: list[Attachment] = field(default_factory=list)

    @property
    def author_id(self) -> int:
        return int(self.author["id"])

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    def to_json(self, *, nested: bool = False) -> dict[str, Any]:
        """``nested``: as a reply's ``referenced_message`` (Discord does not nest another)."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": 20 if self.interaction else 19 if self.replied_to is not None else 0,
            "author": self.author,
            "content": self.content,
            "timestamp": iso(self.timestamp),
            "edited_timestamp": iso(self.edited),
            "tts": False,
            "mention_everyone": False,
            "mentions": self.mentions,
            "mention_roles": [],
            "attachments": [a.to_json() for a in self.files],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": self.pinned,
            "flags": self.flags,
        }
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.interaction is not None:
            data["interaction_metadata"] = self.interaction
        if self.message_reference is not None:
            data["message_reference"] = self.message_reference
        if self.message_snapshots is not None:
            data["message_snapshots"] = self.message_snapshots
        if self.replied_to is not None and not nested:
            replied = self.replied_to
            data["referenced_message"] = None if replied.deleted else replied.to_json(nested=True)
        if self.nonce is not None:
            data["nonce"] = self.nonce
        return data


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    roles: dict[int, Role] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    bans: dict[int, str | None] = field(default_factory=dict)
    # An admin's command permissions (Server Settings → Integrations): command name → {role,
    # user or @everyone (the guild's id) → allowed}. Bots cannot set them; admins do, by hand.
    command_overrides: dict[str, dict[int, bool]] = field(default_factory=dict)
    # Discord keeps a timeout when the member leaves: it is still on when he rejoins (Help
    # Center, "Time Out FAQ"). Member id → its end, while he is away.
    kept_timeouts: dict[int, dt.datetime] = field(default_factory=dict)

    def part(self, user_id: int) -> Member:
        """``user_id`` leaves (or is kicked): his member goes, a running timeout is kept."""
        member = self.members.pop(user_id)
        if member.timed_out() and member.timeout_until is not None:
            self.kept_timeouts[user_id] = member.timeout_until
        return member

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def to_json(self, *, with_members: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.to_json() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "preferred_locale": self.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "member_count": len(self.members),
            "large": False,
            "unavailable": False,
            "joined_at": iso(now()),
            "channels": [c.to_json() for c in self.channels.values() if not c.is_thread],
            "threads": [c.to_json() for c in self.channels.values() if c.is_thread],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }
        data["members"] = [m.to_json() for m in self.members.values()] if with_members else []
        return data


@dataclass
class Webhook:
    id: int
    token: str
    channel_id: int
    guild_id: int
    name: str
    creator_id: int

    def to_json(self, creator: User | None) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": 1,
            "name": self.name,
            "avatar": None,
            "channel_id": str(self.channel_id),
            "guild_id": str(self.guild_id),
            "application_id": None,
            "token": self.token,
            "user": creator.to_json() if creator else None,
        }


class World:
    """Everything Discord knows, plus the permission questions asked about it."""

    def __init__(self, clock: EmuClock | None = None) -> None:
        global _clock
        self.clock = _clock = clock or EmuClock()
        self.ids = Snowflakes(self.clock)
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}  # every channel: guild, thread, DM
        self.webhooks: dict[int, Webhook] = {}
        self.global_commands: dict[int, dict[str, Any]] = {}
        self.guild_commands: dict[int, dict[int, dict[str, Any]]] = {}
        self.dm_channels: dict[int, int] = {}  # user id → DM channel id
        self.attachments: dict[int, Attachment] = {}  # served at /attachments/{id}/{filename}
        self.bot = self.add_user("EmuBot", bot=True)

    # -- creation -------------------------------------------------------------------------
    def add_user(self, username: str, **kw: Any) -> User:
        user = User(id=self.ids.next(), username=username, **kw)
        self.users[user.id] = user
        return user

    def add_attachment(self, base: str, filename: str, content: bytes, content_type: str = "application/octet-stream") -> Attachment:
        """Keep an uploaded file; ``base`` is the emulator's address (the CDN's here)."""
        aid = self.ids.next()
        attachment = Attachment(aid, filename, content, f"{base}/attachments/{aid}/{filename}", content_type)
        self.attachments[aid] = attachment
        return attachment

    def new_token(self) -> str:
        return secrets.token_urlsafe(24)

    def guild_of(self, channel: Channel) -> Guild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id else None

    def dm_channel(self, user: User) -> Channel:
        cid = self.dm_channels.get(user.id)
        if cid is None:
            channel = Channel(id=self.ids.next(), type=DM, recipients=[user])
            self.channels[channel.id] = channel
            self.dm_channels[user.id] = cid = channel.id
        return self.channels[cid]

    # -- permissions ----------------------------------------------------------------------
    def permissions(self, guild: Guild, user_id: int, channel: Channel | None = None) -> int:
        member = guild.members.get(user_id)
        if member is None:
            return P.NONE
        overwrites = None
        if channel is not None:
            source = self.channels.get(channel.parent_id) if channel.is_thread else channel
            overwrites = list((source or channel).overwrites.values())
        perms = P.compute(
            guild_id=guild.id,
            owner_id=guild.owner_id,
            member_id=user_id,
            member_roles=member.roles,
            role_permissions={r.id: r.permissions for r in guild.roles.values()},
            overwrites=overwrites,
            timed_out=member.timed_out(),
        )
        if (channel is not None and channel.type == PRIVATE_THREAD and user_id not in channel.thread_members
                and not perms & P.MANAGE_THREADS):
            return P.NONE  # a private thread is visible to its members and thread managers only
        return perms

    def top_position(self, guild: Guild, user_id: int) -> int:
        member = guild.members.get(user_id)
        if member is None:
            return -1
        return max((guild.roles[r].position for r in member.roles if r in guild.roles), default=0)
