"""The lobby's persistent components (Join / Leave buttons on every lobby post), registered at
start so that posts made before a restart keep working."""

from __future__ import annotations

from discord.ext import commands

from cogs.game.lobby_post import JoinButton, LeaveButton


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(JoinButton, LeaveButton)
