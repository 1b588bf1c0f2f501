"""The bot's clock: what time it is, and sleeping until a given instant.

Why a module: a game by the clock runs over days (votes close at 21:00 Moscow time, R-TIME-2).
Tests must run such a game in seconds, so the bot never calls ``datetime.now()`` itself: it asks
``clock.now()`` (an aware datetime in UTC) and waits for deadlines with ``sleep_until(moment)``.
In production both read the system clock.

How tests move time (together with the Discord emulator's clock, ``tests/emulator/clock.py``):

* In the test's process: ``clock.use(emu.clock)`` makes the bot read the emulator's clock itself
  (any object with ``now()`` is a ``Clock``); ``emu.clock.advance(minutes=2)`` moves both, and
  wakes the bot's ``sleep_until`` at once (the clock's optional ``changed()``: an awaitable
  completed by the next change after the call, taken before reading the time so no advance
  falls between the two).
* A bot in its own process: the environment variable ``MAFIA_TEST_CLOCK_FILE`` names a file
  holding one number, the offset in seconds added to the system time.  The emulator writes it
  when a test advances its clock (``BotProcess.start`` passes the variable); the bot re-reads it
  when the file changes, and a sleeping ``sleep_until`` checks it every ``FILE_POLL`` seconds.
  An offset and not an absolute time, so time keeps flowing in both processes between advances.

Time only moves forward: offsets never decrease, so deadlines once passed stay passed.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Protocol, runtime_checkable

ENV_FILE = "MAFIA_TEST_CLOCK_FILE"
#: How often a sleeping ``sleep_until`` looks at the clock file (a bot in its own test process).
FILE_POLL = 0.02
#: A sleep on the system clock is cut in steps so a suspended machine or a changed system time
#: is noticed within a minute.
SYSTEM_STEP = 60.0


@runtime_checkable
class Clock(Protocol):
    def now(self) -> datetime:
        """The current instant, timezone-aware, in UTC."""
        ...


class SystemClock:
    """The real time (production)."""

    def now(self) -> datetime:
        return datetime.now(UTC)


class FileOffsetClock:
    """The system time plus an offset (seconds) read from ``path``; for a bot in a test process."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._stamp: tuple[int, int, int] | None = None
        self._offset = 0.0

    def offset(self) -> float:
        try:
            stat = self.path.stat()
        except FileNotFoundError:
            return self._offset
        stamp = (stat.st_ino, stat.st_mtime_ns, stat.st_size)  # a new file per write
        if stamp != self._stamp:
            text = self.path.read_text(encoding="ascii").strip()
            if text:  # a writer replaces the file atomically; empty only if created by hand
                self._offset = max(self._offset, float(text))
                self._stamp = stamp
        return self._offset

    def now(self) -> datetime:
        return datetime.now(UTC) + timedelta(seconds=self.offset())

    def changed(self) -> Awaitable[None]:
        return self._poll(self.offset())

    async def _poll(self, before: float) -> None:
        # Another process writes the file: there is no portable event to await, so poll it
        # (only while a sleep_until waits, and only in test processes).
        while self.offset() == before:  # noqa: ASYNC110
            await asyncio.sleep(FILE_POLL)


_current: Clock | None = None


def current() -> Clock:
    """The clock the bot uses: the one given to ``use``, else the file clock when
    ``MAFIA_TEST_CLOCK_FILE`` is set, else the system clock."""
    global _current
    if _current is None:
        path = os.environ.get(ENV_FILE)
        _current = FileOffsetClock(path) if path else SystemClock()
    return _current


def use(clock: Clock | None) -> Clock | None:
    """Make the bot read ``clock`` (None: back to the default); returns the previous one."""
    global _current
    previous, _current = _current, clock
    return previous


def now() -> datetime:
    """The current instant (aware, UTC) on the bot's clock."""
    return current().now()


async def sleep_until(moment: datetime, clock: Clock | None = None) -> None:
    """Return once ``moment`` (aware) has come on ``clock`` (default: the bot's clock), waking
    as soon as a test advances the clock past it."""
    if moment.tzinfo is None:
        raise ValueError("sleep_until needs a timezone-aware datetime")
    while True:
        source = clock or current()
        changed = getattr(source, "changed", None)
        waiter = asyncio.ensure_future(changed()) if changed is not None else None
        remaining = (moment - source.now()).total_seconds()
        if remaining <= 0:
            if waiter is not None:
                waiter.cancel()
            return
        if waiter is None:
            await asyncio.sleep(min(remaining, SYSTEM_STEP))
            continue
        try:
            await asyncio.wait_for(waiter, timeout=min(remaining, SYSTEM_STEP))
        except TimeoutError:
            pass
