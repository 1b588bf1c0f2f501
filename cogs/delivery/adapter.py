"""What each kind of outbox row does on Discord (db.outbox): the only place a game's effects are
performed. (One kind only writes: ``finish``, the end, expands into the end's own rows — the
post-game thread and its posts, the close, the summaries — once the final state is stored.) Each function returns the row's result (a message's or a thread's id, or None) and lets
Discord's errors through to the worker, which decides what they mean (cogs.delivery.verdicts).

Nothing here trusts the cache to be complete: a channel, a guild or a member not cached is
fetched (issue 17: the day's thread was once silently skipped because the channel was not cached
yet at start). Every send and edit carries ``allowed_mentions`` (user text the bot repeats is
inert); posts carry the row's nonce with ``enforce_nonce``, and a row older than the nonce window
is reconciled first (cogs.delivery.reconcile).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

import discord

from cogs.delivery.files import attachments
from cogs.delivery.reconcile import find_sent, needs_reconciling
from cogs.delivery.views import build_view
from cogs.game.threads import own_active_thread
from cogs.support import clock
from db.outbox import OutboxItem, add
from db.outbox_claims import made_by, result_of

__all__ = ["Undeliverable", "perform"]

NONE = discord.AllowedMentions.none()


class Undeliverable(Exception):
    """The effect can never happen and nobody can fix it (what it needed is gone)."""


async def perform(client: discord.Client, item: OutboxItem) -> str | None:
    return await KINDS[item.effect.kind](client, item)


async def _channel(client: discord.Client, channel_id: int) -> Any:
    return client.get_channel(channel_id) or await client.fetch_channel(channel_id)


async def _guild(client: discord.Client, guild_id: int) -> discord.Guild:
    return client.get_guild(guild_id) or await client.fetch_guild(guild_id)


async def _target(item: OutboxItem) -> int:
    """The row's channel: its own, or what the row it depends on made."""
    if item.depends_on is None:
        return item.effect.target_id
    made = await result_of(item.depends_on)
    if made is None:
        raise Undeliverable(f"row {item.depends_on} made nothing to post in")
    return int(made)


async def _send(client: discord.Client, channel: discord.abc.Messageable, item: OutboxItem) -> str:
    me = client.user.id if client.user is not None else 0
    if needs_reconciling(item, clock.now()):
        found = await find_sent(channel, item, me)
        if found is not None:
            return str(found.id)
    view = item.effect.data.get("view")
    kwargs: dict[str, Any] = {"view": build_view(view)} if view is not None else {}
    files = attachments(item.effect.data)  # db.outbox_files: made now, the same at each retry
    if files:
        kwargs["files"] = files
    message = await channel.send(
        item.effect.content, nonce=item.nonce, allowed_mentions=NONE, **kwargs
    )
    return str(message.id)


async def _post(client: discord.Client, item: OutboxItem) -> str:
    channel = client.get_partial_messageable(await _target(item))
    return await _send(client, channel, item)


async def _dm(client: discord.Client, item: OutboxItem) -> str:
    user = client.get_user(item.effect.target_id) or await client.fetch_user(item.effect.target_id)
    channel = user.dm_channel or await user.create_dm()
    return await _send(client, channel, item)


def _message(client: discord.Client, item: OutboxItem) -> discord.PartialMessage:
    channel = client.get_partial_messageable(item.effect.target_id)
    return channel.get_partial_message(int(item.effect.data["message"]))


async def _edit(client: discord.Client, item: OutboxItem) -> None:
    """An edit of a given message, or of the one the row it depends on posted (its channel is
    the producer's target, its id the producer's result)."""
    message = _message(client, item) if item.depends_on is None else await _made(client, item)
    await message.edit(content=item.effect.content, allowed_mentions=NONE)


async def _pin(client: discord.Client, item: OutboxItem) -> None:
    await _message(client, item).pin()


async def _delete(client: discord.Client, item: OutboxItem) -> None:
    """A given message, or the one the row it depends on posted."""
    message = _message(client, item) if item.depends_on is None else await _made(client, item)
    try:
        await message.delete()
    except discord.NotFound:  # gone already: what the row wanted
        return


