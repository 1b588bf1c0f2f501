"""Discord's permission algorithm, as documented, on plain integers.

Kept free of emulator state so that a table of cases (including the examples of Discord's
"Permission Overwrites" documentation) can test it directly; ``state.World`` feeds it the guild's
roles and the channel's overwrites.  Why it matters: the bot's game secrecy rests on channel
overwrites, so the emulator must refuse exactly what Discord would refuse.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

# Bit values from https://discord.com/developers/docs/topics/permissions
CREATE_INSTANT_INVITE = 1 << 0
KICK_MEMBERS = 1 << 1
BAN_MEMBERS = 1 << 2
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_AUDIT_LOG = 1 << 7
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
SEND_TTS_MESSAGES = 1 << 12
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CHANGE_NICKNAME = 1 << 26
MANAGE_NICKNAMES = 1 << 27
MANAGE_ROLES = 1 << 28
MANAGE_WEBHOOKS = 1 << 29
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
MODERATE_MEMBERS = 1 << 40

#: Every permission bit Discord defines today (0..50); "all" for owners and administrators.
ALL = (1 << 51) - 1
NONE = 0

#: What Discord's client gives @everyone in a new server (roughly): read and write.
DEFAULT_EVERYONE = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | READ_MESSAGE_HISTORY
    | EMBED_LINKS
    | ATTACH_FILES
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
    | CREATE_INSTANT_INVITE
)

#: A timed-out member keeps only these (Discord: "can only read").
TIMEOUT_KEEPS = VIEW_CHANNEL | READ_MESSAGE_HISTORY

#: Permissions that only make sense for sending text; Discord drops them with SEND_MESSAGES.
_NEEDS_SEND = SEND_TTS_MESSAGES | MENTION_EVERYONE | ATTACH_FILES | EMBED_LINKS

NAMES = {
    name: value
    for name, value in globals().items()
    if name.isupper() and isinstance(value, int) and name not in {"ALL", "NONE"}
}


def names(value: int) -> list[str]:
    """Readable list of set flags, for error messages."""
    return sorted(n for n, v in NAMES.items() if v and v & value == v and n not in {"DEFAULT_EVERYONE", "TIMEOUT_KEEPS"})


@dataclass(frozen=True)
class Overwrite:
    """A channel permission overwrite: ``type`` 0 = role, 1 = member."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0


def compute_base(everyone: int, role_permissions: Iterable[int], *, is_owner: bool) -> int:
    """Guild-level permissions: @everyone OR every role; owner or ADMINISTRATOR gets all."""
    if is_owner:
        return ALL
    perms = everyone
    for value in role_permissions:
        perms |= value
    if perms & ADMINISTRATOR:
        return ALL
    return perms


def compute_overwrites(
    base: int,
    *,
    guild_id: int,
    member_id: int,
    member_roles: Iterable[int],
    overwrites: Iterable[Overwrite],
) -> int:
    """Apply channel overwrites in Discord's order: @everyone, roles (combined), member."""
    if base & ADMINISTRATOR or base == ALL:
        return ALL
    by_id = {ow.id: ow for ow in overwrites}
    perms = base
    everyone = by_id.get(guild_id)
    if everyone is not None:
        perms &= ~everyone.deny
        perms |= everyone.allow
    allow = deny = NONE
    for role_id in member_roles:
        ow = by_id.get(role_id)
        if ow is not None and ow.type == 0:
            allow |= ow.allow
            deny |= ow.deny
    perms &= ~deny
    perms |= allow
    own = by_id.get(member_id)
    if own is not None and own.type == 1:
        perms &= ~own.deny
        perms |= own.allow
    return perms


def apply_implicit(perms: int, *, in_channel: bool) -> int:
    """Discord's implicit rules: no VIEW_CHANNEL → nothing; no SEND_MESSAGES → no send extras."""
    if perms == ALL:
        return perms
    if in_channel and not perms & VIEW_CHANNEL:
        return NONE
    if in_channel and not perms & SEND_MESSAGES:
        perms &= ~_NEEDS_SEND
    return perms


def compute(
    *,
    guild_id: int,
    owner_id: int,
    member_id: int,
    member_roles: Iterable[int],
    role_permissions: dict[int, int],
    overwrites: Iterable[Overwrite] | None = None,
    timed_out: bool = False,
) -> int:
    """Full computation for a member, optionally in a channel (when ``overwrites`` is given).

    ``role_permissions`` maps role id → permissions and must include @everyone (id == guild id).
    """
    roles = [r for r in member_roles if r != guild_id and r in role_permissions]
    base = compute_base(
        role_permissions.get(guild_id, 0),
        (role_permissions[r] for r in roles),
        is_owner=member_id == owner_id,
    )
    perms = base
    if overwrites is not None:
        perms = compute_overwrites(
            base, guild_id=guild_id, member_id=member_id, member_roles=roles, overwrites=overwrites
        )
    if timed_out and base != ALL:
        perms &= TIMEOUT_KEEPS
    return apply_implicit(perms, in_channel=overwrites is not None)
