"""The game's server roles, from the server's pool, and the member edits that use them.

Discord limits role creation (about 250 per 48 h, 250 roles per server), so roles are never
created and deleted per game: a game borrows the pool's free roles of each kind (renamed for it)
and creates one only when the pool has none; at its end the roles are taken from their members
and given back. Every change of a member's game roles is ONE member edit (``member.edit(roles=
…)``, a single PATCH), whatever it adds and removes: a death costs exactly that.
"""

from __future__ import annotations

from collections.abc import Iterable

import discord

from cogs.delivery.common import edit_roles
from cogs.game.server.objects import GameRoles
from db.server_objects import (
    add_pooled_role,
    claim_pooled_role,
    drop_pooled_roles,
    release_pooled_roles,
)

__all__ = ["borrow_role", "release_roles", "set_game_roles"]


async def borrow_role(guild: discord.Guild, kind: str, game_id: int, name: str) -> discord.Role:
    """A free pooled role of ``kind`` named ``name`` for the game, or a new one."""
    # A pooled role moved above the bot's is reported by checks.check_bot_can_host first.
    while (role_id := await claim_pooled_role(guild.id, kind, game_id)) is not None:
        role = guild.get_role(role_id)
        if role is None:  # deleted by an admin: forget it
            await drop_pooled_roles([role_id])
            continue
        if role.name != name:
            role = await role.edit(name=name, reason=f"game {game_id}") or role
        return role
    role = await guild.create_role(
        name=name,
        permissions=discord.Permissions.none(),  # the channels' overwrites give the powers
        mentionable=False,
        reason=f"game {game_id}: the server's pool of game roles was empty",
    )
    await add_pooled_role(guild.id, kind, role.id, game_id)
    return role


async def set_game_roles(
    member: discord.Member, roles: GameRoles, *, add: Iterable[int] = (), remove: Iterable[int] = ()
) -> bool:
    """Add and remove game roles of ``member`` in one member edit; nothing is sent when he
    already has exactly that (so a replayed delivery costs nothing). Whether an edit was sent."""
    return await edit_roles(member, set(add), set(remove), "game roles")


async def release_roles(
    guild: discord.Guild, game_id: int, roles: GameRoles | None, members: Iterable[discord.Member]
) -> int:
    """Take the game's roles from ``members`` (one edit each that holds one) and give the roles
    back to the pool. How many member edits were sent."""
    edits = 0
    if roles is not None:
        for member in members:
            if await set_game_roles(member, roles, remove=roles.ids()):
                edits += 1
    await release_pooled_roles(game_id)
    return edits
