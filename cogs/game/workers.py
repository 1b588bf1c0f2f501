"""The game's background workers, started with the bot and stopped with it (before the database
closes): the deadline scheduler (cogs.game.scheduler) resolves each phase when it closes — the
resolution stores every Discord effect it causes as outbox rows in its own transaction — and the
delivery worker (cogs.delivery) performs them, exactly once, once the gateway has delivered the
servers (issue 17: nothing at start runs on an empty cache)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from discord.ext import commands

from cogs.delivery.listener import DeliveryListener
from cogs.delivery.startup import start_after_ready
from cogs.delivery.worker import DeliveryWorker
from cogs.game.acquaintance import DealWorker
from cogs.game.play import Resolved, resolve_due
from cogs.game.reminders import Reminders
from cogs.game.scheduler import Scheduler
from cogs.game.vote_post import flush_tallies
from db.games import PendingDeadline

log = logging.getLogger(__name__)


async def setup(bot: commands.Bot) -> None:
    outbox = DeliveryWorker(bot)

    async def resolve(pending: PendingDeadline) -> bool:
        resolved = await resolve_due(pending)  # the claim: this game at this version
        if resolved is None:
            return False
        game_id = pending.game_id
        outbox.wake()  # the resolution's effects are stored: deliver them
        reminders.wake()  # the next phase's reminder time
        for hook in after_resolution:  # e.g. moderation's afk detector
            try:
                await hook(resolved)
            except Exception:  # an observer must never stop the game
                log.exception("game %s: a resolution hook failed", game_id)
        return True

    #: Called with each resolution once it is stored (a cog appends to it at its setup).
    after_resolution: list[Callable[[Resolved], Awaitable[None]]] = []
    bot.after_resolution = after_resolution  # type: ignore[attr-defined]
    scheduler = Scheduler(resolve)
    reminders = Reminders(outbox.wake)
    deals = DealWorker(bot)  # R-LIFE-2: the deal told at the acquaintance's end
    bot.deals = deals  # type: ignore[attr-defined]  # /host start and /host acquaintance wake it
    bot.scheduler = scheduler  # type: ignore[attr-defined]  # /host start wakes it
    bot.outbox = outbox  # type: ignore[attr-defined]
    bot.reminders = reminders  # type: ignore[attr-defined]
    await bot.add_cog(DeliveryListener(outbox))
    stop_callbacks = getattr(bot, "stop_callbacks", None)
    if stop_callbacks is not None:
        # Newest first: the votes' waiting tallies are written (outbox rows), the scheduler
        # stops (it feeds the outbox), then the deals, the reminders, then the outbox.
        stop_callbacks.extend(
            [outbox.stop, reminders.stop, deals.stop, scheduler.stop, flush_tallies]
        )
    if getattr(bot, "database_open", False):  # not in tests that load the cogs alone
        scheduler.start()
        reminders.start()
        deals.start()
        # Deliveries and the catch-up need the servers, which the gateway gives after the login.
        catch_up = asyncio.get_running_loop().create_task(start_after_ready(bot, outbox))
        bot.members_catch_up = catch_up  # type: ignore[attr-defined]  # tests await it
        if stop_callbacks is not None:
            stop_callbacks.append(lambda: _cancel(catch_up))


async def _cancel(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


async def teardown(bot: commands.Bot) -> None:
    for name in ("scheduler", "reminders", "deals", "outbox"):
        worker = getattr(bot, name, None)
        if worker is not None:
            await worker.stop()
