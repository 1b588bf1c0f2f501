"""Discord's clock in the emulator: the real time plus an offset a test advances.

Why: a game by the clock runs over days (votes close at 21:00 Moscow time) and Discord's own
rules are about time (interaction tokens live 15 minutes, channel renames are limited per 10
minutes, bulk delete takes messages younger than 14 days).  Everything time-dependent in the
emulator reads this clock: snowflakes (so ``interaction.created_at`` and message times move),
message timestamps, token expiry, acknowledgement deadlines, rate-limit windows, timeouts.
A test crosses hours in microseconds with ``emu.clock.advance(hours=3)``; nothing sleeps.

The bot reads the same time through ``cogs.support.clock``: in the test's process by
``clock.use(emu.clock)`` (this class is a ``Clock``: ``now()`` plus ``changed()``), in its own
process through the file that ``shared_file()`` creates and every ``advance`` rewrites (one
number: the offset in seconds; ``BotProcess.start`` hands its path to the child in
``MAFIA_TEST_CLOCK_FILE``).  Time only moves forward, as Discord's does.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import tempfile
import time
from pathlib import Path

from cogs.support.clock import ENV_FILE

from .changes import notify_change

__all__ = ["ENV_FILE", "EmuClock"]


class EmuClock:
    def __init__(self) -> None:
        self.offset = 0.0  # seconds added to the real time
        self.file: Path | None = None
        self._waiters: list[asyncio.Future[None]] = []

    # -- reading -------------------------------------------------------------------------------
    def now(self) -> dt.datetime:
        """The emulator's current instant (aware, UTC)."""
        return dt.datetime.now(dt.UTC) + dt.timedelta(seconds=self.offset)

    def time(self) -> float:
        """Seconds since the Unix epoch on this clock (``time.time()`` + offset)."""
        return time.time() + self.offset

    def monotonic(self) -> float:
        """For durations measured on this clock (``time.monotonic()`` + offset)."""
        return time.monotonic() + self.offset

    # -- moving --------------------------------------------------------------------------------
    def advance(self, delta: dt.timedelta | float | None = None, **kw: float) -> dt.datetime:
        """Move time forward by ``delta`` (a timedelta or seconds) or ``timedelta(**kw)``:
        ``emu.clock.advance(minutes=15)``.  Returns the new now."""
        step = delta if isinstance(delta, dt.timedelta) else dt.timedelta(**kw) + dt.timedelta(seconds=delta or 0)
        seconds = step.total_seconds()
        if seconds < 0:
            raise ValueError("Discord's clock does not go backwards")
        self.offset += seconds
        self._write()
        waiters, self._waiters = self._waiters, []
        for fut in waiters:
            if not fut.done():
                fut.set_result(None)
        notify_change()
        return self.now()

    def advance_to(self, moment: dt.datetime) -> dt.datetime:
        """Move time forward to ``moment`` (aware); refuses a moment in the past."""
        if moment.tzinfo is None:
            raise ValueError("advance_to needs a timezone-aware datetime")
        return self.advance(moment - self.now())

    def changed(self) -> asyncio.Future[None]:
        """Completed by the next ``advance`` after this call (what ``cogs.support.clock.
        sleep_until`` waits on)."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append(fut)
        return fut

    # -- sharing with a bot process ---------------------------------------------------------------
    def shared_file(self) -> Path:
        """The file a bot process reads this clock from (created on first use)."""
        if self.file is None:
            fd, name = tempfile.mkstemp(prefix="emu-clock-", suffix=".txt")
            os.close(fd)
            self.file = Path(name)
            self._write()
        return self.file

    def _write(self) -> None:
        if self.file is None:
            return
        tmp = self.file.with_name(self.file.name + ".tmp")
        tmp.write_text(repr(self.offset), encoding="ascii")
        os.replace(tmp, self.file)  # atomic: a reader never sees a half-written number

    def close(self) -> None:
        if self.file is not None:
            self.file.unlink(missing_ok=True)
            self.file = None
