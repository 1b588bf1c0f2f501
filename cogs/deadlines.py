"""The game's background workers, started with the bot and stopped with it (before the database
closes): the deadline scheduler (cogs.game.scheduler) resolves each phase when it closes; the
outbox worker (cogs.game.outbox) delivers what the resolutions said, exactly once."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Sequence

from discord.ext import commands

from cogs.game.day_thread import ensure_day_thread
from cogs.game.outbox import OutboxWorker
from cogs.game.play import resolve_due
from cogs.game.post_game import post_game_thread
from cogs.game.prompts import ensure_prompts
from cogs.game.reminders import Reminders
from cogs.game.scheduler import Scheduler
from cogs.game.table import close_on_server, mute_in_morgue, sync_roles
from cogs.game.vote_post import ensure_vote_post
from db.games import event_log, get_game, load_state, pending_deadlines
from engine.events import Autokilled, Cause, Died, Event, Left

log = logging.getLogger(__name__)


async def setup(bot: commands.Bot) -> None:
    outbox = OutboxWorker(bot)

    async def resolve(game_id: int) -> None:
        resolved = await resolve_due(game_id)
        if resolved is None:
            return
        outbox.wake()
        reminders.wake()  # the next phase's reminder time
        guild = bot.get_guild(resolved.game.guild_id)
        if guild is not None and resolved.after.outcome is not None:
            await post_game_thread(bot, resolved.game)  # R-LIFE-6: the proof and the full log
            await close_on_server(guild, resolved.game, resolved.after)  # the end: read-only
        elif guild is not None:  # a death is one member edit: the alive role for the dead one
            dead = {e.who for e in resolved.events if isinstance(e, Died)}
            await sync_roles(guild, game_id, resolved.after, only=dead)
            await mute_in_morgue(guild, game_id, _autokilled(resolved.events))
        await ensure_day_thread(bot, game_id)  # a new day opened: its thread and vote post
        await ensure_vote_post(bot, game_id)
        await ensure_prompts(bot, game_id)  # and the phase's choice prompts

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
    """What a crash may have cut off on the members, once the servers are known: the dead
    role of deaths (sync_roles), the autokilled's morgue mute (R-VOTE-4); both idempotent."""
    await bot.wait_until_ready()
    for pending in await pending_deadlines():
        try:
            game = await get_game(pending.game_id)
            guild = bot.get_guild(game.guild_id)
            if guild is None:
                continue
            await sync_roles(guild, game.id, (await load_state(game.id)).game_state())
            logged = [e.event for e in await event_log(game.id)]
            await mute_in_morgue(guild, game.id, _autokilled(logged))
        except Exception:  # one game's trouble must not stop the others' catch-up
            log.exception("game %s: could not catch up its members", pending.game_id)


async def _cancel(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task


def _autokilled(events: Sequence[Event]) -> set[str]:
    """Who was autokilled (a missing vote, R-VOTE-4; the vampire's skip; the host)."""
    return {
        e.who
        for e in events
        if isinstance(e, Autokilled)
        or (isinstance(e, Left) and e.autokilled)
        or (isinstance(e, Died) and e.cause == Cause.AUTOKILL)
    }


async def teardown(bot: commands.Bot) -> None:
    for name in ("scheduler", "reminders", "outbox"):
        worker = getattr(bot, name, None)
        if worker is not None:
            await worker.stop()
