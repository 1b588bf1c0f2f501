"""The outbox (DESIGN.md, "A deadline, end to end"): a game's Discord effects are stored in the
transaction of the change that causes them (:func:`enqueue`, called by ``db.state``), then the
worker (cogs.game.outbox) reads :func:`pending` ones in order, delivers them and marks them
(:func:`delivered`); a failure is counted (:func:`failed`) and tried again later. Each row's id
is its idempotency key (the message nonce), so a crash between sending and marking never makes
a second post."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, cast

from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.expressions import F
from tortoise.transactions import in_transaction

from db.models import OutboxRow
from db.rows import now

__all__ = ["Effect", "OutboxItem", "add", "delivered", "enqueue", "failed", "pending"]

Kind = Literal["post", "dm"]


@dataclass(frozen=True, slots=True)
class Effect:
    """What to do on Discord: post ``content`` in channel ``target_id``, or DM user ``target_id``."""

    kind: Kind
    target_id: int
    content: str


@dataclass(frozen=True, slots=True)
class OutboxItem:
    """A stored effect, to deliver: ``id`` is its idempotency key."""

    id: int
    game_id: int
    effect: Effect
    attempts: int

    @property
    def nonce(self) -> str:
        return f"outbox-{self.id}"  # Discord takes nonces of up to 25 characters


async def enqueue(connection: BaseDBAsyncClient, game_id: int, effects: Sequence[Effect]) -> None:
    """Store ``effects`` inside the caller's transaction (so they exist iff its change does)."""
    for effect in effects:
        await OutboxRow.create(
            game_id=game_id,
            kind=effect.kind,
            target_id=effect.target_id,
            content=effect.content,
            using_db=connection,
        )


async def add(game_id: int, effects: Sequence[Effect]) -> None:
    """Store ``effects`` in a transaction of their own (a reminder: no state changes with it)."""
    async with in_transaction() as connection:
        await enqueue(connection, game_id, effects)


async def pending(limit: int = 100, max_attempts: int | None = None) -> list[OutboxItem]:
    """Undelivered effects, oldest first (a game's posts keep their order)."""
    query = OutboxRow.filter(delivered_at__isnull=True)
    if max_attempts is not None:
        query = query.filter(attempts__lt=max_attempts)
    rows = await query.order_by("id").limit(limit)
    return [
        OutboxItem(r.id, r.game_id, Effect(cast(Kind, r.kind), r.target_id, r.content), r.attempts)
        for r in rows
    ]


async def delivered(item_id: int, note: str | None = None) -> None:
    """Done (``note``: given up for good, e.g. closed DMs; kept for the host's log)."""
    await OutboxRow.filter(id=item_id).update(delivered_at=now(), last_error=note)


async def failed(item_id: int, error: str) -> None:
    await OutboxRow.filter(id=item_id).update(attempts=F("attempts") + 1, last_error=error[:500])
