"""One scheduler for every game's deadline (DESIGN.md: "Deadlines").

It keeps nothing of its own: each round it reads the due deadlines from the database, and the
next to come (``db.games.due_deadlines``, over an indexed column), sleeps until the earliest on the bot's clock
(``cogs.support.clock``, which tests advance), and hands each game whose phase has closed to
``resolve(pending)``. So a deadline passed while the bot was down is resolved at once on start,
a restart loses nothing, and a new or changed deadline only needs :meth:`Scheduler.wake`.

What it hands over is a claim, the game *and the version it read* (``PendingDeadline``): the
resolver (cogs.game.play.resolve_due, db.claims) resolves that phase only if the game is still
at that version and no other process holds it, so N processes racing one deadline resolve it
once, and none resolves the next phase by mistake. A claim that did not hold (``resolve``
returns False) is looked at again after ``busy_after`` seconds, when the other process is done
or the moved game's new deadline is read. A failing resolution never stops the others: it is
logged and retried after ``retry_after`` seconds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from cogs.game.worker import Worker
from cogs.support import clock
from db.games import PendingDeadline, due_deadlines

__all__ = ["Scheduler"]

log = logging.getLogger(__name__)

# A phase is resolved this long after its close: a vote clicked in the last instant (judged by
# its snowflake, R-TIME-2) is still on its way through Discord and the bot then, and must be
# committed before the resolution reads the votes. Discord gives a bot 3 s to acknowledge.
GRACE_SECONDS = 5.0

#: How many games' phases are resolved at once.
PARALLEL = 8

#: Resolve a claimed deadline: False if the claim did not hold (claimed elsewhere, moved).
Resolve = Callable[[PendingDeadline], Awaitable[bool]]
Load = Callable[[], Awaitable[list[PendingDeadline]]]


class Scheduler(Worker):
    name = "deadline-scheduler"

    def __init__(
        self,
        resolve: Resolve,
        *,
        load: Load | None = None,
        retry_after: float = 30.0,
        grace: float = GRACE_SECONDS,
        busy_after: float = 1.0,
        parallel: int = PARALLEL,
    ) -> None:
        super().__init__(retry_after=retry_after)
        self.busy_after = timedelta(seconds=busy_after)
        self.parallel = parallel
        self.resolve = resolve
        # By default the indexed next close (db.state.due_deadlines): what is due by now,
        # and the next to come; never every running game (issue 20).
        self.load = load or (lambda: due_deadlines(clock.now() - self.grace))
        self.grace = timedelta(seconds=grace)
        self._failed: dict[int, datetime] = {}  # game → not before (after a failed resolution)

    async def round(self) -> datetime | None:
        """Resolve what is due; return when to look again (None: when woken)."""
        now = clock.now()
        upcoming: list[datetime] = []
        due: list[PendingDeadline] = []
        for pending in await self.load():
            not_before = self._failed.get(pending.game_id)
            due_at = pending.closes_at + self.grace
            if due_at > now:
                upcoming.append(due_at)
            elif not_before is not None and not_before > now:
                upcoming.append(not_before)
            else:
                due.append(pending)
        # Games are independent: their phases are resolved side by side (a restart after an
        # outage finds many due at once, issue 20), a few at a time so that a burst of
        # resolutions leaves room for the votes and the deliveries.
        limit = asyncio.Semaphore(self.parallel)

        async def one(pending: PendingDeadline) -> datetime:
            async with limit:
                retry_at = await self._resolve(pending, now)
            # A resolved phase opened the next one, whose deadline this round did not read:
            # look again at once (a failed one or a claim that did not hold: later).
            return retry_at if retry_at is not None else now

        upcoming += await asyncio.gather(*(one(p) for p in due))
        log.debug("scheduler: round at %s; next at %s", now, min(upcoming, default=None))
        return min(upcoming, default=None)

    async def _resolve(self, pending: PendingDeadline, now: datetime) -> datetime | None:
        """Resolve one game's claimed phase; the time to look at it again if it was not."""
        try:
            resolved = await self.resolve(pending)
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
        return None if resolved else now + self.busy_after
