"""Claiming a due deadline across processes (DESIGN.md: "Claims, so that N processes behave as
one").

The scheduler of every bot process reads the same pending deadlines; each hands its due one to
the resolution as a claim, the game and the version it read (``PendingDeadline``). The claim
holds only if the game is still at that version: a vote, a host's change or another process's
resolution since then moved it, and the claim is void (the scheduler reads again).

On PostgreSQL the claimed row is locked for the whole resolution (``SELECT … FOR UPDATE SKIP
LOCKED``): a second process that claims the same deadline meanwhile skips it at once instead of
resolving it a second time or waiting; a vote arriving meanwhile waits for the resolution and
then finds its day closed. SQLite has one writer at a time already (and one connection per
process, which a held transaction would block): there the claim is the version check alone,
and the version guard of the write (db.state.advance_phase) decides a race.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from tortoise.transactions import in_transaction

from db.models import Game, GameStatus

__all__ = ["claimed"]


def _postgres() -> bool:
    from tortoise import connections

    return bool(connections.get("default").capabilities.dialect == "postgres")


@asynccontextmanager
async def claimed(game_id: int, version: int) -> AsyncIterator[Game | None]:
    """The running game's row if it is still at ``version`` and no other process holds it;
    else None. On PostgreSQL everything done inside the block is one transaction holding the
    row's lock; it commits when the block ends (and rolls back if it raises)."""
    rows = Game.filter(id=game_id, version=version, status=GameStatus.RUNNING)
    if not _postgres():
        yield await rows.first()
        return
    async with in_transaction():
        yield await rows.select_for_update(skip_locked=True).first()