async def _made(client: discord.Client, item: OutboxItem) -> discord.PartialMessage:
    made = await made_by(item.depends_on or 0)
    if made is None:
        raise Undeliverable(f"row {item.depends_on} posted nothing")
    channel_id, message_id = made
    return client.get_partial_messageable(channel_id).get_partial_message(message_id)


async def _roles(client: discord.Client, item: OutboxItem) -> None:
    """One member edit; none when he already holds exactly that (read back first)."""
    data = item.effect.data
    guild = await _guild(client, int(data["guild"]))
    member = await guild.fetch_member(item.effect.target_id)
    adding, removing = set(data["add"]), set(data["remove"]) - set(data["add"])
    current = [r for r in member.roles if not r.is_default()]
    have = {r.id for r in current}
    if adding <= have and not removing & have:
        return
    kept: list[discord.abc.Snowflake] = [r for r in current if r.id not in removing]
    kept += [discord.Object(id=role_id) for role_id in sorted(adding - have)]
    await member.edit(roles=kept, reason=data.get("reason") or None)


async def _timeout(client: discord.Client, item: OutboxItem) -> None:
    data = item.effect.data
    guild = await _guild(client, int(data["guild"]))
    member = await guild.fetch_member(item.effect.target_id)
    until = None if data["until"] is None else datetime.fromisoformat(data["until"])
    if member.timed_out_until == until:
        return
    await member.timeout(until, reason=data.get("reason") or None)


async def _overwrite(client: discord.Client, item: OutboxItem) -> None:
    """A member overwrite merged into his current one; none sent when it already says so."""
    data = item.effect.data
    channel = await _channel(client, item.effect.target_id)
    current = channel.overwrites_for(discord.Object(int(data["member"])))
    allow, deny = current.pair()
    wanted_allow = discord.Permissions((allow.value | data["allow"]) & ~data["deny"])
    wanted_deny = discord.Permissions((deny.value | data["deny"]) & ~data["allow"])
    if (wanted_allow, wanted_deny) == (allow, deny):
        return
    merged = discord.PermissionOverwrite.from_pair(wanted_allow, wanted_deny)
    target = await channel.guild.fetch_member(int(data["member"]))  # one who left: 10007, gone
    await channel.set_permissions(target, overwrite=merged, reason=data.get("reason") or None)


async def _thread(client: discord.Client, item: OutboxItem) -> str:
    """A public thread (found again by its name: Discord has no nonce for threads)."""
    parent = await _channel(client, item.effect.target_id)
    if not isinstance(parent, discord.TextChannel):
        raise Undeliverable(f"channel {item.effect.target_id} takes no threads")
    name = item.effect.content
    made = await own_active_thread(parent, name)
    if made is None:
        made = await parent.create_thread(
            name=name,
            type=discord.ChannelType.public_thread,
            auto_archive_duration=1440,  # a day of quiet before it archives (a post reopens it)
            reason=item.effect.data.get("reason") or None,
        )
    return str(made.id)


async def _finish(client: discord.Client, item: OutboxItem) -> None:
    """The end expands into its rows (cogs.game.finish), delivered after this one."""
    from cogs.game.finish import end_effects
    from db.games import get_game

    await add(item.game_id, await end_effects(await get_game(item.game_id)))


async def _close(client: discord.Client, item: OutboxItem) -> None:
    from cogs.game.table import close_on_server
    from db.games import get_game, load_state

    guild = await _guild(client, item.effect.target_id)
    state = (await load_state(item.game_id)).game_state()
    await close_on_server(guild, await get_game(item.game_id), state)


async def _quick(client: discord.Client, item: OutboxItem) -> str | None:
    from cogs.quick.delivery import perform_quick

    return await perform_quick(client, item)


KINDS: dict[str, Callable[[discord.Client, OutboxItem], Awaitable[str | None]]] = {
    "post": _post,
    "dm": _dm,
    "edit": _edit,
    "pin": _pin,
    "delete": _delete,
    "roles": _roles,
    "timeout": _timeout,
    "overwrite": _overwrite,
    "thread": _thread,
    "finish": _finish,
    "close": _close,
    "quick": _quick,
}
