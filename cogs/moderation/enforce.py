"""The Discord side of a case: timeouts, bans, the member's DM, and lifting them.

Every function here runs after the case is stored (db.moderation): what Discord refuses is
reported back to the moderator as a note, and the case stays on the record.

- A mute is a Discord timeout, at most 28 days at a time (Discord refuses more); a longer mute
  is renewed by the expiry worker (``renew_at``). A timeout already running that ends later than
  this one is left alone: the bot never shortens a mute (the issue).
- A ban DMs the member first — the violation, the reason, how to appeal — because after the ban
  the bot shares no server with him and Discord refuses the DM; closed DMs do not stop the ban.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

import discord

from cogs.support import clock
from engine.moderation import DISCORD_TIMEOUT_MAX

__all__ = ["Applied", "ban", "dm", "lift_ban", "lift_timeout", "timeout"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Applied:
    """What happened on Discord: ``ok`` or the catalogue key of why not."""

    ok: bool = True
    note: str | None = None  # a catalogue key for the moderator (e.g. "mod-note-dm-closed")


async def dm(user: discord.abc.Messageable, embed: discord.Embed) -> bool:
    """Send ``user`` a DM; False when his DMs are closed (or he shares no server with the bot)."""
    try:
        await user.send(embed=embed, allowed_mentions=discord.AllowedMentions.none())
    except (discord.Forbidden, discord.NotFound):
        return False
    except discord.HTTPException as error:
        log.warning("moderation: a DM to %s failed: %s", getattr(user, "id", "?"), error)
        return False
    return True


async def timeout(member: discord.Member, ends_at: datetime, reason: str) -> Applied:
    """Time ``member`` out until ``ends_at`` (the first 28 days of it), unless a longer timeout
    is already running."""
    running = member.timed_out_until
    if running is not None and running >= ends_at:
        return Applied(True, "mod-note-longer-timeout")
    until = min(ends_at, clock.now() + DISCORD_TIMEOUT_MAX)
    try:
        await member.edit(timed_out_until=until, reason=reason[:512])
    except discord.Forbidden:
        return Applied(False, "mod-note-discord-refused")
    except discord.NotFound:
        return Applied(False, "mod-note-not-member")
    return Applied()


async def lift_timeout(member: discord.Member, reason: str) -> Applied:
    if member.timed_out_until is None:
        return Applied()
    try:
        await member.edit(timed_out_until=None, reason=reason[:512])
    except discord.Forbidden:
        return Applied(False, "mod-note-discord-refused")
    return Applied()


async def ban(
    guild: discord.Guild,
    user: discord.abc.Snowflake,
    reason: str,
    notice: discord.Embed | None,
) -> Applied:
    """DM ``user`` the ``notice`` first (if any), then ban him (no message is deleted)."""
    delivered = True
    if notice is not None and isinstance(user, discord.abc.Messageable):
        delivered = await dm(user, notice)
    try:
        await guild.ban(user, reason=reason[:512], delete_message_seconds=0)
    except discord.Forbidden:
        return Applied(False, "mod-note-discord-refused")
    return Applied(True, None if delivered else "mod-note-dm-closed")


async def lift_ban(guild: discord.Guild, user_id: int, reason: str) -> Applied:
    try:
        await guild.unban(discord.Object(id=user_id), reason=reason[:512])
    except discord.NotFound:
        return Applied(True, "mod-note-not-banned")
    except discord.Forbidden:
        return Applied(False, "mod-note-discord-refused")
    return Applied()
