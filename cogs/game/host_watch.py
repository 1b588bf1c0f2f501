"""The host toolbox's background part (issue 12), loaded with the bot: the workers are woken
after a host tool stored something (cogs.game.host_common.wake), every guild message is
looked at for the game's own sanctions (cogs.game.auto_sanctions), and a living player who
leaves the server leaves his running games at once (R-VOTE-12, cogs.game.host_sanctions)."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from cogs.game import auto_sanctions, host_common, host_sanctions
from cogs.support.errors import UserFacingError
from db.games import GameStatus, games_of_player

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

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """R-VOTE-12: leaving the server is leaving the game (a ban or a kick too: he is gone)."""
        if payload.user.bot:
            return
        for game in await games_of_player(payload.user.id, payload.guild_id):
            if game.status is not GameStatus.RUNNING:
                continue
            try:
                await host_sanctions.left_server(game.id, str(payload.user.id))
            except UserFacingError:
                pass  # no living player of that game: nothing to do
            except Exception:  # one game's trouble never stops the others
                log.exception("left the server: game %s, user %s", game.id, payload.user.id)


async def setup(bot: commands.Bot) -> None:
    def wake() -> None:
        for name in ("scheduler", "reminders", "outbox"):  # a moved deadline moves its reminder
            worker = getattr(bot, name, None)
            if worker is not None:
                worker.wake()

    # One bot per process; a test's second bot (a restart) replaces the first one's hook.
    host_common.wakers[:] = [wake]
    await bot.add_cog(HostWatch(bot))
