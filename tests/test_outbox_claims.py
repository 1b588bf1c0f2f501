"""The outbox's storage and claims, on SQLite and on PostgreSQL (db.outbox, db.outbox_claims):
an effect's key stores it once, a dependency names its producer's row, and a row claimed with a
lease is delivered by one process only — two claiming at once split the rows between them, a
live lease keeps others off, a dead process's lease runs out and another takes its rows over."""

from __future__ import annotations

import asyncio
import contextvars
from datetime import UTC, datetime, timedelta

from tortoise.transactions import in_transaction

from db.games import create_game
from db.models import OutboxRow
from db.outbox import add, pending, post, post_in, thread
from db.outbox_claims import block, claim, delivered, failed, renew, result_of, unblock
from tests.test_db import ONLY_POSTGRES

GUILD, HOST = 10, 20
T0 = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)


async def test_a_key_is_stored_once_and_a_dependency_names_its_producer(db_url: str) -> None:
    game = await create_game(GUILD, HOST, "two-sided")
    day = [thread(1, "День 2", key="daythread:1:2"), post_in("daythread:1:2", "hello", key="hi")]
    await add(game.id, day)
    await add(game.id, day)  # a catch-up, a resolution redone: nothing more
    made, hello = await pending()
    assert (made.effect.kind, hello.depends_on) == ("thread", made.id)
    await add(game.id, [post_in("daythread:1:2", "later")])  # a producer stored earlier
    assert (await pending())[-1].depends_on == made.id
    await delivered(made.id, result="555", meta="daythread:1:2")
    assert await result_of(made.id) == "555"


async def test_two_processes_claiming_at_once_split_the_rows(db_url: str) -> None:
    game = await create_game(GUILD, HOST, "two-sided")
    await add(game.id, [post(1, f"post {n}") for n in range(20)])
    ids = [i.id for i in await pending()]
    until = T0 + timedelta(minutes=1)
    first, second = await asyncio.gather(
        claim(ids, "first", T0, until), claim(ids, "second", T0, until)
    )
    assert not set(first) & set(second), "a row is one process's"
    assert sorted(first + second) == ids


@ONLY_POSTGRES
async def test_on_postgresql_rows_locked_by_another_claim_are_skipped_not_read_as_free(
    db_url: str,
) -> None:
    """While one process's claim holds the rows (locked in its transaction, its lease not yet
    written), another process's claim takes none of them, at once, and the first gets them all."""
    game = await create_game(GUILD, HOST, "two-sided")
    await add(game.id, [post(1, f"post {n}") for n in range(5)])
    ids = [i.id for i in await pending()]
    outside = contextvars.copy_context()  # no transaction of the holder in it
    until = T0 + timedelta(minutes=1)
    async with in_transaction() as connection:
        held = await OutboxRow.filter(id__in=ids).select_for_update().using_db(connection)
        assert len(held) == len(ids)
        other = asyncio.get_running_loop().create_task(
            claim(ids, "second", T0, until), context=outside
        )
        assert await asyncio.wait_for(other, timeout=5) == []
    assert await claim(ids, "first", T0, until) == ids


async def test_a_lease_keeps_others_off_until_it_runs_out(db_url: str) -> None:
    game = await create_game(GUILD, HOST, "two-sided")
    await add(game.id, [post(1, "a"), post(1, "b")])
    a, b = (i.id for i in await pending())
    assert await claim([a, b], "dead", T0, T0 + timedelta(minutes=1)) == [a, b]
    assert not await renew(a, "alive", T0 + timedelta(hours=1)), "only its owner renews a lease"
    assert await claim([a, b], "alive", T0 + timedelta(seconds=30), T0 + timedelta(minutes=2)) == []
    # The first process died: its lease runs out and the rows are the other's.
    later = T0 + timedelta(minutes=1, seconds=1)
    assert await claim([a, b], "alive", later, later + timedelta(minutes=1)) == [a, b]
    assert await renew(a, "alive", later + timedelta(minutes=5))  # a long delivery keeps it
    assert (
        await claim([a], "third", later + timedelta(minutes=4), later + timedelta(minutes=9)) == []
    )
    await delivered(a, result="1")
    assert await claim([a], "third", later + timedelta(hours=1), later + timedelta(hours=2)) == []
    # A failure frees the row for the next attempt; its first attempt's time is kept.
    await failed(b, "503", later + timedelta(seconds=2))
    [left] = await pending()
    assert left.first_attempt_at == T0 and left.lease_owner is None and left.attempts == 1


async def test_a_blocked_row_waits_for_the_fix(db_url: str) -> None:
    game = await create_game(GUILD, HOST, "two-sided")
    await add(game.id, [post(1, "a")])
    [row] = await pending()
    await block(row.id, "forbidden-post", "403 Missing Permissions")
    assert (await pending())[0].blocked == "forbidden-post"
    assert await unblock(guild_id=GUILD + 1) == 0  # another server's /host command
    assert await unblock(guild_id=GUILD) == 1
    assert (await pending())[0].blocked is None
