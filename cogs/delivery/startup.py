"""The delivery's start (issue 17, item 4): only once the gateway has delivered the servers —
before that the cache is empty, and a catch-up that trusted it once skipped the day's thread
silently. Then: a lease left by this database's previous process is freed (SQLite: one process
per file), the rows a permanent error blocked are tried again (the host may have fixed it while
the bot was down), the phases overdue meanwhile are resolved, the worker starts, and what the
games may miss is enqueued (cogs.game.catch_up); last, replacements a crash cut off are finished (cogs.game.host_replace)."""

from __future__ import annotations

import logging

from discord.ext import commands

from cogs.delivery.worker import DeliveryWorker
from cogs.game.catch_up import catch_up
from cogs.game.host_replace import finish_pending_moves
from cogs.game.worker import Worker
from db.outbox_claims import release_leases, single_process, unblock

__all__ = ["start_after_ready"]

log = logging.getLogger(__name__)
FIRST_ROUND_SECONDS = 60.0  # then the catch-up goes ahead all the same


async def start_after_ready(bot: commands.Bot, outbox: DeliveryWorker) -> None:
    await bot.wait_until_ready()
    if single_process():
        await release_leases()
    await unblock()
    # A restart after an outage: the phases overdue meanwhile first (the scheduler's first
    # round, under way since before the login), alone — deliveries beside it slowed it by half
    # at 1,000 games (issue 20: "every overdue phase resolved in under 10 s"); the catch-up,
    # which reads every running game, would otherwise hold them back too. What they open is
    # stored by then, and the catch-up finds it so.
    scheduler = getattr(bot, "scheduler", None)
    if isinstance(scheduler, Worker):
        await scheduler.first_round(within=FIRST_ROUND_SECONDS)
    # Then the deliveries, at once: not after the catch-up's read of every running game
    # (seconds at 1,000 games); the catch-up's rows join them as it goes (what it enqueues
    # again under a stored key adds nothing).
    outbox.start()
    try:
        await catch_up()
    except Exception:  # the deliveries go on whatever the catch-up met
        log.exception("the start's catch-up failed")
    outbox.wake()  # what the catch-up stored: the worker may have gone idle meanwhile
    await finish_pending_moves(bot)  # replacements whose roles, cabinet or card a crash cut off
