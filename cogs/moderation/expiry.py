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
from cogs.moderation.cases import WAKERS, expire_due

__all__ = ["ExpiryWorker"]


class ExpiryWorker(Worker):
    name = "moderation-expiry"

    def __init__(self, bot: discord.Client) -> None:
        super().__init__()
        self.bot = bot

    def start(self) -> None:
        WAKERS.add(self.wake)  # a new case with an end: look again
        super().start()

    async def stop(self) -> None:
        WAKERS.discard(self.wake)
        await super().stop()

    async def round(self) -> datetime | None:
        await self.bot.wait_until_ready()  # the servers must be known to lift a ban in them
        return await expire_due(self.bot)
