"""A player's DM channel, found without asking Discord again (issue 20: "per-DM create_dm calls
cached").

Discord gives the bot a user's DM channel only through ``POST /users/@me/channels`` and
discord.py keeps the answer in memory only: after every restart each DM would cost a request
before its send — at a restart's catch-up, a quarter of all the requests, all against the global
50 per second. A user's DM channel with the bot never changes, so its id is kept in the database
(db.meta ``dm:USER``) the first time it is made, and a later DM, in this process or after a
restart, goes to that channel straight away. A channel Discord no longer knows (10003) is
forgotten, and the next attempt makes it again.
"""

from __future__ import annotations

import discord

from db.meta import delete_meta, get_meta, set_meta

__all__ = ["dm_channel", "forget"]


def _key(user_id: int) -> str:
    return f"dm:{user_id}"


async def dm_channel(client: discord.Client, user_id: int) -> discord.abc.Messageable:
    """Where a DM to ``user_id`` is sent: discord.py's cached channel, the stored one, or a new
    one (made once, then stored)."""
    user = client.get_user(user_id)
    if user is not None and user.dm_channel is not None:
        return user.dm_channel
    stored = await get_meta(_key(user_id))
    if stored is not None:
        return client.get_partial_messageable(int(stored), type=discord.ChannelType.private)
    user = user or await client.fetch_user(user_id)
    channel = await user.create_dm()
    await set_meta(_key(user_id), str(channel.id))
    return channel


async def forget(user_id: int) -> None:
    """The stored channel is no more (Discord answered Unknown Channel): make it anew next time."""
    await delete_meta(_key(user_id))
