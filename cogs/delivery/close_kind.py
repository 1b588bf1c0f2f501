"""The ``close`` row: a game's end on the server — each of its channels read-only for everyone
(the bot still writes), its roles taken from their holders and back to the server's pool.
Safe to repeat: a channel already closed is edited to the same overwrites, a member without
the game's roles is not edited, and a deleted channel or a member who left is skipped."""

from __future__ import annotations

from collections.abc import Iterable

import discord

from cogs.delivery.pool_roles import release_roles
from cogs.game import channel_index
from cogs.game.server.channels import _overwrites, fetch_members
from cogs.game.server.objects import ROLE_KINDS, GameRoles
from cogs.game.server.overwrites import closed_table
from cogs.game.table import spectators
from db.games import GameInfo
from db.server_objects import game_channels, game_roles
from engine import GameState

__all__ = ["close_game", "close_on_server"]


async def close_on_server(guild: discord.Guild, game: GameInfo, state: GameState) -> None:
    """The game is over: its channels read-only, its roles back to the pool (the host's, the
    players' and the spectators')."""
    members = [int(p.id) for p in state.players if p.id.isdigit()]
    watchers = await spectators(game.id)
    await close_game(guild, game.id, [*members, *watchers, game.host_id])
    channel_index.index.forget()  # its channels are no running game's any more


async def close_game(guild: discord.Guild, game_id: int, member_ids: Iterable[int] = ()) -> None:
    """The game is over: each of its channels becomes readable by everyone and writable by
    nobody but the bot (one edit per channel); its roles are taken from their holders and go
    back to the pool. Safe to repeat.

    ``member_ids``: everyone the game gave a role (host, players, spectators). The bot may run
    without the Server Members intent, so it cannot count on listing a role's members itself;
    each is read afresh (a GET) and edited once if he still holds a role of the game. Members
    who left are skipped."""
    records = await game_channels(game_id)
    closed = _overwrites(guild, closed_table(), {})
    for record in records:
        try:  # not cached (a start-up catch-up) is fetched, never skipped (issue 17)
            channel = guild.get_channel(record.channel_id) or await guild.fetch_channel(
                record.channel_id
            )
        except discord.NotFound:
            continue  # deleted: nothing left to close
        if isinstance(channel, discord.abc.GuildChannel):
            await channel.edit(overwrites=closed, reason=f"game {game_id} is over")
    held = await game_roles(game_id)
    roles = GameRoles(**held) if set(held) == set(ROLE_KINDS) else None
    members = await fetch_members(guild, member_ids) if roles is not None else []
    await release_roles(guild, game_id, roles, members)
