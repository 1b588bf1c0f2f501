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

from cogs.game.server.objects import ROLE_KINDS, GameRoles
from db.server_objects import (
    add_pooled_role,
    claim_pooled_role,
    drop_pooled_roles,
    pooled_roles,
    release_pooled_roles,
)
from locales import t

__all__ = [
    "acquire_roles",
    "borrow_role",
    "dissolve_pool",
    "give_game_role",
    "mark_dead",
    "release_roles",
    "set_game_roles",
]


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


async def acquire_roles(
    guild: discord.Guild, game_id: int, language: str
) -> tuple[GameRoles, dict[str, discord.Role]]:
    """The game's alive, dead, host and spectator roles, borrowed from the pool (named in the
    server's ``language``); created only for the kinds the pool has none free of. Also the role
    objects by kind (a role just created may not be in the guild's cache yet)."""
    objects = {}
    for kind in ROLE_KINDS:
        name = t(language, f"server-role-{kind}", game=game_id)
        objects[kind] = await borrow_role(guild, kind, game_id, name)
    return GameRoles(**{kind: role.id for kind, role in objects.items()}), objects


async def set_game_roles(
    member: discord.Member, roles: GameRoles, *, add: Iterable[int] = (), remove: Iterable[int] = ()
) -> bool:
    """Add and remove game roles of ``member`` in one member edit; nothing is sent when he
    already has exactly that (so a replayed delivery costs nothing). Whether an edit was sent."""
    adding, removing = set(add), set(remove) - set(add)
    current = [r for r in member.roles if not r.is_default()]
    have = {r.id for r in current}
    if adding <= have and not removing & have:
        return False
    kept: list[discord.abc.Snowflake] = [r for r in current if r.id not in removing]
    kept += [discord.Object(id=role_id) for role_id in sorted(adding - have)]
    await member.edit(roles=kept, reason="game roles")
    return True


async def give_game_role(member: discord.Member, roles: GameRoles, kind: str) -> bool:
    """Give ``member`` the game's role of ``kind`` in place of any other role of this game."""
    wanted = roles.by_kind()[kind]
    return await set_game_roles(member, roles, add=[wanted], remove=roles.ids() - {wanted})


async def mark_dead(member: discord.Member, roles: GameRoles) -> bool:
    """A death: the alive role swapped for the dead one, one member edit (R-SANCT-1: from now
    on he reads the public channels and writes only in the morgue)."""
    return await set_game_roles(member, roles, add=[roles.dead], remove=[roles.alive])


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


async def dissolve_pool(guild: discord.Guild) -> int:
    """Delete the server's free pooled roles (a server that stops hosting games); roles a game
    still uses stay. How many roles were deleted."""
    free = [p.role_id for p in await pooled_roles(guild.id) if p.game_id is None]
    for role_id in free:
        role = guild.get_role(role_id)
        if role is not None:
            try:
                await role.delete(reason="the server's pool of game roles dissolved")
            except discord.NotFound:
                pass
    await drop_pooled_roles(free)
    return len(free)
