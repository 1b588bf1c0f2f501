"""R-SANCT-3's listener (cogs.game.activity), loaded with the bot: every guild message is
counted if it is a post in a running game's discussion, the counts are stored every
``FLUSH_SECONDS`` and once more when the bot stops."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord.ext import commands

from cogs.game import activity, channel_index

log = logging.getLogger(__name__)


class ActivityWatch(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        try:
            await activity.tally.count(message)
        except Exception:  # one message's trouble never stops the listener
            log.exception("activity: message %s", message.id)

    @commands.Cog.listener()
    async def on_guild_channel_create(self, channel: discord.abc.GuildChannel) -> None:
        activity.tally.forget()  # a game's discussion may have just been made


async def setup(bot: commands.Bot) -> None:
    # One bot per process; a test's second bot (a restart) starts with nothing in memory.
    activity.tally = activity.Tally(receiving=bot.intents.guild_messages)
    channel_index.index = channel_index.ChannelIndex()
    if not bot.intents.guild_messages:
        log.warning("activity (R-SANCT-3): no Guild Messages intent, posts are not counted")
    await bot.add_cog(ActivityWatch(bot))
    if getattr(bot, "database_open", False):  # not in tests that load the cogs alone
        task = asyncio.get_running_loop().create_task(activity.flush_every())
        stop_callbacks = getattr(bot, "stop_callbacks", None)
        if stop_callbacks is not None:
            stop_callbacks.append(lambda: activity.stop(task))
