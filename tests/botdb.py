"""Calling the bot's service functions from a test while the bot runs in the same process.

tortoise keeps its connections in context variables, set in the task that opened the database
(the bot's). A test's own task does not see them ("No TortoiseContext is currently active"), so
service calls are run as a task in the context the bot opened the database in."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


async def in_bot(bot: Any, call: Coroutine[Any, Any, T]) -> T:
    context = bot._database_context
    if context is None:
        call.close()
        raise RuntimeError("the bot's database is not open")
    return await asyncio.get_running_loop().create_task(call, context=context)


async def delivered(bot: Any, rounds: int = 20, within: float = 60.0) -> None:
    """Wait until the bot's outbox has delivered everything it can now (cogs.delivery): the
    effects of a start or a resolution are outbox rows, delivered just after their commit.
    Settled: no row is ready (those left wait for a retry, a fix, or the row before them).
    A round that does not end within ``within`` seconds fails the test here, by name, rather
    than at pytest's timeout (a delivery once waited for ever on a lock, db.cancel_safe)."""
    from cogs.delivery.lanes import ready
    from cogs.support import clock
    from db.outbox import pending

    outbox = getattr(bot, "outbox", None)
    if outbox is None:
        return
    for _ in range(rounds):
        outbox.wake()
        try:
            await asyncio.wait_for(outbox.next_round(), within)
        except TimeoutError:
            raise AssertionError(f"the outbox finished no round in {within:g} s") from None
        waiting = await in_bot(bot, pending())
        if not ready(waiting, clock.now(), outbox.owner):
            return
    raise AssertionError("the outbox did not settle")
