"""The worker that ends sanctions on time: temporary bans lifted, long mutes renewed past
Discord's 28 days, ended cases marked expired (cogs.moderation.cases.expire_due).

Like the game's deadline scheduler it keeps nothing of its own: each round reads the due cases
from the database and sleeps until the next one on the bot's clock, so a ban that ended while the
bot was down is lifted at once on start.
"""

from __future__ import annotations

from datetime import datetime

import discord

from cogs.game.worker import Worker
from cogs.moderation.cases import expire_due

__all__ = ["ExpiryWorker", "wake"]


class ExpiryWorker(Worker):
    name = "moderation-expiry"

    def __init__(self, bot: discord.Client) -> None:
        super().__init__()
        self.bot = bot

    async def round(self) -> datetime | None:
        await self.bot.wait_until_ready()  # the servers must be known to lift a ban in them
        return await expire_due(self.bot)


def wake(bot: discord.Client) -> None:
    """A case with an end was made or changed: the worker looks again."""
    worker = getattr(bot, "moderation_expiry", None)
    if worker is not None:
        worker.wake()
