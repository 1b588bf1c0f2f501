"""The bot's own key/value facts (e.g. the hash of the last synced command tree), kept in the
database beside everything else so that they survive restarts and follow the database."""

from __future__ import annotations

from collections.abc import Sequence

from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.transactions import in_transaction

from db.models import BotMeta
from db.outbox import Effect, enqueue

__all__ = ["delete_meta", "get_meta", "meta_keys", "put_meta", "set_meta"]


async def get_meta(key: str) -> str | None:
    """The value stored under ``key``, or ``None`` if there is none."""
    row = await BotMeta.get_or_none(key=key)
    return None if row is None else row.value


async def set_meta(
    key: str, value: str, *, game_id: int | None = None, effects: Sequence[Effect] = ()
) -> None:
    """Store ``value`` under ``key``, replacing any earlier value (committed on return), with
    the game's ``effects`` (outbox rows) in the same transaction."""
    async with in_transaction() as connection:
        await put_meta(connection, key, value)
        if effects:
            await enqueue(connection, game_id, effects)


async def put_meta(connection: BaseDBAsyncClient, key: str, value: str) -> None:
    """Store ``value`` under ``key`` in the caller's transaction (replacing any earlier one)."""
    await BotMeta.update_or_create(defaults={"value": value}, key=key, using_db=connection)


async def meta_keys(prefix: str) -> list[str]:
    """The keys stored under ``prefix``."""
    return [
        str(k) for k in await BotMeta.filter(key__startswith=prefix).values_list("key", flat=True)
    ]


async def delete_meta(key: str) -> None:
    await BotMeta.filter(key=key).delete()
