"""The outbox worker: delivers a game's stored Discord effects (db.outbox) exactly once.

Each effect is sent with its row's nonce and Discord's ``enforce_nonce``, so a crash between
the send and the mark, or an "applied, then 5xx" answer that discord.py retries, makes no second
post: Discord answers the retry with the first message. Effects that can never be delivered
(closed DMs, a deleted channel: 403/404) are marked done with the reason; others (5xx, a
dropped connection) are retried later, in order.
"""

from __future__ import annotations

import logging
from datetime import datetime

import aiohttp
import discord

from cogs.game.worker import Worker
from cogs.support import clock
from db.outbox import OutboxItem, delivered, failed, pending

__all__ = ["MAX_ATTEMPTS", "OutboxWorker"]

log = logging.getLogger(__name__)
MAX_ATTEMPTS = 20
NONE = discord.AllowedMentions.none()


class OutboxWorker(Worker):
    name = "outbox"

    def __init__(self, client: discord.Client, *, retry_after: float = 15.0) -> None:
        super().__init__(retry_after=retry_after)
        self.client = client

    async def round(self) -> datetime | None:
        for item in await pending(max_attempts=MAX_ATTEMPTS):
            if not await self._deliver(item):
                # Keep a game's posts in order: what follows waits for the one that failed.
                return clock.now() + self.retry_after
        return None

    async def _deliver(self, item: OutboxItem) -> bool:
        effect = item.effect
        try:
            if effect.kind == "post":
                channel = self.client.get_partial_messageable(effect.target_id)
                await channel.send(effect.content, nonce=item.nonce, allowed_mentions=NONE)
            else:
                user = self.client.get_user(effect.target_id) or await self.client.fetch_user(
                    effect.target_id
                )
                await user.send(effect.content, nonce=item.nonce)
        except (discord.Forbidden, discord.NotFound) as error:  # never deliverable
            log.info("outbox %s: given up: %s", item.id, error)
            await delivered(item.id, note=f"{type(error).__name__}: {error}")
            return True
        except (TimeoutError, discord.HTTPException, aiohttp.ClientError) as error:
            log.warning("outbox %s: will retry: %s", item.id, error)
            await failed(item.id, f"{type(error).__name__}: {error}")
            return False
        await delivered(item.id)
        return True
