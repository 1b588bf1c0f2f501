"""What Discord refuses the bot: missing permissions and the role hierarchy.

Why separate: every REST handler asks the same two questions ("may the bot do X here?" and "is
the target below the bot's top role?"), and the answers must match Discord's (403, code 50013)
or a bot that works in tests fails in production.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import permissions as P
from .routes import ApiError, missing_permissions

if TYPE_CHECKING:
    from .state import Channel, Guild, Member, Role, World


def require(world: World, guild: Guild, needed: int, channel: Channel | None = None, *, what: str = "") -> None:
    """The bot must hold every bit of ``needed`` (in ``channel`` if given)."""
    have = world.permissions(guild, world.bot.id, channel)
    if channel is not None and not have & P.VIEW_CHANNEL:
        err = ApiError(403, 50001, "Missing Access")
        err.detail = f"bot cannot see #{channel.name} to {what}"  # type: ignore[attr-defined]
        raise err
    lacking = needed & ~have
    if lacking:
        where = f" in #{channel.name}" if channel is not None else ""
        raise missing_permissions(f"bot lacks {', '.join(P.names(lacking))}{where} to {what}")


def bot_is_owner(world: World, guild: Guild) -> bool:
    return guild.owner_id == world.bot.id


def above_role(world: World, guild: Guild, role: Role, *, what: str) -> None:
    """The bot may only manage roles strictly below its own top role."""
    if bot_is_owner(world, guild):
        return
    top = world.top_position(guild, world.bot.id)
    if role.position >= top or role.managed:
        raise missing_permissions(
            f"role '{role.name}' (position {role.position}) is not below the bot's top role "
            f"(position {top}) to {what}"
        )


def above_member(world: World, guild: Guild, member: Member, *, what: str) -> None:
    """The bot may only act on members whose top role is below its own, never on the owner."""
    if bot_is_owner(world, guild) or member.user.id == world.bot.id:
        return
    if member.user.id == guild.owner_id:
        raise missing_permissions(f"{member.user.username} is the server owner; cannot {what}")
    top = world.top_position(guild, world.bot.id)
    theirs = world.top_position(guild, member.user.id)
    if theirs >= top:
        raise missing_permissions(
            f"{member.user.username}'s top role (position {theirs}) is not below the bot's "
            f"(position {top}); cannot {what}"
        )


def not_admin(world: World, guild: Guild, member: Member, *, what: str) -> None:
    """Discord refuses to time out administrators and the owner."""
    if member.user.id == guild.owner_id or world.permissions(guild, member.user.id) & P.ADMINISTRATOR:
        raise missing_permissions(f"{member.user.username} is an administrator or the owner; cannot {what}")
