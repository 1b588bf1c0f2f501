"""What each kind of outbox row does on Discord (db.outbox): the only place a game's effects are
performed. This module holds the messages (posts, DMs, edits, pins, deletions); the server's
objects (members, overwrites, threads, channels, bans) are in cogs.delivery.server_kinds, the
game's compound steps (its setup, its end, its close) in cogs.delivery.game_kinds. Each function
returns the row's result (a message's or a thread's id, or None) and lets Discord's errors through
to the worker, which decides what they mean (cogs.delivery.verdicts).

Nothing here trusts the cache to be complete: a channel, a guild or a member not cached is
fetched (issue 17: the day's thread was once silently skipped because the channel was not cached
yet at start). Every send and edit carries ``allowed_mentions`` (user text the bot repeats is
inert; a row names the users it may ping); posts carry the row's nonce with ``enforce_nonce``,
and a row older than the nonce window is reconciled first (cogs.delivery.reconcile). Right
before a post or a DM is sent, the row's lease is checked (``fence``): a process that stalled
past its lease sends nothing (another has taken the row over).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from cogs.delivery.common import NONE, Undeliverable, game_channel
from cogs.delivery.dm_channels import dm_channel, forget
from cogs.delivery.files import attachments
from cogs.delivery.reconcile import find_sent, needs_reconciling
from cogs.delivery.views import build_view
from cogs.support import clock
from db.outbox import OutboxItem
from db.outbox_claims import made_by, result_of, retarget

__all__ = ["Fence", "LeaseLost", "Undeliverable", "perform"]

Fence = Callable[[], Awaitable[None]]
UNKNOWN_CHANNEL = 10003
Kind = Callable[[discord.Client, OutboxItem, Fence], Awaitable[str | None]]


class LeaseLost(Exception):
    """The row is no longer this process's (it stalled past its lease): nothing is sent."""


async def _no_fence() -> None:
    return None


async def perform(
    client: discord.Client, item: OutboxItem, fence: Fence | None = None
) -> str | None:
    from cogs.delivery.game_kinds import GAME_KINDS
    from cogs.delivery.server_kinds import SERVER_KINDS

    kinds: dict[str, Kind] = {**MESSAGE_KINDS, **SERVER_KINDS, **GAME_KINDS}
    return await kinds[item.effect.kind](client, item, fence or _no_fence)


async def _target(item: OutboxItem) -> int:
    """The row's channel: its own, or what the row it depends on made (``part``: which of the
    channels a game's setup made)."""
    if item.depends_on is None:
        return item.effect.target_id
    part = item.effect.data.get("part")
    if part is not None:
        channel = await game_channel(item, str(part))
        await retarget(item.id, channel)  # what an edit of this post will target
        return channel
    made = await result_of(item.depends_on)
    if made is None:
        raise Undeliverable(f"row {item.depends_on} made nothing to post in")
    return int(made)


def _mentions(item: OutboxItem) -> discord.AllowedMentions:
    users = item.effect.data.get("mention")
    if not users:
        return NONE
    return discord.AllowedMentions(users=[discord.Object(int(u)) for u in users], everyone=False,
                                   roles=False)  # fmt: skip


async def _extras(item: OutboxItem) -> dict[str, Any]:
    data = item.effect.data
    kwargs: dict[str, Any] = {}
    if data.get("view") is not None:
        kwargs["view"] = build_view(data["view"])
    if data.get("embed") is not None:
        kwargs["embed"] = discord.Embed.from_dict(dict(data["embed"]))
    # db.outbox_files: made now, the same at each retry; a town's picture is drawn off the
    # event loop (tens of ms of CPU each: a restart's 250 ends would stall every answer).
    files = await asyncio.to_thread(attachments, data) if data.get("files") else []
    if files:
        kwargs["files"] = files
    return kwargs


async def _send(
    client: discord.Client, channel: discord.abc.Messageable, item: OutboxItem, fence: Fence
) -> str:
    me = client.user.id if client.user is not None else 0
    render = item.effect.data.get("render")
    found = None
    if needs_reconciling(item, clock.now()):
        found = await find_sent(channel, item, me)
    if found is None:
        extras = await _extras(item) if render is None else await _rendered(str(render), item)
        await fence()  # the last moment before the send: still this process's row?
        found = await channel.send(
            item.effect.content or None, nonce=item.nonce, allowed_mentions=_mentions(item),
            **extras,
        )  # fmt: skip
    if render == "lobby":
        from cogs.game.lobby_post import posted

        await posted(item, found.id)
    return str(found.id)


async def _rendered(render: str, item: OutboxItem) -> dict[str, Any]:
    """A post or edit whose content is made at delivery (``lobby``: the signup as it is then;
    ``quick-reg``: the quick game's registration list, an edit only)."""
    from cogs.quick import effects as quick

    if render == quick.RENDER:
        from cogs.quick.registration import rendered as quick_list

        return await quick_list(item)
    from cogs.game.lobby_post import rendered

    return await rendered(render, item)


async def _post(client: discord.Client, item: OutboxItem, fence: Fence) -> str:
    channel = client.get_partial_messageable(await _target(item))
    return await _send(client, channel, item, fence)


async def _dm(client: discord.Client, item: OutboxItem, fence: Fence) -> str:
    """A DM, in the user's channel with the bot (cogs.delivery.dm_channels: made once, stored)."""
    channel = await dm_channel(client, item.effect.target_id)
    try:
        return await _send(client, channel, item, fence)
    except discord.NotFound as error:
        if error.code != UNKNOWN_CHANNEL or not isinstance(channel, discord.PartialMessageable):
            raise
    await forget(item.effect.target_id)  # the stored channel is no more: made anew, once
    return await _send(client, await dm_channel(client, item.effect.target_id), item, fence)


def _message(client: discord.Client, item: OutboxItem) -> discord.PartialMessage:
    channel = client.get_partial_messageable(item.effect.target_id)
    return channel.get_partial_message(int(item.effect.data["message"]))


async def _edit(client: discord.Client, item: OutboxItem, fence: Fence) -> None:
    """An edit of a given message, or of the one the row it depends on posted (its channel is
    the producer's target, its id the producer's result). An edit is idempotent: no fence."""
    message = _message(client, item) if item.depends_on is None else await _made(client, item)
    render = item.effect.data.get("render")
    if render is not None:
        await message.edit(allowed_mentions=NONE, **await _rendered(str(render), item))
        return
    kwargs: dict[str, Any] = {"content": item.effect.content or None, **await _extras(item)}
    await message.edit(allowed_mentions=NONE, **kwargs)


async def _pin(client: discord.Client, item: OutboxItem, fence: Fence) -> None:
    await _message(client, item).pin()


async def _delete(client: discord.Client, item: OutboxItem, fence: Fence) -> None:
    """A given message, or the one the row it depends on posted."""
    message = _message(client, item) if item.depends_on is None else await _made(client, item)
    try:
        await message.delete()
    except discord.NotFound:  # gone already: what the row wanted
        return


async def _made(client: discord.Client, item: OutboxItem) -> discord.PartialMessage:
    """The message the row this one depends on posted (its channel, its result)."""
    made = await made_by(item.depends_on or 0)
    if made is None:
        raise Undeliverable(f"row {item.depends_on} posted nothing")
    channel_id, message_id = made
    return client.get_partial_messageable(channel_id).get_partial_message(message_id)


MESSAGE_KINDS: dict[str, Kind] = {
    "post": _post,
    "dm": _dm,
    "edit": _edit,
    "pin": _pin,
    "delete": _delete,
}
