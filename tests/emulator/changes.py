"""Waiting for what the tests can see, without polling on a fixed beat: every change in the
emulator's world (a REST call answered, a gateway event sent, the clock advanced) wakes the
waits, which look at their condition again. Its own module so that the emulator's lowest layers
(the clock) can announce changes without importing the story API."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

__all__ = ["FALLBACK_LOOK", "notify_change", "wait_until"]

_changes: set[asyncio.Future[None]] = set()
#: How long a wait goes without news before it looks again anyway: a predicate may depend on the
#: bot's own state (a cog's list, a log record), which changes without telling the emulator.
FALLBACK_LOOK = 0.05


def notify_change() -> None:
    """Something the tests can see changed (a REST call answered, a gateway event sent, the
    clock advanced): every :func:`wait_until` looks again at once."""
    waiting = list(_changes)
    _changes.clear()
    for fut in waiting:
        if not fut.done():
            fut.set_result(None)


async def wait_until(pred: Callable[[], Any], within: float = 2.0, what: str = "condition") -> Any:
    """Wait until ``pred`` is truthy: looked at again whenever the emulator's world changes
    (the bot reacts asynchronously to gateway events), not on a fixed poll."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within
    while True:
        value = pred()
        if value:
            return value
        remaining = deadline - loop.time()
        if remaining <= 0:
            raise AssertionError(f"timed out after {within}s waiting for {what}")
        change: asyncio.Future[None] = loop.create_future()
        _changes.add(change)
        try:
            await asyncio.wait_for(change, min(remaining, FALLBACK_LOOK))
        except TimeoutError:
            pass
        finally:
            _changes.discard(change)
