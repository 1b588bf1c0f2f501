"""Before a game is set up: can the bot do it? Every missing permission and role-position
problem, so the host is told exactly what to fix before anything is created."""

from __future__ import annotations

import discord

from cogs.game.server.objects import CHANNEL_KINDS
from cogs.game.server.overwrites import BOT_NEEDS
from db.server_objects import pooled_roles
from locales import t

__all__ = [
    "MAX_CATEGORY_CHANNELS",
    "MAX_SERVER_CHANNELS",
    "NO_ROOM",
    "POOL_ROLE_ABOVE_BOT",
    "CannotHost",
    "check_bot_can_host",
    "explain_problems",
]

# Discord's caps: 500 channels per server, 50 per category.
MAX_SERVER_CHANNELS = 500
MAX_CATEGORY_CHANNELS = 50

#: A role of the server's game-role pool sits at or above the bot's top role: the bot cannot
#: give or take it (Discord: only roles below the bot's highest role).
POOL_ROLE_ABOVE_BOT = "pool_role_above_bot"
#: The server has no room for the game's channels.
NO_ROOM = "no_room"


class CannotHost(Exception):
    """The bot cannot set a game up on this server: ``problems`` as :func:`check_bot_can_host`."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(f"cannot host a game: {', '.join(problems)}")
        self.problems = problems


def channels_needed(cabinets: int) -> int:
    """The channels a game with ``cabinets`` cabinets creates (its category included)."""
    return 1 + len(CHANNEL_KINDS) + cabinets


async def check_bot_can_host(guild: discord.Guild, *, cabinets: int = 0) -> list[str]:
    """What stops the bot from setting a game up here; empty when nothing does.

    Each problem is a discord.py permission name the bot lacks on the server (``manage_roles``,
    ``send_messages``, …; in the order Discord numbers them) or :data:`POOL_ROLE_ABOVE_BOT` or
    :data:`NO_ROOM`. :func:`explain_problems` turns them into sentences for the host."""
    me = guild.me
    have = me.guild_permissions  # an administrator has them all
    problems = [name for name, needed in BOT_NEEDS if needed and not getattr(have, name)]
    pooled = {p.role_id for p in await pooled_roles(guild.id)}
    if pooled and guild.owner_id != me.id and await _pool_role_above_bot(guild, pooled):
        problems.append(POOL_ROLE_ABOVE_BOT)
    needed = channels_needed(cabinets)
    if needed > MAX_CATEGORY_CHANNELS or len(guild.channels) + needed > MAX_SERVER_CHANNELS:
        problems.append(NO_ROOM)
    return problems


async def _pool_role_above_bot(guild: discord.Guild, pooled: set[int]) -> bool:
    """Whether a pooled role is not below the bot's top role. Positions are read afresh (one
    GET): Discord shifts every role when one is created, and the cache may not have seen it."""
    roles = await guild.fetch_roles()
    mine = {r.id for r in guild.me.roles}
    top = max((r for r in roles if r.id in mine), default=None)
    if top is None:
        return True
    return any(r >= top for r in roles if r.id in pooled)


def explain_problems(problems: list[str], locale: object, guild: discord.Guild) -> list[str]:
    """One sentence per problem, in ``locale`` (the host's), saying what to change."""
    lines = []
    for problem in problems:
        if problem == POOL_ROLE_ABOVE_BOT:
            lines.append(t(locale, "server-problem-role-position", role=guild.me.top_role.name))
        elif problem == NO_ROOM:
            lines.append(t(locale, "server-problem-no-room", count=MAX_SERVER_CHANNELS))
        else:
            permission = t(locale, f"server-permission-{problem}")
            lines.append(t(locale, "server-problem-permission", permission=permission))
    return lines
