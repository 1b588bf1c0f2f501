"""The host toolbox's background part (issue 12), loaded with the bot: the workers are woken
after a host tool stored something (cogs.game.host_common.wake), and every guild message is
looked at for the game's own sanctions (cogs.game.auto_sanctions)."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from cogs.game import auto_sanctions, host_common

log = logging.getLogger(__name__)


class HostWatch(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        try:
            await auto_sanctions.on_guild_message(message)
        except Exception:  # one message's trouble never stops the listener
            log.exception("auto-sanctions: message %s", message.id)


async def setup(bot: commands.Bot) -> None:
    def wake() -> None:
        for name in ("scheduler", "reminders", "outbox"):  # a moved deadline moves its reminder
            worker = getattr(bot, name, None)
            if worker is not None:
                worker.wake()

    # One bot per process; a test's second bot (a restart) replaces the first one's hook.
    host_common.wakers[:] = [wake]
    await bot.add_cog(HostWatch(bot))
