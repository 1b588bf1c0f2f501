"""The host toolbox's background part (issue 12), loaded with the bot: the workers are woken
after a host tool stored something (cogs.game.host_common.wake)."""

from __future__ import annotations

from discord.ext import commands

from cogs.game import host_common


async def setup(bot: commands.Bot) -> None:
    def wake() -> None:
        for name in ("scheduler", "outbox"):
            worker = getattr(bot, name, None)
            if worker is not None:
                worker.wake()

    # One bot per process; a test's second bot (a restart) replaces the first one's hook.
    host_common.wakers[:] = [wake]
