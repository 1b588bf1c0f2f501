"""The game's background workers, started with the bot and stopped with it (before the database
closes): the deadline scheduler (cogs.game.scheduler) resolves each phase when it closes; the
outbox worker (cogs.game.outbox) delivers what the resolutions said, exactly once."""

from __future__ import annotations

import logging

from discord.ext import commands

from cogs.game.outbox import OutboxWorker
from cogs.game.play import resolve_due
from cogs.game.scheduler import Scheduler
from cogs.game.vote_post import ensure_vote_post
from db.games import pending_deadlines

log = logging.getLogger(__name__)


async def setup(bot: commands.Bot) -> None:
    outbox = OutboxWorker(bot)

    async def resolve(game_id: int) -> None:
        if await resolve_due(game_id) is not None:
            outbox.wake()
            await ensure_vote_post(bot, game_id)  # a new day opened: its vote post

    scheduler = Scheduler(resolve)
    bot.scheduler = scheduler  # type: ignore[attr-defined]  # /host start wakes it
    bot.outbox = outbox  # type: ignore[attr-defined]
    stop_callbacks = getattr(bot, "stop_callbacks", None)
    if stop_callbacks is not None:  # the scheduler first (it feeds the outbox), then the outbox
        stop_callbacks.extend([outbox.stop, scheduler.stop])
    if getattr(bot, "database_open", False):  # not in tests that load the cogs alone
        outbox.start()  # what a crash left undelivered goes out now
        scheduler.start()
        await _catch_up(bot)


async def _catch_up(bot: commands.Bot) -> None:
    """A day opened just before a crash may lack its vote post: post what is missing."""
    for pending in await pending_deadlines():
        if pending.phase == "day":
            try:
                await ensure_vote_post(bot, pending.game_id)
            except Exception:  # one game's trouble must not keep the bot from starting
                log.exception("game %s: could not post the day's vote post", pending.game_id)


async def teardown(bot: commands.Bot) -> None:
    for worker in (getattr(bot, "scheduler", None), getattr(bot, "outbox", None)):
        if worker is not None:
            await worker.stop()
