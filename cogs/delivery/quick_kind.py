"""The ``quick`` outbox kind: the quick game's changes on the server (cogs.quick.effects), each
idempotent (read back first), so a row delivered twice after a crash changes nothing twice.

- ``open``: the game's alive role, borrowed from the server's pool (cogs.delivery.pool_roles),
  given to every player; @everyone denied Send Messages in the game channel; its id the result.
- ``night`` / ``day``: the alive role's overwrite on the game channel — denied or allowed Send
  Messages: the one permission change of a phase (C-NIGHT, C-DAY-1).
- ``dead``: a player's alive role taken (one member edit: the dead cannot write, C-DAY-1).
- ``mute`` / ``unmute``: the mistress's target's member overwrite for the day (C-NIGHT-1).
- ``cabinet``: a private thread of the game channel with its members; its id the result.
  ``join``: a member added to a cabinet made by an earlier row (a turned werewolf, C-NIGHT-4a).
- ``close``: the channel reopened — the overwrites removed, the roles taken back to the pool.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.delivery.common import edit_roles
from cogs.delivery.pool_roles import borrow_role
from db.outbox import OutboxItem
from db.outbox_claims import result_of
from db.server_objects import game_roles, release_pooled_roles
from locales import t

__all__ = ["perform_quick"]

QUICK = "quick game"  # the audit log's reason


async def _guild(client: discord.Client, guild_id: int) -> discord.Guild:
    return client.get_guild(guild_id) or await client.fetch_guild(guild_id)


async def _channel(guild: discord.Guild, channel_id: int) -> Any:
    return guild.get_channel_or_thread(channel_id) or await guild.fetch_channel(channel_id)


async def _alive_role(guild: discord.Guild, game_id: int) -> discord.abc.Snowflake | None:
    role_id = (await game_roles(game_id)).get("alive")
    if role_id is None:
        return None
    return guild.get_role(role_id) or discord.Object(role_id)


async def _set(channel: Any, target: Any, send: bool | None) -> None:
    """The overwrite of ``target`` for sending: denied (False), allowed (True), neutral (None)."""
    current = channel.overwrites_for(target)
    wanted = None if send is None else send
    if current.send_messages == wanted:
        return
    current.update(send_messages=wanted)
    await channel.set_permissions(target, overwrite=None if current.is_empty() else current)


async def _open(guild: discord.Guild, data: dict[str, Any]) -> str:
    game_id = int(data["game"])
    role = await _alive_role(guild, game_id)
    if role is None:
        name = t(data.get("locale"), "quick-role-alive", id=game_id)
        role = await borrow_role(guild, "alive", game_id, name)
    channel = await _channel(guild, int(data["channel"]))
    await _set(channel, guild.me, True)  # the bot keeps writing in the channel it closes
    await _set(channel, guild.default_role, False)
    await _set(channel, role, False)  # night 1 at once (C-LIFE-4)
    for uid in data["members"]:
        member = await guild.fetch_member(int(uid))
        await edit_roles(member, {role.id}, set(), QUICK)
    return str(role.id)


async def _cabinet(guild: discord.Guild, data: dict[str, Any]) -> str:
    channel = await _channel(guild, int(data["channel"]))
    name = str(data["name"])[:100]
    made = next((th for th in channel.threads if th.name == name), None)
    if made is None:
        made = await channel.create_thread(
            name=name, type=discord.ChannelType.private_thread, invitable=False
        )
    for uid in data["members"]:
        await made.add_user(discord.Object(int(uid)))
    return str(made.id)


async def perform_quick(client: discord.Client, item: OutboxItem) -> str | None:
    data = dict(item.effect.data)
    guild = await _guild(client, item.effect.target_id)
    op = data["op"]
    if op == "open":
        return await _open(guild, data)
    if op == "cabinet":
        return await _cabinet(guild, data)
    game_id = int(data["game"])
    if op == "join":
        made = await result_of(item.depends_on) if item.depends_on is not None else None
        if made is not None:
            thread = await _channel(guild, int(made))
            await thread.add_user(discord.Object(int(data["member"])))
        return None
    role = await _alive_role(guild, game_id)
    channel = await _channel(guild, int(data["channel"]))
    if op in ("night", "day") and role is not None:
        await _set(channel, role, op == "day")
    elif op == "dead" and role is not None:
        member = await guild.fetch_member(int(data["member"]))
        await edit_roles(member, set(), {role.id}, QUICK)
    elif op in ("mute", "unmute"):
        member = await guild.fetch_member(int(data["member"]))
        await _set(channel, member, False if op == "mute" else None)
    elif op == "close":
        await _close(guild, channel, role, data)
    return None


async def _close(guild: discord.Guild, channel: Any, role: Any, data: dict[str, Any]) -> None:
    await _set(channel, guild.default_role, None)
    await _set(channel, guild.me, None)
    if role is not None:
        await _set(channel, role, None)
        for uid in data.get("members", ()):
            try:
                member = await guild.fetch_member(int(uid))
            except discord.NotFound:  # left the server meanwhile
                continue
            await edit_roles(member, set(), {role.id}, QUICK)
    await release_pooled_roles(int(data["game"]))
