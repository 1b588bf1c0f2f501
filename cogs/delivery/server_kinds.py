"""The outbox kinds that change the server (db.outbox): a member's roles, a timeout, a ban, a
member overwrite set or removed, a thread, a channel deleted. Each reads back first and does
nothing when Discord already says so, which is what makes them exactly once past any nonce
window (issue 17: "or the equivalent check for other effects"): a replayed row after a crash,
however late, changes nothing. A thread is found again by its name (Discord has no nonce for
threads), a deleted channel or a lifted ban that is gone already is what the row wanted."""

from __future__ import annotations

from datetime import datetime

import discord

from cogs.delivery.adapter import Fence, Kind
from cogs.delivery.common import Undeliverable, channel_of, edit_roles, game_channel, guild_of
from cogs.game.threads import own_active_thread
from db.outbox import OutboxItem
from db.outbox_claims import retarget

__all__ = ["SERVER_KINDS"]


def _reason(item: OutboxItem) -> str | None:
    return str(item.effect.data.get("reason") or "")[:512] or None


async def _roles(client: discord.Client, item: OutboxItem, fence: Fence) -> None:
    """One member edit; none when he already holds exactly that (read back first)."""
    data = item.effect.data
    guild = await guild_of(client, int(data["guild"]))
    member = await guild.fetch_member(item.effect.target_id)
    await edit_roles(member, set(data["add"]), set(data["remove"]), _reason(item))


async def _timeout(client: discord.Client, item: OutboxItem, fence: Fence) -> None:
    data = item.effect.data
    guild = await guild_of(client, int(data["guild"]))
    member = await guild.fetch_member(item.effect.target_id)
    until = None if data["until"] is None else datetime.fromisoformat(data["until"])
    running = member.timed_out_until
    if running == until:
        return
    if data.get("keep_longer") and running is not None and until is not None and running >= until:
        return  # a longer timeout is running: a new case never shortens it
    await member.timeout(until, reason=_reason(item))


async def _ban(client: discord.Client, item: OutboxItem, fence: Fence) -> None:
    guild = await guild_of(client, int(item.effect.data["guild"]))
    user = discord.Object(item.effect.target_id)
    try:
        await guild.fetch_ban(user)
        return  # banned already
    except discord.NotFound:
        pass
    await guild.ban(user, reason=_reason(item), delete_message_seconds=0)


async def _unban(client: discord.Client, item: OutboxItem, fence: Fence) -> None:
    guild = await guild_of(client, int(item.effect.data["guild"]))
    try:
        await guild.unban(discord.Object(item.effect.target_id), reason=_reason(item))
    except discord.NotFound:  # not banned (any more): what the row wanted
        return


async def _overwrite(client: discord.Client, item: OutboxItem, fence: Fence) -> None:
    """A member overwrite merged into his current one; none sent when it already says so."""
    data = item.effect.data
    channel = await channel_of(client, item.effect.target_id)
    current = channel.overwrites_for(discord.Object(int(data["member"])))
    allow, deny = current.pair()
    wanted_allow = discord.Permissions((allow.value | data["allow"]) & ~data["deny"])
    wanted_deny = discord.Permissions((deny.value | data["deny"]) & ~data["allow"])
    if (wanted_allow, wanted_deny) == (allow, deny):
        return
    merged = discord.PermissionOverwrite.from_pair(wanted_allow, wanted_deny)
    target = await channel.guild.fetch_member(int(data["member"]))  # one who left: 10007, gone
    await channel.set_permissions(target, overwrite=merged, reason=_reason(item))


async def _unoverwrite(client: discord.Client, item: OutboxItem, fence: Fence) -> None:
    """The member's overwrite removed; none sent when he has none (read back first)."""
    channel = await channel_of(client, item.effect.target_id)
    member = discord.Object(int(item.effect.data["member"]))
    if member.id not in {target.id for target in channel.overwrites}:
        return
    # By id: a member who left the server still has his overwrite there to remove.
    await client.http.delete_channel_permissions(channel.id, member.id, reason=_reason(item))


async def _thread(client: discord.Client, item: OutboxItem, fence: Fence) -> str:
    """A public thread (found again by its name: Discord has no nonce for threads)."""
    target = item.effect.target_id
    if item.depends_on is not None:  # in a channel a game's setup made
        target = await game_channel(item, str(item.effect.data["part"]))
        await retarget(item.id, target)
    parent = await channel_of(client, target)
    if not isinstance(parent, discord.TextChannel):
        raise Undeliverable(f"channel {target} takes no threads")
    name = item.effect.content
    # Only a row tried before may have made its thread (db.outbox_claims.claim stamps the first
    # attempt before any send): a first attempt skips the read of the server's threads.
    made = None if item.first_attempt_at is None else await own_active_thread(parent, name)
    if made is None:
        made = await parent.create_thread(
            name=name,
            type=discord.ChannelType.public_thread,
            auto_archive_duration=1440,  # a day of quiet before it archives (a post reopens it)
            reason=_reason(item),
        )
    return str(made.id)


async def _delete_channel(client: discord.Client, item: OutboxItem, fence: Fence) -> None:
    try:
        channel = await channel_of(client, item.effect.target_id)
        await channel.delete(reason=_reason(item))
    except discord.NotFound:  # gone already: what the row wanted
        return


SERVER_KINDS: dict[str, Kind] = {
    "roles": _roles,
    "timeout": _timeout,
    "ban": _ban,
    "unban": _unban,
    "overwrite": _overwrite,
    "unoverwrite": _unoverwrite,
    "thread": _thread,
    "delete_channel": _delete_channel,
}
