"""A member back on the server gets the mute his cases still hold (a case opened while he was
away — the ``leave`` detector, a report upheld after he left — or a timeout Discord dropped when
he left). GUILD_MEMBER_ADD comes only with the Server Members intent; without it the case's
mod-log post tells the moderators to apply it by hand (cogs.moderation.cases)."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from cogs.moderation.cases import mute_on_return

__all__ = ["ReturnsCog", "setup"]

log = logging.getLogger(__name__)


class ReturnsCog(commands.Cog):
    @commands.Cog.listener()
    async def on_member_join(self, member: discord.Member) -> None:
        if member.bot:
            return
        try:
            await mute_on_return(member)
        except Exception:  # a join must never break on the bot's trouble
            log.exception("moderation: the mute on %s's return failed", member.id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ReturnsCog())
