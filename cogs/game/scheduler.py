"""One scheduler for every game's deadline (DESIGN.md: "Deadlines").

It keeps nothing of its own: each round it reads the pending deadlines from the database
(``db.games.pending_deadlines``), sleeps until the earliest on the bot's clock
(``cogs.support.clock``, which tests advance), and hands each game whose phase has closed to
``resolve(game_id)``. So a deadline passed while the bot was down is resolved at once on start,
a restart loses nothing, and a new or changed deadline only needs :meth:`Scheduler.wake`.

Resolving exactly once is not the scheduler's job but the resolver's: it advances the phase
under the game's version guard (``db.games.advance_phase``), so a second call for a phase
already resolved finds nothing due. The scheduler only guarantees that a failing resolution
never stops the others: it is logged and retried after ``retry_after`` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from cogs.support import clock
from db.games import PendingDeadline, pending_deadlines

__all__ = ["Scheduler"]

log = logging.getLogger(__name__)

# A phase is resolved this long after its close: a vote clicked in the last instant (judged by
# its snowflake, R-TIME-2) is still on its way through Discord and the bot then, and must be
# committed before the resolution reads the votes. Discord gives a bot 3 s to acknowledge.
GRACE_SECONDS = 5.0

Resolve = Callable[[int], Awaitable[None]]
Load = Callable[[], Awaitable[list[PendingDeadline]]]


class Scheduler:
    def __init__(
        self,
        resolve: Resolve,
        *,
        load: Load = pending_deadlines,
        retry_after: float = 30.0,
        grace: float = GRACE_SECONDS,
    ) -> None:
        self.resolve = resolve
        self.load = load
        self.retry_after = timedelta(seconds=retry_after)
        self.grace = timedelta(seconds=grace)
        self._task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self._failed: dict[int, datetime] = {}  # game → not before (after a failed resolution)
        self._in_round = False
        #: Rounds completed; :meth:`next_round` waits for the next (tests wait on it, never sleep).
        self.rounds = 0
        self._round_done = asyncio.Condition()

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="deadline-scheduler")

    def wake(self) -> None:
        """A deadline was added or changed: read them again now."""
        self._wake.set()

    async def stop(self) -> None:
        """Stop between resolutions (a resolution under way is finished first)."""
        task, self._task = self._task, None
        if task is None:
            return
        if self._in_round:  # a phase being resolved is finished, not cut in half
            async with self._round_done:
                target = self.rounds + 1
                await self._round_done.wait_for(lambda: self.rounds >= target)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            self._in_round = True
            try:
                next_at = await self._round()
            except Exception:  # the database went away: try again later, never die
                log.exception("scheduler: could not read the deadlines")
                next_at = clock.now() + self.retry_after
            async with self._round_done:
                self._in_round = False
                self.rounds += 1
                self._round_done.notify_all()
            await self._sleep(next_at)

    async def next_round(self) -> None:
        """Wait until the scheduler has completed a round that began after this call."""
        async with self._round_done:
            # A round already under way may have read the deadlines before the caller's change.
            target = self.rounds + (2 if self._in_round else 1)
            await self._round_done.wait_for(lambda: self.rounds >= target)

    async def _round(self) -> datetime | None:
        """Resolve what is due; return when to look again (None: when woken)."""
        now = clock.now()
        upcoming: list[datetime] = []
        for pending in await self.load():
            not_before = self._failed.get(pending.game_id)
            due_at = pending.closes_at + self.grace
            if due_at > now:
                upcoming.append(due_at)
            elif not_before is not None and not_before > now:
                upcoming.append(not_before)
            else:
                retry_at = await self._resolve(pending, now)
                # A resolved phase opened the next one, whose deadline this round did not read:
                # look again at once (a failed one is retried later).
                upcoming.append(retry_at if retry_at is not None else now)
        log.debug("scheduler: round at %s; next at %s", now, min(upcoming, default=None))
        return min(upcoming, default=None)

    async def _resolve(self, pending: PendingDeadline, now: datetime) -> datetime | None:
        """Resolve one game; after a failure, the time to try it again."""
        try:
            await self.resolve(pending.game_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            retry_at = now + self.retry_after
            log.exception(
                "scheduler: resolving game %s (%s %s) failed; retrying in %s",
                pending.game_id, pending.phase, pending.day_number, self.retry_after,
            )  # fmt: skip
            self._failed[pending.game_id] = retry_at
            return retry_at
        self._failed.pop(pending.game_id, None)
        return None

    async def _sleep(self, until: datetime | None) -> None:
        woken: asyncio.Future[object] = asyncio.ensure_future(self._wake.wait())
        waiters = {woken}
        if until is not None:
            waiters.add(asyncio.ensure_future(clock.sleep_until(until)))
        try:
            await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiter in waiters:
                waiter.cancel()
