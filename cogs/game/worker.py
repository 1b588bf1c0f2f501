"""A background worker that works in rounds: the deadline scheduler and the outbox share it.

Each round does what is due and says when to look again (None: when woken); between rounds
the worker sleeps on the bot's clock (``cogs.support.clock``, which tests advance) or until
:meth:`Worker.wake`. A stop waits for the round under way, so a phase or a delivery is never cut
in half. Tests wait for :meth:`Worker.next_round` instead of sleeping.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import datetime, timedelta

from cogs.support import clock

__all__ = ["Worker"]

log = logging.getLogger(__name__)


class Worker:
    name = "worker"

    def __init__(self, *, retry_after: float = 30.0) -> None:
        self.retry_after = timedelta(seconds=retry_after)
        self._task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self._in_round = False
        self._stopping = False
        #: Rounds completed; :meth:`next_round` waits for the next.
        self.rounds = 0
        self._round_done = asyncio.Condition()

    async def round(self) -> datetime | None:
        """Do what is due; return when to look again (None: when woken)."""
        raise NotImplementedError

    @property
    def stopping(self) -> bool:
        """A stop was asked for: a long round may end early (what it began is finished)."""
        return self._stopping

    def start(self) -> None:
        self._stopping = False
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name=self.name)

    def wake(self) -> None:
        """Something new is due or scheduled: look again now."""
        self._wake.set()

    async def stop(self) -> None:
        """Stop between rounds (the round under way is finished first)."""
        task, self._task = self._task, None
        if task is None:
            return
        self._stopping = True
        if self._in_round:
            async with self._round_done:
                target = self.rounds + 1
                await self._round_done.wait_for(lambda: self.rounds >= target)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    async def first_round(self, within: float) -> None:
        """Wait (up to ``within`` seconds) until the worker's first round is done, if it runs."""
        if self._task is None or self._task.done():
            return
        async with self._round_done:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._round_done.wait_for(lambda: self.rounds >= 1), within)

    async def next_round(self) -> None:
        """Wait until the worker has completed a round that began after this call."""
        async with self._round_done:
            # A round already under way may have read its work before the caller's change.
            target = self.rounds + (2 if self._in_round else 1)
            await self._round_done.wait_for(lambda: self.rounds >= target)

    async def _run(self) -> None:
        while True:
            self._wake.clear()
            self._in_round = True
            try:
                next_at = await self.round()
            except Exception:  # the database went away: try again later, never die
                log.exception("%s: a round failed", self.name)
                next_at = clock.now() + self.retry_after
            async with self._round_done:
                self._in_round = False
                self.rounds += 1
                self._round_done.notify_all()
            await self._sleep(next_at)

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
