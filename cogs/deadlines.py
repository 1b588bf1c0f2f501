"""The game's background workers, started with the bot and stopped with it (before the database
closes): the deadline scheduler (cogs.game.scheduler) resolves each phase when it closes; the
outbox worker (cogs.game.outbox) delivers what the resolutions said, exactly once."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from discord.ext import commands

from cogs.game.day_thread import ensure_day_thread
from cogs.game.finish import catch_up_finished, finish_on_server
from cogs.game.host_replace import finish_pending_moves
from cogs.game.outbox import OutboxWorker
from cogs.game.play import Resolved, resolve_due
from cogs.game.prompts import ensure_prompts
from cogs.game.reminders import Reminders
from cogs.game.scheduler import Scheduler
from cogs.game.table import mute_in_morgue, silenced_in_morgue, sync_roles
from cogs.game.vote_post import ensure_vote_post
from db.games import PendingDeadline, event_log, get_game, load_state, pending_deadlines
from engine.events import Died

log = logging.getLogger(__name__)


async def setup(bot: commands.Bot) -> None:
    outbox = OutboxWorker(bot)

    async def resolve(pending: PendingDeadline) -> bool:
        resolved = await resolve_due(pending)  # the claim: this game at this version
        if resolved is None:
            return False
        game_id = pending.game_id
        outbox.wake()
        reminders.wake()  # the next phase's reminder time
        guild = bot.get_guild(resolved.game.guild_id)
        if guild is not None and resolved.after.outcome is not None:
            await finish_on_server(bot, guild, resolved.game)  # R-LIFE-6, then read-only
        elif guild is not None:  # a death is one member edit: the alive role for the dead one
            dead = {e.who for e in resolved.events if isinstance(e, Died)}
            await sync_roles(guild, game_id, resolved.after, only=dead)
            await mute_in_morgue(guild, game_id, silenced_in_morgue(resolved.events))
        await ensure_day_thread(bot, game_id)  # a new day opened: its thread and vote post
        await ensure_vote_post(bot, game_id)
        await ensure_prompts(bot, game_id)  # and the phase's choice prompts
        for hook in after_resolution:  # e.g. moderation's afk detector
            try:
                await hook(resolved)
            except Exception:  # an observer must never stop the game's delivery
                log.exception("game %s: a resolution hook failed", game_id)
        return True

    #: Called with each resolution once it is delivered (a cog appends to it at its setup).
    after_resolution: list[Callable[[Resolved], Awaitable[None]]] = []
    bot.after_resolution = after_resolution  # type: ignore[attr-defined]
    scheduler = Scheduler(resolve)
    reminders = Reminders(outbox.wake)
    bot.scheduler = scheduler  # type: ignore[attr-defined]  # /host start wakes it
    bot.outbox = outbox  # type: ignore[attr-defined]
    bot.reminders = reminders  # type: ignore[attr-defined]
    stop_callbacks = getattr(bot, "stop_callbacks", None)
    if stop_callbacks is not None:  # the scheduler first (it feeds the outbox), then the outbox
        stop_callbacks.extend([outbox.stop, reminders.stop, scheduler.stop])
    if getattr(bot, "database_open", False):  # not in tests that load the cogs alone
        outbox.start()  # what a crash left undelivered goes out now
        scheduler.start()
        reminders.start()
        await _catch_up(bot)
        # The members' side needs the servers, which the gateway gives only after the login.
        catch_up = asyncio.get_running_loop().create_task(_catch_up_members(bot))
        bot.members_catch_up = catch_up  # type: ignore[attr-defined]  # tests await it
        if stop_callbacks is not None:
            stop_callbacks.append(lambda: _cancel(catch_up))


async def _catch_up(bot: commands.Bot) -> None:
    """What a crash may have cut off after a resolution, in the channels: the day's thread and
    vote post, the phase's choice prompts (each idempotent)."""
    for pending in await pending_deadlines():
        try:
            if pending.phase == "day":
                await ensure_day_thread(bot, pending.game_id)
                await ensure_vote_post(bot, pending.game_id)
            await ensure_prompts(bot, pending.game_id)
        except Exception:  # one game's trouble must not keep the bot from starting
            log.exception("game %s: could not catch up after the start", pending.game_id)


async def _catch_up_members(bot: commands.Bot) -> None:
    """What a crash may have cut off on the server, once the servers are known: the end of
    games that ended (cogs.game.finish), replacements (cogs.game.host_replace), the dead role of
    deaths (sync_roles), the autokilled's morgue mute (R-VOTE-4); all idempotent."""
    await bot.wait_until_ready()
    await catch_up_finished(bot)  # games whose end on the server a crash cut off
    await finish_pending_moves(bot)  # replacements whose roles, cabinet or card it cut off
    for pending in await pending_deadlines():
        try:
            game = await get_game(pending.game_id)
            guild = bot.get_guild(game.guild_id)
            if guild is None:
                continue
            await sync_roles(guild, game.id, (await load_state(game.id)).game_state())
            logged = [e.event for e in await event_log(game.id)]
            await mute_in_morgue(guild, game.id, silenced_in_morgue(logged))
        except Exception:  # one game's trouble must not stop the others' catch-up
            log.exception("game %s: could not catch up its members", pending.game_id)


async def _cancel(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


async def teardown(bot: commands.Bot) -> None:
    for name in ("scheduler", "reminders", "outbox"):
        worker = getattr(bot, name, None)
        if worker is not None:
            await worker.stop()
