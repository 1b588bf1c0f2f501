"""What the ``/host`` commands share: the group itself, who may host, the game a command is
about, the ephemeral answers.

Who may host: members with Manage Server, or with the server's host role (db guild settings).
The command is hidden from others by ``default_permissions`` (a server admin may change that in
Discord's settings), and checked again here, since those defaults can be changed."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from cogs.game import lobby as lobby_service
from cogs.game import table
from cogs.quick.forum_guard import refuse_quick
from cogs.support.embeds import chunk_lines
from cogs.support.errors import UserFacingError
from db.games import GameInfo, GameStatus, games_in_guild
from db.guild_settings import get_settings
from locales import t

__all__ = [
    "CannotHostHere",
    "answer",
    "answer_lines",
    "finished_games",
    "game_here",
    "lobby_here",
    "host",
    "is_server_host",
    "require_host",
    "tool",
]

host = app_commands.Group(
    name=locale_str("host"),
    description=locale_str("The host's commands: open and run a game"),
    default_permissions=discord.Permissions(manage_guild=True),
    guild_only=True,
)


async def is_server_host(interaction: discord.Interaction[Any]) -> bool:
    member = interaction.user
    if not isinstance(member, discord.Member):
        return False
    if member.guild_permissions.manage_guild:
        return True
    role_id = (await get_settings(member.guild.id)).host_role_id
    return role_id is not None and any(role.id == role_id for role in member.roles)


async def require_host(interaction: discord.Interaction[Any]) -> bool:
    if not await is_server_host(interaction):
        raise UserFacingError("error-not-host")
    return True


async def tool(interaction: discord.Interaction[Any]) -> tuple[int, bool]:
    """The running game a host tool is about, and whether its user hosts on this server."""
    assert interaction.guild_id is not None
    where = (interaction.guild_id, interaction.channel_id)
    try:
        game = await table.game_here(*where, [GameStatus.RUNNING], none="error-no-game")
    except UserFacingError:
        # a quick registration here: the same sentence as for its game (issue 21), not "no game"
        await _refuse_quick_here(*where, GameStatus.SIGNUP)
        raise
    refuse_quick(game)  # issue 21: the bot runs a quick game, no host
    return game.id, await is_server_host(interaction)


async def _refuse_quick_here(guild_id: int, channel_id: int | None, status: GameStatus) -> None:
    """A tool found no game of its kind here: if the game here is a quick one (of ``status``),
    it is told so instead (issue 21)."""
    try:
        other = await table.game_here(guild_id, channel_id, [status], none="")
    except UserFacingError:
        return
    refuse_quick(other)


async def answer_lines(interaction: discord.Interaction[Any], lines: list[str]) -> None:
    """A long answer for the host alone, cut into messages of Discord's size."""
    chunks = chunk_lines(lines, 2000)
    await interaction.response.send_message(chunks[0], ephemeral=True)
    for chunk in chunks[1:]:
        await interaction.followup.send(chunk, ephemeral=True)


async def answer(interaction: discord.Interaction[Any], key: str, **args: Any) -> None:
    await interaction.response.send_message(t(interaction.locale, key, **args), ephemeral=True)


async def finished_games(guild_id: int) -> list[GameInfo]:
    return await games_in_guild(guild_id, [GameStatus.FINISHED, GameStatus.CANCELLED])


async def game_here(guild_id: int, channel_id: int | None) -> GameInfo:
    """The game (in signup or running) of this channel — its lobby or one of its own
    channels — else the server's only one."""
    statuses = [GameStatus.SIGNUP, GameStatus.RUNNING]
    return refuse_quick(await table.game_here(guild_id, channel_id, statuses, none="error-no-game"))


async def lobby_here(guild_id: int, channel_id: int | None) -> GameInfo:
    """The signup a host's lobby tool is about (cogs.game.lobby), never a quick registration."""
    try:
        game = await lobby_service.lobby_in(guild_id, channel_id)
    except UserFacingError:
        await _refuse_quick_here(guild_id, channel_id, GameStatus.RUNNING)
        raise
    return refuse_quick(game)


class CannotHostHere(UserFacingError):
    """The bot lacks what a game needs: each problem in a sentence for the host."""

    def __init__(self, sentences: list[str]) -> None:
        super().__init__("error-cannot-host", problems="\n".join(sentences))
        self.sentences = sentences
