"""A task cancelled while it opens a transaction on SQLite leaves the database usable (db.cancel_safe).

The bot cancels tasks that may be opening one when it stops (the start's catch-up): tortoise
took the connection's lock before the BEGIN and released it only in ``__aexit__``, which a
cancelled BEGIN never reaches — every later query, a delivery's mark included, then waited for
ever and the bot's stop never returned."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from tortoise.transactions import in_transaction

from db import close_db, init_db
from db.meta import get_meta, set_meta
from db.models import BotMeta


@pytest.fixture
async def sqlite_url(tmp_path: Path) -> AsyncIterator[str]:
    url = f"sqlite://{tmp_path / 'cancel.sqlite3'}"
    await init_db(url)
    try:
        yield url
    finally:
        await close_db()


async def _write_in_transaction() -> None:
    async with in_transaction() as connection:
        await BotMeta.create(key="cut-off", value="1", using_db=connection)


@pytest.mark.parametrize("steps", [1, 2, 3])
async def test_a_transaction_cancelled_at_its_begin_leaves_the_database_usable(
    sqlite_url: str, steps: int
) -> None:
    writer = asyncio.get_running_loop().create_task(_write_in_transaction())
    for _ in range(steps):  # one step: inside the BEGIN (the lock taken), then further on
        await asyncio.sleep(0)
    writer.cancel()
    with pytest.raises(asyncio.CancelledError):
        await writer
    # The next writes go through at once, each committed on its own.
    await asyncio.wait_for(set_meta("after", "yes"), 5)
    async with in_transaction():
        await asyncio.wait_for(set_meta("in-transaction", "yes"), 5)
    assert await get_meta("cut-off") is None  # the cancelled transaction wrote nothing
    await close_db()
    await init_db(sqlite_url)  # what was written after the cancel is on disk
    assert await get_meta("after") == "yes"
    assert await get_meta("in-transaction") == "yes"
