"""tortoise's SQLite connection lock, released when a task is cancelled while it takes it.

tortoise serialises everything on a SQLite database through one ``asyncio.Lock`` per connection:
a query holds it for its statement, a transaction (``in_transaction()``) from its BEGIN to its
COMMIT. Its context managers take the lock and *then* await (a transaction's BEGIN is two trips
to aiosqlite's thread; a query may first reconnect). A task cancelled, or failing, in that
await leaves ``__aenter__`` by an exception, so ``__aexit__`` — the only place the lock is
released — never runs: the lock stays taken by nobody, and every later query of the process
waits for it for ever.

The bot cancels such tasks when it stops (the start's catch-up, cogs.game.workers; the activity
counts' flush, cogs.game.activity): a stop that cancelled the catch-up inside a BEGIN left the
delivery it then waited for (cogs.game.worker.Worker.stop) blocked on the lock, and the bot's
close never returned (a restart test hung until pytest's timeout on a loaded machine). Here the
two entries release the lock on any failure — after rolling back a BEGIN that may have reached
the database — so a cancellation costs only its own unfinished work (the catch-up is done again
at the next start; its rows are keyed).
"""

from __future__ import annotations

import contextlib
from typing import Any

from tortoise.backends.base.client import ConnectionWrapper
from tortoise.backends.sqlite.client import SqliteTransactionContext
from tortoise.connection import get_connections

__all__ = ["install"]

_MARK = "_mafia_cancel_safe"


async def _transaction_enter(self: Any) -> Any:
    await self._trxlock.acquire()
    try:
        await self.ensure_connection()
        self.token = get_connections().set(self.connection_name, self.connection)
    except BaseException:
        self._trxlock.release()
        raise
    try:
        await self.connection.begin()
    except BaseException:
        try:
            # aiosqlite's thread runs a BEGIN whose awaiting task was cancelled all the same:
            # the connection must not stay inside it (the next statement would join it).
            with contextlib.suppress(Exception):
                await self.connection._connection.rollback()
        finally:
            get_connections().reset(self.token)
            self._trxlock.release()
        raise
    return self.connection


async def _query_enter(self: Any) -> Any:
    await self._lock.acquire()
    try:
        await self.ensure_connection()
    except BaseException:
        self._lock.release()
        raise
    return self.connection


def install() -> None:
    """Make both entries release the lock on failure (idempotent)."""
    for cls, enter in (
        (SqliteTransactionContext, _transaction_enter),
        (ConnectionWrapper, _query_enter),
    ):
        if not getattr(cls.__aenter__, _MARK, False):
            setattr(enter, _MARK, True)
            cls.__aenter__ = enter  # type: ignore[method-assign]
