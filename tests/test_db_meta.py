"""db.meta: the bot's key/value facts (the command tree hash) on both backends, across a restart."""

from __future__ import annotations

import asyncio

from db import close_db, init_db
from db.meta import get_meta, set_meta


async def test_an_unknown_key_has_no_value(db_url: str) -> None:
    assert await get_meta("command_tree_hash") is None


async def test_set_replaces_and_keys_are_separate(db_url: str) -> None:
    await set_meta("command_tree_hash", "a" * 64)
    await set_meta("other", "x")
    await set_meta("command_tree_hash", "b" * 64)
    assert await get_meta("command_tree_hash") == "b" * 64
    assert await get_meta("other") == "x"
    long = "значение " * 2000  # TEXT: no length limit, any script
    await set_meta("other", long)
    assert await get_meta("other") == long


async def test_concurrent_first_writes_keep_one_value(db_url: str) -> None:
    values = [str(i) for i in range(6)]
    await asyncio.gather(*(set_meta("k", v) for v in values))
    assert await get_meta("k") in values


async def test_a_value_survives_a_restart(empty_url: str) -> None:
    await init_db(empty_url)
    try:
        await set_meta("command_tree_hash", "c" * 64)
    finally:
        await close_db()
    await init_db(empty_url)
    try:
        assert await get_meta("command_tree_hash") == "c" * 64
    finally:
        await close_db()
