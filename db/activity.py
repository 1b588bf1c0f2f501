"""R-SANCT-3's stored part: each player's posts in a game day, and the game's threshold.

Kept as keyed rows of the bot's key/value table (``bot_meta``, as db.host_tools does): a few
small integers per game day, written in batches (cogs.game.activity counts in memory and
flushes) and read once, at the day's close, by a key prefix. No table of its own, so no
migration.

- ``posts:<game>:<day>:<user>`` → how many posts;
- ``activity:<game>`` → the host's threshold (``0``: the rule is off); absent: the default.
"""

from __future__ import annotations

from collections.abc import Mapping

from tortoise.transactions import in_transaction

from db.models import BotMeta

__all__ = [
    "add_posts",
    "posts_key",
    "posts_of_day",
    "set_threshold",
    "stored_threshold",
]


def posts_key(game_id: int, day: int, user_id: int | str) -> str:
    return f"posts:{game_id}:{day}:{user_id}"


async def add_posts(increments: Mapping[str, int]) -> None:
    """Add each count to its key (absent: 0), all in one transaction."""
    if not increments:
        return
    async with in_transaction() as connection:
        rows = await BotMeta.filter(key__in=list(increments)).using_db(connection)
        have = {row.key: int(row.value) for row in rows}
        for key, more in increments.items():
            if key in have:
                value = str(have[key] + more)
                await BotMeta.filter(key=key).using_db(connection).update(value=value)
            else:
                await BotMeta.create(key=key, value=str(more), using_db=connection)


async def posts_of_day(game_id: int, day: int) -> dict[str, int]:
    """Posts per player (his engine id) in the game's ``day``."""
    prefix = f"posts:{game_id}:{day}:"
    rows = await BotMeta.filter(key__startswith=prefix)
    return {row.key[len(prefix) :]: int(row.value) for row in rows}


async def stored_threshold(game_id: int) -> int | None:
    """The host's threshold for the game (0: off), or None if he never set one."""
    row = await BotMeta.get_or_none(key=f"activity:{game_id}")
    return None if row is None else int(row.value)


async def set_threshold(game_id: int, posts: int) -> None:
    await BotMeta.update_or_create(defaults={"value": str(posts)}, key=f"activity:{game_id}")
