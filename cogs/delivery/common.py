"""What the delivery's kinds share: the error for an effect nobody can make happen any more, a
channel fetched when not cached, and where a row that follows a game's setup goes."""

from __future__ import annotations

from typing import Any

import discord

from db.games import get_game
from db.outbox import OutboxItem
from db.server_objects import game_channels

__all__ = ["NONE", "Undeliverable", "channel_of", "edit_roles", "game_channel", "guild_of"]

NONE = discord.AllowedMentions.none()


class Undeliverable(Exception):
    """The effect can never happen and nobody can fix it (what it needed is gone)."""


async def channel_of(client: discord.Client, channel_id: int) -> Any:
    return client.get_channel(channel_id) or await client.fetch_channel(channel_id)


async def guild_of(client: discord.Client, guild_id: int) -> discord.Guild:
    return client.get_guild(guild_id) or await client.fetch_guild(guild_id)


async def edit_roles(
    member: discord.Member, add: set[int], remove: set[int], reason: str | None
) -> bool:
    """One member edit, none when he already holds exactly that (read back first: a replayed
    row changes nothing twice). ``add`` wins over ``remove``. Whether an edit was sent."""
    removing = remove - add
    current = [r for r in member.roles if not r.is_default()]
    have = {r.id for r in current}
    if add <= have and not removing & have:
        return False
    kept: list[discord.abc.Snowflake] = [r for r in current if r.id not in removing]
    kept += [discord.Object(id=role_id) for role_id in sorted(add - have)]
    await member.edit(roles=kept, reason=reason)
    return True


#: The game's channels whose posts never fall back to the lobby's (cogs.game.server.objects).
PRIVATE_KINDS = frozenset({"cabinet", "host"})


async def game_channel(item: OutboxItem, part: str) -> int:
    """The game's channel of kind ``part`` (``cabinet:KEY``: that cabinet) its setup recorded;
    a game that got no channels of its own (the bot could not make them) posts in its lobby's
    channel — but a cabinet's post, or the host's channel's (the deal names every role), has
    nowhere else to go: never into a public channel."""
    assert item.game_id is not None
    kind, _, cabinet = part.partition(":")
    for record in await game_channels(item.game_id):
        if record.kind == kind and (record.cabinet or "") == cabinet:
            return record.channel_id
    lobby = (await get_game(item.game_id)).channel_id
    if cabinet or kind in PRIVATE_KINDS or lobby is None:
        raise Undeliverable(f"game {item.game_id} has no channel {part}")
    return lobby
