"""Who may moderate, and whom: the checks behind ``/mod`` that hold whatever a server admin does
to the commands' default permissions, and the hierarchy refusals (the issue: never the owner,
someone not below the moderator or the bot, the bot itself, or a bot)."""

from __future__ import annotations

from typing import Any

import discord

from cogs.moderation.errors import ModRefusal
from db.guild_settings import get_settings

__all__ = ["hierarchy_refusal", "require_manager", "require_moderator"]


async def is_moderator(member: discord.Member) -> bool:
    """Moderate Members or Manage Server, or the server's moderator role (``/server
    moderator-role``: "who may moderate besides the managers")."""
    allowed = member.guild_permissions
    if allowed.moderate_members or allowed.manage_guild or allowed.administrator:
        return True
    role_id = (await get_settings(member.guild.id)).moderator_role_id
    return role_id is not None and any(role.id == role_id for role in member.roles)


async def require_moderator(
    interaction: discord.Interaction[Any], *, ban: bool = False
) -> discord.Member:
    """The acting moderator, or a refusal; ``ban``: Ban Members too (a ban is the owner's and
    the admins' tool, not every moderator's)."""
    member = interaction.user
    if not isinstance(member, discord.Member) or not await is_moderator(member):
        raise ModRefusal("mod-refused-not-moderator")
    if ban and not member.guild_permissions.ban_members:
        raise ModRefusal("mod-refused-not-banner")
    await _recheck(interaction)
    return member


async def _recheck(interaction: discord.Interaction[Any]) -> None:
    """A moderator's command re-checks what blocked the server's moderation rows (the bot's
    role moved, a permission given since): they are tried again (cogs.delivery.alerts says so
    in the mod-log)."""
    outbox = getattr(interaction.client, "outbox", None)
    if outbox is not None and interaction.guild_id is not None:
        await outbox.recheck_server(interaction.guild_id)


async def require_manager(interaction: discord.Interaction[Any]) -> discord.Member:
    """Manage Server: the rulebook and the settings are the server's, not one moderator's."""
    member = interaction.user
    if not isinstance(member, discord.Member) or not member.guild_permissions.manage_guild:
        raise ModRefusal("mod-refused-not-manager")
    return member


def _is_administration(member: discord.Member) -> bool:
    """Administrator or Manage Server: the server's administration, whom only the owner
    sanctions; anyone else complains about them to the owner (R-MOD-3, ``/complaint``)."""
    allowed = member.guild_permissions
    return allowed.administrator or allowed.manage_guild


def hierarchy_refusal(
    guild: discord.Guild,
    moderator: discord.Member | None,
    target: discord.Member | discord.User,
    *,
    mute: bool = False,
) -> str | None:
    """The catalogue key of why the bot will not act on ``target``, or None.

    ``moderator`` None: the bot acts by itself (a detector) and only its own place counts, except
    that it never sanctions the administration by itself (only the owner does)."""
    me = guild.me
    if target.id == me.id:
        return "mod-refused-self-bot"
    if target.bot:
        return "mod-refused-bot"
    if moderator is not None and target.id == moderator.id:
        return "mod-refused-yourself"
    if target.id == guild.owner_id:
        return "mod-refused-owner"
    if not isinstance(target, discord.Member):
        return None  # not in the server: no role to compare (a ban of someone who left)
    if _is_administration(target) and (moderator is None or moderator.id != guild.owner_id):
        return "mod-refused-admin"  # R-MOD-3: only the owner sanctions the administration
    if moderator is not None and moderator.id != guild.owner_id:
        if target.top_role >= moderator.top_role:
            return "mod-refused-above-you"
    if target.top_role >= me.top_role:
        return "mod-refused-above-bot"
    if mute and target.guild_permissions.administrator:
        return "mod-refused-admin-timeout"  # Discord refuses to time out administrators
    return None
