"""What the host's toolbox and the game's own sanctions keep between events (issue 12):
who is barred from later games on a server (R-SANCT-4), and per-game counters — a dead
player's breaches outside the morgue (R-SANCT-1), each player's posts in a game day
(R-SANCT-3).

Kept as keyed rows of the bot's key/value table (``bot_meta``) rather than a table of their
own: they are a handful of small integers per game, read by key or by a key prefix, and this
way the toolbox needs no migration beside the moderation's (issue 12's design note).
Increments are serialised in the process (one bot process per database), so two messages of
the same player never lose a count.
"""

from __future__ import annotations

import asyncio

from db.models import BotMeta

__all__ = ["bar", "barred_in", "bump", "count", "counts", "set_count"]

_lock = asyncio.Lock()


def _bar_key(guild_id: int, user_id: int) -> str:
    return f"bar:{guild_id}:{user_id}"


async def bar(guild_id: int, user_id: int, game_id: int) -> None:
    """Bar ``user_id`` from later games on this server (disqualified in ``game_id``)."""
    await BotMeta.update_or_create(
        defaults={"value": str(game_id)}, key=_bar_key(guild_id, user_id)
    )


async def barred_in(guild_id: int, user_id: int) -> int | None:
    """The game ``user_id`` was disqualified from and barred for on this server, if any."""
    row = await BotMeta.get_or_none(key=_bar_key(guild_id, user_id))
    return None if row is None else int(row.value)


async def bump(key: str, by: int = 1) -> int:
    """Add ``by`` to the counter ``key`` (absent: 0) and return its new value."""
    async with _lock:
        row = await BotMeta.get_or_none(key=key)
        value = (0 if row is None else int(row.value)) + by
        await BotMeta.update_or_create(defaults={"value": str(value)}, key=key)
    return value


async def set_count(key: str, value: int) -> None:
    async with _lock:
        await BotMeta.update_or_create(defaults={"value": str(value)}, key=key)


async def count(key: str) -> int:
    row = await BotMeta.get_or_none(key=key)
    return 0 if row is None else int(row.value)


async def counts(prefix: str) -> dict[str, int]:
    """Every counter whose key starts with ``prefix``, by the rest of its key."""
    rows = await BotMeta.filter(key__startswith=prefix)
    return {row.key[len(prefix) :]: int(row.value) for row in rows}
