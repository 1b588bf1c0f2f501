"""Who delivers an outbox row, and what came of it (cogs.delivery's side of db.outbox).

A row is **claimed** with a lease (owner, until) before it is sent, so that when several bot
processes share one PostgreSQL each row is delivered by exactly one of them: the claim reads the
candidates ``FOR UPDATE SKIP LOCKED`` (a row another process is claiming is skipped, not waited
for) and takes only those whose lease is free or ran out — a dead process's rows are taken over
once its lease expires. SQLite has one writer at a time and ignores ``FOR UPDATE``: the
conditional update alone decides there. Then the row is marked delivered (with its result: a
message's or thread's id), failed (tried again at ``next_attempt_at``), undeliverable (closed
DMs: delivered with the reason) or blocked (a permanent error, until the host's fix).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from tortoise import connections
from tortoise.expressions import F, Q
from tortoise.transactions import in_transaction

from db.models import BotMeta, OutboxRow
from db.rows import now

__all__ = [
    "block",
    "claim",
    "delivered",
    "made_by",
    "made_by_key",
    "failed",
    "release_leases",
    "renew",
    "result_of",
    "result_taken",
    "retarget",
    "single_process",
    "unblock_unbound",
    "unblock",
]


async def claim(ids: Sequence[int], owner: str, at: datetime, until: datetime) -> list[int]:
    """Lease the rows ``ids`` that are still undelivered and free to ``owner`` until ``until``;
    returns those now ``owner``'s. A row's first attempt is stamped here, before any send (the
    reconciliation after a crash needs to know a send may have happened)."""
    if not ids:
        return []
    free = Q(lease_until__isnull=True) | Q(lease_until__lt=at) | Q(lease_owner=owner)
    async with in_transaction() as connection:
        # Whole rows: tortoise's values_list() drops select_for_update, which let two processes
        # claiming at once both read every row as free (and both deliver it).
        rows = (
            await OutboxRow.filter(free, id__in=list(ids), delivered_at__isnull=True)
            .select_for_update(skip_locked=True)
            .using_db(connection)
        )
        taken = [row.id for row in rows]
        fresh = [row.id for row in rows if row.first_attempt_at is None]
        if taken:
            await (
                OutboxRow.filter(free, id__in=taken)
                .using_db(connection)
                .update(lease_owner=owner, lease_until=until)
            )
        if fresh:
            await OutboxRow.filter(id__in=fresh).using_db(connection).update(first_attempt_at=at)
    return taken


async def renew(item_id: int, owner: str, until: datetime) -> bool:
    """Extend ``owner``'s lease of a row still being delivered; False if it is no longer his."""
    return bool(
        await OutboxRow.filter(id=item_id, lease_owner=owner, delivered_at__isnull=True).update(
            lease_until=until
        )
    )


async def delivered(
    item_id: int,
    *,
    result: str | None = None,
    note: str | None = None,
    meta: str | None = None,
    owner: str | None = None,
) -> bool:
    """Done (``note``: given up for good, e.g. closed DMs; kept for the host's log). ``meta``:
    a db.meta key to mark with the result in the same transaction (what the older idempotent
    code paths, e.g. the day's thread, read). ``owner``: the fence — marked only while the row
    is still undelivered and his (or nobody's); False when another process holds it or has
    marked it (its mark stands)."""
    async with in_transaction() as connection:
        query = OutboxRow.filter(_held_by(owner), id=item_id).using_db(connection)
        if owner is not None:
            query = query.filter(delivered_at__isnull=True)
        marked = await query.update(
            delivered_at=now(),
            result=result,
            last_error=note,
            lease_owner=None,
            lease_until=None,
        )
        if not marked:
            return False
        if meta is not None:
            await BotMeta.filter(key=meta).using_db(connection).delete()
            await BotMeta.create(key=meta, value=result or "sent", using_db=connection)
    return True


def _held_by(owner: str | None) -> Q:
    """A row still ``owner``'s (or nobody's): a process whose lease ran out and was taken over
    marks nothing (the fence, cogs.delivery.worker)."""
    if owner is None:
        return Q()
    return Q(lease_owner=owner) | Q(lease_owner__isnull=True)


async def failed(item_id: int, error: str, retry_at: datetime, owner: str | None = None) -> None:
    await OutboxRow.filter(_held_by(owner), id=item_id).update(
        attempts=F("attempts") + 1,
        last_error=error[:500],
        next_attempt_at=retry_at,
        lease_owner=None,
        lease_until=None,
    )


async def block(item_id: int, reason: str, error: str, owner: str | None = None) -> None:
    """A permanent error: no retry until :func:`unblock` (the host's fix, or the next start)."""
    await OutboxRow.filter(_held_by(owner), id=item_id).update(
        attempts=F("attempts") + 1,
        blocked=reason[:64],
        last_error=error[:500],
        lease_owner=None,
        lease_until=None,
    )


async def unblock(game_id: int | None = None, *, guild_id: int | None = None) -> int:
    """Let blocked rows (of ``game_id``, of the games of ``guild_id``, or all) be tried again
    now; how many."""
    query = OutboxRow.filter(blocked__isnull=False, delivered_at__isnull=True)
    if game_id is not None:
        query = query.filter(game_id=game_id)
    if guild_id is not None:
        query = query.filter(game__guild_id=guild_id)
    return await query.update(blocked=None, next_attempt_at=None)


async def unblock_unbound(guild_id: int) -> int:
    """Let the blocked rows of no game of ``guild_id`` (moderation's) be tried again now."""
    query = OutboxRow.filter(
        blocked__isnull=False, delivered_at__isnull=True, game_id__isnull=True, guild_id=guild_id
    )
    return await query.update(blocked=None, next_attempt_at=None)


async def release_leases() -> int:
    """Free every lease (SQLite at start: one process per database file, so a lease left there
    is a dead process's). Never called on PostgreSQL, where another process may hold one."""
    return await OutboxRow.filter(lease_owner__isnull=False, delivered_at__isnull=True).update(
        lease_owner=None, lease_until=None
    )


async def result_of(item_id: int) -> str | None:
    """The result a delivered row left (a thread's id): what a dependent row targets."""
    row = await OutboxRow.filter(id=item_id).first()
    return None if row is None else row.result


async def made_by(item_id: int) -> tuple[int, int] | None:
    """The channel and the message a delivered post row made (what an edit of it targets)."""
    row = await OutboxRow.filter(id=item_id).first()
    if row is None or row.result is None:
        return None
    return row.target_id, int(row.result)


async def made_by_key(key: str) -> tuple[int, int] | None:
    """As :func:`made_by`, for the row stored under ``key``."""
    row = await OutboxRow.filter(key=key).first()
    return None if row is None else await made_by(row.id)


async def retarget(item_id: int, channel_id: int) -> None:
    """Record the channel a dependent post resolved to (a setup's channel of some kind), so that
    an edit of it (:func:`made_by`) finds its message."""
    await OutboxRow.filter(id=item_id).update(target_id=channel_id)


async def result_taken(message_id: int) -> bool:
    """Whether a delivered row already stands for this message (the reconciliation's check that
    an identical post found in the history is not another row's)."""
    return await OutboxRow.filter(result=str(message_id)).exists()


def single_process() -> bool:
    """Whether the database is SQLite (one bot process per file: a lease left is a dead one's)."""
    return str(connections.get("default").capabilities.dialect) == "sqlite"
