"""Deadlines: the one scheduler (cogs.game.scheduler) resolves each game's phase when it closes
and announces the result; started with the bot, stopped with it (before the database closes)."""

from __future__ import annotations

import logging

from discord.ext import commands

from cogs.game.play import resolve_due
from cogs.game.results import announce
from cogs.game.scheduler import Scheduler

log = logging.getLogger(__name__)


async def setup(bot: commands.Bot) -> None:
    async def resolve(game_id: int) -> None:
        resolved = await resolve_due(game_id)
        if resolved is not None:
            await announce(bot, resolved)

    scheduler = Scheduler(resolve)
    bot.scheduler = scheduler  # type: ignore[attr-defined]  # /host start wakes it
    stop_callbacks = getattr(bot, "stop_callbacks", None)
    if stop_callbacks is not None:
        stop_callbacks.append(scheduler.stop)
    if getattr(bot, "database_open", False):  # not in tests that load the cogs alone
        scheduler.start()


async def teardown(bot: commands.Bot) -> None:
    scheduler = getattr(bot, "scheduler", None)
    if scheduler is not None:
        await scheduler.stop()
